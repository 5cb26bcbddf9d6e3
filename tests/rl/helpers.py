"""Shared helpers for the RL tests: per-game budgets, a masked random walk and the examples as modules."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np

from monsterlair import games
from monsterlair.core import Rng, State

GAME_IDS = games.ids()

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# Push a Monster settles a physics simulation after every push: keep its walks short.
SLOW_GAMES = {"push-a-monster"}


def cycles(game_id: str, fast: int, slow: int) -> int:
    """A test budget: ``slow`` for the physics game, ``fast`` for the card games."""
    return slow if game_id in SLOW_GAMES else fast


def player_counts(game_id: str) -> list[int]:
    """The fewest seats, two (the environments' default), and the most seats a game allows."""
    game = games.get(game_id)
    return sorted({game.min_players, max(game.min_players, min(2, game.max_players)), game.max_players})


def variants() -> list[tuple[str, str, str]]:
    """(game, option, value) for every non-default value of every option with a closed set of choices (modes)."""
    out = []
    for game_id in GAME_IDS:
        for name, option in games.get(game_id).options.items():
            out.extend((game_id, name, str(c)) for c in option.choices or () if c != option.default)
    return out


def masked_choice(mask: np.ndarray, rng: Rng) -> int:
    """A uniformly random index among the ones set in ``mask``."""
    options = np.flatnonzero(mask)
    return int(options[rng.below(len(options))])


def random_states(game_id: str, players: int, seed: int, steps: int) -> Iterator[State]:
    """The states of one random playout (``steps`` decisions at most), each yielded before its move."""
    game = games.get(game_id)
    state = game.new(players, seed)
    rng = Rng(seed ^ 0x5EED)
    for _ in range(steps):
        if state.over:
            return
        yield state
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.below(len(legal))])


def load_example(name: str) -> ModuleType:
    """``examples/<name>.py`` as a module (examples are scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the class is built
    spec.loader.exec_module(module)
    return module
