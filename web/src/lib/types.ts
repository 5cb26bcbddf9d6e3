// Shapes of what the server sends (see src/monsterlair/server). Views are game-specific JSON.

export interface User {
  id: number;
  name: string;
  username: string | null;
  guest: boolean;
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
  /** Set while a bot plays a person's seat: the moves made before it took over. */
  bot_since?: number | null;
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

export type ServerMessage = Snapshot | Update | ServerError | { type: "pong" };

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
