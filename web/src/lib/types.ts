// Shapes of what the server sends. Generated: ``api.gen.ts`` comes from ``web/openapi.json`` (``npm run types``),
// which the server writes from its pydantic response models (src/monsterlair/server/api/models.py;
// ``python -m monsterlair.server.api.openapi``); tests/server/test_api_models.py fails when they drift apart.
// Only the table's social messages (chat, presence, errors) are described here by hand.

import type { components } from "./api.gen";

type Schemas = components["schemas"];

export type User = Schemas["UserPublic"];
export type OptionSchema = Schemas["OptionSchema"];
export type GameInfo = Schemas["GameInfo"];
export type BotStrength = Schemas["BotStrength"];
export type BotKind = Schemas["BotKind"];
export type ClockChoice = Schemas["ClockChoice"];
export type Catalogue = Schemas["Catalogue"];
export type SeatInfo = Schemas["SeatInfo"];
export type BotAccount = Schemas["BotPublic"];
export type BotToken = Schemas["BotToken"];
export type ClockInfo = Schemas["ClockInfo"];
export type ResultInfo = Schemas["ResultInfo"];
export type Outcome = Schemas["ResultText"]["outcome"];
export type Standing = Schemas["Standing"];
export type ResultText = Schemas["ResultText"];
export type ResultSummary = Schemas["ResultSummary"];
export type TableInfo = Schemas["TableInfo"];
export type TableDetail = Schemas["TableDetail"];
export type TableSummary = Schemas["TableSummary"];
export type Lobby = Schemas["Lobby"];
export type LegalAction = Schemas["LegalAction"];
export type LogEntry = Schemas["LogEntry"];
export type Turns = Schemas["Turns"];
export type ReplayInfo = Schemas["Replay"];
export type ReplayTurn = Schemas["ReplayTurn"];
export type LeaderboardEntry = Schemas["LeaderboardEntry"];
export type Leaderboard = Schemas["Leaderboard"];
export type ProfileRating = Schemas["ProfileRating"];
export type ProfileGame = Schemas["ProfileGame"];
export type Profile = Schemas["Profile"];
export type SignedInSession = Schemas["SessionPublic"];
export type Hint = Schemas["Hint"];
export type SavedReplay = Schemas["SavedReplay"];

/** A seat's (or the spectator's) view of a game: the game's own JSON, which only that game's board reads
 * (a game publishes no schema for it; the generic board shows it as it comes). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = Record<string, any>;

/** The generated message types, with the view as the boards read it. */
export type Snapshot = Omit<Schemas["Snapshot"], "view"> & { view: View | null };
export type Update = Omit<Schemas["Update"], "view"> & { view: View | null };
export type ReplayFrame = Omit<Schemas["ReplayFrame"], "spectator" | "seats"> & { spectator: View; seats: View[] };

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

