"""Every game's GameSpec is the one source of its metadata, and the registry knows its aliases."""

from __future__ import annotations

import pytest

from monsterlair import games
from monsterlair.core import GameSpec, UnknownGame


@pytest.mark.parametrize("game_id", games.ids())
def test_every_game_takes_its_metadata_from_its_spec(game_id: str) -> None:
    game = games.get(game_id)
    spec = type(game).spec
    assert isinstance(spec, GameSpec)
    assert (spec.id, spec.title, spec.min_players, spec.max_players, spec.rules_version, spec.summary) == (
        game.id,
        game.title,
        game.min_players,
        game.max_players,
        game.rules_version,
        game.summary,
    )
    assert game.options is spec.options and spec.defaults == game.options.defaults()
    assert all(games.get(alias) is game for alias in spec.aliases)
    info = game.kind()
    kind = spec.kind
    assert (info["has_chance"], info["hidden_info"], info["max_game_length"]) == (
        kind.has_chance,
        kind.hidden_info,
        kind.max_game_length,
    )


def test_a_plugin_game_registers_with_its_aliases() -> None:
    games.register("toy-race", "tests.example_game", aliases=("example",))
    try:
        game = games.get("Example")
        assert game.id == "toy-race" and "toy-race" in games.ids()
        with pytest.raises(ValueError, match="already names the game 'monster-smash'"):
            games.register("other", "tests.example_game", aliases=("smash",))
        games.register("other", "tests.example_game")
        with pytest.raises(UnknownGame, match="registered as 'other' holds the game 'toy-race'"):
            games.get("other")
    finally:
        games.unregister("toy-race")
        games.unregister("other")
    assert "toy-race" not in games.ids()
    with pytest.raises(UnknownGame):
        games.get("example")
