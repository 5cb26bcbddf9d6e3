// Each game's rules, read from docs/rules/<game id>.md at build time (Vite's ?raw import): the page and the
// table's rules panel show those documents, never a copy. Each document is its own chunk, loaded when asked.
import { parseMarkdown, type RulesDocument } from "./markdown";

const SOURCES: Record<string, () => Promise<{ default: string }>> = {
  "monster-smash": () => import("../../../docs/rules/monster-smash.md?raw"),
  monstra: () => import("../../../docs/rules/monstra.md?raw"),
  "monster-club": () => import("../../../docs/rules/monster-club.md?raw"),
  "push-a-monster": () => import("../../../docs/rules/push-a-monster.md?raw"),
};

/** The games that have a rules document, in the lobby's order. */
export const RULES_GAMES = Object.keys(SOURCES);

export function hasRules(game: string): boolean {
  return Object.hasOwn(SOURCES, game);
}

const cache = new Map<string, Promise<RulesDocument>>();

/** The parsed rules of ``game`` (rejects for a game without a document). */
export function loadRules(game: string): Promise<RulesDocument> {
  let doc = cache.get(game);
  if (!doc) {
    if (!hasRules(game)) return Promise.reject(new Error(`There are no rules for “${game}”.`));
    doc = SOURCES[game]().then((m) => parseMarkdown(m.default));
    doc.catch(() => cache.delete(game));
    cache.set(game, doc);
  }
  return doc;
}

export function rulesHref(game: string, rule?: string): string {
  return `/rules/${encodeURIComponent(game)}${rule ? `#${rule}` : ""}`;
}
