"""Fixtures for the RL tests."""

from __future__ import annotations

import pytest

from tests.rl.helpers import GAME_IDS
from tests.utils import toy_game


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> toy_game.ToyGame:
    """Toy Race, registered for one test: a tiny game whose outcomes the tests can steer."""
    return toy_game.register(monkeypatch)


@pytest.fixture(params=[*GAME_IDS, toy_game.GAME_ID])
def game_id(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every registered game (new games are covered as soon as they are registered), plus Toy Race."""
    if request.param == toy_game.GAME_ID:
        toy_game.register(monkeypatch)
    return str(request.param)
