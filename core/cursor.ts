/**
 * Opaque list cursors: the keyset position where a page ended (sort key values and the row id),
 * written as base64url JSON. Callers check the shape they get back against the list they serve.
 */
export function encodeCursor(position: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor carries, or undefined when it is not one {@link encodeCursor} wrote. */
export function decodeCursor(cursor: string): unknown[] | undefined {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    return Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
