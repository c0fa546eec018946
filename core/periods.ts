/**
 * Calendar periods in UTC, half-open `[start, end)`, shared by the statistics and the platform usage:
 * the current day, ISO week (Monday first), month or year, or one named as `2026`, `2026-11`,
 * `2026-W47` or `2026-11-23`.
 */
export interface Period {
  start: Date;
  end: Date;
}

export type PeriodKind = 'day' | 'week' | 'month' | 'year';

const DAY_MS = 86_400_000;

export function currentPeriod(kind: PeriodKind, now = new Date()): Period {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (kind) {
    case 'day':
      return { start: new Date(Date.UTC(y, m, d)), end: new Date(Date.UTC(y, m, d + 1)) };
    case 'week': {
      const offset = (now.getUTCDay() + 6) % 7;
      const start = new Date(Date.UTC(y, m, d - offset));
      return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
    }
    case 'month':
      return { start: new Date(Date.UTC(y, m, 1)), end: new Date(Date.UTC(y, m + 1, 1)) };
    case 'year':
      return { start: new Date(Date.UTC(y, 0, 1)), end: new Date(Date.UTC(y + 1, 0, 1)) };
  }
}

/** Monday of ISO week 1: the week holding 4 January. */
function isoWeekOne(year: number): Date {
  const jan4 = new Date(Date.UTC(year, 0, 4));
  return new Date(jan4.getTime() - ((jan4.getUTCDay() + 6) % 7) * DAY_MS);
}

/** The period a name designates, or undefined when it names none (a 13th month, week 54 …). */
export function parsePeriod(text: string): Period | undefined {
  let match = /^(\d{4})$/.exec(text);
  if (match) return currentPeriod('year', new Date(Date.UTC(Number(match[1]), 0, 1)));
  match = /^(\d{4})-(\d{2})$/.exec(text);
  if (match) {
    const month = Number(match[2]);
    if (month < 1 || month > 12) return undefined;
    return currentPeriod('month', new Date(Date.UTC(Number(match[1]), month - 1, 1)));
  }
  match = /^(\d{4})-W(\d{2})$/.exec(text);
  if (match) {
    const year = Number(match[1]);
    const week = Number(match[2]);
    const start = new Date(isoWeekOne(year).getTime() + (week - 1) * 7 * DAY_MS);
    // A year has 52 or 53 ISO weeks: week 53 exists only when it does not belong to the next year.
    if (week < 1 || start.getTime() >= isoWeekOne(year + 1).getTime()) return undefined;
    return { start, end: new Date(start.getTime() + 7 * DAY_MS) };
  }
  match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [y, m, d] = [Number(match[1]), Number(match[2]) - 1, Number(match[3])];
    const start = new Date(Date.UTC(y, m, d));
    if (start.getUTCMonth() !== m || start.getUTCDate() !== d) return undefined;
    return currentPeriod('day', start);
  }
  return undefined;
}
