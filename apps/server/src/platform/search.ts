/**
 * A full-text query that matches the beginnings of words, as a search box is typed ("caterp" finds
 * "Caterpillar"): each word of the text (letters and digits of any script) becomes a prefix term, all
 * of them required. null when the text holds no word. Pass it to `to_tsquery('simple', …)`.
 */
export function prefixTsQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{N}]+/gu) ?? [];
  if (words.length === 0) return null;
  return words
    .slice(0, 10)
    .map((word) => `${word.toLowerCase()}:*`)
    .join(' & ');
}
