"""Tutorials: for each game, a scripted first game against a bot (``data/tutorials.toml``: the random bot, and
for Monster Smash the greedy one, which attacks back).

The table is an ordinary private table against a bot, so it is never rated and offers hints; what makes it
scripted is the fixed seed (the same deal, and the same bot moves for the same moves of the learner). The
table is marked as a tutorial (``TableData.tutorial``), so the browser shows its coach however it is reopened.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any


@dataclass(frozen=True, slots=True)
class Tutorial:
    """The set-up of one game's tutorial."""

    game: str
    seed: int
    players: int
    bot: str
    options: dict[str, Any]


def _load() -> dict[str, Tutorial]:
    text = resources.files("monsterlair.server.tables").joinpath("data/tutorials.toml").read_text(encoding="utf-8")
    return {
        game: Tutorial(game, int(t["seed"]), int(t["players"]), str(t["bot"]), dict(t.get("options", {})))
        for game, t in tomllib.loads(text).items()
    }


TUTORIALS: dict[str, Tutorial] = _load()
