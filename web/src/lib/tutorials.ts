// The first game that teaches: each game's tutorial prompts (web/src/tutorials/<game>.md, one "## step"
// section per step), which step a position shows, and which steps are the lessons a learner works through.
// The table itself is an ordinary game against a gentle bot with a scripted deal (POST /api/games/<game>/tutorial).
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

/** What a step looks at: the learner's view of the position and the texts of the moves they may make. */
export interface Position {
  view: View;
  legal: string[];
  seat: number | null;
}

/** One step of a tutorial. Its prompt must be true of every position ``when`` accepts: a step shows only
 * while the board is as its words say. A ``lesson`` is a step the learner's own play brings (they are
 * counted: "2 of 3 steps seen"); the others are tips for what only sometimes happens (a bot's attack, a
 * tie on the die), shown when it does. */
export interface Step {
  id: string;
  lesson: boolean;
  when: (p: Position) => boolean;
}

const phaseIs =
  (...phases: string[]) =>
  (p: Position): boolean =>
    phases.includes(String(p.view.phase));
const can = (p: Position, verb: string): boolean => p.legal.some((t) => t === verb || t.startsWith(`${verb} `));

/** Monster Club: is the other player's side of the board empty? */
function clubOpponentEmpty(p: Position): boolean {
  const boards = (p.view.boards ?? []) as (unknown[] | null)[];
  return boards.every((row, s) => s === p.seat || (row ?? []).every((stack) => stack == null));
}

/** Push a Monster: how many monsters lie on the arena besides the one being placed (those a shove can move). */
function pushOthers(p: Position): number {
  return ((p.view.monsters ?? []) as { active?: boolean }[]).filter((m) => !m.active).length;
}

/** Each game's steps, in the order they are taught: a position shows the first step that fits it and has
 * not been seen yet, else the first that fits. */
const STEPS: Record<string, Step[]> = {
  "monster-smash": [
    { id: "first-turn", lesson: true, when: phaseIs("first_turn") },
    { id: "burn", lesson: true, when: phaseIs("burn") },
    { id: "attack", lesson: true, when: (p) => phaseIs("attack")(p) && can(p, "attack") },
    { id: "no-attack", lesson: false, when: (p) => phaseIs("attack")(p) && !can(p, "attack") },
    { id: "attack-cards", lesson: false, when: phaseIs("attack_cards") },
    // the tutorial's deal and bot bring an attack on the learner before the end (data/tutorials.toml)
    { id: "defend", lesson: true, when: phaseIs("defend") },
  ],
  monstra: [
    { id: "act", lesson: true, when: phaseIs("act") },
    { id: "signature", lesson: true, when: (p) => phaseIs("act")(p) && can(p, "signature") },
    { id: "tactic", lesson: true, when: (p) => phaseIs("act")(p) && can(p, "tactic") },
    { id: "order", lesson: false, when: phaseIs("order") },
    { id: "discard", lesson: false, when: phaseIs("discard") },
    { id: "cleanse", lesson: false, when: phaseIs("cleanse") },
  ],
  "monster-club": [
    { id: "play", lesson: true, when: (p) => phaseIs("play")(p) && clubOpponentEmpty(p) },
    { id: "attack", lesson: true, when: (p) => phaseIs("play")(p) && can(p, "attack") },
    {
      id: "monster-first",
      lesson: false,
      when: (p) => phaseIs("play")(p) && !clubOpponentEmpty(p) && !can(p, "end"),
    },
    {
      id: "build",
      lesson: false,
      when: (p) => phaseIs("play")(p) && !clubOpponentEmpty(p) && can(p, "end") && !can(p, "attack"),
    },
    { id: "attack-again", lesson: false, when: phaseIs("attack") },
    { id: "reveal", lesson: false, when: phaseIs("reveal") },
    { id: "target", lesson: false, when: phaseIs("target") },
  ],
  "push-a-monster": [
    { id: "push", lesson: true, when: (p) => phaseIs("push")(p) && !can(p, "assist") },
    {
      id: "shove",
      lesson: true,
      when: (p) => phaseIs("push")(p) && !can(p, "assist") && pushOthers(p) > 0,
    },
    { id: "choose", lesson: false, when: phaseIs("choose") },
    { id: "nudge", lesson: false, when: (p) => phaseIs("nudge")(p) && !can(p, "assist") },
    { id: "assist", lesson: false, when: (p) => can(p, "assist") },
  ],
};

/** The steps of ``game``'s tutorial, in teaching order. */
export function tutorialSteps(game: string): Step[] {
  return STEPS[game] ?? [];
}

/** The lessons of ``game``'s tutorial: the steps counted in "2 of 3 steps seen". */
export function tutorialLessons(game: string): string[] {
  return tutorialSteps(game)
    .filter((s) => s.lesson)
    .map((s) => s.id);
}

/** The step a position shows the learner: at the end "over-<how it ended>" ("over-last-standing", from the
 * result's termination; "over" when it is not known); while a step the game plays by itself is told or comes
 * next (``telling``, the event type that opens it: MONSTRA's "round", a new round's set-up), that step;
 * "wait" while others move; on the learner's turn the first step that fits the position and is not in
 * ``seen`` yet, else the first that fits, else the game's phase (a step with no prompt shows nothing). */
export function tutorialStep(
  game: string,
  position: Position | null,
  myTurn: boolean,
  finished: boolean,
  seen: readonly string[],
  termination: string | null = null,
  telling: string | null = null,
): string {
  if (finished) return termination ? `over-${termination.replaceAll("_", "-")}` : "over";
  if (telling) return telling;
  if (!myTurn || !position) return "wait";
  const fitting = tutorialSteps(game).filter((s) => s.when(position));
  const step = fitting.find((s) => !seen.includes(s.id)) ?? fitting[0];
  return step ? step.id : String(position.view.phase ?? "wait").replaceAll("_", "-");
}

/** The prompt of ``step``: its own, or for an end the game's prompt has no section for, the general "over". */
export function stepPrompt(prompts: Prompts, step: string): Block[] | null {
  return prompts.get(step) ?? (step.startsWith("over-") ? prompts.get("over") : undefined) ?? null;
}

/** Start the tutorial of ``game``; the address of its table. The table remembers that it is a tutorial
 * (``table.tutorial``), so its coach shows however it is opened: this address, "My tables", a reload. */
export async function startTutorial(game: string): Promise<string> {
  const detail = await api.tutorial(game);
  return tablePath(detail.table.id, detail.table.invite);
}
