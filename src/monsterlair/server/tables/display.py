"""Display data for a game's board in the browser (names, colours, texts and rule numbers its views refer to).

One interface for every game: a game package may have a ``display`` module whose ``display_data()`` returns
the board's data, read from the game's own data files (``games/monster_smash/display.py``). A game without
one gets ``{}`` and the browser's generic board. The answer is kept per module: data files do not change while
the server runs.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
from typing import Any

from monsterlair.core import Game

log = logging.getLogger(__name__)

_CACHE: dict[str, dict[str, Any]] = {}


def display_module(game: Game) -> str:
    """The name of the module that would hold ``game``'s display data: ``display`` beside its package."""
    module = type(game).__module__
    package = module if _is_package(module) else module.rpartition(".")[0]
    return f"{package}.display"


def _is_package(name: str) -> bool:
    spec = importlib.util.find_spec(name)
    return spec is not None and spec.submodule_search_locations is not None


def display_data(game: Game) -> dict[str, Any]:
    """The board data of ``game`` (``{}`` when it has none, or when it cannot be read: logged)."""
    name = display_module(game)
    cached = _CACHE.get(name)
    if cached is not None:
        return cached
    data: dict[str, Any] = {}
    try:
        if importlib.util.find_spec(name) is not None:
            data = dict(importlib.import_module(name).display_data())
    except Exception:
        log.exception("the display data of %s could not be read; its tables use the generic board", game.id)
        data = {}
    _CACHE[name] = data
    return data
