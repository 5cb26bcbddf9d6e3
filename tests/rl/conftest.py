"""Fixtures for the RL tests."""

from __future__ import annotations

import pytest

from tests import example_game
from tests.rl.helpers import GAME_IDS


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> example_game.ToyGame:
    """Toy Race, registered for one test: a tiny game whose outcomes the tests can steer."""
    return example_game.register(monkeypatch)


@pytest.fixture(params=[*GAME_IDS, example_game.GAME_ID])
def game_id(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every registered game (new games are covered as soon as they are registered), plus Toy Race."""
    if request.param == example_game.GAME_ID:
        example_game.register(monkeypatch)
    return str(request.param)
