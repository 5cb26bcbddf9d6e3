"""Taking back my own last move, within my turn, when it revealed nothing — to anyone.

The rule, checked here for any game without asking the game: the person to move may take back the
most recent *unit* of play at the table (one at a time, so several in a row). A unit is what a person
expects to take back (``Game.undo_unit``): one action by default; in Monster Club a card played together
with the target chosen for its effect; in Monster Smash a choice of cards with its ``done`` (an attack,
once its target is named, is never taken back: MS-5.2). The unit may be taken back when

1. it is still their turn and the unit was their seat's (the position before it had them to move);
2. none of its events has a private part — nobody, the mover included, was shown anything hidden;
3. it used no chance: every seeded generator inside the state (``Rng``) is where it was before;
4. it revealed nothing to the mover through the view either: the unit is re-applied in several *sampled
   worlds* (``state.determinize(seat, …)``: everything hidden from the mover redrawn at random,
   consistent with what they know). The mover's view, the spectator's view and the events as the mover
   sees them must come out the same in every world as in the real game. Something hidden that the unit
   exposed — a trap under a space, the top card of a deck — differs between worlds and refuses the undo;
5. it showed nothing hidden to anyone else (issue 13): the unit is re-applied in worlds sampled for each
   other seat (the mover's hand redrawn as that seat may imagine it). It must be playable there and look
   the same to that seat and to spectators. A card played face up from the hand shows that card, so it
   stands: taking it back and playing another card face down on that space would tell everyone what the
   face-down card is.

So skipping the burn in Monster Smash, or moving a stack in Monster Club, may be taken back; a
draw, a roll, a shuffle, a face-down play (whose card travels in a private part) or a card laid face up
from the hand (a Monster Smash pick, a Monster Club face-up play) may not. Monster Smash players choose
their cards on their own screen — in any order, and unpick — and send them whole with ``done``. The
answer depends only on what the players know and see, and only the mover is told it (``can_undo``).

The position before the unit comes from memory (the hub notes the state each action was applied to) or,
after a restart, from replaying the record minus the unit. An undo is a stored change of its own: the
table's record drops the unit, ``state_id`` still advances (versions never repeat, so a client or another
server process holding the old position is refused as stale), the action rows are kept and marked
``undone``, and a public ``move_undone`` event joins the log. Nothing accepted is ever deleted.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from monsterlair.core import Event, MonsterLairError, Rng, State
from monsterlair.core.state import state_fields
from monsterlair.server.tables.bots import bot_seed
from monsterlair.server.tables.clock import stamp
from monsterlair.server.tables.table import PLAYING, LogEntry, Proposal, Table, TableError
from monsterlair.server.tables.words import PLATFORM as _PLATFORM

SAMPLES = 8
"""Sampled worlds each check re-applies the action in."""

KEEP = 16
"""Positions remembered per table (a turn of card picks is rarely longer)."""


@dataclasses.dataclass(frozen=True, slots=True)
class UndoCheck:
    """Whether the seat to move may take back the last unit (``ply``: the place of its first action in the
    record, ``count``: how many actions it holds)."""

    allowed: bool
    reason: str = ""
    ply: int = 0
    count: int = 1


def rng_fingerprint(state: State) -> tuple[int, ...]:
    """The state of every seeded generator a game state holds (any attribute that is an :class:`Rng`)."""
    out: list[int] = []
    for name in state_fields(type(state)):
        value = getattr(state, name, None)
        if isinstance(value, Rng):
            out.append(value.getstate())
    for value in getattr(state, "__dict__", {}).values():
        if isinstance(value, Rng):
            out.append(value.getstate())
    return tuple(out)


def _apply_all(state: State, texts: list[str], seat: int) -> list[Event] | None:
    """Apply a unit's actions in order; ``None`` if one of them is not ``seat``'s to play."""
    events: list[Event] = []
    for text in texts:
        if state.to_move != seat:
            return None
        events.extend(state.apply(state.parse_action(text)))
    return events


def _seen_by(state: State, events: list[Event], seat: int) -> tuple[Any, ...]:
    return (
        state.to_move,
        state.over,
        state.view(seat),
        state.view(None),
        [e.for_seat(seat) for e in events],
    )


@dataclasses.dataclass(slots=True)
class _Memory:
    """What undo remembers of one table: positions before recent actions (by 1-based place in the record),
    the seat that played them, and the last answer ``(state_id, seat, check)``."""

    before: dict[int, State] = dataclasses.field(default_factory=dict)
    seat: int | None = None
    check: tuple[int, int, UndoCheck] | None = None


class UndoTracker:
    """Positions before recent actions, per table, and the last answer for each table's seat to move."""

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples
        self._memory: dict[str, _Memory] = {}

    # --- memory ------------------------------------------------------------------------------------
    def noted(self, table: Table, proposal: Proposal, before: State | None) -> None:
        """Remember the position a committed action was applied to (called once the table adopted it)."""
        record = proposal.meta.record
        if proposal.meta.status != PLAYING or record is None or not proposal.texts:
            self.forget(table.id)
            return
        memory = self._memory.setdefault(table.id, _Memory())
        if memory.seat != proposal.seat:
            memory.before.clear()  # another seat's turn: nothing before it can be taken back
            memory.seat = proposal.seat
        known = memory.before
        n = len(record["actions"])
        for k in [k for k in known if k >= n]:
            del known[k]
        if len(proposal.texts) == 1 and before is not None:
            known[n] = before
        while len(known) > KEEP:
            del known[min(known)]

    def undone(self, table_id: str, ply: int) -> None:
        """Forget the positions at and after a taken-back action."""
        memory = self._memory.get(table_id)
        known = {} if memory is None else memory.before
        for k in [k for k in known if k >= ply]:
            del known[k]

    def forget(self, table_id: str) -> None:
        """Drop everything about a table."""
        self._memory.pop(table_id, None)

    def _previous(self, table: Table, ply: int) -> State:
        """The position before action ``ply`` (1-based place in the record).

        Raises:
            MonsterLairError: if the record no longer replays.
        """
        assert table.meta.record is not None
        prefix = table.meta.record["actions"][: ply - 1]
        memory = self._memory.setdefault(table.id, _Memory())
        kept = memory.before.get(ply)
        if kept is not None and kept.record()["actions"] == prefix:
            return kept
        state = table.game.replay(table.meta.record, upto=ply - 1)
        memory.before[ply] = state
        return state

    # --- the rule ----------------------------------------------------------------------------------
    def allowed(self, table: Table, seat: int | None) -> bool:
        """``can_undo`` for a receiver in ``seat`` (cheap for everyone but the seat to move)."""
        if seat is None or table.to_move != seat or table.meta.status != PLAYING:
            return False
        return self.check(table, seat).allowed

    def check(self, table: Table, seat: int) -> UndoCheck:
        """Whether ``seat`` may take back the last action now, and if not, why (a sentence for a person)."""
        memory = self._memory.setdefault(table.id, _Memory())
        cached = memory.check
        if cached is not None and cached[0] == table.state_id and cached[1] == seat:
            return cached[2]
        result = self._check(table, seat)
        memory.check = (table.state_id, seat, result)
        return result

    def _check(self, table: Table, seat: int) -> UndoCheck:
        state, meta = table.state, table.meta
        if state is None or state.over or meta.status != PLAYING or meta.record is None:
            return UndoCheck(False, "The game is not under way.")
        if state.to_move != seat:
            return UndoCheck(False, "A move can be taken back only by the player to move, during their own turn.")
        if meta.seats[seat].bot is not None:
            return UndoCheck(False, "A bot is playing your seat; take your seat back first.")
        actions = meta.record["actions"]
        if not actions:
            return UndoCheck(False, "No move has been made yet.")
        count = min(table.game.undo_unit(actions), len(actions))
        if count <= 0:
            return UndoCheck(False, "The rules do not let that move be taken back.")
        ply = len(actions) - count + 1
        texts = actions[ply - 1 :]
        if _mover(table, ply) not in (seat, None):  # known from the log: no need to rebuild the position
            return UndoCheck(False, "The last move was not yours this turn, so there is nothing of yours to take back.")
        try:
            before = self._previous(table, ply)
            if before.to_move != seat:
                return UndoCheck(
                    False, "The last move was not yours this turn, so there is nothing of yours to take back."
                )
            again = before.clone()
            events = _apply_all(again, texts, seat)
        except MonsterLairError:
            return UndoCheck(False, "That move cannot be checked any more, so it stands.")
        if events is None:
            return UndoCheck(False, "The last move was not yours this turn, so there is nothing of yours to take back.")
        if any(e.private for e in events):
            return UndoCheck(
                False, "That move showed a hidden card to someone (a draw or a face-down card), so it stands."
            )
        if rng_fingerprint(again) != rng_fingerprint(before):
            return UndoCheck(False, "That move used chance (a shuffle, a draw or a roll), so it stands.")
        if not self._reveals_nothing(table, before, again, events, texts, seat, seat):
            return UndoCheck(False, "That move revealed something that was hidden, so it stands.")
        for other in range(before.players):
            if other != seat and not self._reveals_nothing(table, before, again, events, texts, seat, other):
                return UndoCheck(False, "That move showed everyone a card from your hand, so it stands.")
        return UndoCheck(True, "", ply, count)

    def _reveals_nothing(
        self, table: Table, before: State, after: State, events: list[Event], texts: list[str], seat: int, reader: int
    ) -> bool:
        """True when the unit looks the same to ``reader`` (and to spectators) in every world sampled for
        ``reader`` as in the real game."""
        real = _seen_by(after, events, reader)
        base = Rng(bot_seed(table.meta.seed, table.state_id, seat)).fork(reader + 100)
        for i in range(self.samples):
            try:
                world = before.determinize(reader, base.fork(i + 1))
                seen = _apply_all(world, texts, seat)
            except MonsterLairError:
                return False  # the unit means something else in a world the reader cannot rule out
            if seen is None or _seen_by(world, seen, reader) != real:
                return False
        return True

    # --- the change --------------------------------------------------------------------------------
    def propose(self, table: Table, user_id: int | None, state_id: object) -> Proposal:
        """The undo of the last action, for a person, as a change to store (table version + 1).

        Raises:
            TableError: ``bad_request``, ``not_seated``, ``stale_state`` or ``undo_not_allowed`` (with why).
        """
        if isinstance(state_id, bool) or not isinstance(state_id, int):
            raise TableError("bad_request", "An undo message needs 'state_id', a whole number.")
        seat = table.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated", "You are watching this table; only its players can take back moves.")
        if state_id != table.state_id:
            raise TableError(
                "stale_state",
                f"That undo answers an earlier position (state {state_id}; the table is at {table.state_id}). "
                "Nothing was taken back; look at the table again.",
            )
        check = self.check(table, seat)
        if not check.allowed:
            raise TableError("undo_not_allowed", check.reason)
        state = self._previous(table, check.ply).clone()
        old = table.meta
        meta = dataclasses.replace(
            old,
            seats=[dataclasses.replace(s) for s in old.seats],
            state_id=old.state_id + 1,
            record=state.record(),
            to_move=state.to_move,
        )
        stamp(meta, old.to_move)  # the same seat goes on: its deadline stands
        data = {"seat": seat, "ply": check.ply}
        if check.count > 1:
            data["last"] = check.ply + check.count - 1
        entry = LogEntry(check.ply, seat, Event("move_undone", data))
        return Proposal(seat, old.state_id, [], state, [entry], meta)


def _mover(table: Table, ply: int) -> int | None:
    """The seat that played action ``ply`` (1-based), as the table's log says; ``None`` if it does not say.

    The log is searched from its end: the action is one of the last few.
    """
    for entry in reversed(table.log):
        if entry.ply < ply:
            return None
        if entry.ply == ply and entry.seat is not None and entry.event.type not in _PLATFORM:
            return entry.seat
    return None
