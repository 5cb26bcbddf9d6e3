"""MONSTRA in the terminal (issue 13, item 12): what each signature move and tactic does, costs labelled in
EN, a warning when a tactic would leave too little EN for the acting creature's signature move, and the
mission's win condition."""

from __future__ import annotations

import re

from monsterlair import games
from monsterlair.games.monstra.spec import CREATURE_INDEX, CREATURES, TACTIC_INDEX, TACTICS
from monsterlair.games.monstra.text import effect_text

GAME = games.get("monstra")


def test_moves_and_tactics_say_what_they_do_and_what_they_cost() -> None:
    state = GAME.new(1, seed=3, options={"mode": "mission", "guardian": "expert"})
    view = state.view(0)
    text = GAME.render(view, 0, ["Ann"])
    team = view["teams"][0]
    for slot in team["slots"]:
        c = CREATURES[CREATURE_INDEX[slot["creature"]]]
        assert f"{c.move} ({c.cost} EN): {effect_text(c.effects)}" in text
    for t in team["hand"]:
        tactic = TACTICS[TACTIC_INDEX[t]]
        assert f"{tactic.name} ({tactic.cost} EN): {effect_text(tactic.effects)}" in text
    assert "Win: defeat it before the last round ends" in text  # the Expert Guardian must be defeated
    assert "(Ann)" in text and "seat 0" not in text and "Your decision" in text


def test_a_tactic_that_would_leave_too_little_en_for_the_signature_is_flagged() -> None:
    state = GAME.new(1, seed=3, options={"mode": "mission"})
    view = state.view(0)
    team = view["teams"][0]
    acting = next(s for s in team["slots"] if s["unit"] == view["acting"])
    need = CREATURES[CREATURE_INDEX[acting["creature"]]].cost
    text = GAME.render(view, 0)
    for t in team["hand"]:
        tactic = TACTICS[TACTIC_INDEX[t]]
        line = next(x for x in text.splitlines() if x.strip().startswith(f"{tactic.name} ("))
        flagged = "leaves too little EN" in line
        assert flagged == (tactic.cost <= team["energy"] < tactic.cost + need), line
    assert re.search(r"Win: defeat it, or end the last round with it at \d+ HP or less\.", text)


def test_the_round_order_names_places_and_creatures_as_the_board_does() -> None:
    """Issue 13's review: "Order: a1 tidewing(4)" showed ids; the order reads "A1 Tidewing (SPD 4)", the
    Guardian by name, and a creature knocked out this round as "KO"."""
    for options, players in (({}, 2), ({"mode": "mission"}, 1)):
        view = GAME.new(players, seed=3, options=options).view(0)
        line = next(x for x in GAME.render(view, 0).splitlines() if x.startswith("Order: "))
        for o in view["order"]:
            name = "The Rift Guardian" if o["creature"] == "guardian" else CREATURES[CREATURE_INDEX[o["creature"]]].name
            place = "" if o["unit"] == "g" else f"{o['unit'].upper()} "
            assert f"{place}{name} (SPD {o['spd']})" in line, line
    view = GAME.new(2, seed=3).view(0)
    view["order"][0] = {**view["order"][0], "unit": "-", "done": False}
    assert "KO " in GAME.render(view, 0)
