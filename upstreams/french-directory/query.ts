import type { AnnuaireFilter, AnnuaireKind, AnnuaireResults, AnnuaireSearch } from './types.ts';

/**
 * Searching an in-memory annuaire the way the standard describes it: filters (`strict`,
 * `contains`, `startWith`, case-insensitive) combined with AND, `sorting` then the key, `ignore`
 * then `limit`, and `fields` keeping only the named properties (included objects stay).
 */

type Row = Record<string, unknown>;

/** Where a filter of the standard reads its value in an entry (address parts live in `address`). */
const FILTER_PATHS: Record<string, string[]> = {
  addressLines: ['address', 'addressLines'],
  postalCode: ['address', 'postalCode'],
  countrySubdivision: ['address', 'countrySubdivision'],
  locality: ['address', 'locality'],
  routingIdentifier: ['routingCode', 'routingIdentifier'],
};

/** The order results come in when `sorting` leaves ties (and when it is empty). */
const KEYS: Record<AnnuaireKind, string[]> = {
  siren: ['siren'],
  siret: ['siret'],
  'routing-code': ['siret', 'routingIdentifier'],
  'directory-line': ['addressingIdentifier'],
};

/** The objects `include` adds, by the name the standard gives the inclusion. */
export const INCLUDED: Record<string, string> = { siren: 'legalUnit', siret: 'facility', routingCode: 'routingCode' };

function valuesAt(row: Row, kind: AnnuaireKind, field: string): string[] {
  const path = kind === 'routing-code' && field === 'routingIdentifier' ? [field] : (FILTER_PATHS[field] ?? [field]);
  let value: unknown = row;
  for (const step of path) value = value && typeof value === 'object' ? (value as Row)[step] : undefined;
  if (Array.isArray(value)) return value.map(String);
  return value === undefined || value === null ? [] : [String(value)];
}

function matches(filter: AnnuaireFilter, values: string[]): boolean {
  const wanted = filter.value.toLowerCase();
  return values.some((raw) => {
    const value = raw.toLowerCase();
    if (filter.op === 'contains') return value.includes(wanted);
    if (filter.op === 'startWith') return value.startsWith(wanted);
    return value === wanted;
  });
}

function sortValue(row: Row, kind: AnnuaireKind, field: string): string {
  if (field === 'address') return valuesAt(row, kind, 'postalCode')[0] ?? '';
  if (field === 'instructions')
    return String(
      (row.instructions as { isSalesProspectingForbidden?: boolean } | undefined)?.isSalesProspectingForbidden,
    );
  return valuesAt(row, kind, field)[0] ?? '';
}

export function project<T extends Row>(row: T, fields: string[], include: string[]): Partial<T> {
  const included = new Set(include.map((name) => INCLUDED[name]));
  const listed = (key: string) => fields.length === 0 || fields.includes(key);
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value === undefined) continue;
    if (key === 'legalUnit' || key === 'facility' || key === 'routingCode') {
      if (included.has(key)) out[key] = value;
      // A directory line names its routing code even when the code itself is not included.
      else if (key === 'routingCode' && listed(key))
        out[key] = { routingIdentifier: (value as { routingIdentifier: string }).routingIdentifier };
    } else if (listed(key)) out[key] = value;
  }
  return out as Partial<T>;
}

export function searchEntries<T extends Row>(
  kind: AnnuaireKind,
  entries: readonly T[],
  search: AnnuaireSearch,
): AnnuaireResults<Partial<T>> {
  const filters = Object.entries(search.filters);
  const found = entries.filter((row) =>
    filters.every(([field, filter]) => matches(filter, valuesAt(row, kind, field))),
  );
  const order = [...search.sorting, ...KEYS[kind].map((field) => ({ field, sortingOrder: 'ascending' as const }))];
  found.sort((a, b) => {
    for (const { field, sortingOrder } of order) {
      const cmp = sortValue(a, kind, field).localeCompare(sortValue(b, kind, field), 'fr');
      if (cmp !== 0) return sortingOrder === 'descending' ? -cmp : cmp;
    }
    return 0;
  });
  return {
    totalNumberOfResults: found.length,
    results: found
      .slice(search.ignore, search.ignore + search.limit)
      .map((row) => project(row, search.fields, search.include)),
  };
}
