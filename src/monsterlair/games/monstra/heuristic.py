"""The position evaluation the ``greedy`` bot (and ISMCTS cut-offs) use for MONSTRA.

A duel is a race to three knockouts, so each team is scored by its *life*: the least damage the other team
must still deal to cause its remaining knockouts, taking the cheapest targets (the weaker active creature,
or that slot's replacement again, counted at an average replacement's HP). Shield counts a little less
than HP, Burn and Poison subtract the HP they will take, Slow a little. Energy, cards in hand, the pending
damage bonus and a Strike still to come this round are worth a little damage each. The difference in
life goes through a logistic curve, so the value stays in [0, 1].

A mission compares the damage the team can still deal before the end (or before it runs out of life at
the Guardian's expected pace) with the damage the Guardian can still take before the win line.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from monsterlair.games.monstra.effects import BOSS
from monsterlair.games.monstra.spec import C_HP, C_STRIKE, KNOCKOUTS_TO_LOSE, NUM_CREATURES

if TYPE_CHECKING:
    from monsterlair.games.monstra.state import MonstraState

REPLACEMENT_HP = sum(C_HP) / NUM_CREATURES
SHIELD_WEIGHT = 0.8
ENERGY_WEIGHT = 0.8
CARD_WEIGHT = 0.6
TO_ACT_WEIGHT = 0.7
DUEL_SCALE = 10.0
MISSION_SCALE = 8.0
TEAM_DAMAGE_PER_ROUND = 5.5
GUARDIAN_DAMAGE_PER_ROUND = 5.0


def team_life(s: MonstraState, team: int) -> float:
    """The least damage still needed to finish this team (see the module docstring)."""
    left = KNOCKOUTS_TO_LOSE - s.kos[team]
    if left <= 0:
        return 0.0
    hp = s.hp
    a = s.active[2 * team]
    b = s.active[2 * team + 1]
    # each active creature's effective HP (Shield a little less, pending Burn and Poison off, Slow a little)
    x = (
        hp[a] + SHIELD_WEIGHT * s.shield[a] - s.burn[a] - s.poison[a] - (0.5 if s.slow[a] else 0.0)
        if a >= 0 and hp[a] > 0
        else None
    )
    y = (
        hp[b] + SHIELD_WEIGHT * s.shield[b] - s.burn[b] - s.poison[b] - (0.5 if s.slow[b] else 0.0)
        if b >= 0 and hp[b] > 0
        else None
    )
    if x is None:
        if y is None:
            return 0.0
        x, y = y, None
    elif y is not None and y < x:
        x, y = y, x
    low = x if x > 0.5 else 0.5
    if left == 1:
        return low
    high = (y if y > 0.5 else 0.5) if y is not None else REPLACEMENT_HP
    if left == 2:
        return min(low + high, low + REPLACEMENT_HP)
    return min(low + high + REPLACEMENT_HP, low + 2 * REPLACEMENT_HP)


def _resources(s: MonstraState, team: int) -> float:
    value = ENERGY_WEIGHT * s.energy[team] + CARD_WEIGHT * min(len(s.hand[team]), 5)
    actor = s.actor
    hp = s.hp
    active = s.active
    card = s.card
    if actor >= 0:
        if actor // 12 == team:
            value += s.bonus
            if actor != BOSS and hp[actor] > 0 and actor in active:
                value += TO_ACT_WEIGHT * C_STRIKE[card[actor]]
    order = s.order
    for i in range(s.pos, len(order)):
        u = order[i]
        if u != BOSS and u // 12 == team and hp[u] > 0 and u in active:
            value += TO_ACT_WEIGHT * C_STRIKE[card[u]]
    return value


def _logistic(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-x))


def evaluate(s: MonstraState, seat: int) -> float:
    """The value of ``s`` for ``seat`` in [0, 1] (the payoff once the game is over)."""
    if s._result is not None:
        return s._result.payoff(seat)
    team = s.seat_team[seat]
    if not s.mission:
        mine = team_life(s, team) + _resources(s, team)
        theirs = team_life(s, 1 - team) + _resources(s, 1 - team)
        return _logistic((mine - theirs) / DUEL_SCALE)
    g = s.guardian
    rounds_left = s.rounds - s.round + (0.5 if s.pos < len(s.order) else 0.0)
    life = team_life(s, 0)
    survive = life / GUARDIAN_DAMAGE_PER_ROUND
    reach = TEAM_DAMAGE_PER_ROUND * min(rounds_left, survive) + _resources(s, 0)
    line = 0 if g.must_defeat else g.win_at_or_below
    needed = s.hp[BOSS] + SHIELD_WEIGHT * s.shield[BOSS] - s.burn[BOSS] - s.poison[BOSS] - line
    return _logistic((reach - needed) / MISSION_SCALE + 0.02 * life)
