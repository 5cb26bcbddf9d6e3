// Each game's one-screen "How to play" guide, written for players in web/src/guides/<game id>.md. A paragraph
// that is only "{{cards ember-4 tide-2}}" or "{{creatures flaro}}" is a figure drawn with the board's own
// card components (components/guide/GuideFigure.svelte).
import { gameDocuments } from "./documents";
import { parseMarkdown, plain, type Block } from "./markdown";

/** Each game's guide, parsed (``GUIDES.load(game)``). */
export const GUIDES = gameDocuments(
  import.meta.glob<string>("../guides/*.md", { query: "?raw", import: "default" }),
  parseMarkdown,
  (game) => `There is no guide for “${game}”.`,
);

export interface Figure {
  kind: string;
  ids: string[];
}

/** The figure a paragraph asks for ("{{cards a b}}"), or null for an ordinary paragraph. */
export function figureOf(block: Block): Figure | null {
  if (block.t !== "para") return null;
  const m = /^\{\{\s*([a-z]+)\s+([^}]*)\}\}$/.exec(plain(block.children).trim());
  return m ? { kind: m[1], ids: m[2].trim().split(/\s+/) } : null;
}
