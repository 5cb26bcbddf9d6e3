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
from monsterlair.testing.conformance import check_game
from tests.testing import test_properties

CONFORMANCE_IDS = games.ids()


@pytest.mark.parametrize("game_id", CONFORMANCE_IDS)
def test_registered_game_passes_the_conformance_suite(game_id: str) -> None:
    report = check_game(games.get(game_id))
    assert report.games == len(report.player_counts) * 3
    assert report.actions > 0
    # the card games hide cards, so a sample of what a seat cannot see differs from the truth; Push a Monster
    # hides nothing (its samples' views equal the truth's)
    assert report.determinize_varied == (game_id != "push-a-monster"), game_id


def test_every_registered_game_is_covered() -> None:
    registered = games.ids()
    assert registered, "no game is registered"
    for game_id in registered:
        assert games.get(game_id).id == game_id, f"{game_id}: its GAME has another id"
        assert game_id in CONFORMANCE_IDS, f"{game_id} is not run through check_game"
        assert game_id in test_properties.GAME_IDS, f"{game_id} is not in the property tests"


def test_every_game_package_is_registered() -> None:
    """A folder under games/ with an __init__.py is a game; each must be registered (and so tested)."""
    root = Path(games_pkg.__file__).parent
    packages = sorted(p.name for p in root.iterdir() if (p / "__init__.py").exists())
    registered_modules = {games.get(i).__module__.split(".")[2] for i in games.ids()}
    missing = [p for p in packages if p not in registered_modules]
    assert not missing, f"game packages not in games._MODULES (so never tested): {missing}"
