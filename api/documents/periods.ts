import type { DocumentBody, Period } from '../../peppol/index.ts';
import { ApiError } from '../errors.ts';

/** A period as the API takes it: `startDate`/`endDate` like every other date field, or the older `start`/`end`. */
type PeriodInput = Period & { startDate?: string; endDate?: string };

function readPeriod(period: PeriodInput | undefined, path: string): Period | undefined {
  if (!period || typeof period !== 'object') return period;
  const { startDate, endDate, ...rest } = period;
  const out: Period = { ...rest };
  for (const [name, alias, value] of [
    ['start', 'startDate', startDate],
    ['end', 'endDate', endDate],
  ] as const) {
    if (value === undefined) continue;
    if (out[name] !== undefined && out[name] !== value)
      throw new ApiError(
        'INVALID_DATE',
        `The request is invalid: ${path}.${alias} and ${path}.${name} name two different dates; give one.`,
        { details: [{ field: `${path}.${alias}`, rule: 'alias', message: `differs from ${path}.${name}` }] },
      );
    out[name] = value;
  }
  return out;
}

/** The body with its periods under the names the renderers read (`start`/`end`). */
export function readPeriodNames(body: DocumentBody): DocumentBody {
  const out: DocumentBody = { ...body };
  if (body.invoicePeriod) out.invoicePeriod = readPeriod(body.invoicePeriod, 'document.invoicePeriod');
  if (Array.isArray(body.lines))
    out.lines = body.lines.map((line, i) =>
      line && typeof line === 'object' && line.period
        ? { ...line, period: readPeriod(line.period, `document.lines[${i}].period`) }
        : line,
    );
  return out;
}

function showPeriod(period: Period | undefined) {
  if (!period || typeof period !== 'object') return period;
  return {
    ...(period.start !== undefined ? { startDate: period.start } : {}),
    ...(period.end !== undefined ? { endDate: period.end } : {}),
    ...period,
  };
}

/** A stored body as the API shows it: each period under both names (`startDate`/`endDate` and `start`/`end`). */
export function showPeriodNames<T>(body: T): T {
  if (!body || typeof body !== 'object') return body;
  const b = body as unknown as DocumentBody;
  if (!b.invoicePeriod && !b.lines?.some((l) => l?.period)) return body;
  return {
    ...b,
    ...(b.invoicePeriod ? { invoicePeriod: showPeriod(b.invoicePeriod) } : {}),
    ...(Array.isArray(b.lines)
      ? { lines: b.lines.map((line) => (line?.period ? { ...line, period: showPeriod(line.period) } : line)) }
      : {}),
  } as unknown as T;
}
