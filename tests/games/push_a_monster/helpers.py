"""Shared helpers for the Push a Monster tests: scenarios, scripted dice and random games."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from typing import Any

from monsterlair.core import Event, Rng
from monsterlair.games import get
from monsterlair.games.push_a_monster import PushAMonster
from monsterlair.games.push_a_monster.geometry import Pose, place_kind, separation
from monsterlair.games.push_a_monster.spec import DIE_FACES, KIND_INDEX, KIND_MONSTERS, MONSTER_KIND
from monsterlair.games.push_a_monster.state import PushState

GAME = get("push-a-monster")
assert isinstance(GAME, PushAMonster)

STEADY = {"tremor": False}
"""Options for scenarios whose physics must be exactly predictable."""


def monster(kind: str, nth: int = 0) -> int:
    """The number of the ``nth`` monster of a kind."""
    return KIND_MONSTERS[KIND_INDEX[kind]][nth]


def scenario(
    poses: Sequence[Pose],
    *,
    players: int = 2,
    pushing: int | None = None,
    options: dict[str, Any] | None = None,
    **kwargs: Any,
) -> PushState:
    """A position with the given monsters on the arena (the rest in the supply)."""
    return PushState.from_setup(GAME, players, poses=poses, pushing=pushing, options=options or STEADY, **kwargs)


class ScriptedRng(Rng):
    """A generator whose ``below`` answers come from a script first (to force die faces), then from the seed."""

    __slots__ = ("script",)

    def __init__(self, seed: int, script: Sequence[int]) -> None:
        super().__init__(seed)
        self.script = list(script)

    def below(self, n: int) -> int:
        if self.script:
            return self.script.pop(0)
        return super().below(n)


def face_index(face: str) -> int:
    """The ``below(6)`` answer that rolls a face (a kind id or '?')."""
    return DIE_FACES.index(-1 if face == "?" else KIND_INDEX[face])


def roll_next(state: PushState, *faces: str) -> None:
    """Make the state's next die rolls show these faces (then carry on with its own stream)."""
    state._rng = ScriptedRng(state._rng.getstate(), [face_index(f) for f in faces])


def random_game(
    players: int, seed: int, options: dict[str, Any] | None = None, *, checked: bool = False
) -> Iterator[tuple[PushState, Any, list[Event]]]:
    """Play a random game, yielding (state after, action, events) for every action."""
    state = GAME.new(players, seed, options)
    assert isinstance(state, PushState)
    rng = Rng(seed).fork(7)
    while not state.over:
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        events = state.apply(action) if checked else state.apply_unchecked(action)
        yield state, action, events


def final(players: int, seed: int, options: dict[str, Any] | None = None, *, checked: bool = False) -> PushState:
    """The end of a random game (see :func:`random_game`)."""
    steps = list(random_game(players, seed, options, checked=checked))
    if steps:
        return steps[-1][0]
    state = GAME.new(players, seed, options)
    assert isinstance(state, PushState)
    return state


def overlaps(state: PushState, tolerance: float = 0.01) -> list[tuple[int, int, float]]:
    """Pairs of monsters on the arena that overlap by more than ``tolerance`` dm."""
    placed = [(m, place_kind(MONSTER_KIND[m], x, y, a), x, y) for m, x, y, a in state.poses]
    out = []
    for i, (m, a, ax, ay) in enumerate(placed):
        for n, b, bx, by in placed[i + 1 :]:
            if math.hypot(ax - bx, ay - by) > 0.8:
                continue
            depth = -min(separation(p, q) for p in a for q in b)
            if depth > tolerance:
                out.append((m, n, depth))
    return out
