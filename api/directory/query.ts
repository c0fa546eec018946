/** Readers of raw query values (Express 5 hands the parsed, not the validator-coerced, query). */
export function text(value: unknown): string | undefined {
  if (Array.isArray(value)) return text(value[value.length - 1]);
  // The validator may already have coerced the value (`limit=10` → 10, `flag=true` → true).
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A repeated parameter (`a=1&a=2`, `a[]=1`) or one comma-separated value, as a list. */
export function list(value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : typeof v === 'number' ? [String(v)] : []))
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length > 0 ? items : undefined;
}

export function bool(value: unknown): boolean | undefined {
  const v = text(value);
  return v === undefined ? undefined : v === 'true';
}
