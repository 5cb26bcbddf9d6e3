"""Monster Club's information boundary: views, determinization and the numeric encoding of a view.

What a seat may know (MC-1.2, MC-5.4): both deck lists (decks are announced at set-up), every face-up
card, face-down cards it controls, face-down cards that were face up before (``known``), both graves,
its own hand, and the counts of the other hand and both decks. What it may not: the other hand, the
order of either deck, and the other player's face-down cards. :func:`build_view` whitelists exactly that;
:func:`determinize` resamples exactly the rest.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from monsterlair.core import ObservationWriter, Rng, State
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_club import turns as _turns
from monsterlair.games.monster_club.board import CODE_CARD, CODE_ID, CODE_LIMIT, CODE_MONSTER, Stack
from monsterlair.games.monster_club.cards import BY_ID, CARDS, NUM_CARDS, TYPES
from monsterlair.games.monster_club.decks import DECK_SIZE
from monsterlair.games.monster_club.effects import clash_preview, shown_score
from monsterlair.games.monster_club.spec import GAME_ID, MAX_HAND, SPACES
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import PHASE_NAMES


def _card(code: int, up: bool, visible: bool) -> dict[str, Any]:
    if not visible:
        return {"id": None, "up": False}
    return {"id": CODE_ID[code], "up": up, "owner": code & 1}


def _stack_view(state: ClubState, space: int, side: int, seat: int | None) -> dict[str, Any]:
    st = state.board[side][space]
    assert st is not None
    mine = seat == side
    playing = not state.over and side == state.active
    return {
        "monster": _card(st.m, st.mup, st.mup or st.mknown or mine),
        "powers": [
            _card(code, up, up or known or mine) for code, up, known in zip(st.p, st.pup, st.pknown, strict=True)
        ],
        "moved": st.moved,
        "attacked": st.attacked,
        "score": shown_score(st),
        # Why the player whose turn it is cannot attack with this stack (public facts only), else None.
        "attack_block": state.attack_block(side, space) if playing else None,
        # What clash cards would do if this stack attacked now (face-up cards only: public), else [].
        "clash": clash_preview(state, side, space) if playing else [],
    }


def build_view(state: ClubState, seat: int | None) -> dict[str, Any]:
    """The JSON-ready view of ``seat`` (``None``: a spectator, who sees no hand and no face-down card)."""
    result = state.result
    pending = None
    if state.choice is not None:
        cseat, code, effect = state.choice
        pending = {
            "seat": cseat,
            "card": CODE_ID[code],
            "effect": effect.describe(),
            "options": [str(a) for a in state.choice_acts],
        }
    revealed = None
    if state.phase == _turns.P_REVEAL:
        revealed = {"seat": state.active, "cards": [CODE_ID[c] for c in state.revealed], "reason": state.reveal_reason}
    return {
        "game": GAME_ID,
        "seat": seat,
        "to_move": state.to_move,
        "over": state.over,
        "result": result.to_json() if result is not None else None,
        "players": 2,
        "phase": _turns.PHASE_NAMES[state.phase],
        "active": state.active,
        "first": state.first,
        "turn": state.turn,
        "destroys": list(state.destroys),
        "destroys_to_win": state.target,
        "hand": [CODE_ID[c] for c in state.hands[seat]] if seat is not None else None,
        "hand_counts": [len(state.hands[0]), len(state.hands[1])],
        "deck_counts": [len(state.decks[0]), len(state.decks[1])],
        "deck_names": list(state.deck_labels),
        "deck_lists": [[CODE_ID[c] for c in lst] for lst in state.deck_lists],
        "boards": [
            [_stack_view(state, i, side, seat) if st is not None else None for i, st in enumerate(state.board[side])]
            for side in (0, 1)
        ],
        "graves": [[CODE_ID[c] for c in state.graves[0]], [CODE_ID[c] for c in state.graves[1]]],
        "revealed": revealed,
        "pending": pending,
        # Why the player to move cannot end the turn yet (public: an empty board), else None.
        "end_block": state.end_block(),
        "stall": state.stall,
        "stall_turns": state.stall_turns,
        "max_turns": state.max_turns,
    }


def determinize(state: ClubState, seat: int, rng: Rng) -> ClubState:
    """A clone whose information hidden from ``seat`` is resampled with ``rng``.

    The seat's own deck is reshuffled (it does not know the order). The other player's hand, deck and
    unknown face-down cards are pooled in sorted order, shuffled, and dealt back to the same places: a
    face-down monster slot gets a monster whose power limit fits the cards on it (the most constrained
    slot first, which always succeeds because the eligible sets are nested), a face-down power slot a
    power card. A hand shown in the reveal procedure stays as it is. The clone's generator is re-seeded
    from ``rng`` so future chance cannot be read off the original.
    """
    s = state.clone()
    s.rng = Rng(rng.next64())
    s._legal = state._legal
    own = sorted(s.decks[seat])
    rng.shuffle(own)
    s.decks[seat] = own
    opp = 1 - seat
    hand_public = s.phase == _turns.P_REVEAL and s.active == opp
    pool: list[int] = list(s.decks[opp])
    if not hand_public:
        pool += s.hands[opp]
    monster_slots: list[tuple[int, Stack]] = []
    power_slots: list[tuple[Stack, int]] = []
    for st in s.board[opp]:
        if st is None:
            continue
        if not st.mup and not st.mknown:
            pool.append(st.m)
            monster_slots.append((len(st.p), st))
        for i in range(len(st.p)):
            if not st.pup[i] and not st.pknown[i]:
                pool.append(st.p[i])
                power_slots.append((st, i))
    pool.sort()
    rng.shuffle(pool)
    monster_slots.sort(key=lambda item: -item[0])
    for need, st in monster_slots:
        eligible = [i for i, c in enumerate(pool) if CODE_MONSTER[c] and CODE_LIMIT[c] >= need]
        st.m = pool.pop(eligible[rng.below(len(eligible))])
    for st, i in power_slots:
        eligible = [j for j, c in enumerate(pool) if not CODE_MONSTER[c]]
        st.p[i] = pool.pop(eligible[rng.below(len(eligible))])
    if not hand_public:
        n = len(s.hands[opp])
        s.hands[opp] = sorted(pool[:n])
        pool = pool[n:]
    s.decks[opp] = pool
    return s


# ------------------------------------------------------------------------------------------- RL encoding
CARD_INDEX: dict[str, int] = {cid: c.index for cid, c in BY_ID.items()}
_STACK_FEATURES = 15
_SCALARS = 12


def observation_size(players: int, options: Mapping[str, OptionValue]) -> int:
    """The length of :func:`encode_view`'s vector: scalars, 6 spaces of stack features, and card counts
    for the own hand, both graves and the shown hand (one slot per card of the pool each)."""
    return _SCALARS + 2 * SPACES * _STACK_FEATURES + 4 * NUM_CARDS


def observation_bounds(players: int, options: Mapping[str, OptionValue]) -> tuple[list[float], list[float]]:
    """The bounds of every feature of :func:`encode_view`, from the card table.

    Flags, one-hots and the destroy counts (capped at 1) lie in [0, 1]; deck and hand sizes in [0, deck size/25];
    a stack's printed score, limit and power counts in [0, the card table's most / their divisor]; its visible
    additions in [0, 3 x the largest addition/10] and its subtractions in [3 x the largest subtraction/10, 0]; its
    shown score in [0, (largest score + 3 x largest addition) x largest multiplier cubed / 20]; a card's count in
    a hand, a grave or the shown hand in [0, the copies a deck may hold of it].
    """
    most_powers = max(c.limit for c in CARDS)
    low = [0.0] * _SCALARS
    high = [1.0] * 8 + [DECK_SIZE / 25.0] * 2 + [DECK_SIZE / MAX_HAND] * 2
    top_score = max(c.score for c in CARDS)
    top_add = max(max(c.add for c in CARDS), 0)
    least_opp = min(min(c.opp for c in CARDS), 0)
    top_mul = max(max(c.mul for c in CARDS), 1)
    stack_low = [0.0] * _STACK_FEATURES
    stack_high = [1.0] * _STACK_FEATURES
    stack_high[3] = top_score / 10.0
    stack_high[4] = most_powers / 3.0
    stack_high[8] = stack_high[9] = most_powers / 3.0
    stack_high[10] = most_powers * top_add / 10.0
    stack_low[11], stack_high[11] = most_powers * least_opp / 10.0, 0.0
    stack_high[13] = (top_score + most_powers * top_add) * top_mul**most_powers / 20.0
    low += stack_low * (2 * SPACES)
    high += stack_high * (2 * SPACES)
    copies = [0.0] * NUM_CARDS
    for c in CARDS:
        copies[c.index] = float(c.copies)
    low += [0.0] * (4 * NUM_CARDS)
    high += copies * 4
    return low, high


def _encode_stack(out: list[float], sv: Mapping[str, Any] | None) -> None:
    if sv is None:
        out.extend([0.0] * _STACK_FEATURES)
        return
    m = sv["monster"]
    card = BY_ID[m["id"]] if m["id"] is not None else None
    powers = sv["powers"]
    visible = [BY_ID[pw["id"]] for pw in powers if pw["id"] is not None and pw["up"]]
    score = sv["score"]
    out.append(1.0)
    out.append(1.0 if m["up"] else 0.0)
    out.append(1.0 if card is not None else 0.0)
    out.append(card.score / 10.0 if card is not None else 0.0)
    out.append(card.limit / 3.0 if card is not None else 0.0)
    for t in range(len(TYPES)):
        out.append(1.0 if card is not None and card.type == t else 0.0)
    out.append(len(powers) / 3.0)
    out.append(len(visible) / 3.0)
    out.append(sum(c.add for c in visible) / 10.0)
    out.append(sum(c.opp for c in visible) / 10.0)
    out.append(1.0 if any(c.mul > 1 for c in visible) else 0.0)
    out.append(score / 20.0 if score is not None else 0.0)
    out.append(1.0 if sv["moved"] or sv["attacked"] else 0.0)


def _counts(out: list[float], ids: list[str] | None) -> None:
    vec = [0.0] * NUM_CARDS
    for cid in ids or ():
        vec[CARD_INDEX[cid]] += 1.0
    out.extend(vec)


def encode_view(view: Mapping[str, Any], players: int, options: Mapping[str, OptionValue]) -> list[float]:
    """A fixed-length numeric encoding of a seat's view, from the seat's side (own board first).

    It reads only the view (plus the public card table), so it holds nothing the seat may not know.
    """
    seat = view["seat"] if view["seat"] is not None else 0
    opp = 1 - seat
    target = max(1, int(view["destroys_to_win"]))
    out: list[float] = [
        1.0 if view["to_move"] == seat else 0.0,
        1.0 if view["active"] == seat else 0.0,
    ]
    out.extend(1.0 if view["phase"] == p else 0.0 for p in _turns.PHASE_NAMES[:4])
    out.append(min(1.0, view["destroys"][seat] / target))
    out.append(min(1.0, view["destroys"][opp] / target))
    out.append(view["deck_counts"][seat] / 25.0)
    out.append(view["deck_counts"][opp] / 25.0)
    out.append(view["hand_counts"][seat] / MAX_HAND)
    out.append(view["hand_counts"][opp] / MAX_HAND)
    for side in (seat, opp):
        for sv in view["boards"][side]:
            _encode_stack(out, sv)
    _counts(out, view["hand"])
    _counts(out, view["graves"][seat])
    _counts(out, view["graves"][opp])
    _counts(out, view["revealed"]["cards"] if view["revealed"] else None)
    return out


__all__ = ["build_view", "determinize", "encode_view", "observation_bounds", "observation_size"]


# --- the sparse fast path (the vector environment's batched encoding) ---
# The RL encoding's fast path: ``view.encode_view(build_view(state, seat))`` as sparse entries, from the state.
#
# ``Game.encode_state_sparse`` (the vector environment's batched path) calls this instead of building the
# view dict and encoding it. It reads only what ``build_view`` shows the seat — a monster's identity only
# when it is face up, was face up before, or is the seat's own; the powers' identities only when face up
# (the encoding reads no other); its own hand; graves, counts and a shown hand — and computes every value
# with the same expression, so the values are identical; ``tests/rl/test_vector.py`` compares the two on
# random playouts.

_PHASE_SLOT = {name: 2 + i for i, name in enumerate(PHASE_NAMES[:4])}
_CODE_SLOT = tuple(CARD_INDEX[c.id] for c in CODE_CARD)
_HAND = _SCALARS + 2 * SPACES * _STACK_FEATURES


# Per card code: what a face-up power adds (add, opp, mul) and what a known monster shows (its score and
# limit features and its type's slot), from the card table.
_POWER = tuple((c.add, c.opp, c.mul) for c in CODE_CARD)
_MONSTER = tuple((c.score / 10.0, c.limit / 3.0, 5 + c.type) for c in CODE_CARD)


# Per board place (side k, space i: k * SPACES + i): the indices every stack there writes, and those of its known
# monster's score and limit.
_PLACE_BASES = tuple(_SCALARS + place * _STACK_FEATURES for place in range(2 * SPACES))
_PLACE_INDICES = tuple(tuple(b + o for o in (0, 1, 2, 8, 9, 10, 11, 12, 13, 14)) for b in _PLACE_BASES)


def _face_up_powers(st: Stack) -> tuple[int, int, int, bool]:
    """What a stack's face-up powers add, subtract, how many they are and whether one multiplies (only face-up
    powers are read: the view shows a face-down one only to its owner)."""
    add = opp = visible = 0
    doubles = False
    for code, up in zip(st.p, st.pup, strict=True):
        if up:
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

_PHASE_OF = tuple(_PHASE_SLOT.get(name, -1) for name in PHASE_NAMES)
"""Per phase number: the index of its one-hot slot (-1: a phase without one)."""
_SIZE = observation_size(2, {})
_ZEROS = memoryview(bytes(4 * _SIZE)).cast("f")
_SHOWN = _HAND + 3 * NUM_CARDS
StackKey = tuple[int | bool, ...]


class ClubObservationWriter(ObservationWriter):
    """Monster Club's :class:`ObservationWriter` (see the comment above for what it rewrites when)."""

    def __init__(self, out: memoryview[float], rows: int) -> None:
        """Bind to ``out`` (``rows`` x ``observation_size`` float32 values)."""
        super().__init__(out, rows, _SIZE)
        self._states: list[ClubState | None] = [None] * rows
        self._seats = [-1] * rows
        self._phases = [-1] * rows
        self._stacks: list[list[StackKey | None]] = [[None] * (2 * SPACES) for _ in range(rows)]
        self._hands: list[list[int]] = [[] for _ in range(rows)]
        self._graves: list[list[list[int]]] = [[[], []] for _ in range(rows)]
        self._grave_counts: list[list[list[int]]] = [[[0] * NUM_CARDS, [0] * NUM_CARDS] for _ in range(rows)]
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
        self._stacks[row] = [None] * (2 * SPACES)
        self._hands[row] = []
        self._graves[row] = [[], []]
        self._grave_counts[row] = [[0] * NUM_CARDS, [0] * NUM_CARDS]
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
        out[o] = state.to_move == seat
        out[o + 1] = state.active == seat
        phase = _PHASE_OF[state.phase]
        if phase != self._phases[row]:
            if self._phases[row] >= 0:
                out[o + self._phases[row]] = 0.0
            if phase >= 0:
                out[o + phase] = 1.0
            self._phases[row] = phase
        out[o + 6] = min(1.0, destroys[seat] / target)
        out[o + 7] = min(1.0, destroys[opp] / target)
        out[o + 8] = len(decks[seat]) / 25.0
        out[o + 9] = len(decks[opp]) / 25.0
        out[o + 10] = len(hands[seat]) / MAX_HAND
        out[o + 11] = len(hands[opp]) / MAX_HAND
        keys = self._stacks[row]
        board = state.board
        for place, st in enumerate(board[seat] + board[opp]):  # own spaces first
            # The fields the encoding reads (the powers' codes and face-up flags come in two lists of one length).
            key = None if st is None else (st.m, st.mup, st.mknown, st.moved, st.attacked, *st.p, *st.pup)
            if key != keys[place]:
                self._write_stack(o + _PLACE_BASES[place], st, place < SPACES)
                keys[place] = key
        hand = hands[seat]
        if hand != self._hands[row]:
            self._recount(o + _HAND, hand)
            self._hands[row] = hand[:]
        graves = state.graves
        seen = self._graves[row]
        if graves[seat] != seen[0]:
            self._write_grave(row, o + _HAND + NUM_CARDS, 0, graves[seat])
        if graves[opp] != seen[1]:
            self._write_grave(row, o + _HAND + 2 * NUM_CARDS, 1, graves[opp])
        shown = state.revealed if state.phase == _turns.P_REVEAL else ()
        if shown != self._shown[row]:
            self._recount(o + _SHOWN, shown)
            self._shown[row] = shown

    def _write_stack(self, b: int, st: Stack | None, mine: bool) -> None:
        """A stack's 15 features at ``b`` (``_stack``'s values; zeros for an empty space)."""
        out = self.out
        out[b : b + _STACK_FEATURES] = _ZEROS[:_STACK_FEATURES]
        if st is None:
            return
        add, opp, visible, doubles = _face_up_powers(st)
        mup = st.mup
        known = mup or st.mknown or mine
        out[b] = 1.0
        out[b + 1] = mup
        out[b + 2] = known
        out[b + 8] = len(st.p) / 3.0
        out[b + 9] = visible / 3.0
        out[b + 10] = add / 10.0
        out[b + 11] = opp / 10.0
        out[b + 12] = doubles
        if mup:
            out[b + 13] = shown_score(st) / 20.0  # type: ignore[operator]  # (an int when face up)
        out[b + 14] = st.moved or st.attacked
        if known:
            score_value, limit_value, type_slot = _MONSTER[st.m]
            out[b + 3] = score_value
            out[b + 4] = limit_value
            out[b + type_slot] = 1.0

    def _recount(self, b: int, codes: Sequence[int]) -> None:
        """A card-count block at ``b``: how many of each card ``codes`` holds."""
        out, slot = self.out, _CODE_SLOT
        out[b : b + NUM_CARDS] = _ZEROS[:NUM_CARDS]
        counts = [0] * NUM_CARDS
        for c in codes:
            s = slot[c]
            counts[s] += 1
            out[b + s] = counts[s]

    def _write_grave(self, row: int, b: int, which: int, grave: list[int]) -> None:
        """A grave's counts at ``b``: the cards added since the last write, unless cards also left it (then all)."""
        out, slot = self.out, _CODE_SLOT
        seen = self._graves[row][which]
        counts = self._grave_counts[row][which]
        m = len(seen)
        if len(grave) > m and grave[:m] == seen:
            new = grave[m:]
        else:
            out[b : b + NUM_CARDS] = _ZEROS[:NUM_CARDS]
            counts = self._grave_counts[row][which] = [0] * NUM_CARDS
            new = grave
        for c in new:
            s = slot[c]
            counts[s] += 1
            out[b + s] = counts[s]
        self._graves[row][which] = grave[:]
