"""A quick evaluation of a Monster Smash position for one seat, in [0, 1] (used by the ``greedy`` bot).

It reads the full state it is given (bots only ever give it determinized samples). The idea: a seat is
doing well when it is close to one of its wins (own-suit cards toward 6, hand size toward 15) and its
most advanced opponent is not, and when opponents have been knocked out. Closeness is squared so that
being one card from a win weighs much more than being one card further from it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from monsterlair.games.monster_smash.spec import NUM_VALUES, WIN_SUIT, WIN_TOTAL

if TYPE_CHECKING:
    from monsterlair.games.monster_smash.state import SmashState


def progress(state: SmashState, seat: int) -> float:
    """How close ``seat`` is to a card win, in [0, 1]."""
    hand = state.hands[seat]
    own = 0
    for k in hand:
        if k >= NUM_VALUES:
            break
        own += 1
    suit_p = min(1.0, own / WIN_SUIT)
    size_p = min(1.0, len(hand) / WIN_TOTAL)
    best = max(suit_p, size_p)
    return 0.7 * best * best + 0.3 * (suit_p + size_p) / 2.0


def evaluate(state: SmashState, seat: int) -> float:
    """The heuristic value of ``state`` for ``seat``: the payoff once over, 0 when eliminated, else in (0, 1)."""
    result = state.res
    if result is not None:
        return result.payoff(seat)
    alive = state.alive
    if not alive >> seat & 1:
        return 0.0
    others = [s for s in range(state.players) if s != seat]
    living = [s for s in others if alive >> s & 1]
    mine = progress(state, seat)
    threat = max((progress(state, s) for s in living), default=0.0)
    knocked_out = (len(others) - len(living)) / len(others)
    value = 0.5 + 0.4 * (mine - threat) + 0.1 * knocked_out
    return min(0.99, max(0.01, value))
