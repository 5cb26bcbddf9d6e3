"""Scenario helpers so that Monster Smash rule tests read like the rules they check."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from monsterlair.core import Event
from monsterlair.games import get
from monsterlair.games.monster_smash import MonsterSmash, SmashState
from tests.games.playing import play as play
from tests.games.playing import texts as legal  # noqa: F401 (for the rule tests)

_game = get("monster-smash")
assert isinstance(_game, MonsterSmash)
GAME: MonsterSmash = _game

ALL_OPTIONS_OFF: dict[str, Any] = {
    "attack_requires_offsuit": False,
    "eliminate_empty_attacker": False,
    "eliminate_empty_burner": False,
    "stalemate_draw": False,
}


def setup(
    hands: Sequence[Iterable[str]],
    *,
    monsters: Sequence[str] | None = None,
    deck: Iterable[str] = (),
    discard: Iterable[str] = (),
    turn: int = 0,
    first_turn_done: bool | Iterable[int] = True,
    eliminated: Iterable[int] = (),
    seed: int = 0,
    **options: Any,
) -> SmashState:
    """A state at the start of ``turn``'s turn (its automatic draw done); monsters default to ember, tide, …"""
    if monsters is None:
        monsters = ("ember", "tide", "moss", "gloom", "volt")[: len(hands)]
    return SmashState.from_setup(
        GAME,
        monsters=monsters,
        hands=hands,
        deck=deck,
        discard=discard,
        turn=turn,
        first_turn_done=first_turn_done,
        eliminated=eliminated,
        seed=seed,
        options=options,
    )


def hand(state: SmashState, seat: int) -> list[str]:
    """A seat's hand as card codes in position order (the truth)."""
    return state.hand_codes(seat)


def of_type(events: Iterable[Event], kind: str) -> list[Event]:
    """The events of one type."""
    return [e for e in events if e.type == kind]


def random_states(
    players: int, seed: int, options: dict[str, Any] | None = None, limit: int = 3000
) -> list[SmashState]:
    """Every state (as clones) of one random playout."""
    from monsterlair.core import Rng

    state = GAME.new(players, seed=seed, options=options)
    rng = Rng(seed * 7919 + 13)
    out = [state.clone()]
    for _ in range(limit):
        actions = state.legal_actions()
        if not actions:
            break
        state.apply(actions[rng.below(len(actions))])
        out.append(state.clone())
    return out
