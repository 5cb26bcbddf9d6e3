// Where the arena's words go: each monster's number on the monster, each entry mark's letter just outside the
// edge. On a phone's small canvas they would crowd: a number lands on a neighbour's number or on an eye, and a
// monster sticking out over the edge lies under a mark's letter. So every label takes the first free spot of a
// few: a number near its monster's middle, a letter straight out from its mark until it clears every monster.
// All in screen pixels (the canvas's CSS pixels).
import { convexOverlap, type Pt } from "./push";

/** A label's box: its middle and its size. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Placed extends Box {
  text: string;
  kind: "number" | "mark";
}

export interface NumberWish {
  text: string;
  /** Where the number would sit (the monster's middle, a little behind its eye). */
  at: Pt;
  /** The monster's eye, kept clear. */
  eye: Pt;
}

export interface MarkWish {
  text: string;
  /** The mark's point on the edge. */
  at: Pt;
  /** The outward direction (a unit vector). */
  out: Pt;
}

/** Room kept round every label, so two never touch. */
const GAP = 1;

export function overlaps(a: Box, b: Box, gap = GAP): boolean {
  return Math.abs(a.x - b.x) * 2 < a.w + b.w + 2 * gap && Math.abs(a.y - b.y) * 2 < a.h + b.h + 2 * gap;
}

function inside(b: Box, w: number, h: number): boolean {
  return b.x - b.w / 2 >= 0 && b.x + b.w / 2 <= w && b.y - b.h / 2 >= 0 && b.y + b.h / 2 <= h;
}

/** Whether a box (grown by ``gap``) meets a convex polygon: a quick look at their extents, then the separating
 * axis test of two polygons (the box's corners as one). */
export function boxMeetsPolygon(b: Box, poly: Pt[], gap = GAP): boolean {
  const hw = b.w / 2 + gap;
  const hh = b.h / 2 + gap;
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  if (Math.max(...xs) < b.x - hw || Math.min(...xs) > b.x + hw) return false;
  if (Math.max(...ys) < b.y - hh || Math.min(...ys) > b.y + hh) return false;
  const corners: Pt[] = [
    [b.x - hw, b.y - hh],
    [b.x + hw, b.y - hh],
    [b.x + hw, b.y + hh],
    [b.x - hw, b.y + hh],
  ];
  return convexOverlap(corners, poly);
}

/**
 * Places the numbers first (each on its monster: the first of a few spots round its middle that is clear of
 * every label placed and every eye), then the letters (each straight out from its mark, from ``markFrom``
 * pixels off the edge up to ``reach`` more, at the first spot clear of every monster and label). A label with
 * no clear spot keeps its first one.
 */
export function placeLabels(
  numbers: NumberWish[],
  marks: MarkWish[],
  bodies: Pt[][],
  opts: {
    size: { w: number; h: number };
    measure: (text: string, kind: Placed["kind"]) => { w: number; h: number };
    eyeRadius: number;
    markFrom: number;
    reach: number;
  },
): Placed[] {
  const { size, measure, eyeRadius, markFrom, reach } = opts;
  const placed: Placed[] = [];
  const eyes: Box[] = numbers.map((n) => ({ x: n.eye[0], y: n.eye[1], w: 2 * eyeRadius, h: 2 * eyeRadius }));
  const free = (b: Box, own: number | null) =>
    inside(b, size.w, size.h) &&
    !placed.some((p) => overlaps(p, b)) &&
    !eyes.some((e, i) => i !== own && overlaps(e, b, 0));
  numbers.forEach((n, i) => {
    const { w, h } = measure(n.text, "number");
    const eye = eyes[i];
    // Straight away from its own eye first, then round the middle.
    const away = Math.atan2(n.at[1] - eye.y, n.at[0] - eye.x);
    const spots: Pt[] = [n.at];
    for (const r of [0.35, 0.7, 1.05])
      for (let k = 0; k < 8; k++) {
        const a = away + (k % 2 ? 1 : -1) * Math.ceil(k / 2) * (Math.PI / 4);
        spots.push([n.at[0] + Math.cos(a) * r * h, n.at[1] + Math.sin(a) * r * h]);
      }
    const clearOfEye = (b: Box) => !overlaps(eye, b, 0);
    const box = (p: Pt): Box => ({ x: p[0], y: p[1], w, h });
    const spot = spots.find((p) => free(box(p), i) && clearOfEye(box(p))) ?? spots.find((p) => free(box(p), i));
    placed.push({ ...box(spot ?? n.at), text: n.text, kind: "number" });
  });
  for (const m of marks) {
    const { w, h } = measure(m.text, "mark");
    // From ``markFrom`` off the edge (at least the letter's own half-size) out to ``reach`` beyond.
    const first = Math.max(markFrom, Math.hypot((m.out[0] * w) / 2, (m.out[1] * h) / 2) + 3);
    const box = (d: number): Box => ({ x: m.at[0] + m.out[0] * d, y: m.at[1] + m.out[1] * d, w, h });
    let chosen = box(first);
    for (let d = first; d <= first + reach; d += 2) {
      const b = box(d);
      if (free(b, null) && !bodies.some((part) => boxMeetsPolygon(b, part))) {
        chosen = b;
        break;
      }
    }
    placed.push({ ...chosen, text: m.text, kind: "mark" });
  }
  return placed;
}
