"""Display data comes from each game through one interface: a ``display`` module beside the game's package."""

from __future__ import annotations

import sys
import types

import pytest

from monsterlair import games
from monsterlair.server.tables import display
from tests import example_game


def test_every_game_with_a_board_answers_through_its_own_display_module() -> None:
    found = {g.id: display.display_data(g) for g in games.all_games()}
    assert {"suits", "rules"} <= set(found["monster-smash"])
    # The numbers Monster Smash's board shows and enforces come from the game's data file.
    for key in ("win_suit", "win_total", "steal_cap", "defence_max", "attack_offsuit_max", "mulligan_draw"):
        assert isinstance(found["monster-smash"]["rules"][key], int), key
    assert {"creatures", "tactics", "decks"} <= set(found["monstra"])
    assert {"cards", "decks"} <= set(found["monster-club"])
    assert {"directions", "compass"} <= set(found["push-a-monster"])  # the words of every whole degree


def test_a_new_game_gets_a_display_by_adding_a_module_and_none_without(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example_game.GAME
    name = display.display_module(game)
    assert name.endswith(".display")
    monkeypatch.setattr(display, "_CACHE", {})
    assert display.display_data(game) == {}
    module = types.ModuleType(name)
    module.display_data = lambda: {"pieces": {"a": "Ace"}}  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(display, "_CACHE", {})
    monkeypatch.setattr(display.importlib.util, "find_spec", lambda n: object() if n == name else None)
    assert display.display_data(game) == {"pieces": {"a": "Ace"}}


def test_a_display_module_that_fails_leaves_the_game_on_the_generic_board(monkeypatch: pytest.MonkeyPatch) -> None:
    game = example_game.GAME
    name = display.display_module(game)

    def broken() -> dict[str, object]:
        raise KeyError("suits")

    module = types.ModuleType(name)
    module.display_data = broken  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(display, "_CACHE", {})
    monkeypatch.setattr(display.importlib.util, "find_spec", lambda n: object() if n == name else None)
    assert display.display_data(game) == {}
