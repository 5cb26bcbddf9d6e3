// The grammar the browser's own texts share, as src/monsterlair/core/words.py gives it to the server's:
// a count with its noun in the right number, so that no screen says "1 cards" or "holds up to 1 power cards".
// Every count with its noun in web/src comes from here (tests/test_web_words.py looks for hand-made ones).

/** The plural of a regular noun (its last word): card → cards, try → tries, box → boxes. */
export function pluralOf(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** ``word`` in the number ``n`` asks for, without the number (for a count set apart, as a big "7" over
 * a small "cards"); ``many`` for an irregular plural. */
export function noun(n: number, word: string, many?: string): string {
  return n === 1 ? word : (many ?? pluralOf(word));
}

/** ``n`` with ``word`` in the right number: "1 card", "0 cards", "2 power cards"; ``many`` for an irregular plural. */
export function plural(n: number, word: string, many?: string): string {
  return `${n} ${noun(n, word, many)}`;
}

/** A label inside a sentence: its first letter lower-case ("Length of the token line" → "length of the token
 * line"), a first word in capitals (HP, SPD, EN) kept as it is. */
export function midSentence(label: string): string {
  const first = label.split(/\s/)[0];
  return first.length > 1 && first === first.toUpperCase() ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** A seat's name as the table shows it ("Seat 2" when it has none yet; "" for no seat). */
export function seatName(names: readonly string[], seat: number | null | undefined): string {
  if (seat === null || seat === undefined) return "";
  return names[seat] ?? `Seat ${seat + 1}`;
}

/** A name's possessive, as the server's ``Voice`` writes it: "Ann's", "Gus'". */
export function possessive(name: string): string {
  return name.endsWith("s") ? `${name}'` : `${name}'s`;
}
