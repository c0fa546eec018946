/** Longest slug; a clash suffix (`-2` …) may add a few characters. */
const MAX_SLUG = 48;

/**
 * A URL path segment for a name: lower-case ASCII letters and digits joined by single hyphens,
 * accents folded ("Société Générale" → "societe-generale"); empty when nothing of the name is left.
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}
