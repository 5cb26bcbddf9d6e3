"""Monster Club's information boundary: views, determinization and the numeric encoding of a view.

What a seat may know (MC-1.2, MC-5.4): both deck lists (decks are announced at set-up), every face-up
card, face-down cards it controls, face-down cards that were face up before (``known``), both graves,
its own hand, and the counts of the other hand and both decks. What it may not: the other hand, the
order of either deck, and the other player's face-down cards. :func:`build_view` whitelists exactly that;
:func:`determinize` resamples exactly the rest.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monsterlair.core import Rng
from monsterlair.core.options import OptionValue
from monsterlair.games.monster_club import turns as _turns
from monsterlair.games.monster_club.board import CODE_ID, CODE_LIMIT, CODE_MONSTER, Stack
from monsterlair.games.monster_club.cards import BY_ID, CARDS, NUM_CARDS, TYPES
from monsterlair.games.monster_club.decks import DECK_SIZE
from monsterlair.games.monster_club.effects import clash_preview, shown_score
from monsterlair.games.monster_club.spec import GAME_ID, MAX_HAND, SPACES
from monsterlair.games.monster_club.state import ClubState


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
