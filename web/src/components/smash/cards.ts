// Monster Smash card helpers: names and colours from the server's display data, and turning a
// selection of hand cards into the game's pick actions (one card at a time, ascending hand position).

export interface SuitInfo {
  id: string;
  leader: string;
  colour: string;
  members: Record<string, string>;
}

export interface SmashDisplay {
  suits: SuitInfo[];
  rules: Record<string, number>;
}

export function asDisplay(raw: Record<string, unknown> | undefined): SmashDisplay {
  const suits = (raw?.suits as SuitInfo[] | undefined) ?? [];
  const rules = (raw?.rules as Record<string, number> | undefined) ?? {};
  return { suits, rules };
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

/**
 * The pick actions for the cards at `selected` positions of `hand` (0-based), in the order the game
 * takes them: ascending, each named by its position in what is left of the hand (picked cards leave
 * the hand at once), and equal cards by their first position (the game offers only that one).
 */
export function pickTexts(hand: string[], selected: number[], verb: "burn" | "play"): string[] {
  const order = [...selected].sort((a, b) => a - b);
  const left = hand.slice();
  const out: string[] = [];
  for (const index of order) {
    const code = hand[index];
    const at = left.indexOf(code);
    if (at < 0) continue;
    out.push(`${verb} ${at + 1}`);
    left.splice(at, 1);
  }
  return out;
}

export function total(codes: string[]): number {
  return codes.reduce((sum, c) => sum + parseCard(c).value, 0);
}
