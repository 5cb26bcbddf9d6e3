// Monster Smash card helpers: names, colours and rule numbers from the server's display data. A selection of
// hand cards goes to the server as hand positions; the game itself turns it into its pick actions.

export interface SuitInfo {
  id: string;
  leader: string;
  colour: string;
  members: Record<string, string>;
}

/** The numbers the board's limits and help texts use, as the game's data file (deck.toml) states them. */
export const RULE_NUMBERS = [
  "win_suit",
  "win_total",
  "steal_cap",
  "defence_max",
  "attack_offsuit_max",
  "mulligan_draw",
] as const;

export type RuleNumber = (typeof RULE_NUMBERS)[number];

export interface SmashDisplay {
  suits: SuitInfo[];
  rules: Record<RuleNumber, number>;
}

/** The server's display data for Monster Smash, or null when it lacks what this board needs (the table then
 * falls back to the generic board rather than guess a number). */
export function asDisplay(raw: Record<string, unknown> | undefined): SmashDisplay | null {
  const suits = raw?.suits;
  const rules = raw?.rules as Record<string, unknown> | undefined;
  if (!Array.isArray(suits) || !suits.length || !rules) return null;
  if (!RULE_NUMBERS.every((key) => typeof rules[key] === "number")) return null;
  return { suits: suits as SuitInfo[], rules: rules as Record<RuleNumber, number> };
}

/** A small count in words ("one", "two"), as the help texts say it; larger counts as digits. */
export function countWord(n: number): string {
  return ["no", "one", "two", "three", "four", "five", "six"][n] ?? String(n);
}

/** A suit's colour for the ``--c`` of a card or a seat: the palette's colour named after the suit (app.css). */
export function suitColour(suit: string | null | undefined): string {
  return suit ? `var(--${suit}, var(--muted))` : "var(--muted)";
}

export function parseCard(code: string): { suit: string; value: number } {
  const i = code.lastIndexOf("-");
  return { suit: code.slice(0, i), value: Number(code.slice(i + 1)) };
}

export function suitOf(display: SmashDisplay, suit: string): SuitInfo {
  return display.suits.find((s) => s.id === suit) ?? { id: suit, leader: suit, colour: "grey", members: {} };
}

export function cardName(display: SmashDisplay, code: string): string {
  const { suit, value } = parseCard(code);
  return suitOf(display, suit).members[String(value)] ?? code;
}

export function cardText(display: SmashDisplay, code: string): string {
  const { value } = parseCard(code);
  return `${cardName(display, code)} ${value}`;
}

export function leader(display: SmashDisplay, suit: string | null | undefined): string {
  return suit ? suitOf(display, suit).leader : "";
}

export function total(codes: string[]): number {
  return codes.reduce((sum, c) => sum + parseCard(c).value, 0);
}
