// Which board draws which game: one table of data. A game not listed here, or whose display data lacks what
// its board needs, is played on the generic board (the view as it comes and the legal actions as buttons),
// so a new game is playable in the browser with no change to the client.
//
// Every board takes the same props (BoardProps, board.svelte.ts) and reads those it needs; each is loaded
// when a table of its game opens, so the lobby's bundle carries none of them.

import type { Component } from "svelte";
import type { BoardProps } from "./board.svelte";
import { asClubDisplay } from "./club/club";
import { asMonstraDisplay } from "./monstra/monstra";
import { asPushDisplay } from "./push/display";
import { asDisplay } from "./smash/cards";

/** A board of any game: its display data's type is its own (``BoardKind.display`` reads it). */
export type AnyBoard = Component<BoardProps<never>>;

export interface BoardKind {
  /** The board's component, loaded on first use. */
  load: () => Promise<{ default: AnyBoard }>;
  /** The game's display data (from the catalogue) as the board needs it; null sends the game to the generic
   * board. Without it the board gets the data as sent. */
  display?: (raw: Record<string, unknown> | undefined) => unknown;
  /** The board tells when a motion plays (``animating``, bound), so the page can hold what comes next. */
  animates?: boolean;
  /** A replay's spectator sees every seat's hand face up on this board (``reveal``). */
  revealsHands?: boolean;
}

/** A board and the reading of its display data, checked to fit each other (``D``: what the board reads). */
function board<D>(kind: {
  load: () => Promise<{ default: Component<BoardProps<D>> }>;
  display?: (raw: Record<string, unknown> | undefined) => D | null;
  animates?: boolean;
  revealsHands?: boolean;
}): BoardKind {
  return kind;
}

export const BOARDS: Record<string, BoardKind> = {
  "monster-smash": board({ load: () => import("./smash/SmashBoard.svelte"), display: asDisplay, revealsHands: true }),
  monstra: board({ load: () => import("./monstra/MonstraBoard.svelte"), display: asMonstraDisplay }),
  "monster-club": board({ load: () => import("./club/ClubBoard.svelte"), display: asClubDisplay, animates: true }),
  "push-a-monster": board({ load: () => import("./push/PushBoard.svelte"), display: asPushDisplay, animates: true }),
};

/** The board for ``game`` and its display data, or null for the generic board. */
export function boardFor(
  game: string,
  raw: Record<string, unknown> | undefined,
): { kind: BoardKind; display: unknown } | null {
  const kind = BOARDS[game];
  if (!kind) return null;
  const display = kind.display ? kind.display(raw) : raw;
  return display === null ? null : { kind, display };
}

const loaded = new Map<BoardKind, AnyBoard>();

/** The board's component: at once when it has been loaded before, else a promise of it. */
export function boardComponent(kind: BoardKind): AnyBoard | Promise<AnyBoard> {
  const ready = loaded.get(kind);
  if (ready) return ready;
  return kind.load().then((module) => {
    loaded.set(kind, module.default);
    return module.default;
  });
}
