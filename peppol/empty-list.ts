/**
 * An empty list to share among results that are most often empty, instead of a new array each. It is
 * an ordinary array that held an object once, not a frozen or literal `[]`: it must have the same
 * shape (elements kind) as the filled lists, or the call sites reading both would no longer be
 * monomorphic.
 */
export function sharedEmptyList<T extends object>(): readonly T[] {
  const list: T[] = [undefined as unknown as T];
  list.length = 0;
  return list;
}
