// Aiming a push without a pointer, and the arena in words. The entry point is an entry mark plus a slide
// along the arena's edge, the heading the mark's straight-in direction plus a turn, so every aim a drag can
// make is also three numbers a keyboard (or a screen reader) can set; and the canvas gets a text twin.
import type { Pt } from "./push";

export interface Mark {
  label: string;
  x: number;
  y: number;
  angle: number; // inward heading, degrees
}

export const MAX_TURN = 89;

function edges(outline: Pt[]): [Pt, Pt, number][] {
  return outline.map((p, i) => {
    const q = outline[(i + 1) % outline.length];
    return [p, q, Math.hypot(q[0] - p[0], q[1] - p[1])];
  });
}

export function perimeter(outline: Pt[]): number {
  return edges(outline).reduce((sum, [, , len]) => sum + len, 0);
}

/** +1 if the outline runs anticlockwise (y up), -1 if clockwise. */
export function orientation(outline: Pt[]): number {
  let area = 0;
  outline.forEach(([x0, y0], i) => {
    const [x1, y1] = outline[(i + 1) % outline.length];
    area += x0 * y1 - x1 * y0;
  });
  return area >= 0 ? 1 : -1;
}

/** The edge point at arc length ``s`` from the outline's first corner (wrapping round). */
export function pointAt(outline: Pt[], s: number): Pt {
  const total = perimeter(outline);
  if (!total) return [0, 0];
  let rest = ((s % total) + total) % total;
  for (const [p, q, len] of edges(outline)) {
    if (rest <= len && len > 0) {
      const t = rest / len;
      return [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    }
    rest -= len;
  }
  return outline[0];
}

/** The edge point nearest ``p``: its arc length from the first corner and its distance from ``p``. */
export function nearestEdge(outline: Pt[], p: Pt): { s: number; distance: number } {
  let best = { s: 0, distance: Infinity };
  let s0 = 0;
  for (const [a, b, len] of edges(outline)) {
    if (len > 0) {
      const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * (b[0] - a[0]) + (p[1] - a[1]) * (b[1] - a[1])) / (len * len)));
      const d = Math.hypot(p[0] - (a[0] + t * (b[0] - a[0])), p[1] - (a[1] + t * (b[1] - a[1])));
      if (d < best.distance) best = { s: s0 + t * len, distance: d };
    }
    s0 += len;
  }
  return best;
}

/** Signed wrap of ``d`` into (-period/2, period/2]. */
function wrap(d: number, period: number): number {
  let v = ((d % period) + period) % period;
  if (v > period / 2) v -= period;
  return v;
}

export interface Aim {
  mark: number; // index into the marks
  slide: number; // dm along the edge, + to the pusher's right
  turn: number; // degrees off straight in, + to the pusher's left (anticlockwise)
}

/** How far a slide may go either way: half the gap between two marks, so every edge point is reachable. */
export function maxSlide(outline: Pt[], marks: Mark[]): number {
  return marks.length ? Math.round((perimeter(outline) / marks.length / 2) * 100) / 100 : 0;
}

/** The entry point and heading (radians) an aim names. */
export function aimPose(outline: Pt[], marks: Mark[], aim: Aim): { entry: Pt; heading: number } | null {
  const m = marks[aim.mark];
  if (!m || outline.length < 3) return null;
  const s = nearestEdge(outline, [m.x, m.y]).s + orientation(outline) * aim.slide;
  return { entry: pointAt(outline, s), heading: ((m.angle + aim.turn) * Math.PI) / 180 };
}

/** The aim (nearest mark, slide, turn) of an entry point on the edge and a heading, as a drag makes them. */
export function aimOf(outline: Pt[], marks: Mark[], entry: Pt, heading: number): Aim {
  const total = perimeter(outline);
  const s = nearestEdge(outline, entry).s;
  let mark = 0;
  let best = Infinity;
  marks.forEach((m, i) => {
    const d = Math.abs(wrap(s - nearestEdge(outline, [m.x, m.y]).s, total));
    if (d < best) {
      best = d;
      mark = i;
    }
  });
  const m = marks[mark];
  if (!m) return { mark: 0, slide: 0, turn: 0 };
  const slide = orientation(outline) * wrap(s - nearestEdge(outline, [m.x, m.y]).s, total);
  const turn = wrap((heading * 180) / Math.PI - m.angle, 360);
  return {
    mark,
    slide: Math.round(slide * 100) / 100,
    turn: Math.max(-MAX_TURN, Math.min(MAX_TURN, Math.round(turn))),
  };
}

/** A turn as the Aim control gives it (+ to the pusher's left): "straight in", "turned 12° left". The
 * compass heading it makes is named apart ("heading east"), never as a second number of degrees. */
export function aimWords(turn: number): string {
  const t = Math.round(turn);
  return t === 0 ? "straight in" : `turned ${Math.abs(t)}° ${t > 0 ? "left" : "right"}`;
}

/** A spot from the arena's centre in the words of the set-up's fields (Left / right, Up / down of the centre):
 * "2.5 cm right and 1 cm down from the centre", or "at the centre". */
export function spotText(x: number, y: number): string {
  const parts = ([
    [x, "right", "left"],
    [y, "up", "down"],
  ] as const)
    .filter(([v]) => cm(v) !== "0 cm")
    .map(([v, more, less]) => `${cm(v)} ${v > 0 ? more : less}`);
  return parts.length ? `${parts.join(" and ")} from the centre` : "at the centre";
}

export function nearestMark(marks: Mark[], p: Pt): string {
  let label = "";
  let best = Infinity;
  for (const m of marks) {
    const d = Math.hypot(m.x - p[0], m.y - p[1]);
    if (d < best) {
      best = d;
      label = m.label;
    }
  }
  return label;
}

/** CM_PER_DM: the game's lengths are decimetres of its world (1 dm = 10 cm, rules doc); players read cm. */
export const CM_PER_DM = 10;

/** A length in dm as players read it: "3.5 cm" (to a millimetre). */
export function cm(dm: number): string {
  return `${Math.round(Math.abs(dm) * CM_PER_DM * 10) / 10} cm`;
}

/** Where a point is, in words: "near mark C, 3.5 cm in from the edge" (or "… outside the edge"). */
export function whereText(outline: Pt[], marks: Mark[], p: Pt, inside: boolean): string {
  const near = nearestMark(marks, p);
  const d = nearestEdge(outline, p).distance;
  return `near mark ${near}, ${cm(d)} ${inside ? "in from" : "outside"} the edge`;
}
