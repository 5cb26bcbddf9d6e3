// The shown move's lines: marked in the log (the last move, highlighted) and told in words over the board.

interface Line {
  text: string;
  kind: string;
  current?: boolean;
}

export interface MarkedMove<L extends Line> {
  /** The whole log, the shown move's lines marked ``current``. */
  lines: L[];
  /** The shown move in words (turn headings left out). */
  said: string[];
}

/** ``moveLines`` are the last lines of ``lines`` (the entries of the shown move, described alone). */
export function markMove<L extends Line>(lines: L[], moveLines: L[]): MarkedMove<L> {
  const from = Math.max(0, lines.length - moveLines.length);
  return {
    lines: lines.map((l, i) => (i >= from && l.kind !== "turn" ? { ...l, current: true } : l)),
    said: moveLines.filter((l) => l.kind !== "turn" && l.text).map((l) => l.text),
  };
}
