// Push a Monster in the browser: geometry of the top-down arena (world units are decimetres, y up), the
// place, push, nudge and shove texts the game parses (rules PM-2.2, PM-4.2, PM-6.2, PM-6.7) and motion
// frames (log lines come from the server).
import type { View } from "../../lib/types";
import { plural } from "../../lib/words";

export type Pt = [number, number];

export interface Pose {
  x: number;
  y: number;
  a: number; // radians
  kind: string;
}

export interface Frames {
  fps: number;
  count: number;
  monsters: { monster: number; track: [number, number, number, number][] }[];
  pusher: [number, number, number, number][];
  tray: Pt[] | null;
  falls: { monster: number; frame: number }[];
}

/** Each kind's outline in its own frame (parts of convex polygons): from the view's kinds, or read back from
 * any placed monster. */
export function learnShapes(view: View, into: Map<string, Pt[][]>): void {
  for (const k of view.kinds ?? []) if (!into.has(k.id) && Array.isArray(k.outline)) into.set(k.id, k.outline as Pt[][]);
  for (const m of view.monsters ?? []) {
    if (into.has(m.kind)) continue;
    const a = (Number(m.angle) * Math.PI) / 180;
    const c = Math.cos(-a);
    const s = Math.sin(-a);
    into.set(
      m.kind,
      (m.outline as Pt[][]).map((part) =>
        part.map(([px, py]) => {
          const dx = px - m.x;
          const dy = py - m.y;
          return [dx * c - dy * s, dx * s + dy * c] as Pt;
        }),
      ),
    );
  }
}

export function place(parts: Pt[][], x: number, y: number, a: number): Pt[][] {
  const c = Math.cos(a);
  const s = Math.sin(a);
  return parts.map((part) => part.map(([px, py]) => [x + px * c - py * s, y + px * s + py * c] as Pt));
}

export function posesOf(view: View): Map<number, Pose> {
  const out = new Map<number, Pose>();
  for (const m of view.monsters ?? [])
    out.set(Number(m.id), { x: Number(m.x), y: Number(m.y), a: (Number(m.angle) * Math.PI) / 180, kind: m.kind });
  return out;
}

/** The number people read for monster ``id``: ids count from 0 in views, events and action texts
 * (``shove monster=6``), people count from 1, as the log names monsters ("the blue Wisp #7"; the
 * server's ``core.words.shown_number``). The arena, the shove list and every label go through here. */
export function monsterNumber(id: number): number {
  return id + 1;
}

/** The kind of monster ``id`` (monsters are numbered by kind: five each of the die kinds, then purple). */
export function kindOf(view: View, id: number): string {
  const m = (view.monsters ?? []).find((x: any) => Number(x.id) === id);
  if (m) return m.kind;
  const kinds = (view.kinds ?? []).map((k: any) => k.id as string);
  return kinds[Math.min(Math.floor(id / 5), kinds.length - 1)] ?? "green";
}

export function insidePolygon(p: Pt, poly: Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i];
    const [xj, yj] = poly[j];
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether two convex polygons overlap or touch (separating axis test). */
export function convexOverlap(a: Pt[], b: Pt[]): boolean {
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i];
      const [x2, y2] = poly[(i + 1) % poly.length];
      const nx = y1 - y2;
      const ny = x2 - x1;
      const range = (ps: Pt[]) => ps.reduce(([lo, hi], [x, y]) => [Math.min(lo, x * nx + y * ny), Math.max(hi, x * nx + y * ny)], [Infinity, -Infinity]);
      const [alo, ahi] = range(a);
      const [blo, bhi] = range(b);
      if (ahi < blo || bhi < alo) return false;
    }
  }
  return true;
}

/** Why a start monster whose parts lie at ``parts`` (placed in the arena's frame) cannot be set down there, in
 * players' words, or null when it can (rule PM-2.2: fully on the arena, touching no other monster). The server
 * decides; this lets the board say so before Place is pressed. */
export function placeProblem(parts: Pt[][], others: Pt[][][], outline: Pt[]): string | null {
  const off =
    parts.some((part) => part.some((p) => !insidePolygon(p, outline))) ||
    outline.some((p) => parts.some((part) => insidePolygon(p, part)));
  if (off) return "It must lie fully on the arena: move it in, or press Nearest free spot.";
  if (others.some((body) => body.some((q) => parts.some((part) => convexOverlap(part, q)))))
    return "It would touch another monster: move it, or press Nearest free spot.";
  return null;
}

/** Where the ray from ``p`` along heading ``a`` first meets the outline (null if it misses). */
export function rayHit(p: Pt, a: number, poly: Pt[]): Pt | null {
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [x1, y1] = poly[j];
    const [x2, y2] = poly[i];
    const ex = x2 - x1;
    const ey = y2 - y1;
    const den = dx * ey - dy * ex;
    if (Math.abs(den) < 1e-12) continue;
    const t = ((x1 - p[0]) * ey - (y1 - p[1]) * ex) / den;
    const u = ((x1 - p[0]) * dy - (y1 - p[1]) * dx) / den;
    if (t > 1e-6 && u >= 0 && u <= 1 && t < best) best = t;
  }
  return Number.isFinite(best) ? [p[0] + dx * best, p[1] + dy * best] : null;
}

export function degrees(a: number): number {
  const d = Math.round((a * 180) / Math.PI) % 360;
  return d < 0 ? d + 360 : d;
}

function fix(v: number): string {
  const r = Math.round(v * 100) / 100;
  return (Object.is(r, -0) ? 0 : r).toFixed(2);
}

/** Whole degrees in 0..359 from whole or fractional degrees. */
export function wholeDegrees(d: number): number {
  const r = Math.round(d) % 360;
  return r < 0 ? r + 360 : r;
}

export function pushText(x: number, y: number, a: number, depth: number, facing = 0): string {
  const turned = wholeDegrees(facing);
  const text = `push x=${fix(x)} y=${fix(y)} angle=${degrees(a)} depth=${fix(depth)}`;
  return turned ? `${text} facing=${turned}` : text;
}

export function nudgeText(a: number, offset: number, dist: number): string {
  return `nudge angle=${degrees(a)} offset=${fix(offset)} dist=${fix(dist)}`;
}

export function shoveText(monster: number, a: number, offset: number, dist: number): string {
  return `shove monster=${monster} angle=${degrees(a)} offset=${fix(offset)} dist=${fix(dist)}`;
}

export function placeText(x: number, y: number, angleDegrees: number): string {
  return `place x=${fix(x)} y=${fix(y)} angle=${wholeDegrees(angleDegrees)}`;
}

/** How far a monster's outline reaches ahead of its centre of mass along heading 0 when turned ``facing``. */
export function frontOf(parts: Pt[][], facing: number): number {
  const c = Math.cos(facing);
  const s = Math.sin(facing);
  let front = -Infinity;
  for (const part of parts) for (const [px, py] of part) front = Math.max(front, px * c - py * s);
  return Number.isFinite(front) ? front : 0;
}

/** The pose of each monster at frame ``f`` of a motion, starting from ``base``; fallen ones are left out. */
export function poseAt(base: Map<number, Pose>, frames: Frames, f: number, kinds: (id: number) => string): Map<number, Pose> {
  const out = new Map(base);
  for (const tr of frames.monsters) {
    let last: [number, number, number, number] | null = null;
    for (const e of tr.track) {
      if (e[0] > f) break;
      last = e;
    }
    if (last) out.set(tr.monster, { x: last[1], y: last[2], a: last[3], kind: kinds(tr.monster) });
    else if (!base.has(tr.monster) && tr.track.length) {
      const e = tr.track[0];
      out.set(tr.monster, { x: e[1], y: e[2], a: e[3], kind: kinds(tr.monster) });
    }
  }
  for (const fall of frames.falls) if (fall.frame <= f) out.delete(fall.monster);
  return out;
}

/** How a monster was moving when it went over the edge at ``frame``: its last pose and its velocity in
 * arena units per second (from the last two points of its track), so its fall can carry on from there. */
export function fallStart(
  frames: Frames,
  monster: number,
  frame: number,
): { x: number; y: number; a: number; vx: number; vy: number } | null {
  const track = frames.monsters.find((t) => t.monster === monster)?.track.filter((e) => e[0] < frame) ?? [];
  if (!track.length) return null;
  const b = track[track.length - 1];
  const a = track.length > 1 ? track[track.length - 2] : b;
  const dt = (b[0] - a[0]) / (frames.fps || 30);
  return { x: b[1], y: b[2], a: b[3], vx: dt > 0 ? (b[1] - a[1]) / dt : 0, vy: dt > 0 ? (b[2] - a[2]) / dt : 0 };
}

/** "3 tries left to get it fully on the arena, then it is placed for you" (rule PM-6.6): the words of the
 * server's ``words.tries_words``, which the terminal shows (tests/test_board_words.py checks they match). */
export function tries(left: unknown): string {
  const n = Number(left);
  return `${plural(n, "try")} left to get it fully on the arena, then it is placed for you`;
}

/** A kind's monsters left in the supply: "3 in the supply"; an empty die kind warns that rolling it ends the game
 * (rule PM-9.1; the server's ``words.supply_words``, as the terminal says it; only "none left" once the game is
 * over); "start pieces only" for a kind
 * the die never shows (the purple Drakes). */
export function supplyWords(count: number, onDie: boolean, over = false): string {
  if (!onDie) return "start pieces only";
  if (count) return `${count} in the supply`;
  return over ? "none left" : "none left (if the die shows it, the game ends)";
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

