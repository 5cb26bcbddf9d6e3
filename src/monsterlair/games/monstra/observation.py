"""MONSTRA's RL observation fast paths, compiled with mypyc (``monsterlair.compiled``): the sparse entries and
the observation writer. Both give exactly ``view.encode_view(view.build_view(state, seat))``'s numbers, read
straight from the state (``tests/rl/test_vector.py`` compares them after every move of random games).

Split from :mod:`~monsterlair.games.monstra.view` (which defines the encoding) so that only these hot loops are
compiled: the vector environment encodes one observation per agent step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from monsterlair.core.observation import ObservationWriter, flat_floats
from monsterlair.core.state import State
from monsterlair.games.monstra import view
from monsterlair.games.monstra.spec import (
    BEHAVIOURS,
    C_HP,
    C_SPD,
    CREATURE_INDEX,
    CREATURES,
    DECK_CREATURES,
    ENERGY_CAP,
    HAND_LIMIT,
    KNOCKOUTS_TO_LOSE,
    NUM_TACTICS,
    SHIELD_CAP,
    TACTIC_INDEX,
    TACTICS,
)
from monsterlair.games.monstra.state import MonstraState
from monsterlair.games.monstra.turns import ST_TIES, acts_this_round, spd_of
from monsterlair.games.monstra.view import OBSERVATION_SIZE, _clamp

# Compiled, a name imported from another module is looked up in this module's dictionary at each use, a ``Final`` of
# this module read as a C static: the layout's numbers the hot loops read are this module's own.
_HEADER: Final = view._HEADER
_TEAM_FEATURES: Final = view._TEAM_FEATURES
_UNIT_FEATURES: Final = view._UNIT_FEATURES
_GUARDIAN_FEATURES: Final = view._GUARDIAN_FEATURES
_TEAM_HAND: Final = 6
"""Where a team's block has its hand's one-hot tactics; its discard's and then its two creatures' follow."""
_TEAM_DISCARD: Final = _TEAM_HAND + NUM_TACTICS
_TEAM_UNITS: Final = _TEAM_DISCARD + NUM_TACTICS

# --- the sparse fast path (the vector environment's batched encoding) ---
# The RL encoding's fast path: ``view.encode_view(build_view(state, seat))`` as sparse entries, from the state.
#
# ``Game.encode_state_sparse`` (the vector environment's batched path) calls this instead of building the
# view dict and encoding it. It reads exactly what ``build_view`` copies into the fields ``encode_view``
# uses — its own team's hand, both teams' public counts, discards and creatures in play, the Guardian —
# and computes every value with the same expression, so the values are identical;
# ``tests/rl/test_vector.py`` compares the two on random playouts.

_MODES: Final = {m: i for i, m in enumerate(("duel", "2v2", "mission"))}
_GUARDIAN: Final = _HEADER + 2 * _TEAM_FEATURES
assert _GUARDIAN + _GUARDIAN_FEATURES == OBSERVATION_SIZE, "encode_sparse and encode_view disagree"
_TACTIC_SLOT: Final = tuple(TACTIC_INDEX[t.id] for t in TACTICS)
_CREATURE_SLOT: Final = tuple(CREATURE_INDEX[c.id] for c in CREATURES)
_BEHAVIOUR_SLOTS: Final[dict[tuple[object, str], list[int]]] = {}
for _b in BEHAVIOURS:
    _BEHAVIOUR_SLOTS.setdefault((_b.version, _b.id), []).append(_b.index)


# What a team's creature contributes that depends on its card only, per card: the divisor of its HP, its
# clamped max-HP and SPD features and its one-hot slot (the expressions of ``view._encode_unit``).
_TEAM_CARD: Final = tuple(
    (
        float(C_HP[_CREATURE_SLOT[card]]),
        _clamp(C_HP[card] / 50.0),
        _clamp(C_SPD[card] / 9.0),
        9 + _CREATURE_SLOT[card],
    )
    for card in range(len(CREATURES))
)


class _Entries:
    """Where :func:`_encode` puts the entries of an encoded view: ``put(index, value)``, each index once. (A native
    call with a native float, compiled: no list of boxed numbers on the writer's path.)"""

    def put(self, i: int, v: float) -> None:
        """Take the entry ``v`` at index ``i``."""
        raise NotImplementedError


class _Lists(_Entries):
    """The entries as two lists (:func:`encode_sparse`)."""

    def __init__(self) -> None:
        self.idx: list[int] = []
        self.val: list[float] = []

    def put(self, i: int, v: float) -> None:
        """Append the entry."""
        self.idx.append(i)
        self.val.append(v)


def _team_unit(s: MonstraState, code: int, base: int, put: _Entries) -> None:
    """The entries of a team's creature in play (``view._encode_unit`` of ``view._unit``); nothing for an empty slot."""
    u = s.active[code]
    if u < 0:
        return
    hp_div, max_hp_value, spd_value, slot = _TEAM_CARD[s.card[u]]
    hp = s.hp[u] / hp_div if s.hp[u] > 0 else 0.0
    shield = s.shield[u] / SHIELD_CAP
    poison = s.poison[u] / 2.0
    put.put(base, 1.0)
    put.put(base + 1, 1.0 if hp > 1.0 else hp)
    put.put(base + 2, max_hp_value)
    put.put(base + 3, 0.0 if shield < 0.0 else 1.0 if shield > 1.0 else shield)
    put.put(base + 4, 1.0 if s.burn[u] else 0.0)
    put.put(base + 5, 0.0 if poison < 0.0 else 1.0 if poison > 1.0 else poison)
    put.put(base + 6, 1.0 if s.slow[u] else 0.0)
    put.put(base + 7, spd_value)
    put.put(base + 8, 1.0 if acts_this_round(s, u) else 0.0)
    put.put(base + slot, 1.0)


def _guardian_unit(s: MonstraState, base: int, put: _Entries) -> None:
    """The entries of the Guardian (``view._encode_unit`` with no one-hot); nothing when it is not in play."""
    u = s.active[4]
    if u < 0:
        return
    max_hp = s.maxhp(u)
    hp = max(s.hp[u], 0)
    put.put(base, 1.0)
    put.put(base + 1, _clamp(hp / (max_hp or 1)))
    put.put(base + 2, _clamp(max_hp / 50.0))
    put.put(base + 3, _clamp(s.shield[u] / SHIELD_CAP))
    put.put(base + 4, 1.0 if s.burn[u] else 0.0)
    put.put(base + 5, _clamp(s.poison[u] / 2.0))
    put.put(base + 6, 1.0 if s.slow[u] else 0.0)
    put.put(base + 7, _clamp(spd_of(s, u) / 9.0))
    put.put(base + 8, 1.0 if acts_this_round(s, u) else 0.0)


def _encode(s: MonstraState, seat: int, put: _Entries) -> None:
    """Put the entries of seat ``seat``'s encoded view, each index once."""
    my_team = s.seat_team[seat]
    # view.phase and view._deciding_team, as numbers (teams by index; the phases act, cleanse, discard, order, over)
    if s._result is not None:
        ph, deciding = 4, -1
    else:
        ph = 1 if s.cplay is not None else 2 if s.dteam >= 0 else 3 if s.stage == ST_TIES else 0
        if s.dteam >= 0:
            deciding = s.dteam
        elif s.stage == ST_TIES and s.ties:
            deciding = s.ties[0]
        else:
            deciding = s.actor // DECK_CREATURES if s.actor >= 0 else -1
    r, bonus, pierce = s.round / 12.0, s.bonus / 5.0, s.pierce / 5.0
    put.put(0, 0.0 if r < 0.0 else 1.0 if r > 1.0 else r)
    put.put(1, 1.0 if not s.mission and s.marker == my_team else 0.0)
    put.put(2, 0.0 if bonus < 0.0 else 1.0 if bonus > 1.0 else bonus)
    put.put(3, 0.0 if pierce < 0.0 else 1.0 if pierce > 1.0 else pierce)
    put.put(4 + ph, 1.0)
    put.put(9 + _MODES[s.mode], 1.0)
    put.put(12, 1.0 if deciding == my_team else 0.0)
    for i, t in enumerate((my_team, 1 - my_team) if s.nteams == 2 else (0,)):
        base = _HEADER + i * _TEAM_FEATURES
        energy, kos = s.energy[t] / ENERGY_CAP, s.kos[t] / KNOCKOUTS_TO_LOSE
        in_hand, reserve = len(s.hand[t]) / (HAND_LIMIT + 1), len(s.reserve[t]) / DECK_CREATURES
        put.put(base, 1.0)
        put.put(base + 1, 0.0 if energy < 0.0 else 1.0 if energy > 1.0 else energy)
        put.put(base + 2, 0.0 if kos < 0.0 else 1.0 if kos > 1.0 else kos)
        put.put(base + 3, 1.0 if s.used[t] else 0.0)
        put.put(base + 4, 1.0 if in_hand > 1.0 else in_hand)
        put.put(base + 5, 1.0 if reserve > 1.0 else reserve)
        # a team's tactics are twelve different ones (MO-2.3): each is in a hand or a discard pile once at most
        if my_team == t:
            for k in s.hand[t]:
                put.put(base + _TEAM_HAND + _TACTIC_SLOT[k], 1.0)
        for k in s.tdiscard[t]:
            put.put(base + _TEAM_DISCARD + _TACTIC_SLOT[k], 1.0)
        slots = base + _TEAM_UNITS
        _team_unit(s, 2 * t, slots, put)
        _team_unit(s, 2 * t + 1, slots + _UNIT_FEATURES, put)
    if s.mission:
        _guardian_unit(s, _GUARDIAN, put)
        if s.behaviour >= 0:
            for b in _BEHAVIOUR_SLOTS.get((s.guardian.id, BEHAVIOURS[s.behaviour].id), ()):
                put.put(_GUARDIAN + 9 + b, 1.0)


def encode_sparse(s: MonstraState, seat: int) -> tuple[list[int], list[float]]:
    """``(indices, values)`` of seat ``seat``'s encoded view, each index once."""
    lists = _Lists()
    _encode(s, seat, lists)
    return lists.idx, lists.val


# --- the observation writer (the vector environment's fast path) ---
# ``Game.observation_writer``: the entries of ``encode_sparse`` (each index once) written as float32 straight into a
# row of the caller's buffer, the other entries zero: the same numbers as ``encode_view``. The writer keeps each
# row's values as it last wrote them and writes only the entries whose value changed (a write into the buffer
# costs several times a comparison): the entries of this state that differ, and zeros where the last state had a
# non-zero entry and this one has none. It keeps the indices where each row's last state put a non-zero value, so
# finding those zeros costs a look at each of them (about 50), not at the whole row (314). Each write marks the
# indices it puts with an object of its own (an identity test, where a count would be a new int object per entry).

_ROW: Final = OBSERVATION_SIZE
_ZEROS: Final = memoryview(bytes(4 * _ROW)).cast("f")


class _RowEntries(_Entries):
    """The writer's :class:`_Entries`: each entry compared with the row's value and written into the buffer only when
    it differs; a non-zero entry's index listed and marked with this write's ``mark`` (to zero afterwards what this
    state lacks)."""

    def __init__(self, out: memoryview[float], o: int, values: list[float], marks: list[object]) -> None:
        self.out = out
        self.o = o
        self.values = values
        self.marks = marks
        self.mark = object()
        self.indices: list[int] = []

    def put(self, i: int, v: float) -> None:
        """Write the value if the row holds another; mark and list the index of a non-zero value."""
        values = self.values
        if values[i] != v:
            values[i] = v
            self.out[self.o + i] = v
        if v != 0.0:
            self.marks[i] = self.mark
            self.indices.append(i)


class MonstraObservationWriter(ObservationWriter):
    """MONSTRA's :class:`ObservationWriter` (see the comment above for what it rewrites when)."""

    def __init__(self, out: memoryview[float] | None = None, rows: int = 1) -> None:
        """Bind to ``out`` (``rows`` x ``OBSERVATION_SIZE`` float32 values). (With no buffer, a buffer of its own:
        how ``copy`` and ``pickle`` make a compiled writer before its fields.)"""
        super().__init__(flat_floats(bytearray(4 * rows * OBSERVATION_SIZE)) if out is None else out, rows, _ROW)
        self._values: list[list[float] | None] = [None] * rows
        self._indices: list[list[int]] = [[] for _ in range(rows)]
        self._marks: list[object] = [None] * _ROW  # per index: the mark of the last write that put it non-zero

    def forget(self, row: int) -> None:
        """The next write to ``row`` rewrites all of it."""
        self._values[row] = None

    def write(self, row: int, state: State, seat: int) -> None:
        """Write ``encode_view(build_view(state, seat))`` into row ``row``, writing only the values that changed."""
        if TYPE_CHECKING:  # (the vector environment gives this game's states only; no check per step)
            assert isinstance(state, MonstraState)
        out, o = self.out, row * _ROW
        values = self._values[row]
        if values is None:
            out[o : o + _ROW] = _ZEROS
            values = self._values[row] = [0.0] * _ROW
            self._indices[row] = []
        entries = _RowEntries(out, o, values, self._marks)
        _encode(state, seat, entries)
        marks, mark = self._marks, entries.mark
        for i in self._indices[row]:  # zero what the last state put and this one does not have
            if marks[i] is not mark and values[i] != 0.0:
                values[i] = 0.0
                out[o + i] = 0.0
        self._indices[row] = entries.indices
