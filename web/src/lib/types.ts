// Shapes of what the server sends (see src/monsterlair/server). Views are game-specific JSON.

export interface User {
  id: number;
  name: string;
  username: string | null;
  guest: boolean;
  bot?: boolean;
}

export interface OptionSchema {
  default: boolean | number | string;
  doc: string;
  type: "bool" | "int" | "float" | "str";
  label?: string;
  choices?: (boolean | number | string)[];
  minimum?: number;
  maximum?: number;
}

export interface GameInfo {
  id: string;
  title: string;
  min_players: number;
  max_players: number;
  rules_version: number;
  summary: string;
  options: Record<string, OptionSchema>;
  display: Record<string, unknown>;
}

export interface BotStrength {
  label: string;
  spec: string;
}

export interface BotKind {
  name: string;
  label: string;
  summary: string;
  strengths: BotStrength[];
}

export interface ClockChoice {
  seconds: number;
  label: string;
}

export interface Catalogue {
  games: GameInfo[];
  bots: BotKind[];
  clocks?: ClockChoice[];
}

export interface SeatInfo {
  seat: number;
  kind: "human" | "bot" | "empty";
  name: string;
  bot?: string | null;
  user?: number | null;
  /** A bot account: a program playing over the network (kind is "bot"). */
  bot_account?: boolean;
  /** Set while a bot plays a person's seat: the moves made before it took over. */
  bot_since?: number | null;
}

/** One of the signed-in person's bot accounts (never with its token). */
export interface BotAccount {
  id: number;
  name: string;
  username: string;
  active: boolean;
  created_at: string | null;
}

/** A bot account with its token: the only time the token is shown. */
export interface BotToken {
  bot: BotAccount;
  token: string;
}

/** The table's turn clock: the limit, and the deadline of the seat to move (remaining: seconds when sent). */
export interface ClockInfo {
  turn_seconds: number;
  deadline: string | null;
  remaining: number | null;
  seat: number | null;
}

export interface ResultInfo {
  winners: number[];
  ranks: number[];
  scores: number[];
  termination: string;
  capped: boolean;
  detail?: Record<string, unknown>;
}

export interface TableInfo {
  id: string;
  game: string;
  title: string;
  players: number;
  options: Record<string, unknown>;
  status: "open" | "playing" | "finished" | "closed";
  private: boolean;
  invite: string | null;
  owner_seat: number | null;
  seats: SeatInfo[];
  state_id: number;
  to_move: number | null;
  result: ResultInfo | null;
  rematch_id: string | null;
  rematch_of: string | null;
  rated?: boolean;
  clock?: ClockInfo | null;
}

export interface TableSummary {
  id: string;
  game: string;
  title: string;
  players: number;
  status: string;
  private: boolean;
  seats: SeatInfo[];
  open_seats: number;
  to_move: number | null;
  my_seat: number | null;
  host: boolean;
  your_turn: boolean;
  result: ResultInfo | null;
  invite: string | null;
  created_at: string | null;
  finished_at: string | null;
}

export interface Lobby {
  open: TableSummary[];
  live: TableSummary[];
  finished: TableSummary[];
  mine: TableSummary[];
}

export interface LegalAction {
  text: string;
  label: string;
}

export interface LogEntry {
  ply: number;
  by: number | null;
  event: { type: string; [key: string]: unknown };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = Record<string, any>;

export interface Snapshot {
  type: "snapshot";
  table: TableInfo;
  seat: number | null;
  host: boolean;
  state_id: number;
  view: View | null;
  legal: LegalAction[];
  log: LogEntry[];
  can_undo?: boolean;
}

export interface Update {
  type: "update";
  table: TableInfo;
  seat: number | null;
  prev_state_id: number;
  state_id: number;
  view: View | null;
  legal: LegalAction[];
  log: LogEntry[];
  can_undo?: boolean;
}

export interface ServerError {
  type: "error";
  code: string;
  message: string;
  ref?: string | number;
}

/** One chat message; `text` is what a person typed: show it as text, never as markup. */
export interface ChatMessage {
  id: number;
  user_id: number;
  name: string;
  seat: number | null;
  text: string;
  at: string | null;
}

/** Who is at the table: seats with a live connection, signed-in spectators, and viewers without a name. */
export interface PresenceInfo {
  online: number[];
  spectators: string[];
  more: number;
  anonymous: number;
}

export type SocialMessage =
  | { type: "chat"; message: ChatMessage }
  | { type: "chat_history"; messages: ChatMessage[] }
  | ({ type: "presence" } & PresenceInfo);

export type ServerMessage = Snapshot | Update | ServerError | { type: "pong" } | SocialMessage;

export interface Turns {
  count: number;
  tables: TableSummary[];
}

export interface ReplayInfo {
  table: {
    id: string;
    game: string;
    title: string;
    players: number;
    options: Record<string, unknown>;
    seats: { seat: number; name: string; bot: string | null }[];
    result: ResultInfo | null;
    started_at: string | null;
    finished_at: string | null;
    private: boolean;
  };
  steps: number;
  actions: { ply: number; seat: number; text: string }[];
  log: LogEntry[];
}

export interface ReplayFrame {
  step: number;
  steps: number;
  to_move: number | null;
  over: boolean;
  spectator: View;
  seats: View[];
  action: string | null;
}

// --- ratings: leaderboards and profiles ---------------------------------------------------------------
export interface RatingNumbers {
  rating: number;
  games: number;
  wins: number;
  draws: number;
  losses: number;
  best: number;
  last_played: string | null;
}

export interface LeaderboardEntry extends RatingNumbers {
  position: number;
  user: { id: number; name: string; guest: boolean };
}

export interface Leaderboard {
  game: string;
  title: string;
  total: number;
  limit: number;
  offset: number;
  entries: LeaderboardEntry[];
}

export interface ProfileRating extends RatingNumbers {
  game: string;
  title: string;
  position: number;
  start: number | null;
  history: { at: string | null; rating: number }[];
}

export interface ProfileGame {
  table_id: string;
  game: string;
  title: string;
  players: number;
  finished_at: string | null;
  seat: number;
  rank: number | null;
  outcome: "win" | "draw" | "loss";
  rated: boolean;
  rating_before: number | null;
  rating_after: number | null;
  private: boolean;
  seats: { seat: number; user: number | null; name: string; bot: boolean; rank: number | null }[];
  replay: string;
}

export interface Profile {
  user: { id: number; name: string; guest: boolean; member_since: string | null };
  me: boolean;
  ratings: ProfileRating[];
  games: ProfileGame[];
}
