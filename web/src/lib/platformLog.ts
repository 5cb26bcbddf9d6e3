// Log lines for the platform's own events (turn clock, bot takeover, undo), the same for every game.
import type { LogEntry } from "./types";

export interface PlatformLine {
  text: string;
  kind: string;
}

function seatName(names: string[], seat: unknown): string {
  return typeof seat === "number" ? (names[seat] ?? `Seat ${seat + 1}`) : "Someone";
}

/** The line for a platform event, or undefined when the entry is the game's own. */
export function describePlatform(entry: LogEntry, names: string[]): PlatformLine | undefined {
  const e = entry.event;
  const who = seatName(names, e.seat);
  switch (e.type) {
    case "clock_expired":
      return { text: `${who} ran out of time.`, kind: "bad" };
    case "seat_takeover": {
      const since = typeof e.since === "number" ? e.since + 1 : 1;
      const why = e.reason === "left" ? `${who} left the game` : `${who}'s clock ran out`;
      return { text: `${why}: a bot plays their seat from move ${since}. This game no longer counts for ratings.`, kind: "info" };
    }
    case "seat_reclaimed":
      return { text: `${who} took their seat back from the bot.`, kind: "info" };
    case "move_undone":
      return { text: `${who} took back their last move.`, kind: "quiet" };
    default:
      return undefined;
  }
}

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
  if (seconds >= 86_400 && seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? "" : "s"}`;
  if (seconds >= 3600 && seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds >= 60 && seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** Seconds left under which the clock warns: a quarter of the limit, between 10 s and an hour. */
export function lowThreshold(limit: number): number {
  return Math.min(Math.max(10, limit / 4), 3600);
}
