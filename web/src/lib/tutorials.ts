// The first game that teaches: each game's tutorial prompts (web/src/tutorials/<game>.md, one "## step"
// section per step) and the step a table is at. The table itself is an ordinary game against a gentle bot
// with a scripted deal (POST /api/games/<game>/tutorial).
import { api } from "./api";
import { gameDocuments } from "./documents";
import { parseMarkdown, type Block } from "./markdown";
import { tablePath } from "./seating";
import type { View } from "./types";

/** The prompt of every step, by step name (the "## name" headings). */
export type Prompts = Map<string, Block[]>;

function prompts(text: string): Prompts {
  const out: Prompts = new Map();
  let current: Block[] | null = null;
  for (const b of parseMarkdown(text).blocks) {
    if (b.t === "heading" && b.level === 2) out.set(b.id, (current = []));
    else if (current && b.t !== "heading") current.push(b);
  }
  return out;
}

/** Each game's tutorial prompts (``TUTORIALS.load(game)``). */
export const TUTORIALS = gameDocuments(
  import.meta.glob<string>("../tutorials/*.md", { query: "?raw", import: "default" }),
  prompts,
  (game) => `There is no tutorial for “${game}”.`,
);

/** The step the learner is at: the game's phase on their turn ("burn", "attack-cards"), else "wait" or "over". */
export function tutorialStep(view: View | null, myTurn: boolean, finished: boolean): string {
  if (finished) return "over";
  if (!myTurn || !view) return "wait";
  return String(view.phase ?? "wait").replaceAll("_", "-");
}

/** Start the tutorial of ``game``; the address of its table (the coach shows with ``learn=1``). */
export async function startTutorial(game: string): Promise<string> {
  const detail = await api.tutorial(game);
  const path = tablePath(detail.table.id, detail.table.invite);
  return `${path}${path.includes("?") ? "&" : "?"}learn=1`;
}
