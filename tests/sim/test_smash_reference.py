"""The bench's hand-written Monster Smash engine plays the same rules as the real one (``sim/smash_reference``).

Both engines play random games from the same deal, the same action at each step: the legal actions, the
hands, the piles and the seat to move must agree at every step, and the result (winners, how the game
ended, the scores, the eliminations) at the end.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from monsterlair.core import Rng
from monsterlair.games import get
from monsterlair.games.monster_smash import SmashState
from monsterlair.sim.smash_reference import SmashReference

GAME = get("monster-smash")

OPTION_SETS: list[dict[str, Any]] = [
    {},  # the defaults: every rule option off, the 500-turn limit on
    {
        "attack_requires_offsuit": True,
        "eliminate_empty_attacker": True,
        "eliminate_empty_burner": True,
        "stalemate_draw": True,
    },
    {"max_turns": 12},
]


def _position(s: SmashState | SmashReference) -> tuple[Any, ...]:
    return (s.hands, s.deck, s.discard, list(s.picks), s.phase, s.seat, s.to_move, s.alive, s.turns, s.over)


def _play_both(players: int, seed: int, options: dict[str, Any], seen: Counter[str]) -> None:
    real = GAME.new(players, seed, options)
    dealt = SmashReference.new(players, seed, options)  # the reference's own deal is the same deal
    assert _position(dealt) == _position(real) and dealt.rng.getstate() == real.rng.getstate()
    _compare(real, seed, seen)


def _compare(real: SmashState, seed: int, seen: Counter[str]) -> None:
    """Play on from ``real`` in both engines, the same random action at each step, comparing as they go."""
    ref = SmashReference.from_state(real)
    rng = Rng(seed ^ 0x5DEECE66D)
    while True:
        legal = [a.index for a in real.legal_actions()]
        assert list(ref.legal_actions()) == legal, (real.players, seed, real.history)
        assert _position(ref) == _position(real), (real.players, seed, real.history)
        if real.over:
            break
        i = rng.below(len(legal))
        events = real.apply(real.legal_actions()[i])
        ref.apply(legal[i])
        seen.update(e.type for e in events)
    result = real.result
    assert result is not None
    assert (ref.winners, ref.termination) == (result.winners, result.termination)
    assert ref.scores() == list(result.scores) and tuple(ref.elim) == real.elim
    seen[result.termination] += 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=["defaults", "every-rule-option", "max_turns=12"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_reference_engine_plays_the_same_games(players: int, options: dict[str, Any]) -> None:
    seen: Counter[str] = Counter()
    for seed in range(100):
        _play_both(players, seed, options, seen)
    assert seen["steal"] and seen["attack_failed"] and seen["mulligan"] and seen["eliminated"], seen
    if options.get("max_turns") == 12:
        assert seen["turn_cap"], seen
    else:
        assert seen["reshuffle"] and seen["last_standing"], seen


def test_the_card_wins_are_compared_too() -> None:
    """Random games rarely end by cards (most end with the last one standing): enough of them to see both."""
    seen: Counter[str] = Counter()
    for players in (3, 4, 5):
        for seed in range(100):
            _play_both(players, seed, {}, seen)
    assert seen["six_of_suit"] and seen["fifteen_cards"], seen


def test_a_stalemate_is_compared_too() -> None:
    """MS-12.2 (option ``stalemate_draw``): no cards to draw and nothing to attack with, a round of passes."""
    real = SmashState.from_setup(
        GAME,
        monsters=["ember", "tide"],
        hands=[["tide-1", "moss-2"], ["ember-3", "moss-1", "moss-4"]],
        options={"stalemate_draw": True},
    )
    seen: Counter[str] = Counter()
    _compare(real, 1, seen)
    assert seen["stalemate"] == 1, seen
