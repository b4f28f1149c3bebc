/** Text folded for searching: lower case, without diacritics (ä, õ, ö, ü, š, ž match a, o, u, s, z). */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Whether every word of `query` occurs in one of `texts` (case and accents ignored). */
export function matchesSearch(query: string, texts: readonly string[]): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts.map(fold).join(' ');
  return words.every((w) => haystack.includes(w));
}
