"""Monster Club's evaluation for the greedy bot: how good a (full, possibly determinized) state looks.

The measure is a weighted sum, squashed into [0, 1]:

* destroys: the game's score; each one counts most, and being one short of the target counts extra;
* conflicts about to happen: on each space where two stacks face each other, a conflict the player whose
  turn it is can start now and would win is nearly a destroy; otherwise each side's winning conflict is a
  threat for its next turn (discounted: the other side may still move or reinforce);
* board strength: the score each stack shows (a face-down monster counts its printed score, as it would
  be flipped in a conflict), and free power slots;
* cards: monsters still to come count a little; cards *held* count against the holder (``W_HAND < 0``).
  A one-ply bot that hoards lets its hand clog at five (it then never draws again), and games between such
  bots stalled about one time in ten; a bot that plays its cards fills its board and takes away the other
  side's escape spaces (see ``docs/balance/monster-club.md``).

It reads the state directly: the greedy bot only calls it on states it sampled from its own perspective.
"""

from __future__ import annotations

import math

from monsterlair.games.monster_club.board import CODE_CARD, CODE_MONSTER, Stack
from monsterlair.games.monster_club.cards import BEATS
from monsterlair.games.monster_club.effects import conflict_score, stack_score
from monsterlair.games.monster_club.state import ClubState
from monsterlair.games.monster_club.turns import P_OVER

W_DESTROY = 1.0
W_NEAR_WIN = 0.6
W_CONFLICT = 0.7
W_THREAT = 0.45
W_PRESSURE = 0.3
W_STRENGTH = 0.05
W_SLOT = 0.04
W_HAND = -0.2
W_DECK_MONSTER = 0.03
SCALE = 2.5


def _can_attack(st: Stack) -> bool:
    return not st.attacked and (not st.moved or st.swift())


def _outcome(state: ClubState, attacker: int, s: int) -> int:
    """+1 if ``attacker``'s stack at ``s`` would destroy the conflicting one, -1 if it would be destroyed,
    0 if both would go (face-down cards scored as they lie, except the monster's printed score)."""
    a = conflict_score(state, attacker, s, True)
    d = conflict_score(state, 1 - attacker, s, False)
    if a != d:
        return 1 if a > d else -1
    sa = state.board[attacker][s]
    sd = state.board[1 - attacker][s]
    assert sa is not None and sd is not None
    ca, cd = CODE_CARD[sa.m], CODE_CARD[sd.m]
    if ca.sturdy != cd.sturdy:
        return 1 if ca.sturdy else -1
    if ca.type == cd.type:
        return 0
    return 1 if BEATS[ca.type] == cd.type else -1


def evaluate(state: ClubState, seat: int) -> float:
    """How good ``state`` looks for ``seat``, in [0, 1] (the payoff once the game is over)."""
    if state.phase == P_OVER:
        return state.payoff(seat)
    me, op = seat, 1 - seat
    target = state.target
    d_me, d_op = state.destroys[me], state.destroys[op]
    value = W_DESTROY * (d_me - d_op)
    if d_me == target - 1:
        value += W_NEAR_WIN
    if d_op == target - 1:
        value -= W_NEAR_WIN
    active = state.active
    mine_row, their_row = state.board[me], state.board[op]
    for s in range(3):
        a, b = mine_row[s], their_row[s]
        if a is not None:
            value += W_STRENGTH * stack_score(a) + W_SLOT * a.free_slots()
        if b is not None:
            value -= W_STRENGTH * stack_score(b) + W_SLOT * b.free_slots()
        if a is None or b is None:
            continue
        # The player whose turn it is attacks now where it can and wins; otherwise each side threatens
        # the conflict it would win when its own turn comes (the other side may still react).
        if active == me:
            if _can_attack(a) and _outcome(state, me, s) > 0:
                value += W_CONFLICT
            elif _outcome(state, op, s) > 0:
                value -= W_THREAT
            elif _outcome(state, me, s) > 0:
                value += W_PRESSURE
        else:
            if _can_attack(b) and _outcome(state, op, s) > 0:
                value -= W_CONFLICT
            elif _outcome(state, me, s) > 0:
                value += W_THREAT
            elif _outcome(state, op, s) > 0:
                value -= W_PRESSURE
    value += W_HAND * (len(state.hands[me]) - len(state.hands[op]))
    value += W_DECK_MONSTER * (
        sum(1 for c in state.decks[me] if CODE_MONSTER[c]) - sum(1 for c in state.decks[op] if CODE_MONSTER[c])
    )
    return 0.5 + 0.5 * math.tanh(value / SCALE)
