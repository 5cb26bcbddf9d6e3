"""MC-7.6 on the board: before an attack, the view tells what the clash cards will do (a stranger attacked with
a stack showing 8, and a clash destroyed its +3 before scoring). It is worked out from face-up cards only, so it
is the same for every reader and never tells a face-down card; a card's keywords reach the board with their rule."""

from __future__ import annotations

from monsterlair.games.monster_club.cards import BY_ID
from monsterlair.games.monster_club.display import display_data
from tests.games.monster_club.helpers import play, scenario


def test_MC_7_6_the_view_tells_the_clash_an_attack_would_bring() -> None:
    state = scenario(
        boards=(("origami-drake + twin-blades", None, None), ("parchment-phantom + granite-guard", None, None)),
    )
    preview = state.view(0)["boards"][0][0]["clash"]
    assert preview == [
        {
            "type": "clash",
            "seat": 1,
            "card": "granite-guard",
            "against": "twin-blades",
            "destroyed": ["twin-blades"],
        }
    ]
    for reader in (None, 1):
        assert state.view(reader)["boards"][0][0]["clash"] == preview
    assert state.view(0)["boards"][1][0]["clash"] == []  # not their turn: they do not attack now
    # the view changed nothing, and the attack does what it told
    events = play(state, "attack 1")
    told = [e.for_seat(None) for e in events if e.type == "clash"]
    assert told == preview


def test_MC_7_6_the_preview_never_tells_a_face_down_card() -> None:
    # Ann's face-down Twin Blades is not in play for a clash (and its name stays hers): no clash is told.
    state = scenario(
        boards=(("origami-drake + ~twin-blades", None, None), ("parchment-phantom + granite-guard", None, None)),
    )
    assert state.view(1)["boards"][0][0]["clash"] == []
    assert '"twin-blades"' not in str(state.view(1)["boards"])
    # a face-down clash card of the defender does not clash (a hidden trap is another matter: a count, public)
    state = scenario(
        boards=(("origami-drake + twin-blades", None, None), ("parchment-phantom + ~granite-guard", None, None)),
    )
    assert state.view(0)["boards"][0][0]["clash"] == []


def test_a_cards_keywords_reach_the_board_with_their_rule() -> None:
    cards = display_data()["cards"]
    assert cards["granite-guard"]["keywords"] == [
        {
            "name": "clash",
            "text": "Clash: before scoring, clashes with the top face-up power card of the conflicting stack.",
        }
    ]
    assert cards["twin-blades"]["keywords"] == []
    assert all(k["text"] in c["text"] for c in cards.values() for k in c["keywords"])
    assert BY_ID["granite-guard"].clash
