// The log as the server words it: each entry carries its line (``text``, in this receiver's person), the
// action that caused it (``ply``), its move number as players count moves (``move``: one per decision, a
// card pick counted with the choice it ends in), its turn, and whether that move was taken back
// (words-contract.md, "Log entries").
// Nothing here writes a sentence; it only picks a line's colour from its event type and keeps the marks.
import type { LogEntry } from "./types";

export type LineKind = "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";

export interface LogLine {
  text: string;
  kind: LineKind;
  /** The action that caused the line, by its place in the record (0: the opening). */
  ply: number;
  /** The move number players read (0: the opening, and the platform's own lines). */
  move: number;
  turn: number;
  /** The move was taken back. */
  undone: boolean;
  /** A line that opens a turn yet tells something of its own (Push a Monster's roll of the die, which can
   * end the game), unlike a bare heading ("Turn 3: Ann"): the move that caused it tells it too. */
  tells?: boolean;
  /** The replay's current step. */
  current?: boolean;
}

/** A line's colour by its event type (the same type reads alike in every game). */
const KINDS: Record<string, LineKind> = {
  turn: "turn",
  round: "turn",
  roll: "turn",
  game_over: "win",
  end: "win",
  knockout: "win",
  destroyed: "win",
  attack_declared: "attack",
  attack: "attack",
  defence: "attack",
  conflict: "attack",
  strike: "attack",
  signature: "attack",
  push: "attack",
  nudge: "attack",
  fall: "attack",
  steal: "good",
  heal: "good",
  revive: "good",
  placed: "good",
  eliminated: "bad",
  trap: "bad",
  penalty: "bad",
  reveal_hand: "bad",
  no_monster: "bad",
  behaviour: "bad",
  guardian: "bad",
  clock_expired: "bad",
  draw: "quiet",
  keep: "quiet",
  no_attack: "quiet",
  reshuffle: "quiet",
  revealed: "quiet",
  clash: "quiet",
  skip: "quiet",
  no_target: "quiet",
  spare: "quiet",
  energy: "quiet",
  order: "quiet",
  damage: "quiet",
  tick: "quiet",
  shield: "quiet",
  condition: "quiet",
  cleanse: "quiet",
  strip: "quiet",
  bonus: "quiet",
  bonus_expired: "quiet",
  take: "quiet",
  tie: "quiet",
  choose: "quiet",
  overhang: "quiet",
  missed: "quiet",
  move_undone: "quiet",
};

/** Event types that open a turn and still say what happened (see ``LogLine.tells``). */
const TELLING_TURNS = new Set(["roll"]);

/** A bare turn heading: left out of a move's words (the last-move bar, a replay step), unnumbered. */
export function heading(line: { kind: string; tells?: boolean }): boolean {
  return line.kind === "turn" && !line.tells;
}

/** Where one game's event type means something else than in the others. */
const GAME_KINDS: Record<string, Record<string, LineKind>> = {
  "monster-club": { end: "quiet" }, // a player ends their turn (MONSTRA's "end" is the game's end)
};

/** The lines to show: every entry's own words, steps summed up by a later entry folded away. */
export function logLines(game: string, entries: LogEntry[]): LogLine[] {
  const own = GAME_KINDS[game] ?? {};
  const out: LogLine[] = [];
  for (const e of entries) {
    if (!e.text || e.detail) continue;
    out.push({
      text: e.text,
      kind: own[e.event.type] ?? KINDS[e.event.type] ?? "info",
      ply: e.ply,
      move: e.move ?? 0,
      turn: e.turn ?? 0,
      undone: !!e.undone,
      tells: TELLING_TURNS.has(e.event.type),
    });
  }
  return out;
}

/** Which lines show their move's number: the first line of each move, turn headings aside (a heading and the
 * next player's draw, which the move before caused, carry none, so each number shows once, in order). A move
 * that was taken back shows none: the move played after the undo takes its number. */
export function numbered(lines: readonly LogLine[]): boolean[] {
  let before: LogLine | null = null;
  return lines.map((line) => {
    if (line.kind === "turn") return false;
    const first =
      line.move > 0 && !line.undone && (before === null || before.move !== line.move || before.undone !== line.undone);
    before = line;
    return first;
  });
}

/** ``held`` followed by ``incoming``; a ``move_undone`` entry marks every held move from its ply on as
 * taken back, with no number (a snapshot arrives with those marks already set by the server). */
export function appendLog(held: LogEntry[], incoming: LogEntry[]): LogEntry[] {
  let out = [...held];
  for (const entry of incoming) {
    const from = entry.event.type === "move_undone" ? entry.event.ply : undefined;
    if (typeof from === "number")
      out = out.map((e) => (e.ply >= from && e.event.type !== "move_undone" && !e.undone ? { ...e, undone: true, move: 0 } : e));
    out.push(entry);
  }
  return out;
}
