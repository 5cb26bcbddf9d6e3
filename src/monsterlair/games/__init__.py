"""The game registry: an explicit list, imported lazily so one game's dependencies never burden another."""

from __future__ import annotations

import importlib
import os

from monsterlair.core.errors import UnknownGame
from monsterlair.core.game import Game
from monsterlair.core.words import closest

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

PLUGINS_ENV = "MONSTERLAIR_GAMES"
"""The environment variable naming games outside this package: module paths, separated by commas, each
exporting ``GAME`` (``MONSTERLAIR_GAMES=tests.example_game``). Read once, on the registry's first use, so a
plugin game plays in every process started with it: the CLI, a server and its bot workers."""
_plugins_read = False


def _read_plugins() -> None:
    """Register the games :data:`PLUGINS_ENV` names (once per process).

    Raises:
        UnknownGame: if a named module cannot be imported or exports no ``GAME``.
    """
    global _plugins_read
    if _plugins_read:
        return
    _plugins_read = True
    for path in (p.strip() for p in os.environ.get(PLUGINS_ENV, "").split(",")):
        if not path:
            continue
        try:
            game = importlib.import_module(path).GAME
        except (ImportError, AttributeError) as exc:
            raise UnknownGame(f"{PLUGINS_ENV} names {path!r}, which is not a module exporting GAME: {exc}") from None
        spec = getattr(type(game), "spec", None)
        register(game.id, path, spec.aliases if spec is not None else ())
        _loaded[game.id] = game


def register(game_id: str, module: str, aliases: tuple[str, ...] = ()) -> None:
    """Add a game that lives outside this package (a plugin, or a test's example game) to the registry.

    ``module`` is the import path of a module exporting ``GAME`` (imported on first use, as for the games
    above); ``aliases`` are other names ``get`` accepts. Every layer — CLI, engine protocol, RL, simulation,
    the server — finds games here, so a registered game plays everywhere. Registering the same id again
    replaces the entry.

    Raises:
        ValueError: if an alias already names another game.
    """
    key = game_id.strip().lower()
    for alias in aliases:
        owner = _ALIASES.get(alias, alias if alias in _MODULES else None)
        if owner not in (None, key):
            raise ValueError(f"The name {alias!r} already names the game {owner!r}.")
    _MODULES[key] = module
    _loaded.pop(key, None)
    _ALIASES.update(dict.fromkeys(aliases, key))


def unregister(game_id: str) -> None:
    """Take a game :func:`register` added out of the registry again (its aliases too)."""
    key = game_id.strip().lower()
    _MODULES.pop(key, None)
    _loaded.pop(key, None)
    for alias in [a for a, owner in _ALIASES.items() if owner == key]:
        del _ALIASES[alias]


def ids() -> list[str]:
    """Every registered game id."""
    _read_plugins()
    return list(_MODULES)


def get(game_id: str) -> Game:
    """The game with this id (or alias, any case).

    Raises:
        UnknownGame: naming the known ids.
    """
    _read_plugins()
    key = str(game_id).strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _MODULES:
        names = {**{i: i for i in _MODULES}, **_ALIASES}  # an alias's near miss suggests its game's id
        near = closest(key, names)
        hint = f" Did you mean '{names[near]}'?" if near else ""
        raise UnknownGame(f"Unknown game {game_id!r}.{hint} Known games: {', '.join(_MODULES)}.")
    if key not in _loaded:
        game = importlib.import_module(_MODULES[key]).GAME
        if game.id != key:
            raise UnknownGame(f"The module {_MODULES[key]!r} registered as {key!r} holds the game {game.id!r}.")
        _loaded[key] = game
    return _loaded[key]


def all_games() -> list[Game]:
    """Every registered game, loaded."""
    return [get(i) for i in ids()]
