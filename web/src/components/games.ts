// Per-game log sentences and end-screen wording for the boards of MONSTRA, Monster Club and Push a Monster,
// behind one door so the table page dispatches with a single call.
import type { LogEntry, View } from "../lib/types";
import * as club from "./club/club";
import * as monstra from "./monstra/monstra";
import * as push from "./push/push";

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
