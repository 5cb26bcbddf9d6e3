// Each game's rules reference, made from docs/rules/<game id>.md at build time (the ?player import, see
// tools/playerRules.ts): the developer parts (paths, tests, research notes) are left out, the rules are the
// documents' own, never a copy. Each document is its own chunk, loaded when asked.
import { gameDocuments } from "./documents";
import { parseMarkdown } from "./markdown";

/** Each game's rules reference, parsed (``RULES.load(game)``); ``RULES.games`` lists the games that have one. */
export const RULES = gameDocuments(
  import.meta.glob<string>("../../../docs/rules/*.md", { query: "?player", import: "default" }),
  parseMarkdown,
  (game) => `There are no rules for “${game}”.`,
);

export function rulesHref(game: string, rule?: string): string {
  return `/rules/${encodeURIComponent(game)}${rule ? `#${rule}` : ""}`;
}
