"""Monster Club's RL observation fast paths, compiled with mypyc (``monsterlair.compiled``): the sparse entries
and the observation writer. Both give exactly ``view.encode_view(view.build_view(state, seat))``'s numbers, read
straight from the state (``tests/rl/test_vector.py`` compares them after every move of random games).

Split from :mod:`~monsterlair.games.monster_club.view` (which defines the encoding) so that only these hot loops
are compiled: the vector environment encodes one observation per agent step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from monsterlair.core.observation import ObservationWriter, flat_floats
from monsterlair.core.state import State
from monsterlair.games.monster_club import turns as _turns
from monsterlair.games.monster_club.board import CODE_CARD, Stack
from monsterlair.games.monster_club.cards import NUM_CARDS
from monsterlair.games.monster_club.effects import shown_score
from monsterlair.games.monster_club.spec import MAX_HAND, SPACES
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import PHASE_NAMES
from monsterlair.games.monster_club.view import _SCALARS, CARD_INDEX, observation_size
from monsterlair.games.monster_club.view import _STACK_FEATURES as STACK_FEATURES

# --- the sparse fast path (the vector environment's batched encoding) ---
# The RL encoding's fast path: ``view.encode_view(build_view(state, seat))`` as sparse entries, from the state.
#
# ``Game.encode_state_sparse`` (the vector environment's batched path) calls this instead of building the
# view dict and encoding it. It reads only what ``build_view`` shows the seat — a monster's identity only
# when it is face up, was face up before, or is the seat's own; the powers' identities only when face up
# (the encoding reads no other); its own hand; graves, counts and a shown hand — and computes every value
# with the same expression, so the values are identical; ``tests/rl/test_vector.py`` compares the two on
# random playouts.

_PHASE_SLOT: Final = {name: 2 + i for i, name in enumerate(PHASE_NAMES[:4])}
_CODE_SLOT: Final = tuple(CARD_INDEX[c.id] for c in CODE_CARD)
_HAND: Final = _SCALARS + 2 * SPACES * STACK_FEATURES


# Per card code: what a face-up power adds (add, opp, mul) and what a known monster shows (its score and
# limit features and its type's slot), from the card table.
_POWER: Final = tuple((c.add, c.opp, c.mul) for c in CODE_CARD)
_MONSTER: Final = tuple((c.score / 10.0, c.limit / 3.0, 5 + c.type) for c in CODE_CARD)


# Per board place (side k, space i: k * SPACES + i): the indices every stack there writes, and those of its known
# monster's score and limit.
_PLACE_BASES: Final = tuple(_SCALARS + place * STACK_FEATURES for place in range(2 * SPACES))
_PLACE_INDICES: Final = tuple(tuple(b + o for o in (0, 1, 2, 8, 9, 10, 11, 12, 13, 14)) for b in _PLACE_BASES)


def _face_up_powers(st: Stack) -> tuple[int, int, int, bool]:
    """What a stack's face-up powers add, subtract, how many they are and whether one multiplies (only face-up
    powers are read: the view shows a face-down one only to its owner)."""
    add = opp = visible = 0
    doubles = False
    pup = st.pup
    for k, code in enumerate(st.p):  # (p and pup are one length; compiled, an index is cheaper than zip)
        if pup[k]:
            a, o, m = _POWER[code]
            add += a
            opp += o
            doubles = doubles or m > 1
            visible += 1
    return add, opp, visible, doubles


def _stack(st: Stack, mine: bool, place: int, idx: list[int], val: list[float]) -> None:
    """One stack's entries (``view._encode_stack`` of ``view._stack_view``; the score is ``shown_score``'s)."""
    add, opp, visible, doubles = _face_up_powers(st)
    mup = st.mup
    known = mup or st.mknown or mine
    idx += _PLACE_INDICES[place]
    val += (
        1.0,
        1.0 if mup else 0.0,
        1.0 if known else 0.0,
        len(st.p) / 3.0,
        visible / 3.0,
        add / 10.0,
        opp / 10.0,
        1.0 if doubles else 0.0,
        shown_score(st) / 20.0 if mup else 0.0,  # type: ignore[operator]  # (an int when face up)
        1.0 if st.moved or st.attacked else 0.0,
    )
    if known:
        score_value, limit_value, type_slot = _MONSTER[st.m]
        base = _PLACE_BASES[place]
        idx += (base + 3, base + 4, base + type_slot)
        val += (score_value, limit_value, 1.0)


def encode_sparse(state: ClubState, seat: int) -> tuple[list[int], list[float]]:
    """``(indices, values)`` of seat ``seat``'s encoded view: the entries at one index add up, in order, from 0."""
    opp = 1 - seat
    target = max(1, int(state.target))
    idx = [0, 1, 6, 7, 8, 9, 10, 11]
    val = [
        1.0 if state.to_move == seat else 0.0,
        1.0 if state.active == seat else 0.0,
        min(1.0, state.destroys[seat] / target),
        min(1.0, state.destroys[opp] / target),
        len(state.decks[seat]) / 25.0,
        len(state.decks[opp]) / 25.0,
        len(state.hands[seat]) / MAX_HAND,
        len(state.hands[opp]) / MAX_HAND,
    ]
    phase = _PHASE_SLOT.get(_turns.PHASE_NAMES[state.phase])
    if phase is not None:
        idx.append(phase)
        val.append(1.0)
    for place, st in enumerate(state.board[seat]):
        if st is not None:
            _stack(st, True, place, idx, val)
    for place, st in enumerate(state.board[opp], SPACES):
        if st is not None:
            _stack(st, False, place, idx, val)
    for base, codes in (
        (_HAND, state.hands[seat]),
        (_HAND + NUM_CARDS, state.graves[seat]),
        (_HAND + 2 * NUM_CARDS, state.graves[opp]),
        (_HAND + 3 * NUM_CARDS, state.revealed if state.phase == _turns.P_REVEAL else ()),
    ):
        idx += [base + _CODE_SLOT[c] for c in codes]
        val += [1.0] * len(codes)
    return idx, val


# --- the observation writer (the vector environment's fast path) ---
# ``Game.observation_writer``: ``encode_view(build_view(state, seat))`` written as float32 straight into a row of
# the caller's buffer. It reads what ``encode_sparse`` reads (only what the view shows the seat) and keeps, per
# row, what it last wrote there: a stack's 15 features are rewritten only when one of the stack's fields the
# encoding reads changed (its monster, the face-up flags, the powers, the turn's flags), a card-count block (own
# hand, the two graves, the shown hand) only when its cards changed (a grave's new cards added on), the phase's
# one-hot only when the phase changed; the eight other scalars every time. Each value is computed with the same
# expression as ``encode_view``'s (a count of c cards is c), so the float32 numbers are exactly the same;
# ``tests/rl/test_vector.py`` compares them after every move of random games, for both seats.

_PHASE_OF: Final = tuple(_PHASE_SLOT.get(name, -1) for name in PHASE_NAMES)
"""Per phase number: the index of its one-hot slot (-1: a phase without one)."""
_SIZE: Final = observation_size(2, {})
_ZEROS: Final = memoryview(bytes(4 * _SIZE)).cast("f")
_ZERO_STACK: Final = _ZEROS[:STACK_FEATURES]
_ZERO_CARDS: Final = _ZEROS[:NUM_CARDS]
_SHOWN: Final = _HAND + 3 * NUM_CARDS


def _monster_changed(st: Stack, seen: Stack) -> bool:
    """Whether what the encoding reads of a stack's monster differs between a stack and the copy last written of it."""
    return st.m != seen.m or st.mup != seen.mup or st.mknown != seen.mknown


# The imported numbers the writer reads, as constants of this module (compiled, a ``Final`` is a C constant where an
# imported name is a dictionary look-up each time).
_NUM_CARDS: Final = NUM_CARDS
_SPACES: Final = SPACES
_MAX_HAND: Final = MAX_HAND
_STACK_FEATURES: Final = STACK_FEATURES
_P_REVEAL: Final = _turns.P_REVEAL
_NUM_SCALARS: Final = 8
"""The scalars written from counts (whether the seat is to move, is active; the two destroys, decks and hands)."""
_TURN_FLAG: Final = 14
"""A stack's feature: whether it moved or attacked this turn (``view._encode_stack``'s last)."""


class ClubObservationWriter(ObservationWriter):
    """Monster Club's :class:`ObservationWriter` (see the comment above for what it rewrites when)."""

    def __init__(self, out: memoryview[float] | None = None, rows: int = 1) -> None:
        """Bind to ``out`` (``rows`` x ``observation_size`` float32 values). (With no buffer, a buffer of its own: how
        ``copy`` and ``pickle`` make a compiled writer before its fields.)"""
        super().__init__(flat_floats(bytearray(4 * rows * _SIZE)) if out is None else out, rows, _SIZE)
        self._states: list[ClubState | None] = [None] * rows
        self._seats = [-1] * rows
        self._phases = [-1] * rows
        self._scalars: list[list[int]] = [[-1] * _NUM_SCALARS for _ in range(rows)]
        self._stacks: list[list[Stack | None]] = [[None] * (2 * _SPACES) for _ in range(rows)]
        self._hands: list[list[int]] = [[] for _ in range(rows)]
        self._graves: list[list[list[int]]] = [[[], []] for _ in range(rows)]
        self._grave_counts: list[list[list[int]]] = [[[0] * _NUM_CARDS, [0] * _NUM_CARDS] for _ in range(rows)]
        self._shown: list[tuple[int, ...]] = [() for _ in range(rows)]

    def forget(self, row: int) -> None:
        """The next write to ``row`` rewrites all of it."""
        self._states[row] = None

    def _start(self, row: int, state: ClubState, seat: int) -> None:
        """Zero the row and note it as holding nothing (every block's cache says so)."""
        o = row * _SIZE
        self.out[o : o + _SIZE] = _ZEROS
        self._states[row], self._seats[row] = state, seat
        self._phases[row] = -1
        self._scalars[row] = [-1] * _NUM_SCALARS
        self._stacks[row] = [None] * (2 * _SPACES)
        self._hands[row] = []
        self._graves[row] = [[], []]
        self._grave_counts[row] = [[0] * _NUM_CARDS, [0] * _NUM_CARDS]
        self._shown[row] = ()

    def write(self, row: int, state: State, seat: int) -> None:
        """Write ``encode_view(build_view(state, seat))`` into row ``row``, rewriting only what changed."""
        if TYPE_CHECKING:  # (the vector environment gives this game's states only; no check per step)
            assert isinstance(state, ClubState)
        if state is not self._states[row] or seat != self._seats[row]:
            self._start(row, state, seat)
        out, o = self.out, row * _SIZE
        opp = 1 - seat
        target = max(1, int(state.target))
        destroys, decks, hands = state.destroys, state.decks, state.hands
        scalars = self._scalars[row]
        to_move, active = state.to_move == seat, state.active == seat
        self._scalar(scalars, 0, int(to_move), o, 1.0 if to_move else 0.0)
        self._scalar(scalars, 1, int(active), o + 1, 1.0 if active else 0.0)
        phase = _PHASE_OF[state.phase]
        if phase != self._phases[row]:
            if self._phases[row] >= 0:
                out[o + self._phases[row]] = 0.0
            if phase >= 0:
                out[o + phase] = 1.0
            self._phases[row] = phase
        mine, theirs = destroys[seat], destroys[opp]  # (the target is the game's: a new game starts the row again)
        self._scalar(scalars, 2, mine, o + 6, min(1.0, mine / target))
        self._scalar(scalars, 3, theirs, o + 7, min(1.0, theirs / target))
        mine, theirs = len(decks[seat]), len(decks[opp])
        self._scalar(scalars, 4, mine, o + 8, mine / 25.0)
        self._scalar(scalars, 5, theirs, o + 9, theirs / 25.0)
        mine, theirs = len(hands[seat]), len(hands[opp])
        self._scalar(scalars, 6, mine, o + 10, mine / _MAX_HAND)
        self._scalar(scalars, 7, theirs, o + 11, theirs / _MAX_HAND)
        seen_stacks = self._stacks[row]
        self._write_side(o, seen_stacks, state.board[seat], 0)  # own spaces first
        self._write_side(o, seen_stacks, state.board[opp], _SPACES)
        hand = hands[seat]
        if hand != self._hands[row]:
            self._recount(o + _HAND, hand)
            self._hands[row] = hand[:]
        graves = state.graves
        seen_graves = self._graves[row]
        if graves[seat] != seen_graves[0]:
            self._write_grave(row, o + _HAND + _NUM_CARDS, 0, graves[seat])
        if graves[opp] != seen_graves[1]:
            self._write_grave(row, o + _HAND + 2 * _NUM_CARDS, 1, graves[opp])
        shown = state.revealed if state.phase == _P_REVEAL else ()
        if shown != self._shown[row]:
            self._recount(o + _SHOWN, shown)
            self._shown[row] = shown

    def _scalar(self, seen: list[int], k: int, count: int, at: int, value: float) -> None:
        """Write ``value`` at ``at`` if the count it comes from differs from the one written last (``seen[k]``)."""
        if count != seen[k]:
            seen[k] = count
            self.out[at] = value

    def _write_side(self, o: int, seen_stacks: list[Stack | None], stacks: list[Stack | None], first: int) -> None:
        """Rewrite the features of each stack of one side (places ``first`` on) that changed since the last write: all
        of them when its monster changed, else those of its powers when they changed, else the turn's flag when only
        it changed (a stack that moved or attacked, a turn's end)."""
        for space in range(len(stacks)):
            st = stacks[space]
            place = first + space
            seen = seen_stacks[place]
            if st is None:
                if seen is None:
                    continue
                self._write_stack(o + _PLACE_BASES[place], None, place < _SPACES)
            elif seen is None or _monster_changed(st, seen):
                self._write_stack(o + _PLACE_BASES[place], st, place < _SPACES)
            elif st.p != seen.p or st.pup != seen.pup:  # (the powers' codes and face-up flags: lists of one length)
                self._write_powers(o + _PLACE_BASES[place], st)
            elif st.moved != seen.moved or st.attacked != seen.attacked:
                self.out[o + _PLACE_BASES[place] + _TURN_FLAG] = 1.0 if st.moved or st.attacked else 0.0
            else:
                continue
            seen_stacks[place] = None if st is None else st.copy()

    def _write_stack(self, b: int, st: Stack | None, mine: bool) -> None:
        """A stack's 15 features at ``b`` (``_stack``'s values; zeros for an empty space)."""
        out = self.out
        out[b : b + _STACK_FEATURES] = _ZERO_STACK
        if st is None:
            return
        mup = st.mup
        known = mup or st.mknown or mine
        out[b] = 1.0
        out[b + 1] = 1.0 if mup else 0.0
        out[b + 2] = 1.0 if known else 0.0
        if known:
            score_value, limit_value, type_slot = _MONSTER[st.m]
            out[b + 3] = score_value
            out[b + 4] = limit_value
            out[b + type_slot] = 1.0
        self._write_powers(b, st)

    def _write_powers(self, b: int, st: Stack) -> None:
        """A stack's features at ``b`` that its powers and its turn change (8-14: how many powers, how many face up,
        what they add, subtract, whether one doubles, the score a face-up monster shows with them, the turn's flag)."""
        out = self.out
        add, opp, visible, doubles = _face_up_powers(st)
        out[b + 8] = len(st.p) / 3.0
        out[b + 9] = visible / 3.0
        out[b + 10] = add / 10.0
        out[b + 11] = opp / 10.0
        out[b + 12] = 1.0 if doubles else 0.0
        if st.mup:
            out[b + 13] = shown_score(st) / 20.0  # type: ignore[operator]  # (an int when face up)
        out[b + _TURN_FLAG] = 1.0 if st.moved or st.attacked else 0.0

    def _recount(self, b: int, codes: Sequence[int]) -> None:
        """A card-count block at ``b``: how many of each card ``codes`` holds."""
        out, slot = self.out, _CODE_SLOT
        out[b : b + _NUM_CARDS] = _ZERO_CARDS
        for k in range(len(codes)):  # (a handful of cards: counted by looking back, with no list of counts)
            s = slot[codes[k]]
            n = 1
            for j in range(k):
                if slot[codes[j]] == s:
                    n += 1
            out[b + s] = n

    def _write_grave(self, row: int, b: int, which: int, grave: list[int]) -> None:
        """A grave's counts at ``b``: the cards added since the last write, unless cards also left it (then all)."""
        out, slot = self.out, _CODE_SLOT
        seen = self._graves[row][which]
        counts = self._grave_counts[row][which]
        m = len(seen)
        if len(grave) > m and grave[:m] == seen:
            new = grave[m:]
        else:
            out[b : b + _NUM_CARDS] = _ZERO_CARDS
            counts = self._grave_counts[row][which] = [0] * _NUM_CARDS
            new = grave
        for c in new:
            s = slot[c]
            counts[s] += 1
            out[b + s] = counts[s]
        self._graves[row][which] = grave[:]
