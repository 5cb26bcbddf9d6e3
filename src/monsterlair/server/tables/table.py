"""The authoritative table logic: seats, start, action checks, apply, and per-receiver messages. No IO.

A :class:`Table` holds one table's set-up (a :class:`TableData`), its live game state and its event
log. The hub (``server/tables/hub.py``) calls it under a per-table lock and does the IO: it asks for a
:class:`Proposal` (the actions checked and applied to a clone), stores it, and only then commits it
here and announces it. Incoming actions are checked in a fixed order (after boardgame.io's master):
shape → table started → not over → sender holds the seat to move → ``state_id`` current → each
action parses and is legal. A batch (a multi-card choice) is applied to a clone in order and is
accepted whole or rejected whole.

Every message leaves through :meth:`Table.snapshot` or :meth:`Table.update`, which build the
receiver's view (``state.view(seat)``; ``None`` for spectators) and redact every log event for it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from monsterlair.bots.seat_names import bot_name
from monsterlair.core import (
    BadAction,
    BadOptions,
    BadRecord,
    Event,
    Game,
    GameOver,
    IllegalAction,
    Seat,
    State,
)
from monsterlair.server.storage.base import ActionData, SeatData, StoredEvent, TableData
from monsterlair.server.tables import words
from monsterlair.server.tables.clock import answer_info, clock_info
from monsterlair.server.tables.hints import tables_hints

OPEN = "open"
PLAYING = "playing"
FINISHED = "finished"
CLOSED = "closed"

MAX_BATCH = 64
"""The most actions one message may carry (a multi-card choice is far shorter)."""

MAX_NAME = 24

BotLabel = Callable[[str, int, Sequence[str]], str]
"""Names a bot seat: (spec, seat, names already at the table) -> a distinct name (``bots/seat_names.py``)."""


class TableError(Exception):
    """A request the table refuses, with a stable ``code`` and a sentence a person can act on."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, Any]:
        """The error as sent to a client."""
        return {"type": "error", "code": self.code, "message": self.message}


@dataclasses.dataclass(slots=True)
class LogEntry:
    """One event in a table's log: the ply it belongs to (actions applied so far) and the acting seat."""

    ply: int
    seat: Seat | None
    event: Event

    def for_seat(self, seat: Seat | None, *, reveal_all: bool = False) -> dict[str, Any]:
        """The entry as ``seat`` may see it."""
        return {"ply": self.ply, "by": self.seat, "event": self.event.for_seat(seat, reveal_all=reveal_all)}

    def stored(self) -> StoredEvent:
        """The entry as stored (all parts)."""
        e = self.event
        return StoredEvent(
            self.ply, self.seat, e.type, dict(e.data), dict(e.private) if e.private else None, list(e.to)
        )

    @staticmethod
    def from_stored(s: StoredEvent) -> LogEntry:
        """The entry for a stored event."""
        return LogEntry(s.ply, s.seat, Event(s.type, dict(s.data), s.private, tuple(s.to)))


@dataclasses.dataclass(slots=True)
class Proposal:
    """Actions checked and applied to a clone: what the hub stores, then commits."""

    seat: Seat
    base_state_id: int
    texts: list[str]
    state: State
    entries: list[LogEntry]
    meta: TableData

    def actions(self) -> list[ActionData]:
        """The actions as stored."""
        return [ActionData(self.base_state_id + i + 1, self.seat, t) for i, t in enumerate(self.texts)]

    def stored_events(self) -> list[StoredEvent]:
        """The events as stored."""
        return [e.stored() for e in self.entries]


def opening_log(state: State | None) -> list[LogEntry]:
    """The log's first entries (move 0): what the game shows as it opens (``State.opening_events``). They
    follow from the seed, so they are derived again on restore rather than stored."""
    return [] if state is None else [LogEntry(0, None, e) for e in state.opening_events()]


def clean_name(raw: object) -> str:
    """A display name: trimmed, inner whitespace collapsed, 1–24 printable characters.

    Raises:
        TableError: ``bad_name`` when nothing usable is left or it is too long.
    """
    if not isinstance(raw, str):
        raise TableError("bad_name", "A name is text of 1 to 24 characters.")
    name = " ".join(raw.split())
    name = "".join(ch for ch in name if ch.isprintable())
    if not name:
        raise TableError("bad_name", "Please choose a name (1 to 24 characters).")
    if len(name) > MAX_NAME:
        raise TableError("bad_name", f"That name is {len(name)} characters long; the limit is {MAX_NAME}.")
    return name


def seat_kind(seat: SeatData) -> str:
    """``human``, ``bot`` (a server bot or a bot account playing over the network) or ``empty``.

    A person's seat that a bot plays for them (they left, or their clock ran out) stays ``human``: it is
    still theirs to take back, and ``bot_since`` says since when the bot plays it.
    """
    if seat.bot_account:
        return "bot"
    if seat.user_id is not None:
        return "human"
    return "bot" if seat.bot is not None else "empty"


def _now() -> datetime:
    return datetime.now(UTC)


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


class Table:
    """One table: set-up (``meta``), live state (``None`` until started) and the event log."""

    __slots__ = ("meta", "game", "state", "log", "bot_label", "_marks")

    def __init__(
        self,
        meta: TableData,
        game: Game,
        state: State | None = None,
        log: list[LogEntry] | None = None,
        bot_label: BotLabel | None = None,
    ) -> None:
        self.meta = meta
        self.game = game
        self.state = state
        self.log: list[LogEntry] = log if log is not None else []
        self._marks = words.LogMarks(game)
        self.bot_label: BotLabel = bot_label or bot_name

    # --- construction ------------------------------------------------------------------------------
    @classmethod
    def create(
        cls,
        game: Game,
        *,
        table_id: str,
        owner_id: int,
        players: int,
        options: Mapping[str, Any] | None,
        seats: list[SeatData],
        private: bool,
        seed: int,
        invite: str,
        bot_label: BotLabel | None = None,
    ) -> Table:
        """A new open table, its options checked against the game's schema.

        Raises:
            TableError: ``bad_options`` (the game's own sentence) or ``bad_request`` for a bad seat list.
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise TableError("bad_options", "The number of players must be a whole number.")
        try:
            resolved = game.check_setup(players, options)
        except BadOptions as exc:
            raise TableError("bad_options", str(exc)) from None
        if len(seats) != players:
            raise TableError("bad_request", f"Give one seat entry per player: {players} seats, not {len(seats)}.")
        humans = [s.user_id for s in seats if s.user_id is not None]
        if len(humans) != len(set(humans)):
            raise TableError("bad_request", "A person can hold only one seat at a table.")
        meta = TableData(
            id=table_id,
            game=game.id,
            rules_version=game.rules_version,
            players=players,
            options=dict(resolved),
            seed=seed,
            owner_id=owner_id,
            private=private,
            invite=invite,
            status=OPEN,
            created_at=_now(),
            seats=seats,
        )
        return cls(meta, game, bot_label=bot_label)

    @classmethod
    def restore(
        cls,
        meta: TableData,
        game: Game,
        events: Sequence[StoredEvent],
        bot_label: BotLabel | None = None,
    ) -> Table:
        """A table rebuilt from storage: its state replayed from the stored record.

        Raises:
            TableError: ``unavailable`` if the record no longer replays (for example a newer rules version).
        """
        state: State | None = None
        if meta.status in (PLAYING, FINISHED):
            if meta.record is None:
                raise TableError("unavailable", "This table has no stored record to resume from.")
            try:
                state = game.replay(meta.record)
            except BadRecord as exc:
                raise TableError("unavailable", f"This game cannot be resumed: {exc}") from None
            # state_id counts every stored change (actions, undos, takeovers): never fewer than the actions.
            if len(meta.record.get("actions", [])) > meta.state_id:
                raise TableError("unavailable", "This table's stored record and action count disagree.")
        # Events of later plies (stored by another process after ``meta`` was read) are not part of it yet.
        log = opening_log(state) + [LogEntry.from_stored(e) for e in events if e.ply <= meta.state_id]
        return cls(meta, game, state, log, bot_label)

    # --- reading -----------------------------------------------------------------------------------
    @property
    def id(self) -> str:
        """The table id."""
        return self.meta.id

    @property
    def status(self) -> str:
        """``open``, ``playing``, ``finished`` or ``closed``."""
        return self.meta.status

    @property
    def state_id(self) -> int:
        """How many actions have been applied: the version a client must quote with its next action."""
        return self.meta.state_id

    @property
    def to_move(self) -> Seat | None:
        """The seat whose decision it is (``None`` before the start and after the end)."""
        return None if self.state is None else self.state.to_move

    def seat_of(self, user_id: int | None) -> Seat | None:
        """The seat ``user_id`` holds here, if any."""
        if user_id is None:
            return None
        for i, seat in enumerate(self.meta.seats):
            if seat.user_id == user_id:
                return i
        return None

    def bot_to_move(self) -> tuple[Seat, str] | None:
        """The seat to move and its bot spec, when a bot must move now."""
        if self.state is None or self.state.over or self.meta.status != PLAYING:
            return None
        seat = self.state.to_move
        if seat is None:
            return None
        spec = self.meta.seats[seat].bot
        return None if spec is None else (seat, spec)

    def is_member(self, user_id: int | None) -> bool:
        """True for the owner and seated users."""
        return user_id is not None and (user_id == self.meta.owner_id or self.seat_of(user_id) is not None)

    def may_view(self, user_id: int | None, invite: str | None) -> bool:
        """Public tables are open to all; a private one to its members and holders of the invite."""
        return not self.meta.private or self.is_member(user_id) or (invite is not None and invite == self.meta.invite)

    # --- seats -------------------------------------------------------------------------------------
    def _require_open(self, what: str) -> None:
        if self.meta.status == PLAYING:
            raise TableError("already_started", f"The game has started; you can no longer {what}.")
        if self.meta.status in (FINISHED, CLOSED):
            raise TableError("table_closed", f"This table is {self.meta.status}; you can no longer {what}.")

    def join(
        self, user_id: int, name: str, seat: Seat | None = None, invite: str | None = None, *, bot_account: bool = False
    ) -> Seat:
        """Seat a user (``bot_account``: a bot account) in ``seat`` (or the first empty seat) and return it.

        A player asked to a rematch joins the seat kept for them (``seat`` is then ignored); once nobody is
        left to answer and every seat is filled, the rematch starts (:meth:`_start_if_all_answered`).

        Raises:
            TableError: when the table is not open, private without the invite, the user is seated, or no seat fits.
        """
        self._require_open("join")
        if not self.may_view(user_id, invite):
            raise TableError("forbidden", "This table is private; ask its host for the invite link.")
        mine = self.seat_of(user_id)
        if mine is not None and self.meta.seats[mine].invited:
            self.meta.seats[mine].invited = False
            self._start_if_all_answered()
            return mine
        if mine is not None:
            raise TableError("already_seated", "You already have a seat at this table.")
        seats = self.meta.seats
        if seat is None:
            free = [i for i, s in enumerate(seats) if s.empty]
            if not free:
                raise TableError("table_full", "Every seat at this table is taken.")
            seat = free[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise TableError("bad_request", f"Seats are numbered 0 to {len(seats) - 1}.")
        if not seats[seat].empty:
            raise TableError("seat_taken", f"Seat {seat + 1} is taken; pick an empty one.")
        seats[seat] = SeatData(user_id=user_id, name=name, bot_account=bot_account)
        return seat

    def leave(self, user_id: int) -> None:
        """Free the user's seat before the start (for a player asked to a rematch: declining it). The host
        role passes on to a person who has joined; a table nobody hosts closes.

        Raises:
            TableError: after the start, or when the user has no seat here.
        """
        self._require_open("leave")
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "You have no seat at this table.")
        self.meta.seats[seat] = SeatData()
        if user_id == self.meta.owner_id:
            # The host role passes to a person; bot accounts only play.
            others = [s.user_id for s in self.meta.seats if s.user_id is not None and not (s.bot_account or s.invited)]
            if others:
                self.meta.owner_id = others[0]
            else:
                self.meta.status = CLOSED

    def set_seat(self, user_id: int, seat: Seat, bot: str | None, name: str = "") -> None:
        """The host puts a bot in an empty seat (``bot`` a spec) or empties a bot's seat (``bot=None``).

        Raises:
            TableError: for anyone but the host, after the start, or for a seat a person holds.
        """
        seats = self._seat_for_host(user_id, seat)
        others = [s.name for i, s in enumerate(seats) if i != seat]
        seats[seat] = SeatData() if bot is None else SeatData(bot=bot, name=name or self.bot_label(bot, seat, others))

    def seat_bot_account(self, user_id: int, seat: Seat, bot_id: int, name: str) -> None:
        """The host invites a bot account into a seat that is empty or holds a bot.

        Raises:
            TableError: for anyone but the host, after the start, for a seat a person holds, or a bot seated already.
        """
        seats = self._seat_for_host(user_id, seat)
        if self.seat_of(bot_id) is not None:
            raise TableError("already_seated", f"{name} already has a seat at this table.")
        seats[seat] = SeatData(user_id=bot_id, name=name, bot_account=True)

    def _seat_for_host(self, user_id: int, seat: Seat) -> list[SeatData]:
        """The seats, once the host may change ``seat`` (empty, or held by a bot of either kind)."""
        self._require_open("change seats")
        if user_id != self.meta.owner_id:
            raise TableError("not_host", "Only the table's host can change the seats.")
        seats = self.meta.seats
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(seats):
            raise TableError("bad_request", f"Seats are numbered 0 to {len(seats) - 1}.")
        if seats[seat].user_id is not None and not seats[seat].bot_account:
            raise TableError("seat_taken", f"Seat {seat + 1} is held by a person.")
        return seats

    def start(self, user_id: int) -> None:
        """The host starts the game once every seat is filled.

        Raises:
            TableError: for anyone but the host, with an empty seat, or if it cannot start.
        """
        self._require_open("start it")
        if user_id != self.meta.owner_id:
            raise TableError("not_host", "Only the table's host can start the game.")
        asked = [s.name for s in self.meta.seats if s.invited]
        if asked:
            raise TableError(
                "rematch_unanswered",
                f"{' and '.join(asked)} {'has' if len(asked) == 1 else 'have'} not answered the rematch yet; "
                "the game starts when they join (or their seat opens if they decline or do not answer in time).",
            )
        empty = [i + 1 for i, s in enumerate(self.meta.seats) if s.empty]
        if empty:
            which = ", ".join(str(i) for i in empty)
            raise TableError("seats_empty", f"Seat {which} is empty: wait for players or add bots, then start.")
        self._deal()

    def _start_if_all_answered(self) -> None:
        """A rematch starts by itself once every player asked has joined and no seat is empty (one who
        declined leaves an open seat: then the host fills it and starts, as at any table)."""
        if any(s.invited or s.empty for s in self.meta.seats):
            return
        self._deal()

    def _deal(self) -> None:
        """The game's opening position from the table's seed and options, put on the table (``begin``)."""
        try:
            state = self.game.new(self.meta.players, self.meta.seed, self.meta.options)
        except BadOptions as exc:
            raise TableError("bad_options", str(exc)) from None
        self.begin(state)

    def lapse_invitations(self) -> list[str]:
        """The rematch's time to answer has passed: every seat still kept for a player who did not answer
        opens (the host may seat a bot or wait for someone). The names of those players."""
        names = []
        for i, s in enumerate(self.meta.seats):
            if s.invited:
                names.append(s.name)
                self.meta.seats[i] = SeatData()
        return names

    def begin(self, state: State) -> None:
        """Put the game's opening position on the table: the table is playing from now (``start``, and a
        saved game opened for its replay, ``server/tables/saved.py``)."""
        self.state = state
        self.meta.status = PLAYING
        self.meta.started_at = _now()
        self.meta.state_id = 0
        self.meta.record = state.record()
        self.log = opening_log(state)
        self._sync_meta(self.meta, state)

    @staticmethod
    def _sync_meta(meta: TableData, state: State) -> None:
        meta.to_move = state.to_move
        if state.over:
            meta.status = FINISHED
            meta.finished_at = meta.finished_at or _now()
            meta.result = state.result.to_json() if state.result is not None else None

    # --- play --------------------------------------------------------------------------------------
    def propose(self, user_id: int | None, state_id: object, texts: object, cards: object = None) -> Proposal:
        """Check an action message from a user and apply it to a clone.

        ``cards`` (hand positions, counted from 1, in any order) makes the choice of cards that the decision
        reached after ``texts`` asks for: the game turns it into its own picks and their confirmation
        (``Game.choose_cards``), so a client never works out how the game numbers its picks.

        Raises:
            TableError: ``bad_request``, ``not_started``, ``game_over``, ``not_seated``, ``not_your_turn``,
                ``stale_state``, ``bad_action`` or ``illegal_action``. The table is never changed.
        """
        if isinstance(state_id, bool) or not isinstance(state_id, int):
            raise TableError("bad_request", "An action message needs 'state_id', a whole number.")
        if cards is not None and (
            not isinstance(cards, list)
            or len(cards) > MAX_BATCH
            or not all(type(c) is int for c in cards)  # not bool, which is an int too
        ):
            raise TableError("bad_request", "'cards' must be a list of hand positions (whole numbers from 1).")
        if texts is None and cards is not None:
            texts = []
        chosen = cards is not None
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts) or not (texts or chosen):
            raise TableError("bad_request", "An action message needs 'actions', a non-empty list of action texts.")
        if len(texts) > MAX_BATCH:
            raise TableError("bad_request", f"At most {MAX_BATCH} actions can be sent at once.")
        if self.meta.status == OPEN or self.state is None:
            raise TableError("not_started", "The game has not started yet.")
        if self.meta.status != PLAYING or self.state.over:
            raise TableError("game_over", "The game is over; no more actions can be played.")
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "You are watching this table; only its players can act.")
        if self.state.to_move != seat:
            raise TableError("not_your_turn", f"It is {self._seat_name(self.state.to_move)}'s turn, not yours.")
        if self.meta.seats[seat].bot is not None:
            raise TableError(
                "bot_playing",
                "A bot is playing your seat (you left, or your clock ran out); take your seat back first.",
            )
        if state_id != self.meta.state_id:
            raise TableError(
                "stale_state",
                f"That action answers an earlier position (state {state_id}; the table is at {self.meta.state_id}). "
                "Nothing was played; look at the table again and choose.",
            )
        return self._apply_to_clone(seat, list(texts), None if cards is None else list(cards))

    def propose_bot(self, seat: Seat, state_id: int, text: str) -> Proposal:
        """Check a bot's chosen action (the bot's seat must still be to move at ``state_id``).

        Raises:
            TableError: if the table moved on or the action is not legal.
        """
        if self.state is None or self.meta.status != PLAYING or self.state.over:
            raise TableError("game_over", "The game is not under way.")
        if state_id != self.meta.state_id or self.state.to_move != seat:
            raise TableError("stale_state", "The table moved on while the bot was thinking.")
        return self._apply_to_clone(seat, [text])

    def _apply_to_clone(self, seat: Seat, texts: list[str], cards: list[int] | None = None) -> Proposal:
        assert self.state is not None
        work = self.state.clone()
        # Log entries carry the game ply (actions in the record); state_id is the table version, which an
        # undo or a takeover also advances.
        ply = len(self.meta.record["actions"]) if self.meta.record is not None else self.meta.state_id
        entries: list[LogEntry] = []
        if cards is not None:
            texts = [*texts, *self._chosen(seat, texts, cards)]
        several = len(texts) > 1
        for i, text in enumerate(texts):
            where = f" (action {i + 1} of {len(texts)}; nothing was played)" if several else ""
            if work.over:
                raise TableError("illegal_action", f"The game ends before '{text}'{where}.")
            if work.to_move != seat:
                raise TableError("illegal_action", f"After the earlier actions it is no longer your decision{where}.")
            try:
                action = work.parse_action(text)
            except GameOver as exc:
                raise TableError("game_over", f"{exc}{where}") from None
            except IllegalAction as exc:
                raise TableError("illegal_action", f"{exc}{where}") from None
            except BadAction as exc:
                raise TableError("bad_action", f"{exc}{where}") from None
            # The checked apply (not apply_unchecked): a game may add what only people need there, such as
            # Push a Monster's motion frames, which every client animates.
            events = work.apply(action)
            ply += 1
            entries.extend(LogEntry(ply, seat, e) for e in events)
        state_id = self.meta.state_id + len(texts)
        meta = dataclasses.replace(self.meta, state_id=state_id, record=work.record(), seats=self.meta.seats)
        self._sync_meta(meta, work)
        return Proposal(seat, self.meta.state_id, [str(t) for t in texts], work, entries, meta)

    def _chosen(self, seat: Seat, texts: list[str], cards: list[int]) -> list[str]:
        """The game's action texts for choosing the hand cards at ``cards`` once ``texts`` are played.

        Raises:
            TableError: ``illegal_action`` with the rule the choice breaks (nothing is played).
        """
        assert self.state is not None
        work = self.state.clone()
        try:
            for text in texts:
                if work.over or work.to_move != seat:
                    raise IllegalAction("After those actions it is no longer your choice of cards.")
                work.apply(work.parse_action(text))
            if work.over or work.to_move != seat:
                raise IllegalAction("After those actions it is no longer your choice of cards.")
            return self.game.choose_cards(work, cards)
        except (IllegalAction, BadAction, GameOver) as exc:
            raise TableError("illegal_action", f"{exc} Nothing was played.") from None

    def commit(self, proposal: Proposal) -> None:
        """Make a stored proposal the table's state.

        Raises:
            TableError: ``stale_state`` if the table moved on since the proposal was made.
        """
        if proposal.base_state_id != self.meta.state_id:
            raise TableError("stale_state", "The table moved on before this action was applied.")
        self.state = proposal.state
        self.meta = proposal.meta
        self.log.extend(proposal.entries)

    # --- messages ----------------------------------------------------------------------------------
    def _seat_name(self, seat: Seat | None) -> str:
        if seat is None:
            return "nobody"
        name = self.meta.seats[seat].name
        return name or f"seat {seat + 1}"

    def info(self) -> dict[str, Any]:
        """Public facts about the table (the same for every receiver)."""
        m = self.meta
        seats = []
        for i, s in enumerate(m.seats):
            seats.append(
                {
                    "seat": i,
                    "kind": seat_kind(s),
                    "name": s.name,
                    "bot": s.bot,
                    "user": s.user_id,
                    "bot_account": s.bot_account,
                    "bot_since": self._moves_before_bot(i),
                    "invited": s.invited,
                }
            )
        return {
            "id": m.id,
            "game": m.game,
            "title": self.game.title,
            "players": m.players,
            "options": m.options,
            "status": m.status,
            "private": m.private,
            "invite": m.invite if m.private else None,
            "owner_seat": self.seat_of(m.owner_id),
            "seats": seats,
            "state_id": m.state_id,
            "to_move": self.to_move,
            "result": m.result,
            "result_summary": words.result_summary(self.game, m.result, None, self.names(), m.options),
            "rematch_id": m.rematch_id,
            "rematch_of": m.rematch_of,
            "created_at": _iso(m.created_at),
            "started_at": _iso(m.started_at),
            "finished_at": _iso(m.finished_at),
            "rated": m.rated,
            "hints": tables_hints(m),
            "clock": clock_info(m),
            "answer_by": answer_info(m),
            "tutorial": m.tutorial,
        }

    def _moves_before_bot(self, seat: int) -> int | None:
        """The moves made before a bot took ``seat`` over, counted as the log counts them (a Monster Smash choice
        of cards is several actions but one move): one less than the move its takeover line names, so the
        players' bar says "since move N" with the log's N. ``None`` while a person plays the seat."""
        since = self.meta.seats[seat].bot_since
        if since is None:
            return None
        self._marks.update(self.log)
        first_move = self._marks.bots.get(seat)
        return since if first_move is None else first_move - 1

    def _legal_for(self, seat: Seat | None) -> list[dict[str, str]]:
        state = self.state
        if state is None or seat is None or state.over or state.to_move != seat or self.meta.status != PLAYING:
            return []
        if self.meta.seats[seat].bot is not None:
            return []
        game = self.game
        names = self.names()
        return [{"text": str(a), "label": game.action_label(state, a, names)} for a in state.legal_actions()]

    def snapshot(self, seat: Seat | None, *, host: bool = False) -> dict[str, Any]:
        """Everything a receiver in ``seat`` (``None``: spectator) may see: the full resync message."""
        return {**self.snapshot_head(seat, host=host), **self.snapshot_body(seat)}

    def snapshot_head(self, seat: Seat | None, *, host: bool = False) -> dict[str, Any]:
        """The snapshot's first part: the public facts (``table``, whose clock is measured now) and who receives it."""
        return {"type": "snapshot", "table": self.info(), "seat": seat, "host": host, "state_id": self.meta.state_id}

    def snapshot_body(self, seat: Seat | None) -> dict[str, Any]:
        """The snapshot's part for ``seat`` only (the costly part: its view, its legal actions, the whole log as
        the seat may see it), the same for as long as the position is (the hub keeps it per position and seat)."""
        return {
            "view": None if self.state is None else self.state.view(seat),
            "legal": self._legal_for(seat),
            "log": self.log_for(seat),
            "result_text": self.result_text(seat),
        }

    def update(self, seat: Seat | None, entries: Sequence[LogEntry], previous_state_id: int) -> dict[str, Any]:
        """The message announcing committed actions to a receiver in ``seat``: new view, new log entries."""
        return {
            "type": "update",
            "table": self.info(),
            "seat": seat,
            "prev_state_id": previous_state_id,
            "state_id": self.meta.state_id,
            "view": None if self.state is None else self.state.view(seat),
            "legal": self._legal_for(seat),
            "log": self.log_for(seat, start=self._tail_start(entries)),
            "result_text": self.result_text(seat),
        }

    # --- words (server/tables/words.py; words-contract.md) ------------------------------------------------
    def names(self) -> list[str]:
        """Every seat's display name (an unnamed seat is "Player n", counted from 1)."""
        return words.seat_names(self.meta)

    def log_for(self, seat: Seat | None, *, start: int = 0, reveal_all: bool = False) -> list[dict[str, Any]]:
        """``log[start:]`` as ``seat`` may see it, each entry with its words, move number, turn and undone mark."""
        marks = self._marks.update(self.log)
        return words.log_json(
            self.game, self.log, seat, self.names(), self.meta.options, start=start, reveal_all=reveal_all, marks=marks
        )

    def result_text(self, seat: Seat | None) -> dict[str, Any] | None:
        """The finished game in words for ``seat`` (``None`` while it goes on)."""
        return words.result_json(self.game, self.meta.result, seat, self.names(), self.meta.options)

    def _tail_start(self, entries: Sequence[LogEntry]) -> int:
        """Where ``entries`` (just committed) start in the log."""
        start = len(self.log) - len(entries)
        if start >= 0 and all(a is b for a, b in zip(self.log[start:], entries, strict=True)):
            return start
        ids = {id(e) for e in entries}
        return next((i for i, e in enumerate(self.log) if id(e) in ids), len(self.log))

    def rematch_meta(self, requester: int, *, table_id: str, seed: int, invite: str) -> TableData:
        """The set-up of a rematch: same game, options and seats, a new seed, the requester hosting.

        The requester and the bots are seated at once; every other person of the game (also one whose seat
        a bot played) is *asked*: their seat is kept for them (``invited``) until they join or decline.

        Raises:
            TableError: before the game has finished, or for someone who did not play.
        """
        if self.meta.status != FINISHED:
            raise TableError("not_finished", "A rematch can be asked for once the game has ended.")
        if not self.is_member(requester):
            raise TableError("not_seated", "Only the players of this game can ask for a rematch.")
        m = self.meta
        return TableData(
            id=table_id,
            game=m.game,
            rules_version=self.game.rules_version,
            players=m.players,
            options=dict(m.options),
            seed=seed,
            owner_id=requester,
            private=m.private,
            invite=invite,
            status=OPEN,
            rematch_of=m.id,
            created_at=_now(),
            seats=[
                dataclasses.replace(s, bot=None, bot_since=None, invited=s.user_id != requester)
                if s.user_id is not None and not s.bot_account
                else dataclasses.replace(s)
                for s in m.seats
            ],
            turn_seconds=m.turn_seconds,
        )
