"""``sim --cards FILE``: check a designer's override file of card data before any game is played.

The file is checked twice: its tables against the game's data files (:func:`monsterlair.core.data.check_override`),
then by the game's own loader in a fresh interpreter that reads the edited cards, whose errors name the card
and the field. Either failure is a :class:`~monsterlair.core.data.BadCardData` that names the file too.
"""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path

from monsterlair.core import Game
from monsterlair.core.data import OVERRIDE_ENV, BadCardData, check_override

_IMPORT = "import importlib, sys; importlib.import_module(sys.argv[1])"


def game_package(game: Game) -> str:
    """The package of a game's module (where its ``data/`` folder is)."""
    module = importlib.import_module(type(game).__module__)
    package = module.__package__ or type(game).__module__
    return package


def check_card_data(game: Game, path: Path) -> None:
    """Raise :class:`BadCardData` unless ``path`` is card data the game accepts.

    Raises:
        BadCardData: naming the file, and the card and field at fault where the game's loader says.
    """
    check_override(game_package(game), path)
    env = {**os.environ, OVERRIDE_ENV: str(path.resolve())}
    done = subprocess.run(
        [sys.executable, "-c", _IMPORT, type(game).__module__], env=env, capture_output=True, text=True, timeout=120
    )
    if done.returncode != 0:
        lines = [line for line in done.stderr.strip().splitlines() if line.strip()]
        last = lines[-1] if lines else "the game could not load it"
        message = last.split(": ", 1)[1] if ": " in last and last.split(": ", 1)[0].endswith("Error") else last
        raise BadCardData(f"{path}: {message}")
