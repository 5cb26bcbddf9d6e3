"""Run the ``monsterlair`` CLI in a subprocess with Toy Race registered: ``python -m tests.utils.toy_cli ARGS``."""

from __future__ import annotations

from monsterlair import games
from tests.utils import toy_game

if __name__ == "__main__":
    games._MODULES[toy_game.GAME_ID] = toy_game.__name__
    games._loaded[toy_game.GAME_ID] = toy_game.GAME
    from monsterlair.cli import main

    main()
