// Small typed wrappers over the HTTP API. Every refusal arrives as {"error": {code, message}}.
import type {
  BotAccount,
  BotToken,
  Catalogue,
  Hint,
  Leaderboard,
  Lobby,
  Profile,
  ReplayFrame,
  SignedInSession,
  ReplayInfo,
  SavedReplay,
  TableDetail,
  Turns,
  User,
} from "./types";
import type { components } from "./api.gen";

export class ApiError extends Error {
  constructor(
    public code: string,
    message: string,
    public status: number,
  ) {
    super(message);
  }
}

/** What a failed request says to the player: the server's own sentence, else the error as text. */
export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: "same-origin", headers: {} };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)["Content-Type"] = "application/json";
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError("network", "The server cannot be reached. Check your connection and try again.", 0);
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data as { error?: { code: string; message: string } } | null)?.error;
    throw new ApiError(err?.code ?? "http", err?.message ?? `The server answered ${response.status}.`, response.status);
  }
  return data as T;
}

/** One seat of a new table, and the new table itself (the server's request bodies). */
export type SeatRequest = components["schemas"]["SeatCreate"];
export type NewTable = components["schemas"]["TableCreate"];
type Ok = components["schemas"]["Ok"];
type BotList = components["schemas"]["BotList"];

export const api = {
  me: () => call<User | null>("GET", "/api/auth/me"),
  guest: (name: string) => call<User>("POST", "/api/auth/guest", { name }),
  register: (username: string, password: string, name?: string) =>
    call<User>("POST", "/api/auth/register", { username, password, name }),
  login: (username: string, password: string) => call<User>("POST", "/api/auth/login", { username, password }),
  logout: () => call<Ok>("POST", "/api/auth/logout"),
  sessions: () => call<SignedInSession[]>("GET", "/api/auth/sessions"),
  revokeSession: (id: number) => call<Ok>("DELETE", `/api/auth/sessions/${id}`),
  games: () => call<Catalogue>("GET", "/api/games"),
  tutorial: (game: string) => call<TableDetail>("POST", `/api/games/${encodeURIComponent(game)}/tutorial`),
  lobby: () => call<Lobby>("GET", "/api/tables"),
  turns: () => call<Turns>("GET", "/api/me/turns"),
  createTable: (body: NewTable) => call<TableDetail>("POST", "/api/tables", body),
  table: (id: string, invite?: string | null) =>
    call<TableDetail>("GET", `/api/tables/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`),
  join: (id: string, seat: number | null, invite?: string | null) =>
    call<TableDetail>("POST", `/api/tables/${encodeURIComponent(id)}/join`, { seat, invite: invite ?? null }),
  hint: (id: string) => call<Hint>("GET", `/api/tables/${encodeURIComponent(id)}/hint`),
  leave: (id: string) => call<Ok>("POST", `/api/tables/${encodeURIComponent(id)}/leave`),
  setSeat: (id: string, seat: number, bot: string | null) =>
    call<TableDetail>("POST", `/api/tables/${encodeURIComponent(id)}/seats`, { seat, bot }),
  seatBotAccount: (id: string, seat: number, account: string) =>
    call<TableDetail>("POST", `/api/tables/${encodeURIComponent(id)}/seats`, { seat, account }),
  bots: () => call<BotList>("GET", "/api/bots"),
  createBot: (name: string) => call<BotToken>("POST", "/api/bots", { name }),
  newBotToken: (username: string) => call<BotToken>("POST", `/api/bots/${encodeURIComponent(username)}/token`),
  revokeBotToken: (username: string) => call<BotAccount>("DELETE", `/api/bots/${encodeURIComponent(username)}/token`),
  start: (id: string) => call<TableDetail>("POST", `/api/tables/${encodeURIComponent(id)}/start`),
  rematch: (id: string) => call<TableDetail>("POST", `/api/tables/${encodeURIComponent(id)}/rematch`),
  replay: (id: string, invite?: string | null) =>
    call<ReplayInfo>("GET", `/api/replays/${encodeURIComponent(id)}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`),
  openSaved: (record: unknown) => call<SavedReplay>("POST", "/api/replays", record),
  frame: (id: string, step: number, invite?: string | null) =>
    call<ReplayFrame>(
      "GET",
      `/api/replays/${encodeURIComponent(id)}/steps/${step}${invite ? `?invite=${encodeURIComponent(invite)}` : ""}`,
    ),
  leaderboard: (game: string, offset = 0, limit = 50) =>
    call<Leaderboard>("GET", `/api/leaderboard/${encodeURIComponent(game)}?limit=${limit}&offset=${offset}`),
  profile: (id: number) => call<Profile>("GET", `/api/users/${id}`),
};
