// What every game board starts with: its props (the same for all, see boards.ts), the count of positions it
// has shown (data-seen, which the browser tests wait on), a half-made choice cleared by each new position,
// and the players' names.

import { untrack } from "svelte";
import type { LegalAction, LogEntry, View } from "../lib/types";

/** The props every board takes; a board reads those it needs. ``D``: its display data (boards.ts). GameBoard
 * passes every one of them (its own defaults fill what the page leaves out), so a board declares no defaults. */
export interface BoardProps<D = unknown> {
  view: View;
  names: string[];
  display: D;
  seat: number | null;
  /** No legal actions: the board shows no controls (a replay, or not this seat's turn). */
  legal: LegalAction[];
  busy: boolean;
  /** Play ``actions`` (a batch); ``cards``: the hand positions (from 1) chosen for the choice of cards the
   * batch reaches: the server has the game turn them into its own picks (Game.choose_cards). */
  onAct: (actions: string[], cards?: number[]) => void;
  /** The log as shown (boards that tell moves over the board read it). */
  log: LogEntry[];
  /** The newest move in words (Monster Smash). */
  news: string | null;
  /** Monster Smash: every seat's hand, shown face up (a replay). */
  reveal: (string[] | null)[] | null;
  /** The seat's view shown to someone else (a replay): no "you" wording. */
  observer: boolean;
  /** A part of the update the game plays by itself is being told, more of it still to come (the event that
   * opens it: MONSTRA's ``guardian``, its Rift Guardian's turn, or ``round``, a new round's set-up; see
   * TableSocket.telling). ``legal`` is empty meanwhile; the board may say in its banner what is happening. */
  telling: LogEntry["event"] | null;
  /** True while the board plays a motion (the table waits before showing the next move); bound. Push a
   * Monster: while a push's motion plays; Monster Club: while a conflict is told. */
  animating?: boolean;
}

/** A seat's name as the table shows it (lib/words: plain code, also read by the conflict's words). */
export { seatName } from "../lib/words";

/**
 * Count the positions shown: each new ``view`` calls ``clear`` (a half-made choice never outlives its
 * position) and adds one to ``seen``. Call it while the board's script runs.
 */
export function positions(view: () => unknown, clear: () => void = () => undefined): { readonly seen: number } {
  let seen = $state(0);
  $effect.pre(() => {
    void view();
    untrack(clear);
    seen = untrack(() => seen) + 1;
  });
  return {
    get seen() {
      return seen;
    },
  };
}
