"""``monsterlair play monstra --mode duel|2v2|mission`` picks the player count the mode needs."""

from __future__ import annotations

import pytest

from monsterlair import games


@pytest.mark.parametrize(("mode", "players"), [("mission", 1), ("2v2", 4), ("duel", 2), ("auto", 2)])
def test_MO_1_1_each_mode_names_its_player_count(mode: str, players: int) -> None:
    game = games.get("monstra")
    options = game.options.resolve({"mode": mode})
    assert game.default_players(options) == players
    state = game.new(game.default_players(options), seed=1, options=options)
    assert state.players == players


def test_other_games_default_to_two_players() -> None:
    assert games.get("monster-smash").default_players() == 2
    assert games.get("monster-club").default_players({}) == 2
