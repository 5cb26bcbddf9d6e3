"""Response models: the shapes the server sends, for the HTTP routes and the table's WebSocket messages.

The routes declare them as ``response_model``, so FastAPI checks every answer against them and the OpenAPI
document (``/openapi.json``) describes them. The web client's TypeScript types are generated from that
document (``web/src/lib/api.gen.ts``, made by ``npm run types`` from ``web/openapi.json``, which
``monsterlair openapi`` writes; ``tests/server/test_api_models.py`` fails when the two drift apart).

Every model forbids keys it does not name: a route that starts sending a new key fails its tests until the
key is added here, so the client's types cannot silently fall behind. A game's own JSON (its view, its
display data, an event) is game-specific and stays an open object.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, model_serializer

from monsterlair.server.api.schemas import SessionPublic, UserPublic


class Out(BaseModel):
    """A response body: named keys only."""

    model_config = ConfigDict(extra="forbid")


class Sparse(Out):
    """A response body whose optional keys are left out when they have no value, as the server builds it."""

    @model_serializer(mode="wrap")
    def _without_nones(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        return {k: v for k, v in handler(self).items() if v is not None}


Outcome = Literal["win", "loss", "draw", "shared_win", "mission_lost", "capped"]
"""How a game ended for one receiver (words-contract.md "Result texts")."""

OptionValue = bool | int | float | str
Number = int | float
"""A number sent as the server has it (a whole number stays whole)."""


# --- the catalogue ----------------------------------------------------------------------------------------
class OptionSchema(Sparse):
    """One game option as the create-table form offers it."""

    default: OptionValue
    doc: str
    type: Literal["bool", "int", "float", "str"]
    label: str | None = None
    choices: list[OptionValue] | None = None
    choice_labels: list[str] | None = Field(default=None, description="A player's words for each choice, in order.")
    picker: str | None = Field(default=None, description='A special control: "deck" (the deck picker).')
    choice_players: list[list[int]] | None = Field(
        default=None, description="For each choice, the player counts the form offers it for, in order."
    )
    minimum: Number | None = None
    maximum: Number | None = None


class GameInfo(Out):
    """A game offered: player counts, rules summary, options, and the display data its board draws with."""

    id: str
    title: str
    min_players: int
    max_players: int
    player_counts: list[int] = Field(description="The player counts a new game accepts (MONSTRA: 1, 2 and 4).")
    rules_version: int
    summary: str
    score_meaning: str
    default_players: int
    hidden_info: bool = Field(
        description="Whether a seat's view hides anything (cards in hand, a deck's order): from the game's own "
        "declaration (its GameKind). Where it hides nothing, every seat sees what a spectator sees."
    )
    options: dict[str, OptionSchema]
    display: dict[str, Any] = Field(
        description="The game's display data (names, colours, texts and rule numbers its board shows), "
        "from the game's data files; {} for a game with none, which the generic board plays."
    )


class BotStrength(Out):
    label: str
    spec: str


class BotKind(Out):
    name: str
    label: str
    summary: str
    strengths: list[BotStrength]


class ClockChoice(Out):
    seconds: Number
    label: str


class Catalogue(Out):
    """``GET /api/games``: every game, the bot kinds with their strengths, and the turn clocks offered."""

    games: list[GameInfo]
    bots: list[BotKind]
    clocks: list[ClockChoice]


# --- results ----------------------------------------------------------------------------------------------
class ResultInfo(Sparse):
    """A finished game's result as stored (ranks: 1 = best)."""

    winners: list[int]
    ranks: list[int]
    scores: list[Number]
    termination: str
    capped: bool
    detail: dict[str, Any] | None = None
    payoffs: list[Number] | None = None


class Standing(Out):
    seat: int
    name: str
    you: bool
    rank: int
    score: Number
    score_text: str
    winner: bool
    out: int | None = Field(description="The order of elimination (1 = out first), or null.")
    detail: str = Field("", description="What decided the game for this seat when the score does not show it.")


class ResultText(Out):
    """The end of a game in one receiver's words: headline, sentences, standings (best first)."""

    outcome: Outcome
    headline: str
    lines: list[str]
    termination: str
    score_label: str
    standings: list[Standing]
    eliminated: list[int]
    detail_label: str = Field("", description="The label of the standings' detail column, or empty.")


class ResultSummary(Out):
    """The spectator's outcome and headline, the same for everyone (lobby, table bar, replay header)."""

    outcome: Outcome
    headline: str


# --- tables -----------------------------------------------------------------------------------------------
SeatKind = Literal["human", "bot", "empty"]
TableStatus = Literal["open", "playing", "finished", "closed"]


class SeatInfo(Out):
    seat: int
    kind: SeatKind
    name: str
    bot: str | None = None
    user: int | None = None
    bot_account: bool = Field(default=False, description="A bot account: a program playing over the network.")
    bot_since: int | None = Field(
        default=None, description="Set while a bot plays a person's seat: the moves made before it took over."
    )
    invited: bool = Field(
        default=False,
        description="Kept for a player asked to a rematch who has not answered yet (join: accept; leave: decline).",
    )


class ClockInfo(Out):
    """The table's turn clock: the limit, and the deadline of the seat to move (remaining: seconds when sent)."""

    turn_seconds: Number
    deadline: str | None
    remaining: Number | None
    seat: int | None


class AnswerBy(Out):
    """Until when the players asked to a rematch may answer (remaining: seconds when sent)."""

    deadline: str
    remaining: Number


class TableInfo(Out):
    """A table's public facts (the same for every receiver)."""

    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    status: TableStatus
    private: bool
    invite: str | None
    owner_seat: int | None
    seats: list[SeatInfo]
    state_id: int
    to_move: int | None
    result: ResultInfo | None
    result_summary: ResultSummary | None
    rematch_id: str | None
    rematch_of: str | None
    created_at: str | None
    started_at: str | None
    finished_at: str | None
    rated: bool
    hints: bool = Field(description="The table offers hints: a game against bots only, which can never be rated.")
    clock: ClockInfo | None
    answer_by: AnswerBy | None = Field(
        default=None, description="A rematch not yet started: until when the players it asked may answer."
    )
    tutorial: bool = Field(description="A game's tutorial: its coach shows whenever the table is opened.")


class TableDetail(Out):
    """A table and where I sit at it."""

    table: TableInfo
    seat: int | None
    host: bool


class TableSummary(Out):
    """A lobby line: game, seats, status, and where I sit and whether it is my turn."""

    id: str
    game: str
    title: str
    players: int
    status: TableStatus
    private: bool
    seats: list[SeatInfo]
    open_seats: int
    to_move: int | None
    my_seat: int | None
    host: bool
    your_turn: bool
    invited: bool = Field(
        default=False, description="A rematch keeps my seat and waits for my answer (join it, or leave to decline)."
    )
    host_name: str = Field(default="", description="The host's name (who asked, for a rematch).")
    answer_by: AnswerBy | None = Field(
        default=None, description="A rematch not yet started: until when the players it asked may answer."
    )
    rated: bool
    tutorial: bool = Field(description="A game's tutorial (the table page shows its coach).")
    turn_seconds: Number | None
    deadline: str | None
    result: ResultInfo | None
    result_summary: ResultSummary | None
    invite: str | None
    created_at: str | None
    finished_at: str | None


class Lobby(Out):
    """``GET /api/tables``."""

    open: list[TableSummary]
    live: list[TableSummary]
    finished: list[TableSummary]
    mine: list[TableSummary]


class Turns(Out):
    """``GET /api/me/turns``: the games waiting for my move."""

    count: int
    tables: list[TableSummary]
    invitations: list[TableSummary] = Field(
        default_factory=list, description="Rematches that keep a seat for me and wait for my answer, oldest first."
    )


class Ok(Out):
    ok: bool


class Hint(Out):
    """What the strongest bot would play in my place, and why."""

    action: str
    label: str
    why: str
    state_id: int


# --- play (the table's WebSocket) -------------------------------------------------------------------------
class LegalAction(Out):
    """A move the receiver may make now: ``text`` is sent back, ``label`` is shown."""

    text: str
    label: str


class LogEvent(BaseModel):
    """An event as this receiver may see it (game-specific keys besides ``type``)."""

    model_config = ConfigDict(extra="allow")
    type: str


class LogEntry(Sparse):
    ply: int = Field(description="The action that caused this entry, by its place in the record (0 = the opening).")
    move: int = Field(
        description="The move number players read: one per decision, a card pick counted with the choice it "
        "ends in (0 = the opening, and the platform's own entries)."
    )
    by: int | None
    event: LogEvent = Field(description="The redacted event, for boards and animations (the words are in text).")
    text: str = Field(description="The line to show, in this receiver's person (never re-derived by a client).")
    turn: int = Field(description="The turn this entry belongs to (0 = set-up).")
    undone: bool = Field(description="This move was taken back.")
    detail: bool | None = Field(
        default=None, description="A step another entry of the same move already says (a client may fold it)."
    )
    step: int | None = Field(
        default=None,
        description="The part of its action the game played by itself after the decision (1, 2, …: MONSTRA's Rift "
        "Guardian's turn, a new round's set-up; absent for what the seat decided). A client shows each part as a "
        "step of its own, as it shows another seat's move.",
    )


View = dict[str, Any]
"""A seat's (or the spectator's) view of a game: the game's own JSON."""


class TableMessage(Out):
    """What every table message tells its receiver: the table, their seat, the version and their view of it."""

    table: TableInfo
    seat: int | None
    state_id: int
    view: View | None
    legal: list[LegalAction]
    log: list[LogEntry]
    result_text: ResultText | None
    can_undo: bool = False


class Snapshot(TableMessage):
    """The full resync message a receiver gets on joining and on request."""

    type: Literal["snapshot"]
    host: bool


class Update(TableMessage):
    """Committed actions, as a receiver sees them: the new view and the new log entries."""

    type: Literal["update"]
    prev_state_id: int


# --- replays ----------------------------------------------------------------------------------------------
class ReplaySeat(Out):
    seat: int
    name: str
    bot: str | None
    user: int | None


class ReplayTable(Out):
    id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    seats: list[ReplaySeat]
    result: ResultInfo | None
    started_at: str | None
    finished_at: str | None
    private: bool


class ReplayAction(Out):
    ply: int
    step: int
    move: int = Field(description="The move this step belongs to (a card pick: the choice it ends in).")
    seat: int
    text: str = Field(description="The action's code, never shown to people.")
    label: str = Field(description="The move in words.")


class ReplayTurn(Out):
    """Steps ``first..last`` are one turn: one seat's run of moves, or a MONSTRA round (``unit``)."""

    turn: int
    seat: int
    first: int
    last: int
    label: str
    unit: str
    """What the game calls this span, as its board does: ``turn``, or ``round`` in MONSTRA."""


class Replay(Out):
    """``GET /api/replays/{id}``: a finished game with everything revealed."""

    table: ReplayTable
    steps: int
    moves: int = Field(description="How many moves the steps make, as the log numbers them.")
    actions: list[ReplayAction]
    turns: list[ReplayTurn]
    log: list[LogEntry]
    result_text: ResultText | None
    record: dict[str, Any]


class ReplayFrame(Out):
    """``GET /api/replays/{id}/steps/{step}``: the position after ``step`` actions, every view side by side."""

    step: int
    steps: int
    to_move: int | None
    over: bool
    spectator: View
    seats: list[View]
    action: str | None


class SavedReplay(Out):
    """A saved record opened as a replay: its table, invite and address."""

    id: str
    invite: str | None
    path: str
    steps: int


# --- ratings ----------------------------------------------------------------------------------------------
class RatingNumbers(Out):
    rating: float
    games: int
    wins: int
    draws: int
    losses: int
    best: float
    last_played: str | None


class LeaderboardUser(Out):
    id: int
    name: str
    guest: bool


class LeaderboardEntry(RatingNumbers):
    position: int
    user: LeaderboardUser


class Leaderboard(Out):
    game: str
    title: str
    rated_games: str = Field(description="Which games are rated, in players' words (the profile says the same).")
    total: int
    limit: int
    offset: int
    entries: list[LeaderboardEntry]


class RatingPoint(Out):
    at: str | None
    rating: float


class ProfileRating(RatingNumbers):
    game: str
    title: str
    position: int
    start: float | None
    history: list[RatingPoint]


class ProfileSeat(Out):
    seat: int
    user: int | None
    name: str
    bot: bool
    rank: int | None


class ProfileGame(Out):
    table_id: str
    game: str
    title: str
    players: int
    finished_at: str | None
    seat: int
    rank: int | None
    outcome: Outcome
    headline: str | None
    rated: bool
    rating_before: float | None
    rating_after: float | None
    private: bool
    seats: list[ProfileSeat]
    replay: str


class ProfileUser(Out):
    id: int
    name: str
    guest: bool
    member_since: str | None


class Profile(Out):
    user: ProfileUser
    me: bool
    rated_games: str = Field(description="Which games are rated, in players' words (the leaderboard says the same).")
    ratings: list[ProfileRating]
    games: list[ProfileGame]


EXTRA_MODELS: tuple[type[BaseModel], ...] = (Snapshot, Update, UserPublic, SessionPublic)
"""Models the client needs that no HTTP route answers with (the WebSocket's messages), added to the
OpenAPI document's schemas so that their TypeScript types are generated with the others."""
