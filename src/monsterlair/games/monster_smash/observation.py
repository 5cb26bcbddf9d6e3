"""Monster Smash's RL observation fast paths, compiled with mypyc (``monsterlair.compiled``): the sparse entries
and the observation writer. Both give exactly ``view.encode_view(view.build_view(state, seat))``'s numbers, read
straight from the state (``tests/rl/test_vector.py`` compares them after every move of random games).

Split from :mod:`~monsterlair.games.monster_smash.view` (which defines the encoding) so that only these hot loops
are compiled: the vector environment encodes one observation per agent step.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Mapping
from typing import TYPE_CHECKING, Final

from monsterlair.core.game import State
from monsterlair.core.observation import ObservationWriter, flat_floats
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_smash.spec import (
    COPIES,
    DECK_SIZE,
    KIND_VALUE,
    LOCAL_VALUE,
    MAX_HAND,
    MAX_PLAYERS,
    NUM_KINDS,
    NUM_SUITS,
    NUM_VALUES,
    PHASE_NAMES,
    WIN_SUIT,
    Phase,
)
from monsterlair.games.monster_smash.state import SmashState
from monsterlair.games.monster_smash.view import _SEAT_FEATURES, OBSERVATION_SIZE

_BURN: Final = int(Phase.BURN)
_ATTACK: Final = int(Phase.ATTACK)
_DEFEND: Final = int(Phase.DEFEND)


# --- the sparse fast path (the vector environment's batched encoding) ---
# The RL encoding's fast path: ``view.encode_view(build_view(state, seat))`` as sparse entries, from the state.
#
# ``Game.encode_state_sparse`` (the vector environment's batched path) calls this instead of building the
# view dict and encoding it. It reads exactly what ``build_view`` reads for that seat — the seat's own hand,
# every hand's size, the monsters, removed suit, deck size, discard pile and the cards picked so far — and
# computes every value the way ``encode_view`` does (the same sums in the same order), so the values are
# identical; ``tests/rl/test_vector.py`` compares the two on random playouts.

# Offsets of the blocks of the layout documented at ``view.OBSERVATION_SIZE``.
_HAND: Final = 0
_OWN_MONSTER: Final = _HAND + NUM_KINDS
_SEATS: Final = _OWN_MONSTER + NUM_SUITS
_REMOVED: Final = _SEATS + MAX_PLAYERS * _SEAT_FEATURES
_DISCARD: Final = _REMOVED + NUM_SUITS
_SIZES: Final = _DISCARD + NUM_KINDS
_PHASE: Final = _SIZES + 2
_BURNING: Final = _PHASE + len(PHASE_NAMES)
_ATTACKING: Final = _BURNING + NUM_KINDS
_DEFENCE: Final = _ATTACKING + NUM_KINDS
_TOTALS: Final = _DEFENCE + NUM_KINDS
_SCALARS: Final = _TOTALS + 2
_OPTIONS: Final = _SCALARS + 3
assert _OPTIONS + 2 == OBSERVATION_SIZE, "encode_sparse's layout has fallen out of step with encode_view"
_PER_COPY: Final = tuple(1.0 / c if c else 0.0 for c in COPIES)
_DEFENCE_SCALE: Final = 2.0 * max(KIND_VALUE)


def encode_sparse(state: SmashState, seat: int, options: Mapping[str, OptionValue]) -> tuple[list[int], list[float]]:
    """``(indices, values)`` of seat ``seat``'s encoded view: the entries at one index add up, in order, from 0.

    Each card of a by-kind count is one ``(base + kind, 1 / copies)`` pair, added in the order
    ``encode_view`` adds them, so the sums are the same floats.
    """
    cfg = state.cfg
    to_global = cfg.to_global
    per_copy = _PER_COPY
    n = state.players
    phase = state.phase
    turn_seat = state.seat
    hands, suits = state.hands, cfg.suits
    mine = to_global[seat]
    idx = [mine[k] for k in hands[seat]]  # _HAND == 0
    val = [per_copy[g] for g in idx]
    idx.append(_OWN_MONSTER + suits[seat])
    val.append(1.0)
    defender = state.target if phase == _ATTACK or phase == _DEFEND else None
    alive, first_done, to_move = state.alive, state.first_done, state.to_move
    for r in range(n):
        s = (seat + r) % n
        base = _SEATS + r * _SEAT_FEATURES
        size = len(hands[s]) / MAX_HAND
        idx += (base, base + 1, base + 2, base + 3, base + 4 + suits[s])
        val += (1.0, float(alive >> s & 1), 1.0 if size > 1.0 else size, float(first_done >> s & 1), 1.0)
        if to_move == s:
            idx.append(base + 4 + NUM_SUITS)
            val.append(1.0)
        if turn_seat == s:
            idx.append(base + 5 + NUM_SUITS)
            val.append(1.0)
        if defender == s:
            idx.append(base + 6 + NUM_SUITS)
            val.append(1.0)
    if cfg.removed >= 0:
        idx.append(_REMOVED + cfg.removed)
        val.append(1.0)
    discard = state.discard
    idx += [_DISCARD + g for g in discard]
    val += [per_copy[g] for g in discard]
    idx += (_SIZES, _SIZES + 1, _PHASE + phase)
    val += (len(state.deck) / DECK_SIZE, len(discard) / DECK_SIZE, 1.0)
    if phase == _BURN:
        turn = to_global[turn_seat]
        cards = [turn[k] for k in state.picks]
        idx += [_BURNING + g for g in cards]
        val += [per_copy[g] for g in cards]
    elif phase == _ATTACK:
        turn = to_global[turn_seat]
        cards = [turn[k] for k in state.picks]
        idx += [_ATTACKING + g for g in cards]
        val += [per_copy[g] for g in cards]
        idx.append(_TOTALS)
        val.append(min(1.0, sum(KIND_VALUE[g] for g in cards) / 20.0))
    elif phase == _DEFEND:
        attack = state.atk
        idx += [_ATTACKING + g for g in attack]
        val += [per_copy[g] for g in attack]
        defending = to_global[state.target]
        cards = [defending[k] for k in state.picks]
        idx += [_DEFENCE + g for g in cards]
        val += [per_copy[g] for g in cards]
        idx += (_TOTALS, _TOTALS + 1)
        val += (
            min(1.0, sum(KIND_VALUE[g] for g in attack) / 20.0),
            min(1.0, sum(KIND_VALUE[g] for g in cards) / _DEFENCE_SCALE),
        )
    suit_share, turns = state.own_suit_count(seat) / WIN_SUIT, state.turns / 200.0
    idx += (_SCALARS, _SCALARS + 1, _SCALARS + 2, _OPTIONS, _OPTIONS + 1)
    val += (
        1.0 if state.res is None and not first_done >> turn_seat & 1 else 0.0,
        1.0 if suit_share > 1.0 else suit_share,
        1.0 if turns > 1.0 else turns,
        1.0 if options.get("attack_requires_offsuit") else 0.0,
        1.0 if options.get("eliminate_on_any_empty_hand") else 0.0,
    )
    return idx, val


# --- the observation writer (the vector environment's fast path) ---
# ``Game.observation_writer``: ``encode_view(build_view(state, seat))`` written as float32 straight into a row of
# the caller's buffer. It reads exactly what ``build_view`` gives the seat (as ``encode_sparse`` does) and keeps,
# per row, what it last wrote there, so that a step rewrites only the blocks that changed: the hand block when
# the seat's hand changed, the discard block for the cards laid on the pile since (all of it when the pile was
# gathered up), the picked-cards blocks when the picks changed, the phase's one-hot when the phase changed; the
# seats' features and the scalars every time; the monsters, the removed suit and the options once per game.
# Every value comes from a table built by the same float arithmetic as ``encode_view`` (a count of c cards of a
# kind is 1 / copies added c times), so the float32 numbers are exactly those of ``encode_view``;
# ``tests/rl/test_vector.py`` compares them after every move of random games, for every seat.


def _repeated_sums(step: float, most: int) -> tuple[float, ...]:
    """``(0.0, step, step + step, ...)``: ``encode_view``'s sum of ``c`` equal addends, for ``c`` up to ``most``."""
    sums = [0.0]
    for _ in range(most):
        sums.append(sums[-1] + step)
    return tuple(sums)


_COUNT_VALUE: Final[tuple[tuple[float, ...], ...]] = tuple(
    _repeated_sums(_PER_COPY[g], COPIES[g]) for g in range(NUM_KINDS)
)
"""``_COUNT_VALUE[kind][c]``: the encoded count of ``c`` cards of that (global) kind."""
_SIZE_VALUE: Final[tuple[float, ...]] = tuple(min(1.0, n / MAX_HAND) for n in range(DECK_SIZE + 1))
_PILE_VALUE: Final[tuple[float, ...]] = tuple(n / DECK_SIZE for n in range(DECK_SIZE + 1))
_SUIT_SHARE: Final[tuple[float, ...]] = tuple(min(1.0, n / WIN_SUIT) for n in range(DECK_SIZE + 1))
_PICKED: Final = _BURNING
_PICKED_END: Final = _SCALARS  # the burning, attack and defence blocks and the two totals
_LIVING: Final = 1
_SIZE: Final = 2
_FIRST_DONE: Final = 3
_TO_MOVE: Final = 4 + NUM_SUITS
_TURN: Final = 5 + NUM_SUITS
_DEFENDER: Final = 6 + NUM_SUITS
_ZEROS: Final = memoryview(bytes(4 * OBSERVATION_SIZE)).cast("f")
_ZERO_KINDS: Final = _ZEROS[:NUM_KINDS]
_ZERO_PICKED: Final = _ZEROS[: _PICKED_END - _PICKED]
_ORDER: Final[dict[int, tuple[tuple[tuple[int, int], ...], ...]]] = {
    n: tuple(tuple(((seat + r) % n, _SEATS + r * _SEAT_FEATURES) for r in range(n)) for seat in range(n))
    for n in range(1, MAX_PLAYERS + 1)
}
"""``_ORDER[players][seat]``: ``(seat s, offset of s's features)`` for the seats from ``seat`` clockwise."""


# The imported numbers the writer reads, as constants of this module (compiled, a ``Final`` is a C constant where an
# imported name is a dictionary look-up each time).
_OBSERVATION_SIZE: Final = OBSERVATION_SIZE
_NUM_KINDS: Final = NUM_KINDS
_NUM_VALUES: Final = NUM_VALUES
_KIND_VALUE: Final = KIND_VALUE
_LOCAL_VALUE: Final = LOCAL_VALUE
_MAX_PLAYERS: Final = MAX_PLAYERS


_Marks = tuple[int, int, int, int, int, int, bool]
"""What ``_write_marks`` writes from: to move (-1: no one), whose turn, the defender (-1: none), the living and
first-turn-played seats (bits), the turns played, whether the game goes on."""
_NOT_WRITTEN: Final[_Marks] = (-2, -2, -2, -1, -1, -1, False)
"""The marks a row's first write compares with: every number differs from a real one."""


class SmashObservationWriter(ObservationWriter):
    """Monster Smash's :class:`ObservationWriter` (see the comment above for what it rewrites when)."""

    def __init__(
        self, out: memoryview[float] | None = None, rows: int = 1, options: Mapping[str, OptionValue] | None = None
    ) -> None:
        """Bind to ``out`` (``rows`` x ``_OBSERVATION_SIZE`` float32 values); ``options`` are the encoding's. (With
        no buffer, a buffer of its own: how ``copy`` and ``pickle`` make a compiled writer before its fields.)"""
        super().__init__(
            flat_floats(bytearray(4 * rows * _OBSERVATION_SIZE)) if out is None else out, rows, _OBSERVATION_SIZE
        )
        options = options or {}
        self._options = (
            1.0 if options.get("attack_requires_offsuit") else 0.0,
            1.0 if options.get("eliminate_on_any_empty_hand") else 0.0,
        )
        self._states: list[SmashState | None] = [None] * rows
        self._seats = [-1] * rows
        self._cfgs: list[object] = [None] * rows
        self._orders: list[tuple[tuple[int, int], ...]] = [()] * rows
        self._hands: list[list[int]] = [[] for _ in range(rows)]
        self._marks: list[_Marks | None] = [None] * rows
        self._discards: list[list[int]] = [[] for _ in range(rows)]
        self._discard_counts: list[list[int]] = [[0] * _NUM_KINDS for _ in range(rows)]
        self._phases = [-1] * rows
        self._picking: list[tuple[int, int, int, tuple[int, ...]] | None] = [None] * rows
        self._picks: list[tuple[int, ...]] = [()] * rows
        self._sizes: list[list[int]] = [[-1] * (_MAX_PLAYERS + 1) for _ in range(rows)]

    def forget(self, row: int) -> None:
        """The next write to ``row`` rewrites all of it."""
        self._states[row] = None

    def _start(self, row: int, state: SmashState, seat: int) -> None:
        """Zero the row, write what stays the same for the whole game, and note the row as holding only that."""
        out, o = self.out, row * _OBSERVATION_SIZE
        out[o : o + _OBSERVATION_SIZE] = _ZEROS
        cfg = state.cfg
        suits = cfg.suits
        out[o + _OWN_MONSTER + suits[seat]] = 1.0
        for s, base in _ORDER[state.players][seat]:
            out[o + base] = 1.0  # present
            out[o + base + 4 + suits[s]] = 1.0  # its monster
        if cfg.removed >= 0:
            out[o + _REMOVED + cfg.removed] = 1.0
        out[o + _OPTIONS], out[o + _OPTIONS + 1] = self._options
        self._states[row], self._seats[row], self._cfgs[row] = state, seat, cfg
        self._orders[row] = _ORDER[state.players][seat]
        self._hands[row] = []
        self._marks[row] = None
        self._discards[row] = []
        self._discard_counts[row] = [0] * _NUM_KINDS
        self._phases[row] = -1
        self._picking[row] = None
        self._picks[row] = ()
        self._sizes[row] = [-1] * (_MAX_PLAYERS + 1)

    def write(self, row: int, state: State, seat: int) -> None:
        """Write ``encode_view(build_view(state, seat))`` into row ``row``, rewriting only what changed."""
        if TYPE_CHECKING:  # (the vector environment gives this game's states only; no check per step)
            assert isinstance(state, SmashState)
        if state is not self._states[row] or seat != self._seats[row] or state.cfg is not self._cfgs[row]:
            self._start(row, state, seat)
        out, o = self.out, row * _OBSERVATION_SIZE
        hands = state.hands
        phase, turn_seat, target = state.phase, state.seat, state.target
        picks = state.picks
        picked: tuple[int, ...] = ()  # the cards picked since the last write within one choice
        out_count = _COUNT_VALUE
        if phase == _BURN or phase == _ATTACK or phase == _DEFEND:
            picking = (phase, turn_seat, target, state.atk)
            before = self._picks[row]
            if picking != self._picking[row] or picks[: len(before)] != before:
                self._write_picked(row, o, state, picking, picks)
            elif len(picks) > len(before):  # the same choice, more cards picked: add those
                picked = picks[len(before) :]
                self._add_picked(o, state, picks, picked)
                self._picks[row] = picks
        elif self._picking[row] is not None:
            self._write_picked(row, o, state, None, picks)
        hand = hands[seat]
        seen = self._hands[row]
        if hand != seen:
            rewrite = True
            if picked and (target if phase == _DEFEND else turn_seat) == seat and len(hand) + len(picked) == len(seen):
                # Picked cards leave the hand: if that is all that changed, only their kinds change.
                rest = seen[:]
                for k in picked:
                    if k not in rest:
                        break
                    rest.remove(k)
                else:
                    if rest == hand:
                        mine = state.cfg.to_global[seat]
                        for k in picked:
                            g = mine[k]
                            out[o + g] = out_count[g][hand.count(k)]  # _HAND == 0
                        out[o + _SCALARS + 1] = _SUIT_SHARE[bisect_left(hand, _NUM_VALUES)]  # own_suit_count
                        rewrite = False
            if rewrite:
                self._write_hand(o, state, seat, hand)
            self._hands[row] = hand[:]
        order = self._orders[row]
        defender = target if phase == _ATTACK or phase == _DEFEND else -1
        to_move = state.to_move
        marks = (
            -1 if to_move is None else to_move,
            turn_seat,
            defender,
            state.alive,
            state.first_done,
            state.turns,
            state.res is None,
        )
        seen_marks = self._marks[row]
        if marks != seen_marks:
            self._write_marks(o, order, marks, seen_marks)
            self._marks[row] = marks
        sizes = self._sizes[row]  # the hands' sizes last written, by seat, then the deck's
        for s, base in order:
            n = len(hands[s])
            if n != sizes[s]:
                sizes[s] = n
                out[o + base + _SIZE] = _SIZE_VALUE[n]
        discard = state.discard
        seen = self._discards[row]
        if discard != seen:
            m = len(seen)
            if len(discard) > m and discard[:m] == seen:  # cards laid on the pile since (inlined for speed)
                counts = self._discard_counts[row]
                for g in discard[m:]:
                    c = counts[g] = counts[g] + 1
                    out[o + _DISCARD + g] = out_count[g][c]
                out[o + _SIZES + 1] = _PILE_VALUE[len(discard)]
                self._discards[row] = discard[:]
            else:
                self._write_discard(row, o, discard)
        n = len(state.deck)
        if n != sizes[_MAX_PLAYERS]:
            sizes[_MAX_PLAYERS] = n
            out[o + _SIZES] = _PILE_VALUE[n]
        if phase != self._phases[row]:
            if self._phases[row] >= 0:
                out[o + _PHASE + self._phases[row]] = 0.0
            out[o + _PHASE + phase] = 1.0
            self._phases[row] = phase

    def _write_hand(self, o: int, state: SmashState, seat: int, hand: list[int]) -> None:
        """The seat's hand by kind (the hand is sorted, so a kind's copies lie together) and its own-suit share."""
        out, count_value = self.out, _COUNT_VALUE
        out[o : o + _NUM_KINDS] = _ZERO_KINDS  # _HAND == 0
        mine = state.cfg.to_global[seat]
        previous, c = -1, 0
        for k in hand:
            c = c + 1 if k == previous else 1
            previous = k
            g = mine[k]
            out[o + g] = count_value[g][c]  # (a later copy overwrites with the larger count)
        out[o + _SCALARS + 1] = _SUIT_SHARE[state.own_suit_count(seat)]

    def _write_marks(self, o: int, order: tuple[tuple[int, int], ...], marks: _Marks, seen: _Marks | None) -> None:
        """The seats' flags (living, first turn played, to move, whose turn, defender) and the two turn scalars: those
        that differ from the marks last written (``seen``; all of them when there are none)."""
        out = self.out
        to_move, turn_seat, defender, alive, first_done, turns, going = marks
        fresh = seen is None  # (then every flag is written: no seat, turn count or bits are negative)
        was_to_move, was_turn, was_defender, was_alive, was_first_done, was_turns, was_going = (
            _NOT_WRITTEN if seen is None else seen
        )
        for s, base in order:
            b = o + base
            if alive != was_alive:
                out[b + _LIVING] = 1.0 if alive >> s & 1 else 0.0
            if first_done != was_first_done:
                out[b + _FIRST_DONE] = 1.0 if first_done >> s & 1 else 0.0
            if to_move != was_to_move and (fresh or to_move == s or was_to_move == s):
                out[b + _TO_MOVE] = 1.0 if to_move == s else 0.0
            if turn_seat != was_turn and (fresh or turn_seat == s or was_turn == s):
                out[b + _TURN] = 1.0 if turn_seat == s else 0.0
            if defender != was_defender and (fresh or defender == s or was_defender == s):
                out[b + _DEFENDER] = 1.0 if defender == s else 0.0
        if fresh or going != was_going or first_done != was_first_done or turn_seat != was_turn:
            out[o + _SCALARS] = 1.0 if going and not first_done >> turn_seat & 1 else 0.0
        if turns != was_turns:
            out[o + _SCALARS + 2] = min(1.0, turns / 200.0)

    def _write_discard(self, row: int, o: int, discard: list[int]) -> None:
        """The discard pile by kind and its size: only the cards laid on it since the last write, unless it was
        gathered up (then all of it)."""
        out, count_value = self.out, _COUNT_VALUE
        seen = self._discards[row]
        counts = self._discard_counts[row]
        m = len(seen)
        if len(discard) > m and discard[:m] == seen:  # cards laid on the pile since
            new = discard[m:]
        else:  # the pile was gathered up (and maybe grown again)
            out[o + _DISCARD : o + _DISCARD + _NUM_KINDS] = _ZERO_KINDS
            counts = self._discard_counts[row] = [0] * _NUM_KINDS
            new = discard
        for g in new:
            c = counts[g] = counts[g] + 1
            out[o + _DISCARD + g] = count_value[g][c]
        out[o + _SIZES + 1] = _PILE_VALUE[len(discard)]
        self._discards[row] = discard[:]

    def _write_picked(
        self,
        row: int,
        o: int,
        state: SmashState,
        picking: tuple[int, int, int, tuple[int, ...]] | None,
        picks: tuple[int, ...],
    ) -> None:
        """Rewrite the cards being burned, the attack and the defence by kind, and the two totals (zeros when no
        cards are being picked), and note the choice and its picks as written."""
        out, count_value = self.out, _COUNT_VALUE
        self._picks[row] = picks
        self._picking[row] = picking
        out[o + _PICKED : o + _PICKED_END] = _ZERO_PICKED
        if picking is None:
            return
        if picking[0] == _DEFEND:  # the committed attack
            attack = state.atk
            for g in set(attack):
                out[o + _ATTACKING + g] = count_value[g][attack.count(g)]
            out[o + _TOTALS] = min(1.0, sum(_KIND_VALUE[g] for g in attack) / 20.0)
        self._add_picked(o, state, picks, picks)

    def _add_picked(self, o: int, state: SmashState, picks: tuple[int, ...], picked: tuple[int, ...]) -> None:
        """Write the kinds of the ``picked`` cards (the last of ``picks``) into the block of the choice under way,
        with their counts among all the ``picks``, and the choice's total."""
        out, count_value = self.out, _COUNT_VALUE
        phase = state.phase
        to_global = state.cfg.to_global
        if phase == _DEFEND:
            block, mapping = o + _DEFENCE, to_global[state.target]
        else:
            block, mapping = o + (_BURNING if phase == _BURN else _ATTACKING), to_global[state.seat]
        for k in picked:
            g = mapping[k]
            out[block + g] = count_value[g][picks.count(k)]
        if phase == _ATTACK:
            out[o + _TOTALS] = min(1.0, sum(_LOCAL_VALUE[k] for k in picks) / 20.0)
        elif phase == _DEFEND:
            out[o + _TOTALS + 1] = min(1.0, sum(_LOCAL_VALUE[k] for k in picks) / _DEFENCE_SCALE)
