// The turn clock's numbers in words (the platform's own log lines come from the server, with the game's).
import { plural } from "./words";

/** A duration for a countdown: 0:07, 4:59, 2 h 05 min, 1 d 3 h. */
export function formatRemaining(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s >= 86_400) {
    const d = Math.floor(s / 86_400);
    const h = Math.floor((s % 86_400) / 3600);
    return `${d} d ${h} h`;
  }
  if (s >= 3600) {
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    return `${h} h ${String(m).padStart(2, "0")} min`;
  }
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** A turn limit: 30 s, 5 min, 1 h, 1 day, 3 days. */
export function formatLimit(seconds: number): string {
  if (seconds >= 86_400 && seconds % 86_400 === 0) return plural(seconds / 86_400, "day");
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** Seconds left under which the clock warns: a quarter of the limit, between 10 s and an hour. */
export function lowThreshold(limit: number): number {
  return Math.min(Math.max(10, limit / 4), 3600);
}
