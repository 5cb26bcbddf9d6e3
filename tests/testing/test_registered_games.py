"""Every registered game passes the shipped conformance suite, and no game escapes it.

``CONFORMANCE_IDS`` and the property tests' ``GAME_IDS`` are built from the registry, and the coverage test
checks that every game package under ``games/`` is registered, so a new game is tested from the moment its
folder exists.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import monsterlair.games as games_pkg
from monsterlair import games
from monsterlair.testing.conformance import DEFAULT_SEEDS, check_game, player_counts
from tests.testing import test_properties

CONFORMANCE_IDS = games.ids()
CONFORMANCE_CASES = [(game_id, n) for game_id in CONFORMANCE_IDS for n in player_counts(games.get(game_id))]
"""Each game at each player count it accepts: one test apiece, so the slowest game's checks (Push a Monster's
physics) are spread over the test workers instead of keeping one busy after the others are done."""


@pytest.mark.parametrize(("game_id", "players"), CONFORMANCE_CASES)
def test_registered_game_passes_the_conformance_suite(game_id: str, players: int) -> None:
    report = check_game(games.get(game_id), players=[players])
    assert report.player_counts == [players]
    assert report.games == len(DEFAULT_SEEDS)
    assert report.actions > 0
    # the card games hide cards, so a sample of what a seat cannot see differs from the truth in another seat's
    # view (a solo game has none); Push a Monster hides nothing (its samples' views equal the truth's)
    assert report.determinize_varied == (game_id != "push-a-monster" and players > 1), game_id


def test_every_registered_game_is_covered() -> None:
    registered = games.ids()
    assert registered, "no game is registered"
    for game_id in registered:
        assert games.get(game_id).id == game_id, f"{game_id}: its GAME has another id"
        assert game_id in CONFORMANCE_IDS, f"{game_id} is not run through check_game"
        assert {n for g, n in CONFORMANCE_CASES if g == game_id} == set(player_counts(games.get(game_id))), game_id
        assert game_id in test_properties.GAME_IDS, f"{game_id} is not in the property tests"


def test_every_game_package_is_registered() -> None:
    """A folder under games/ with an __init__.py is a game; each must be registered (and so tested)."""
    root = Path(games_pkg.__file__).parent
    packages = sorted(p.name for p in root.iterdir() if (p / "__init__.py").exists())
    registered_modules = {games.get(i).__module__.split(".")[2] for i in games.ids()}
    missing = [p for p in packages if p not in registered_modules]
    assert not missing, f"game packages not in games._MODULES (so never tested): {missing}"
