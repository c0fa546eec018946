/** `word` after the indefinite article English gives it by its first letter: "An issued", "A paid". */
export function withArticle(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'An' : 'A'} ${word}`;
}
