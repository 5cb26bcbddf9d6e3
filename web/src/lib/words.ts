// The grammar the browser's own texts share, as src/monsterlair/core/words.py gives it to the server's:
// a count with its noun in the right number, so that no screen says "1 cards" or "holds up to 1 power cards".

/** The plural of a regular noun (its last word): card → cards, try → tries, box → boxes. */
export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** ``n`` with ``word`` in the right number: "1 card", "0 cards", "2 power cards"; ``many`` for an irregular plural. */
export function plural(n: number, word: string, many?: string): string {
  return `${n} ${n === 1 ? word : (many ?? pluralOf(word))}`;
}
