"""The evaluation ``greedy`` uses for Push a Monster: the seat's lead in line length, minus expected losses.

Every fallen monster adds its token width to each *other* player's line, so it costs the pusher exactly
that much lead over the best other line. Greedy scores each candidate push by playing it on a few
determinized samples (each with its own hand tremor, rule PM-8.3) and averaging this evaluation, so it
picks the push with the fewest expected falls, weighted by token width (rule PM-8.4).

A position where the seat to move still has to finish its own turn carries a risk: a monster that
sticks out may still be nudged off, and one that missed the arena must be pushed again through the same
crowd. Those risks are charged at a fixed probability times the token width, so that a clean placement
scores higher than a push that leaves the monster hanging over the edge, and a deliberate miss (free
under the rulebook, rule PM-5.4) is never a way out of a risky push for greedy.
"""

from __future__ import annotations

import math

from monsterlair.games.push_a_monster.spec import KINDS, MONSTER_KIND
from monsterlair.games.push_a_monster.state import Phase, PushState

SCALE = 12.0
"""Token units of lead that move the evaluation from 0.5 to about 0.88 (tanh(1))."""
OVERHANG_RISK = 0.5
"""Chance charged that a monster left sticking out will still fall while it is being nudged in."""
MISS_RISK = 0.2
"""Chance charged per attempt already missed that the monster ends up counted as fallen."""


def evaluate(state: PushState, seat: int) -> float:
    """How good ``state`` looks for ``seat``, in [0, 1]: the payoff once over, else 0.5 + lead shaped by tanh."""
    result = state.result
    if result is not None:
        return result.payoff(seat)
    lines = [state.line_length(s) for s in range(state.players)]
    best_other = max(lines[s] for s in range(state.players) if s != seat)
    lead = float(lines[seat] - best_other)
    active = state.active
    if active is not None:
        width = KINDS[MONSTER_KIND[active]].token_width
        # an unfinished turn's loss lands on the mover's lead; for anyone else it is a gain
        risk = 0.0
        if state.phase == Phase.NUDGE:
            risk = OVERHANG_RISK * width
        elif state.phase == Phase.PUSH and state.attempts:
            risk = min(1.0, MISS_RISK * state.attempts) * width
        lead += -risk if state.to_move == seat else risk
    return 0.5 + 0.5 * math.tanh(lead / SCALE)
