import type { Party } from './types.ts';

/**
 * Builds the party written into a document from the sources the send pipeline has, lowest
 * precedence first (company or partner record, partner defaults, per-document overrides).
 * Nested address and contact merge field by field, so an override can change one line only.
 */
export function mergeParty(...sources: Array<Party | undefined>): Party {
  const out: Party = {};
  for (const s of sources) {
    if (!s) continue;
    for (const [k, v] of Object.entries(s) as Array<[keyof Party, unknown]>) {
      if (v === undefined || v === null) continue;
      if ((k === 'address' || k === 'contact') && typeof v === 'object') {
        (out as Record<string, unknown>)[k] = { ...(out[k] ?? {}), ...dropUndefined(v) };
      } else {
        (out as Record<string, unknown>)[k] = v;
      }
    }
  }
  return out;
}

function dropUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
