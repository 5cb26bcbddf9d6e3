// Push a Monster in the browser: geometry of the top-down arena (world units are decimetres, y up), the
// push and nudge texts the game parses (rules PM-4.2, PM-6.2), motion frames, and log sentences.
import type { LogEntry, View } from "../../lib/types";

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

/** Each kind's outline in its own frame (parts of convex polygons), read back from any placed monster. */
export function learnShapes(view: View, into: Map<string, Pt[][]>): void {
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

export function pushText(x: number, y: number, a: number, depth: number): string {
  return `push x=${fix(x)} y=${fix(y)} angle=${degrees(a)} depth=${fix(depth)}`;
}

export function nudgeText(a: number, offset: number, dist: number): string {
  return `nudge angle=${degrees(a)} offset=${fix(offset)} dist=${fix(dist)}`;
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

const TERMINATION: Record<string, string> = {
  kind_exhausted: "the die showing a kind that ran out",
  supply_empty: "an empty supply",
};

export function terminationText(code: string): string {
  return TERMINATION[code] ?? code.replaceAll("_", " ");
}

export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

type Kind = "turn" | "info" | "attack" | "win" | "bad" | "good" | "quiet";

export function describe(entry: LogEntry, names: string[], view: View | null): { text: string; kind: Kind } | null {
  const e = entry.event as Record<string, any> & { type: string };
  const who = (s: unknown) => (typeof s === "number" ? (names[s] ?? `Seat ${s + 1}`) : "?");
  const kname = (k: unknown) => (view?.kinds ?? []).find((x: any) => x.id === k)?.name ?? String(k);
  switch (e.type) {
    case "roll":
      return { text: `${who(e.seat)} rolls ${e.face === "?" ? "the question mark" : e.face}`, kind: "turn" };
    case "take":
      return { text: `${who(e.seat)} takes ${article(String(e.kind))} ${e.kind} ${kname(e.kind)}`, kind: "quiet" };
    case "tie":
      return { text: `${who(e.seat)} may choose: ${(e.kinds as string[]).join(", ")}`, kind: "quiet" };
    case "choose":
      return { text: `${who(e.seat)} chooses ${e.kind}`, kind: "quiet" };
    case "push":
    case "nudge": {
      const fallen = (e.fallen as number[]) ?? [];
      const verb = e.type === "push" ? "pushes" : "nudges";
      return {
        text: `${who(e.seat)} ${verb}: ${String(e.status).replaceAll("_", " ")}${fallen.length ? ` · ${fallen.length} fell` : ""}`,
        kind: fallen.length ? "bad" : "info",
      };
    }
    case "fall": {
      const to = (e.tokens_to as number[]).map(who).join(", ");
      const a = article(String(e.kind));
      return {
        text: `${a[0].toUpperCase()}${a.slice(1)} ${e.kind} ${kname(e.kind)} falls off! A token each to ${to || "nobody"}`,
        kind: "attack",
      };
    }
    case "placed":
      return { text: "The monster lies fully on the arena", kind: "good" };
    case "overhang":
      return { text: `It sticks out: ${e.nudges_left} nudge${e.nudges_left === 1 ? "" : "s"} left`, kind: "quiet" };
    case "missed":
      return { text: `It dropped off the pusher: ${e.attempts_left} attempt${e.attempts_left === 1 ? "" : "s"} left`, kind: "quiet" };
    case "game_over":
      return { text: `Game over: ${terminationText(String(e.result?.termination ?? ""))}`, kind: "win" };
    default: {
      const { type, frames, ...rest } = e;
      void frames;
      return { text: `${type} ${JSON.stringify(rest)}`, kind: "quiet" };
    }
  }
}
