// Taking a seat from the lobby: "Join" seats you at once, "Play now" seats you at an open table of a game or
// starts one against bots. The player counts and the bot a new table offers first live here too.
import { api } from "./api";
import type { BotKind, GameInfo, TableSummary } from "./types";
import { plural } from "./words";

/** The player counts ``game`` can be played with, fewest first. */
export function playerCounts(game: GameInfo): number[] {
  if (game.player_counts?.length) return game.player_counts;
  return Array.from({ length: game.max_players - game.min_players + 1 }, (_, i) => game.min_players + i);
}

/** The player counts in words: "2 players", "2–5 players", "1, 2 or 4 players". */
export function countsText(game: GameInfo): string {
  const c = playerCounts(game);
  const contiguous = c.every((n, i) => i === 0 || n === c[i - 1] + 1);
  if (c.length === 1) return plural(c[0], "player");
  if (contiguous) return `${c[0]}–${plural(c[c.length - 1], "player")}`;
  return `${c.slice(0, -1).join(", ")} or ${plural(c[c.length - 1], "player")}`;
}

/** The bot a new seat gets first: the greedy bot's standard strength, else the first bot offered. */
export function defaultBot(bots: BotKind[]): string {
  return bots.find((b) => b.name === "greedy")?.strengths[0]?.spec ?? bots[0]?.strengths[0]?.spec ?? "random";
}

/** The address of a table (with its invite, for the host of a private one). */
export function tablePath(id: string, invite?: string | null): string {
  return `/t/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`;
}

/** Take the first free seat at ``table``; the address to go to. */
export async function joinTable(table: TableSummary): Promise<string> {
  await api.join(table.id, null, table.invite);
  return tablePath(table.id, table.invite);
}

/** The smallest player count with an opponent (two when the game allows it). */
function quickPlayers(game: GameInfo): number {
  const counts = playerCounts(game);
  return counts.find((n) => n >= 2) ?? counts[0];
}

/**
 * Seat the user at an open public table of ``game`` that has a free seat, or else start a table at once
 * with the user and bots. Returns the address of the table. The open tables are asked for afresh: the
 * lobby's list may be seconds old, or not loaded yet when the button is pressed.
 */
export async function playNow(game: GameInfo, bots: BotKind[]): Promise<string> {
  const { open } = await api.lobby();
  for (const table of open) {
    if (table.game !== game.id || table.my_seat !== null || table.open_seats === 0) continue;
    try {
      return await joinTable(table);
    } catch {
      // Someone took the last seat first: try the next table, or start one.
    }
  }
  const players = quickPlayers(game);
  const bot = defaultBot(bots);
  const detail = await api.createTable({
    game: game.id,
    players,
    options: {},
    seats: Array.from({ length: players }, (_, i) => (i === 0 ? { kind: "me" } : { kind: "bot", bot })),
    private: false,
    start: true,
  });
  return tablePath(detail.table.id);
}
