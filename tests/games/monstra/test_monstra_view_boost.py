"""MO-6.4 on the board: once a tactic's bonus or pierce applies, the view gives the acting creature's
moves with the numbers they will now deal (issue 13, item 12), and nobody else's."""

from __future__ import annotations

from monsterlair.games.monstra.state import MonstraState
from tests.games.monstra.monstra_helpers import arrange, new, play

SLOW_FOES = {"b1": "bouldron", "b2": "mossback"}  # SPD 1 and 2: team A (marker) acts first


def _units(view: dict, team: int) -> list[dict]:  # type: ignore[type-arg]
    return [u for u in view["teams"][team]["slots"] if u is not None]


def _scorchling_to_act(tactic: str, energy: int) -> MonstraState:
    """A duel where team A's Scorchling (a1) acts first, with ``energy`` and ``tactic`` in hand."""
    return arrange(
        new(2, seed=1),
        units={"a1": "scorchling", "a2": "magmaw", **SLOW_FOES},
        marker="A",
        energy={"A": energy},
        hands={"A": [tactic]},
    )


def test_MO_6_4_the_view_shows_the_acting_creatures_moves_with_the_bonus() -> None:
    s = _scorchling_to_act("focus", energy=5)
    before = s.view(0)
    assert all(u["boost"] is None for t in (0, 1) for u in _units(before, t))
    play(s, "tactic focus")  # +2 damage to each damage of this action's move
    for seat in (0, 1, None):
        view = s.view(seat)
        acting = next(u for u in _units(view, 0) if u["unit"] == "a1")
        assert acting["boost"] == {
            "damage_bonus": 2,
            "pierce": 0,
            "strike": 2 + 2,  # Scorchling's Strike 2
            "move_text": "Deal 5 damage to each enemy.",  # Heat Wave: 3 damage to each enemy
        }
        assert [u["boost"] for u in _units(view, 0) if u["unit"] != "a1"] == [None]
        assert all(u["boost"] is None for u in _units(view, 1))
    play(s, "signature")  # the bonus is spent: the numbers are the printed ones again
    assert all(u["boost"] is None for t in (0, 1) for u in _units(s.view(None), t))


def test_MO_6_6_the_view_shows_riftbreakers_pierce_on_the_acting_creatures_move() -> None:
    s = _scorchling_to_act("riftbreaker", energy=1)
    play(s, "tactic riftbreaker")
    acting = next(u for u in _units(s.view(1), 0) if u["unit"] == "a1")
    assert acting["boost"] == {
        "damage_bonus": 1,
        "pierce": 2,
        "strike": 3,
        "move_text": "This move first removes up to 2 Shield from each creature it damages. "
        "Deal 4 damage to each enemy.",
    }
