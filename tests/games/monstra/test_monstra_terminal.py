"""MONSTRA in the terminal (issue 13, item 12): what each signature move and tactic does, costs labelled in
EN, a warning when a tactic would leave too little EN for the acting creature's signature move, and the
mission's win condition."""

from __future__ import annotations

import re

from monsterlair import games
from monsterlair.games.monstra.display import display_data
from monsterlair.games.monstra.spec import CREATURE_INDEX, CREATURES, TACTIC_INDEX, TACTICS, TARGET_RULES
from monsterlair.games.monstra.text import effect_text
from monsterlair.games.monstra.words import cost_words

GAME = games.get("monstra")


def test_moves_and_tactics_say_what_they_do_and_what_they_cost() -> None:
    state = GAME.new(1, seed=3, options={"mode": "mission", "guardian": "expert"})
    view = state.view(0)
    text = GAME.render(view, 0, ["Ann"])
    team = view["teams"][0]
    for slot in team["slots"]:
        c = CREATURES[CREATURE_INDEX[slot["creature"]]]
        assert f"{c.move} ({cost_words(c.cost, TARGET_RULES[c.target])}): {effect_text(c.effects)}" in text
    for t in team["hand"]:
        tactic = TACTICS[TACTIC_INDEX[t]]
        cost = cost_words(tactic.cost, TARGET_RULES[tactic.target])
        assert f"{tactic.name} ({cost}): {effect_text(tactic.effects, tactic=True)}" in text
        assert f"{tactic.name} ({cost}): {display_data()['tactics'][t]['text']}" in text  # as the browser
    assert "Win: defeat it before the last round ends" in text  # the Expert Guardian must be defeated
    assert "Team A (you)" in text and "(Ann)" not in text and "seat 0" not in text  # a solo team: named once
    acting = next(s for s in team["slots"] if s["unit"] == view["acting"])
    name = CREATURES[CREATURE_INDEX[acting["creature"]]].name
    assert text.splitlines()[-1] == f"Your move: {name} ({view['acting'].upper()}) acts."


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
        energy = team["energy"]
        assert flagged == (tactic.cost <= energy and energy - tactic.cost < need <= energy), line
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


def test_only_the_tactic_that_puts_the_signature_out_of_reach_is_flagged() -> None:
    """A 0-EN Cleanse was flagged "(leaves too little EN for Rebirth Flare, 3 EN)" when 2 EN were too little
    before it: the warning is for a tactic that makes the move unaffordable, not for one that changes nothing."""
    view = GAME.new(1, seed=3, options={"mode": "mission"}).view(0)
    team = view["teams"][0]
    acting = next(s for s in team["slots"] if s["unit"] == view["acting"])
    need = CREATURES[CREATURE_INDEX[acting["creature"]]].cost
    team["hand"] = ["cleanse", "focus"]  # 0 EN and 1 EN
    for energy, flagged in ((need - 1, set()), (need, {"Focus"}), (need + 1, set())):
        team["energy"] = energy
        lines = [x.strip() for x in GAME.render(view, 0).splitlines()]
        warned = {x.split(" (")[0] for x in lines if "leaves too little EN" in x}
        assert warned == flagged, (energy, lines)


def test_the_decision_at_hand_is_said_once_in_players_words() -> None:
    """The board said "Player 2 to decide (act)." and the replay added "Player 2 to move."; in play "Your
    decision (act).". One line now says who moves and what they decide."""
    state = GAME.new(2, seed=4)
    mover = state.to_move
    view = state.view(None)
    text = GAME.render(view, None, ["Ann", "Bob"])
    acting = next(s for t in view["teams"] for s in t["slots"] if s and s["unit"] == view["acting"])
    name = CREATURES[CREATURE_INDEX[acting["creature"]]].name
    assert text.splitlines()[-1] == f"{['Ann', 'Bob'][mover]} to move: {name} ({view['acting'].upper()}) acts."
    assert "to decide" not in text and "(act)" not in text and "decision" not in text.lower()
    assert GAME.board_names_mover
    for phase, mine, theirs in (
        ("discard", "Your move: discard a tactic, down to five.", "Bob to move: discarding a tactic, down to five."),
        ("cleanse", "Your move: choose the condition the Cleanse removes.", "Bob to move: choosing the condition"),
        ("order", "Your move: your creatures tie on SPD; choose which acts first.", "Bob to move: choosing which"),
    ):
        seen = {**view, "phase": phase, "to_move": 1}
        assert mine in GAME.render(seen, 1, ["Ann", "Bob"]) and theirs in GAME.render(seen, 0, ["Ann", "Bob"])


def test_a_two_against_two_game_is_not_called_a_duel() -> None:
    import pytest

    from monsterlair.core import BadOptions

    with pytest.raises(BadOptions) as refused:
        GAME.new(2, seed=1, options={"mode": "2v2"})
    assert "duel needs" not in str(refused.value) and "“2 against 2” needs 4 players" in str(refused.value)
    with pytest.raises(BadOptions) as refused:
        GAME.new(4, seed=1, options={"mode": "mission"})
    assert "duel" not in str(refused.value)


def test_the_board_labels_places_as_the_order_and_the_log_do_and_counts_creatures_lost() -> None:
    """Review: the team rows wrote "a1" under an "Order: A1 …" line, and "knockouts 3/3" was the losing
    team's count while the result's "3 knockouts scored" was the winner's: a team's count is its creatures
    lost, and "knockouts" are the ones scored."""
    for options, players in (({}, 2), ({"mode": "mission"}, 1)):
        view = GAME.new(players, seed=3, options=options).view(0)
        text = GAME.render(view, 0, ["Ann", "Bob"][:players])
        for team in view["teams"]:
            for slot in team["slots"]:
                name = CREATURES[CREATURE_INDEX[slot["creature"]]].name
                assert re.search(
                    rf"^(?: +|\[bold reverse\] ▶ \[/\]){slot['unit'].upper()} \[bold [^]]+\]{name}\[/\]", text, re.M
                ), text
            assert f"creatures lost {team['knockouts']}/3" in text
        assert not re.search(r"\b[ab][12]\b", text) and "knockouts" not in text
        if players == 1:
            assert re.search(r"^ +\[bold magenta\]Rift Guardian", text, re.M), text


def test_a_knockout_counts_creatures_lost_not_knockouts_scored() -> None:
    names = ["Ann", "Pip (Greedy bot)"]
    ko = {"type": "knockout", "unit": "b1", "creature": "pebblit", "team": "B", "knockouts": 1}
    assert GAME.describe_event(ko, None, names) == (
        "Pip (Greedy bot)'s Pebblit is knocked out (creatures Pip (Greedy bot) has lost: 1 of 3)."
    )
    assert GAME.describe_event(ko, 1, names) == "Your Pebblit is knocked out (creatures you have lost: 1 of 3)."
    four = ["Ann", "Bob", "Cy", "Di"]
    pair = GAME.describe_event(ko, 1, four, {"mode": "duel"})
    assert pair.endswith("(creatures you and Di have lost: 1 of 3)."), pair
    end = {"type": "end", "winner": "A", "termination": "knockouts"}
    assert GAME.describe_event(end, None, names) == "Ann wins (three knockouts scored)!"


def test_a_finished_game_shows_no_stale_round_order() -> None:
    """The round's order is set before it (MO-4.6) and goes stale when the game ends mid-round: a creature knocked
    out by the last blow still in its place, SPD changed since. The final board (terminal and browser: the view's
    ``order``) shows none; every creature's row still shows its HP and SPD."""
    game = games.get("monstra")
    state = game.new(2, seed=3)  # a duel
    while not state.over:
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    assert view["over"] and view["order"] == []
    board = game.render(view, 0, ["Ann", "Bo"])
    assert "Order:" not in board and "Game over" not in board  # the end screen's result says how it ended


def test_a_one_player_team_is_named_once_in_its_heading_a_shared_team_creature_by_creature() -> None:
    """A duel's board named the opponent after every creature ("… (Tumble (Greedy bot))"): a team one player
    controls is named in its heading; a team two players share (2 against 2, a mission) names each creature's."""
    names = ["Ann", "Tumble (Greedy bot)", "Cy", "Di"]
    duel = GAME.render(GAME.new(2, seed=1).view(0), 0, names[:2])
    heading = next(line for line in duel.splitlines() if line.startswith("[bold]Team B"))
    assert heading.startswith("[bold]Team B[/] · Tumble (Greedy bot) · EN")
    assert duel.count("Tumble (Greedy bot)") == 1 and "(Ann)" not in duel
    for players, mode in ((4, "2v2"), (2, "mission")):
        board = GAME.render(GAME.new(players, seed=1, options={"mode": mode}).view(0), 0, names[:players])
        rows = [line for line in board.splitlines() if re.match(r"^(\[bold reverse\] ▶ \[/\]| {3})[AB][12] ", line)]
        assert len(rows) == 4 if mode == "2v2" else len(rows) == 2, board
        assert all(re.search(r"\[dim\]\((?:you|Ann|Tumble \(Greedy bot\)|Cy|Di)\)\[/\]$", row) for row in rows), rows


def test_a_cards_target_is_said_in_players_words_in_the_terminal_and_the_browser() -> None:
    """Whom a signature or tactic is played on reads "on an enemy", "on an ally", "on a knocked-out creature",
    or nothing for a card with no target: never the data file's words ("none", "enemy", "fallen")."""
    shown = display_data()
    wanted = {"", "on an enemy", "on an ally", "on a knocked-out creature"}
    cards = [*shown["creatures"].values(), *shown["tactics"].values()]
    assert {c["cost_text"].partition(" EN")[2].removeprefix(", ") for c in cards} == wanted
    assert shown["tactics"]["riftbreaker"]["cost_text"].endswith(" EN")
    assert shown["tactics"]["rift-snare"]["cost_text"].endswith(" EN, on an enemy")
    assert shown["creatures"]["zephyrk"]["cost_text"].endswith(" EN, on an enemy")
    state = GAME.new(2, seed=3, options={})
    view = state.view(0)
    text = GAME.render(view, 0, ["Ann", "Bob"])
    for slot in view["teams"][0]["slots"]:
        c = CREATURES[CREATURE_INDEX[slot["creature"]]]
        assert f"{c.move} ({shown['creatures'][c.id]['cost_text']}): " in text
    for t in view["teams"][0]["hand"]:
        assert f"{TACTICS[TACTIC_INDEX[t]].name} ({shown['tactics'][t]['cost_text']}): " in text
    assert not re.search(r"EN, (none|enemy|ally|fallen)\b", text)


def test_the_browser_reads_each_cards_cost_in_the_terminals_words() -> None:
    """The browser rebuilt a card's cost words itself ("2 EN" + ", on an enemy" from the target word), and its
    tie choice and signature tooltip said "(2 EN)" without the target while its pop-ups said "2 EN, on an enemy".
    The display data carries each card's cost words as the terminal writes them (``cost_text``), which every
    place in the browser shows; the bare target word it was rebuilt from is no longer sent."""
    data = display_data()
    for c in CREATURES:
        shown = data["creatures"][c.id]
        assert shown["cost_text"] == cost_words(c.cost, TARGET_RULES[c.target]) and "target" not in shown
    for t in TACTICS:
        shown = data["tactics"][t.id]
        assert shown["cost_text"] == cost_words(t.cost, TARGET_RULES[t.target]) and "target" not in shown
    texts = {c["cost_text"] for c in data["creatures"].values()}
    assert any(x.endswith(" EN, on an enemy") for x in texts) and any(x.endswith(" EN") for x in texts), texts
