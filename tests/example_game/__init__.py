"""Toy Race: the example game, a whole game in its own folder that plugs into every layer of Monster Lair.

Rules: each seat holds two cards (values 1..5) hidden from the others; on a turn the seat to move plays a
card (adding its value to a shared total, then drawing if the deck allows) or passes. Whoever brings the
total to ``target`` or more wins. A game whose deck and hands run dry is a draw; a game that reaches
``max_turns`` decisions is cut (``Result.capped``). It has what every tool must cope with: hidden hands,
chance, private events, options, draws and capped games.

It is not one of Monster Lair's games; it shows what adding one takes (``docs/architecture.md``, "Adding
a game"): ``spec.py`` (a ``GameSpec``), ``actions.py`` (an ``ActionSpace``), ``state.py`` (the rules, on
``BaseState``) and ``game.py`` (what only this game knows). Nothing outside this folder names it:

* in this process, :func:`monsterlair.games.register` (or :func:`register` below, for one test);
* in another process (the CLI, a server, its bot workers), ``MONSTERLAIR_GAMES=tests.example_game`` in the
  environment (:data:`ENV`), which the registry reads.

``tests/example_game/test_example_game.py`` plays it through the CLI, the engine protocol, RL, simulation,
the server's API and WebSocket, and the conformance suite; ``tests/browser/test_games_ui.py`` plays it on
the web's generic board.
"""

from __future__ import annotations

import pytest

from monsterlair import games
from tests.example_game.actions import PASS, PLAYS, SPACE, Act
from tests.example_game.game import GAME, ToyGame
from tests.example_game.spec import GAME_ID, SPEC
from tests.example_game.state import ToyState

ENV = {"MONSTERLAIR_GAMES": __name__}
"""What a process's environment needs to play Toy Race (run from the repository's root)."""


def register(monkeypatch: pytest.MonkeyPatch) -> ToyGame:
    """Put Toy Race in the registry for the current test (and processes forked during it), with
    :func:`monsterlair.games.register`; the registry is as it was after the test."""
    for name in ("_MODULES", "_ALIASES", "_loaded"):
        monkeypatch.setattr(games, name, dict(getattr(games, name)))
    games.register(GAME_ID, __name__, SPEC.aliases)
    return GAME


__all__ = ["ENV", "GAME", "GAME_ID", "PASS", "PLAYS", "SPACE", "SPEC", "Act", "ToyGame", "ToyState", "register"]
