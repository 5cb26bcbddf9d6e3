// The conflict a move caused, gathered from its log entries and the boards just before it, for the two-beat
// telling over the board (Conflict.svelte): both stacks revealed with their scores, then the result.
import type { LogEntry } from "../../lib/types";
import { possessive, seatName } from "../../lib/words";

export interface ConflictSide {
  seat: number;
  /** The stack's cards, monster first; null for a card still face down. */
  cards: (string | null)[];
  score: number;
}

export interface ConflictTold {
  space: number;
  attacker: number;
  losers: number[];
  decidedBy: string;
  /** The attacker first, then the defender. */
  sides: ConflictSide[];
}

type Boards = ({ monster: { id: string | null }; powers: { id: string | null }[] } | null)[][];

/** The last conflict among ``entries`` (null if none), told with the stacks of ``before`` (the boards as they
 * stood before the move) where the entries do not name the cards. */
export function conflictIn(entries: readonly LogEntry[], before: Boards | null): ConflictTold | null {
  const events = entries.map((e) => e.event as Record<string, unknown> & { type: string });
  let at = events.length - 1;
  while (at >= 0 && events[at].type !== "conflict") at--;
  if (at < 0) return null;
  const c = events[at];
  const space = Number(c.space);
  const attacker = Number(c.attacker);
  const scores = (c.scores as number[]) ?? [0, 0];
  const sideOf = (seat: number): ConflictSide => {
    const destroyed = events
      .slice(at)
      .find((e) => e.type === "destroyed" && e.seat === seat && Number(e.space) === space && e.by === "conflict");
    if (destroyed) return { seat, cards: [...(destroyed.cards as string[])], score: scores[seat] ?? 0 };
    const revealed = events.slice(0, at).find((e) => e.type === "revealed" && e.seat === seat && Number(e.space) === space);
    const st = before?.[seat]?.[space - 1] ?? null;
    const monster = (revealed?.card as string | undefined) ?? st?.monster.id ?? null;
    // Traps spring face up: each takes the place of a face-down power card.
    const sprung = events
      .slice(0, at)
      .filter((e) => e.type === "trap" && e.seat === seat && Number(e.space) === space)
      .map((e) => e.card as string);
    const powers = (st?.powers ?? []).map((p) => p.id ?? sprung.shift() ?? null);
    return { seat, cards: [monster, ...powers], score: scores[seat] ?? 0 };
  };
  return {
    space,
    attacker,
    losers: (c.losers as number[]) ?? [],
    decidedBy: String(c.decided_by ?? "score"),
    sides: [sideOf(attacker), sideOf(1 - attacker)],
  };
}

/** Who a side of the conflict is, in the reader's person (the reader: the seat looking, null for an observer),
 * as the log's words (the server's ``Voice``) say it: "You attack", "Tumble defends". */
export function sideWho(seat: number, attacker: number, names: readonly string[], reader: number | null): string {
  const attacks = seat === attacker;
  if (seat === reader) return attacks ? "You attack" : "You defend";
  return `${seatName(names, seat)} ${attacks ? "attacks" : "defends"}`;
}

/** Which stacks the conflict destroyed, in the reader's person: "Your stack is destroyed", "Tumble's stack is
 * destroyed", "Both stacks are destroyed". */
export function lossWords(losers: readonly number[], names: readonly string[], reader: number | null): string {
  if (losers.length === 2) return "Both stacks are destroyed";
  const seat = losers[0];
  if (seat === reader) return "Your stack is destroyed";
  return `${possessive(seatName(names, seat))} stack is destroyed`;
}
