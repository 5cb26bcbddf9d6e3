// Monster Club in the browser: card data (from the server's display data, read from the game's data files),
// the legal action texts grouped by board place, and the last conflict's score breakdown. Action texts: actions.py / rules MC-5..MC-8.
import type { LegalAction, LogEntry } from "../../lib/types";
import { plural } from "../../lib/words";

export interface ClubCard {
  id: string;
  name: string;
  kind: "monster" | "power";
  type: "rock" | "paper" | "scissors";
  score?: number;
  limit?: number;
  calc?: string;
  text: string;
  copies: number;
  /** Its keywords with their rules ("clash", "Clash: before scoring, …"), for a tag on its face. */
  keywords?: { name: string; text: string }[];
}

export interface ClubDisplay {
  cards: Record<string, ClubCard>;
  /** Why the player to move cannot attack with a stack, by the view's ``attack_block`` code, in the words the
   * terminal uses too ("Can't attack: it moved this turn"). */
  attack_block: Record<string, string>;
}

export function asClubDisplay(raw: unknown): ClubDisplay {
  const d = (raw ?? {}) as Partial<ClubDisplay>;
  return { cards: d.cards ?? {}, attack_block: d.attack_block ?? {} };
}

export function cardName(d: ClubDisplay, id: string | null | undefined): string {
  if (!id) return "a face-down card";
  return (
    d.cards[id]?.name ??
    id
      .split("-")
      .map((w) => w[0]?.toUpperCase() + w.slice(1))
      .join(" ")
  );
}

/** Why the player to move cannot end the turn yet (the view's ``end_block``, read by the engine off the legal
 * actions): a short reason beside the disabled End turn, and the turn's instruction. */
export const END_BLOCK: Record<string, { reason: string; help: string }> = {
  monster_first: {
    reason: "Play a monster first: your board is empty",
    help: "Your board has no monster, so play one before anything else: select a monster card and then a space (or drag it there). Then you can attack or end your turn.",
  },
};

/** One number that went into a conflict score (the conflict event's ``breakdown``, from the engine). */
export interface ScorePart {
  card: string;
  owner: number;
  kind: "printed" | "add" | "times";
  value: number;
}

/** The last conflict in the log: its space, both scores and what made them. */
export interface LastConflict {
  space: number;
  attacker: number;
  scores: number[];
  breakdown: ScorePart[][];
  losers: number[];
}

export function lastConflict(log: LogEntry[]): LastConflict | null {
  for (let i = log.length - 1; i >= 0; i--) {
    const e = log[i].event;
    if (e.type === "conflict" && Array.isArray(e.breakdown)) return e as unknown as LastConflict;
  }
  return null;
}

/** A score part as a signed number: "6", "+3", "−2", "×2". */
export function partNumber(p: ScorePart): string {
  if (p.kind === "times") return `×${p.value}`;
  if (p.kind === "printed") return String(p.value);
  return p.value < 0 ? `−${-p.value}` : `+${p.value}`;
}

/** One term of a power card's calculation in the rules doc's notation ("+2", "x2", "-2 opp"): its sign, its
 * number as printed, whether it counts for the conflicting stack, and the term's whole text. */
export interface CalcTerm {
  sign: string;
  digits: string;
  opp: boolean;
  text: string;
}

/** A power card's calculation read into its terms, in order (the one reader of the notation: the card's face,
 * ``calcFace``, and its help, ``help.ts``). */
export function calcTerms(calc: string): CalcTerm[] {
  return [...calc.matchAll(/([+x-])(\d+)( opp)?/g)].map((m) => ({
    sign: m[1],
    digits: m[2],
    opp: Boolean(m[3]),
    text: m[0],
  }));
}

/** A power card's calculation as its face shows it: the number big, and a few words on what it does when it
 * is not plain "+n" or "xn" on its own stack ("−2", "to the conflicting stack"; "×2" "after additions"). The
 * rules doc's notation ("-2 opp") stays out of the player's way: words at a glance, details on hover. */
export function calcFace(calc: string): { parts: { num: string; note: string }[] } {
  const parts = calcTerms(calc).map(({ sign, digits, opp }) => {
    const n = Number(digits);
    if (opp) return { num: `${sign === "-" ? "−" : "+"}${n}`, note: "to the conflicting stack" };
    if (sign === "x") return { num: `×${n}`, note: "" };
    return { num: `${sign === "-" ? "−" : "+"}${n}`, note: "" };
  });
  return { parts };
}

export const TYPE_ICON: Record<string, string> = { rock: "●", paper: "■", scissors: "✂" };
/** The type each type beats on equal scores (rules MC-7.5). */
export const TYPE_BEATS: Record<string, string> = { rock: "scissors", scissors: "paper", paper: "rock" };
/** Each type's colour: a card's edge and its symbol, and the guide's key to the symbols. */
export const TYPE_COLOUR: Record<string, string> = { rock: "#d97706", paper: "#0ea5e9", scissors: "#db2777" };

/** A clash an attack would bring (the view's ``clash``: the engine's clash events, worked out from face-up
 * cards only). */
export interface ClashPreview {
  seat: number;
  card: string;
  against: string;
  destroyed: string[];
}

/** What the clashes of an attack will do, in a line for the attack control: "Clash: Tumble's Granite Guard
 * destroys your Twin Blades before scoring." ``hidden``: the defending stack holds a face-down card, and a trap
 * among them would spring face up and may change it. */
export function clashNote(
  display: ClubDisplay,
  clashes: readonly ClashPreview[],
  hidden: boolean,
  possessive: (seat: number) => string,
): string {
  const told = clashes.map((c) => {
    const holder = `${possessive(c.seat)} ${cardName(display, c.card)}`;
    const other = `${possessive(1 - c.seat)} ${cardName(display, c.against)}`;
    const holderLost = c.destroyed.includes(c.card);
    const otherLost = c.destroyed.includes(c.against);
    if (holderLost && otherLost) return `${holder} and ${other} destroy each other`;
    const [winner, loser] = holderLost ? [other, holder] : [holder, other];
    return [winner, "destroys", loser].join(" "); // two cards' names, not a count of destroys
  });
  if (!told.length) return "";
  const text = `Clash: ${told.join("; ")} before scoring`;
  return hidden ? `${text} (unless a face-down trap changes it).` : `${text}.`;
}

/** The legal actions of a Monster Club decision, grouped the way the board offers them. */
export interface ClubOffer {
  /** hand position (0-based) -> spaces (1-based) it can be played/stacked to, face up and face down. */
  up: Map<number, number[]>;
  down: Map<number, number[]>;
  move: Map<number, ("left" | "right")[]>;
  flip: Set<number>;
  attack: Set<number>;
  end: boolean;
  destroy: Set<number>; // 0-based positions of the shown hand
  spare: boolean;
  targets: LegalAction[]; // target ... and skip
  other: LegalAction[];
}

export function clubOffer(legal: LegalAction[]): ClubOffer {
  const o: ClubOffer = {
    up: new Map(),
    down: new Map(),
    move: new Map(),
    flip: new Set(),
    attack: new Set(),
    end: false,
    destroy: new Set(),
    spare: false,
    targets: [],
    other: [],
  };
  const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => m.set(k, [...(m.get(k) ?? []), v]);
  for (const l of legal) {
    const w = l.text.split(" ");
    if (w[0] === "play" || w[0] === "stack") {
      // play H to S [down] / stack H on S [down]
      push(w[4] === "down" ? o.down : o.up, Number(w[1]) - 1, Number(w[3]));
    } else if (w[0] === "move") push(o.move, Number(w[1]), w[2] as "left" | "right");
    else if (w[0] === "flip") o.flip.add(Number(w[1]));
    else if (w[0] === "attack") o.attack.add(Number(w[1]));
    else if (w[0] === "end") o.end = true;
    else if (w[0] === "destroy") o.destroy.add(Number(w[1]) - 1);
    else if (w[0] === "spare") o.spare = true;
    else if (w[0] === "target" || w[0] === "skip") o.targets.push(l);
    else o.other.push(l);
  }
  return o;
}

/** The play/stack text for a hand card onto a space. */
export function placeText(card: ClubCard | undefined, hand: number, space: number, down: boolean): string {
  const verb = card?.kind === "power" ? `stack ${hand + 1} on ${space}` : `play ${hand + 1} to ${space}`;
  return down ? `${verb} down` : verb;
}

/** What a score part comes from, told as the log tells it (words.py ``_sum``): the card's name; for a card
 * already named in ``parts``, its own effect ("from its own effect"), not a second card of that name; and for a
 * calculation from the other stack (its owner is not ``side``), whose card it is ("your Tremor", "Cleo's Tremor"). */
export function partSource(
  display: ClubDisplay,
  parts: readonly ScorePart[],
  j: number,
  side: number,
  possessive: (seat: number) => string,
): string {
  const p = parts[j];
  const name = cardName(display, p.card);
  if (p.kind === "printed") return name;
  const earlier = parts.slice(0, j).map((q) => q.card);
  if (earlier.includes(p.card)) return earlier[j - 1] === p.card ? "from its own effect" : `from ${name}'s own effect`;
  return p.owner !== side ? `${possessive(p.owner)} ${name}` : name;
}

/** How near the turn limit (MC-11.6) the count names it and warns of it. */
const NEAR_LIMIT = 20;

/** The turn count beside the turn's controls, with the stall rule's count when a table chose it (MC-11.5). The
 * turn limit (MC-11.6, 200 by default) is a safety limit of ours, not the game's length, so the count names it
 * only near it, with what happens there (``warn``); before that it is in the count's tooltip (``title``). The
 * log's headings count turns the same way. */
export function turnCount(view: {
  turn?: unknown;
  max_turns?: unknown;
  stall_turns?: unknown;
  stall?: unknown;
  over?: unknown;
}): { text: string; warn: string; title: string } {
  const turn = Number(view.turn ?? 0);
  const cap = Number(view.max_turns ?? 0);
  const stallCap = Number(view.stall_turns ?? 0);
  const near = cap > 0 && !view.over && cap - turn < NEAR_LIMIT;
  let text = near ? `Turn ${turn} of ${cap}` : `Turn ${turn}`;
  if (stallCap) text += ` · ${Number(view.stall ?? 0)} of ${plural(stallCap, "turn")} without a destroy`;
  const warn = near ? `The game stops after turn ${cap}: more destroys wins, else it is a draw.` : "";
  const title = cap
    ? `A game has no fixed number of turns. A safety limit of ours, not a rule, stops it after turn ${cap}: more destroys wins, else it is a draw.`
    : "";
  return { text, warn, title };
}
