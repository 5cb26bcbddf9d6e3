"""Taking back my own last move, within my turn, when it revealed nothing.

The rule, checked here for any game without asking the game: the person to move may take back the
most recent action at the table (one at a time, so several in a row) when

1. it is still their turn and the action was their seat's (the position before it had them to move);
2. none of its events has a private part — nobody, the mover included, was shown anything hidden;
3. it used no chance: every seeded generator inside the state (``Rng``) is where it was before;
4. it revealed nothing through the view either: the action is re-applied in several *sampled worlds*
   (``state.determinize(seat, …)``: everything hidden from the mover redrawn at random, consistent with
   what they know). The mover's view, the spectator's view and the events as the mover sees them must
   come out the same in every world as in the real game. Something hidden that the action exposed —
   a trap under a space, the top card of a deck — differs between worlds and refuses the undo.

So a Monster Smash player picking cards one at a time, or a Monster Club player who played a card face
up and has not attacked yet, may take it back; a draw, a roll, a shuffle, or a face-down play (whose
card travels in a private part) may not. The answer depends only on what the mover knows and sees.

The position before the action comes from memory (the hub notes the state each action was applied to)
or, after a restart, from replaying the record minus the action. An undo is a stored change of its own:
the table's record drops the action, ``state_id`` still advances (versions never repeat, so a client or
another server process holding the old position is refused as stale), the action row is kept and marked
``undone``, and a public ``move_undone`` event joins the log. Nothing accepted is ever deleted.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from monsterlair.core import Event, MonsterLairError, Rng, State
from monsterlair.server.bots import bot_seed
from monsterlair.server.clock import stamp
from monsterlair.server.master import PLAYING, LogEntry, Proposal, Table, TableError

SAMPLES = 8
"""Sampled worlds each check re-applies the action in."""

KEEP = 16
"""Positions remembered per table (a turn of card picks is rarely longer)."""


@dataclasses.dataclass(frozen=True, slots=True)
class UndoCheck:
    """Whether the seat to move may take back the last action (``ply``: its place in the record)."""

    allowed: bool
    reason: str = ""
    ply: int = 0


def rng_fingerprint(state: State) -> tuple[int, ...]:
    """The state of every seeded generator a game state holds (any attribute that is an :class:`Rng`)."""
    out: list[int] = []
    seen: set[str] = set()
    for cls in type(state).__mro__:
        slots = getattr(cls, "__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in seen:
                continue
            seen.add(name)
            value = getattr(state, name, None)
            if isinstance(value, Rng):
                out.append(value.getstate())
    for value in getattr(state, "__dict__", {}).values():
        if isinstance(value, Rng):
            out.append(value.getstate())
    return tuple(out)


def _seen_by(state: State, events: list[Event], seat: int) -> tuple[Any, ...]:
    return (
        state.to_move,
        state.over,
        state.view(seat),
        state.view(None),
        [e.for_seat(seat) for e in events],
    )


class UndoTracker:
    """Positions before recent actions, per table, and the last answer for each table's seat to move."""

    def __init__(self, samples: int = SAMPLES) -> None:
        self.samples = samples
        self._before: dict[str, dict[int, State]] = {}
        self._seat: dict[str, int] = {}
        self._checks: dict[str, tuple[int, int, UndoCheck]] = {}

    # --- memory ------------------------------------------------------------------------------------
    def noted(self, table: Table, proposal: Proposal, before: State | None) -> None:
        """Remember the position a committed action was applied to (called once the table adopted it)."""
        record = proposal.meta.record
        if proposal.meta.status != PLAYING or record is None or not proposal.texts:
            self.forget(table.id)
            return
        if self._seat.get(table.id) != proposal.seat:
            self._before.pop(table.id, None)  # another seat's turn: nothing before it can be taken back
            self._seat[table.id] = proposal.seat
        known = self._before.setdefault(table.id, {})
        n = len(record["actions"])
        for k in [k for k in known if k >= n]:
            del known[k]
        if len(proposal.texts) == 1 and before is not None:
            known[n] = before
        while len(known) > KEEP:
            del known[min(known)]

    def undone(self, table_id: str, ply: int) -> None:
        """Forget the positions at and after a taken-back action."""
        known = self._before.get(table_id, {})
        for k in [k for k in known if k >= ply]:
            del known[k]

    def forget(self, table_id: str) -> None:
        """Drop everything about a table."""
        self._before.pop(table_id, None)
        self._seat.pop(table_id, None)
        self._checks.pop(table_id, None)

    def _previous(self, table: Table, ply: int) -> State:
        """The position before action ``ply`` (1-based place in the record).

        Raises:
            MonsterLairError: if the record no longer replays.
        """
        assert table.meta.record is not None
        prefix = table.meta.record["actions"][: ply - 1]
        kept = self._before.get(table.id, {}).get(ply)
        if kept is not None and kept.record()["actions"] == prefix:
            return kept
        state = table.game.replay(table.meta.record, upto=ply - 1)
        self._before.setdefault(table.id, {})[ply] = state
        return state

    # --- the rule ----------------------------------------------------------------------------------
    def allowed(self, table: Table, seat: int | None) -> bool:
        """``can_undo`` for a receiver in ``seat`` (cheap for everyone but the seat to move)."""
        if seat is None or table.to_move != seat or table.meta.status != PLAYING:
            return False
        return self.check(table, seat).allowed

    def check(self, table: Table, seat: int) -> UndoCheck:
        """Whether ``seat`` may take back the last action now, and if not, why (a sentence for a person)."""
        cached = self._checks.get(table.id)
        if cached is not None and cached[0] == table.state_id and cached[1] == seat:
            return cached[2]
        result = self._check(table, seat)
        self._checks[table.id] = (table.state_id, seat, result)
        return result

    def _check(self, table: Table, seat: int) -> UndoCheck:
        state, meta = table.state, table.meta
        if state is None or state.over or meta.status != PLAYING or meta.record is None:
            return UndoCheck(False, "The game is not under way.")
        if state.to_move != seat:
            return UndoCheck(False, "A move can be taken back only by the player to move, during their own turn.")
        if meta.seats[seat].bot is not None:
            return UndoCheck(False, "A bot is playing your seat; take your seat back first.")
        ply = len(meta.record["actions"])
        if ply == 0:
            return UndoCheck(False, "No move has been made yet.")
        text = meta.record["actions"][ply - 1]
        try:
            before = self._previous(table, ply)
            if before.to_move != seat:
                return UndoCheck(
                    False, "The last move was not yours this turn, so there is nothing of yours to take back."
                )
            again = before.clone()
            events = again.apply(again.parse_action(text))
        except MonsterLairError:
            return UndoCheck(False, "That move cannot be checked any more, so it stands.")
        if any(e.private for e in events):
            return UndoCheck(
                False, "That move showed a hidden card to someone (a draw or a face-down card), so it stands."
            )
        if rng_fingerprint(again) != rng_fingerprint(before):
            return UndoCheck(False, "That move used chance (a shuffle, a draw or a roll), so it stands.")
        if not self._reveals_nothing(table, before, again, events, text, seat):
            return UndoCheck(False, "That move revealed something that was hidden, so it stands.")
        return UndoCheck(True, "", ply)

    def _reveals_nothing(
        self, table: Table, before: State, after: State, events: list[Event], text: str, seat: int
    ) -> bool:
        """True when the action looks the same to the mover in every sampled world as in the real game."""
        real = _seen_by(after, events, seat)
        base = Rng(bot_seed(table.meta.seed, table.state_id, seat))
        for i in range(self.samples):
            try:
                world = before.determinize(seat, base.fork(i + 1))
                seen = world.apply(world.parse_action(text))
            except MonsterLairError:
                return False  # the action means something else in a world the mover cannot rule out
            if _seen_by(world, seen, seat) != real:
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
        entry = LogEntry(check.ply, seat, Event("move_undone", {"seat": seat, "ply": check.ply}))
        return Proposal(seat, old.state_id, [], state, [entry], meta)
