"""Every game's GameSpec agrees with the game it describes."""

from __future__ import annotations

import importlib

import pytest

from monsterlair import games
from monsterlair.core import GameSpec


@pytest.mark.parametrize("game_id", games.ids())
def test_spec_matches_the_game(game_id: str) -> None:
    game = games.get(game_id)
    spec = importlib.import_module(f"monsterlair.games.{game_id.replace('-', '_')}.spec").SPEC
    assert isinstance(spec, GameSpec)
    assert (spec.id, spec.title, spec.min_players, spec.max_players, spec.rules_version) == (
        game.id,
        game.title,
        game.min_players,
        game.max_players,
        game.rules_version,
    )
    assert spec.defaults == game.options.defaults()
    assert all(games.get(alias) is game for alias in spec.aliases)
