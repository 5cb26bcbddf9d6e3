"""Test tools shipped with the package: the conformance suite every game must pass."""

from monsterlair.testing.conformance import (
    ConformanceReport,
    Snapshot,
    assert_state_unchanged,
    check_game,
    player_counts,
    random_playout,
    snapshot,
)

__all__ = [
    "ConformanceReport",
    "Snapshot",
    "assert_state_unchanged",
    "check_game",
    "player_counts",
    "random_playout",
    "snapshot",
]
