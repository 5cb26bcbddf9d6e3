"""Game records for the command-line tests: a whole random game, saved as a file the commands read."""

from __future__ import annotations

import json
from pathlib import Path

from monsterlair import games
from monsterlair.core import Rng


def random_finished_record(folder: Path, game_id: str, seed: int, name: str = "game.json") -> Path:
    """A game of ``game_id`` played to its end by uniform random choices from ``Rng(seed)``, saved in ``folder``."""
    state = games.get(game_id).new(2, seed)
    rng = Rng(seed)
    while not state.over:
        state.apply(rng.choice(state.legal_actions()))
    path = folder / name
    path.write_text(json.dumps(state.record()))
    return path
