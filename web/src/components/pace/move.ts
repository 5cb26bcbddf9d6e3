// The shown move's lines: marked in the log (the last move, highlighted) and told in words over the board.
import { heading } from "../../lib/logLines";

interface Line {
  text: string;
  kind: string;
  move: number;
  undone: boolean;
  current?: boolean;
  tells?: boolean;
}

export interface MarkedMove<L extends Line> {
  /** The whole log, the shown move's lines marked ``current``. */
  lines: L[];
  /** The shown move in words (turn headings left out). */
  said: string[];
}

/** ``moveLines`` are the last lines of ``lines`` (the entries of the position shown last, described alone).
 *
 * A position may add nothing to the log: a bot's single card pick (no move of its own: the log tells the
 * choice once its "done" comes), or a fresh page, which starts from a snapshot. The shown move is then the
 * last move the log holds, so the bar never says "No move yet." once a move was made, and it always reads
 * the log's marked lines. */
export function markMove<L extends Line>(lines: L[], moveLines: L[]): MarkedMove<L> {
  const said = moveLines.filter((l) => !heading(l) && l.text).map((l) => l.text);
  if (said.length) {
    const from = Math.max(0, lines.length - moveLines.length);
    return { lines: lines.map((l, i) => (i >= from && !heading(l) ? { ...l, current: true } : l)), said };
  }
  let last = lines.length - 1;
  while (last >= 0 && (heading(lines[last]) || lines[last].move <= 0)) last--;
  if (last < 0) return { lines, said: [] };
  const { move, undone } = lines[last];
  let from = last;
  for (let i = last - 1; i >= 0; i--) {
    const l = lines[i];
    if (heading(l)) continue;
    if (l.move !== move || l.undone !== undone) break;
    from = i;
  }
  const ofMove = (l: L, i: number) => i >= from && i <= last && !heading(l);
  return {
    lines: lines.map((l, i) => (ofMove(l, i) ? { ...l, current: true } : l)),
    said: lines.filter(ofMove).map((l) => l.text),
  };
}
