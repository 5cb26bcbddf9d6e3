"""The game registry: an explicit list, imported lazily so one game's dependencies never burden another."""

from __future__ import annotations

import importlib

from monsterlair.core.errors import UnknownGame
from monsterlair.core.game import Game

# id -> module exporting GAME. Keep in the order games are shown to people.
_MODULES: dict[str, str] = {
    "monster-smash": "monsterlair.games.monster_smash",
    "monstra": "monsterlair.games.monstra",
    "push-a-monster": "monsterlair.games.push_a_monster",
    "monster-club": "monsterlair.games.monster_club",
}

# Every alias a game's spec declares (tests/core/test_spec.py keeps the two lists in step).
_ALIASES: dict[str, str] = {
    "smash": "monster-smash",
    "monster_smash": "monster-smash",
    "push": "push-a-monster",
    "push_a_monster": "push-a-monster",
    "pushamonster": "push-a-monster",
    "club": "monster-club",
    "monster_club": "monster-club",
}

_loaded: dict[str, Game] = {}


def ids() -> list[str]:
    """Every registered game id."""
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The game with this id (or alias, any case).

    Raises:
        UnknownGame: naming the known ids.
    """
    key = str(game_id).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _MODULES:
        raise UnknownGame(f"Unknown game {game_id!r}. Known games: {', '.join(_MODULES)}.")
    if key not in _loaded:
        module = importlib.import_module(_MODULES[key])
        _loaded[key] = module.GAME
    return _loaded[key]


def all_games() -> list[Game]:
    """Every registered game, loaded."""
    return [get(i) for i in _MODULES]
