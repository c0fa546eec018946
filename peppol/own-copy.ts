/**
 * A copy of `text` that holds nothing of the string it was cut from. V8 makes a cut of a string a
 * view into it (from 13 characters on) and a joined string a pair of its parts, so a cache that
 * kept a cut of a document's text as it is would keep the whole document alive for as long as the
 * entry stays. Caches that outlive a document store what this gives.
 */
export function ownCopy(text: string): string {
  return Buffer.from(text, 'utf16le').toString('utf16le');
}
