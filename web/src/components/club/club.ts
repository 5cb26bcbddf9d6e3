// Monster Club in the browser: card data (from the server's display data, read from the game's data files),
// the legal action texts grouped by board place, and log sentences. Action texts: actions.py / rules MC-5..MC-8.
import type { LegalAction, LogEntry } from "../../lib/types";

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
}

export interface ClubDisplay {
  cards: Record<string, ClubCard>;
}

export function asClubDisplay(raw: unknown): ClubDisplay {
  const d = (raw ?? {}) as Partial<ClubDisplay>;
  return { cards: d.cards ?? {} };
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

export const TYPE_ICON: Record<string, string> = { rock: "●", paper: "■", scissors: "✂" };

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

const TERMINATION: Record<string, string> = {
  destroys: "reaching the destroys to win",
  no_monster: "a player running out of monsters",
  stalled: "the anti-stalling limit",
  turn_cap: "the turn limit",
  action_cap: "the action limit",
};

export function terminationText(code: string): string {
  return TERMINATION[code] ?? code.replaceAll("_", " ");
}

type Kind = "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";

export function describe(entry: LogEntry, names: string[], d: ClubDisplay): { text: string; kind: Kind } | null {
  const e = entry.event as Record<string, any> & { type: string };
  const who = (s: unknown) => (typeof s === "number" ? (names[s] ?? `Seat ${s + 1}`) : "?");
  const card = (id: unknown) => cardName(d, id as string | null);
  const by = e.by ? ` (${card(e.by)})` : "";
  switch (e.type) {
    case "turn":
      return { text: `Turn ${e.turn}: ${who(e.seat)}`, kind: "turn" };
    case "draw": {
      const cards = Array.isArray(e.cards) ? `: ${(e.cards as string[]).map(card).join(", ")}` : "";
      return { text: `${who(e.seat)} draws ${e.count}${cards}`, kind: "quiet" };
    }
    case "play":
      return {
        text: `${who(e.seat)} plays ${e.down ? "a monster face down" : card(e.card)} to space ${e.space}`,
        kind: "info",
      };
    case "stack":
      return {
        text: `${who(e.seat)} stacks ${e.down ? "a power card face down" : card(e.card)} on space ${e.space}`,
        kind: "info",
      };
    case "move":
      return { text: `${who(e.seat)} moves the stack on ${e.from} to ${e.to}`, kind: "info" };
    case "moved":
      return { text: `${who(e.seat)}'s stack on ${e.from} is moved to ${e.to}${by}`, kind: "info" };
    case "flip":
      return { text: `${who(e.seat)} flips ${card(e.card)} on space ${e.space}`, kind: "info" };
    case "flipped":
      return {
        text: `${who(e.seat)}'s card on space ${e.space} turns ${e.up ? `face up: ${card(e.card)}` : "face down"}${by}`,
        kind: "info",
      };
    case "attack":
      return { text: `${who(e.seat)} attacks on space ${e.space}`, kind: "attack" };
    case "revealed":
      return { text: `${card(e.card)} is revealed on ${who(e.seat)}'s space ${e.space}`, kind: "quiet" };
    case "trap":
      return { text: `Trap! ${card(e.card)} springs on ${who(e.seat)}'s space ${e.space}`, kind: "bad" };
    case "clash":
      return { text: `${card(e.card)} clashes with ${card(e.against)}`, kind: "quiet" };
    case "conflict": {
      const s = e.scores as number[];
      return {
        text: `Conflict on space ${e.space}: ${s?.[0]} against ${s?.[1]}, decided by ${String(e.decided_by).replaceAll("_", " ")}`,
        kind: "attack",
      };
    }
    case "destroyed":
      return {
        text: `${who(e.seat)}'s stack on space ${e.space} is destroyed: ${(e.cards as string[]).map(card).join(", ")}`,
        kind: "win",
      };
    case "choose_target":
      return { text: `${card(e.card)}: ${e.effect}`, kind: "info" };
    case "skip":
      return { text: `${who(e.seat)} uses no target for ${card(e.card)}`, kind: "quiet" };
    case "no_target":
      return { text: `${card(e.card)} has no target`, kind: "quiet" };
    case "returned":
      return { text: `${card(e.card)} returns to ${who(e.seat)}'s ${e.to}${by}`, kind: "info" };
    case "discarded":
      return { text: `${who(e.seat)} discards ${(e.cards as string[]).map(card).join(", ")}${by}`, kind: "info" };
    case "reveal_hand":
      return { text: `${who(e.seat)} shows their hand: ${(e.cards as string[]).map(card).join(", ")}`, kind: "bad" };
    case "penalty":
      return { text: `${who(e.seat)} destroys the shown ${card(e.card)}`, kind: "bad" };
    case "spare":
      return { text: `${who(e.seat)} spares the shown hand`, kind: "quiet" };
    case "no_monster":
      return { text: `${who(e.seat)} has no monster left anywhere`, kind: "bad" };
    case "end":
      return null;
    case "game_over":
      return { text: `Game over: ${terminationText(String(e.result?.termination ?? ""))}`, kind: "win" };
    default: {
      const { type, ...rest } = e;
      return { text: `${type} ${JSON.stringify(rest)}`, kind: "quiet" };
    }
  }
}
