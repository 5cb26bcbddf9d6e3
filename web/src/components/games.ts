// Per-game log sentences and end-screen wording for every game's board, behind one door so the table and
// replay pages dispatch with a single call (GameBoard.svelte is the same door for the boards themselves).
import type { LogEntry, View } from "../lib/types";
import * as club from "./club/club";
import * as monstra from "./monstra/monstra";
import * as push from "./push/push";
import { asDisplay } from "./smash/cards";
import * as smash from "./smash/log";
import { describePlatform } from "../lib/platformLog";

export type LineKind = "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";

/** The log line for an entry: a line, null (nothing worth a line), or undefined (not one of these games). */
export function describeEntry(
  game: string,
  entry: LogEntry,
  names: string[],
  display: unknown,
  view: View | null,
): { text: string; kind: LineKind } | null | undefined {
  switch (game) {
    case "monster-smash":
      return smash.describe(entry, names, asDisplay(display as Record<string, unknown> | undefined));
    case "monstra":
      return monstra.describe(entry, monstra.asMonstraDisplay(display), view);
    case "monster-club":
      return club.describe(entry, names, club.asClubDisplay(display));
    case "push-a-monster":
      return push.describe(entry, names, view);
    default:
      return undefined;
  }
}

export function terminationFor(game: string, code: string): string {
  switch (game) {
    case "monster-smash":
      return smash.terminationText(code);
    case "monstra":
      return monstra.terminationText(code);
    case "monster-club":
      return club.terminationText(code);
    case "push-a-monster":
      return push.terminationText(code);
    default:
      return code.replaceAll(/[-_]/g, " ");
  }
}

export function scoreFor(game: string): ((n: number) => string) | undefined {
  switch (game) {
    case "monster-smash":
      return (n) => `${n} ${n === 1 ? "card" : "cards"}`;
    case "monstra":
      return (n) => `${n} ${n === 1 ? "point" : "points"}`;
    case "monster-club":
      return (n) => `${n} ${n === 1 ? "destroy" : "destroys"}`;
    case "push-a-monster":
      return (n) => `line ${n}`;
    default:
      return undefined;
  }
}

export interface LogLine {
  text: string;
  kind: LineKind | string;
  ply: number;
}

/** The log as sentences (an event of a game without sentences shows as its type and fields). */
export function logLines(
  game: string,
  entries: LogEntry[],
  names: string[],
  display: unknown,
  view: View | null,
): LogLine[] {
  const out: LogLine[] = [];
  for (const entry of entries) {
    const line = describePlatform(entry, names) ?? describeEntry(game, entry, names, display, view);
    if (line) out.push({ ...line, ply: entry.ply });
    else if (line === undefined) {
      const { type, ...rest } = entry.event;
      out.push({ text: `${type} ${JSON.stringify(rest)}`, kind: "info", ply: entry.ply });
    }
  }
  return out;
}
