"""MONSTRA's words for players: energy lines that say what really changed and why (MO-5.6, MO-6.3), Shield
lines that name the creature, the end of a mission and what winning needed (MO-10.6 to MO-10.8), a new
round's creatures shown as still to act (MO-4.10), and modes offered and refused by player count (MO-1.1, MO-1.2)."""

from __future__ import annotations

from typing import Any

import pytest

from monsterlair.core import BadOptions, Event, Result
from monsterlair.games.monstra import turns
from monsterlair.games.monstra.effects import gain_energy
from monsterlair.games.monstra.state import MonstraState
from tests.games.monstra.monstra_helpers import GAME, arrange, new, play, reorder, settle

NAMES = ["Ann", "Bob"]
SLOW_FOES = {"b1": "bouldron", "b2": "mossback"}  # SPD 1 and 2: team A (marker) acts first


def said(
    events: list[Event], kind: str, reader: int | None, state: MonstraState, names: list[str] = NAMES
) -> list[str]:
    """The log lines of one kind of event, as ``reader`` reads them."""
    return [GAME.describe_event(e.for_seat(reader), reader, names, state.options) for e in events if e.type == kind]


def duel(**kw: Any) -> MonstraState:
    units = {"a1": "flaro", "a2": "magmaw", **SLOW_FOES, **kw.pop("units", {})}
    return arrange(new(2, seed=1), units=units, marker="A", **kw)


# --- item 4: energy -------------------------------------------------------------------------------------
def test_a_gain_at_the_cap_says_it_gained_nothing() -> None:
    s = duel(energy={"A": 5}, hands={"A": ["spark-reserve"]})
    ev = play(s, "tactic spark-reserve")
    energy = next(e for e in ev if e.type == "energy")
    assert (energy.data["change"], energy.data["asked"], energy.data["energy"]) == (0, 1, 5)
    assert said(ev, "energy", 0, s) == ["You gain nothing: already at the cap of 5 EN."]
    assert said(ev, "energy", None, s) == ["Ann gains nothing: already at the cap of 5 EN."]


def test_a_round_gain_near_the_cap_says_how_much_it_added() -> None:
    s = duel()
    for start, line in ((4, "You gain 1 EN, up to the cap of 5 EN."), (1, "You gain 2 EN, now 3 EN.")):
        s.energy[0] = start
        ev: list[Event] = []
        gain_energy(s, 0, 2, ev)
        assert ev[0].data["change"] == s.energy[0] - start and "cause" not in ev[0].data
        assert said(ev, "energy", 0, s) == [line]


@pytest.mark.parametrize(
    ("before", "line"),
    [
        (3, "Static Siphon drains 2 EN from you, now 1 EN."),
        (1, "Static Siphon drains 1 EN from you: all there was, now 0 EN."),
        (0, "Static Siphon finds no EN to drain from you."),
    ],
)
def test_energy_a_card_of_the_other_side_takes_is_drained_not_spent(before: int, line: str) -> None:
    s = duel(energy={"A": 1, "B": before}, hands={"A": ["static-siphon"]})
    ev = play(s, "tactic static-siphon")
    energy = next(e for e in ev if e.type == "energy")
    assert energy.data["change"] == -min(2, before) and energy.data["cause"] == "Static Siphon"
    assert said(ev, "energy", 1, s) == [line]
    assert said(ev, "energy", 0, s) == [line.replace("from you", "from Bob")]
    assert not any("spend" in text for text in said(ev, "energy", 1, s))


def test_the_guardians_energy_leech_drains_the_team() -> None:
    s = settle(
        arrange(new(1, seed=1), units={"a1": "flaro", "a2": "emberwing"}, energy={"A": 3}, behaviour="energy-leech")
    )
    ev = play(s, "guard", "guard")  # the players' creatures, then the Guardian
    assert said(ev, "energy", 0, s, ["Ann"])[0] == "Energy Leech drains 2 EN from you, now 1 EN."


# --- item 15: Shield ------------------------------------------------------------------------------------------
def test_damage_the_shield_takes_whole_leaves_the_hp_as_it_was() -> None:
    s = duel(shield={"b1": 5})
    ev = play(s, "strike b1")
    assert said(ev, "damage", 1, s) == ["Your Bouldron takes no damage: its Shield absorbs all 2; still 19 HP."]
    s = duel(shield={"b1": 1})
    ev = play(s, "strike b1")
    assert said(ev, "damage", 1, s) == ["Your Bouldron takes 1 damage (1 more absorbed by Shield), down to 18 HP."]


def test_healing_at_full_hp_says_it_healed_nothing() -> None:
    s = duel(energy={"A": 1}, hands={"A": ["rally"]}, hp={"a2": 16})
    ev = play(s, "tactic rally")  # heals the acting Flaro, at its full 13 HP
    assert said(ev, "heal", 0, s) == ["Your Flaro heals nothing: already at its full 13 HP."]
    s = duel(energy={"A": 2}, hands={"A": ["mending-light"]}, hp={"a2": 16})
    ev = play(s, "tactic mending-light")
    assert said(ev, "heal", 1, s)[1] == "Ann's Magmaw heals 1 HP, up to 17 HP."


def test_shield_stripped_names_the_creature() -> None:
    s = duel(energy={"A": 1}, hands={"A": ["riftbreaker"]}, shield={"b1": 5})
    ev = play(s, "tactic riftbreaker", "strike b1")
    assert said(ev, "strip", 0, s) == ["Bob's Bouldron loses 2 Shield (3 left)."]
    assert said(ev, "strip", 1, s) == ["Your Bouldron loses 2 Shield (3 left)."]
    # an event stored before strips named their creature still reads
    old = {"type": "strip", "unit": "b1", "shield_lost": 2}
    assert GAME.describe_event(old, 0, NAMES) == "Bob's creature at B1 loses 2 Shield."


# --- item 5: the end of a mission -----------------------------------------------------------------------
def mission_result(termination: str, guardian: str, hp: int, rnd: int, kos: int, won: bool = False) -> Result:
    detail = {"mode": "mission", "round": rnd, "knockouts": {"A": kos}, "guardian": guardian, "guardian_hp": hp}
    total = 44 if guardian == "standard" else 48
    return Result((0,) if won else (), (1,), (float(total - hp),), termination, False, detail, (float(won),))


def test_a_mission_lost_to_knockouts_says_so_not_that_the_guardians_hp_was_short() -> None:
    text = GAME.describe_result(mission_result("team-defeated", "standard", 8, 5, 3), 0, ["Ann"], {"mode": "mission"})
    assert text.headline == "The Rift Guardian wins: the mission failed"
    assert list(text.lines) == [
        "The mission ended in round 5, when the team lost its third creature.",
        "Damage dealt to the Guardian: 36 of 44 HP; it has 8 HP left.",
        "Creatures the team lost: 3 of 3.",
        "Winning needed the Guardian defeated, or at 8 HP or less after round 12, "
        "before the team lost a third creature.",
    ]


def test_a_mission_that_ran_out_of_rounds_and_an_expert_one_say_what_winning_needed() -> None:
    options = {"mode": "mission", "guardian": "expert", "rounds": 10}
    text = GAME.describe_result(mission_result("mission-time", "expert", 6, 10, 1), 0, ["Ann"], options)
    assert text.lines[0] == "The mission ended after round 10, its last, with the Guardian still at 6 HP."
    assert (
        text.lines[-1]
        == "Winning needed the Guardian defeated by the end of round 10, before the team lost a third creature."
    )
    won = GAME.describe_result(mission_result("mission-time", "standard", 7, 12, 2, won=True), 0, ["Ann"], {})
    assert list(won.lines) == [
        "The mission's last round ended the game.",
        "Damage dealt to the Guardian: 37 of 44 HP; it has 7 HP left.",
        "Creatures the team lost: 2 of 3.",
        "The Guardian ended the last round at 7 HP; 8 HP or less wins.",
    ]
    beaten = GAME.describe_result(mission_result("guardian-defeated", "standard", 0, 9, 1, won=True), 0, ["Ann"], {})
    assert beaten.lines[0] == "Won by defeating the Rift Guardian." and len(beaten.lines) == 3


# --- item 14: a new round's creatures have not acted ------------------------------------------------------
def test_at_a_new_rounds_discard_and_tie_no_creature_has_acted_yet() -> None:
    s = duel(
        units={"a2": "pebblit"}, hands={"A": ["rally", "focus", "hex", "barrier", "sunder"]}
    )  # A1, A2 tie on SPD 4
    s = settle(s)
    play(s, "guard", "guard", "guard", "guard")
    assert s.round == 2 and s.dteam == 0  # the round began: energy, a sixth tactic, the discard
    for view in (s.view(0), s.view(1), s.view(None)):
        units = [u for t in view["teams"] for u in t["slots"] if u]
        assert units and all(u["acts_this_round"] and not u["entered_this_round"] for u in units)
        assert view["order"] == []  # this round's order is set after the discard
    play(s, "discard sunder")
    assert s.stage == turns.ST_TIES
    view = s.view(0)
    assert all(u["acts_this_round"] for t in view["teams"] for u in t["slots"] if u)
    assert len(view["order"]) == 4 and not any(o["done"] for o in view["order"])
    play(s, "first a2", "guard")
    view = s.view(0)
    acted = {u["unit"]: not u["acts_this_round"] for t in view["teams"] for u in t["slots"] if u}
    assert acted == {"a1": False, "a2": True, "b1": False, "b2": False}


# --- item 6: modes by player count ------------------------------------------------------------------------
def test_the_form_is_told_which_modes_each_player_count_can_play() -> None:
    mode = GAME.info()["options"]["mode"]
    offered = {
        n: [label for label, counts in zip(mode["choice_labels"], mode["choice_players"], strict=True) if n in counts]
        for n in GAME.player_counts()
    }
    assert offered == {
        1: ["Automatic", "Mission against the Rift Guardian"],
        2: ["Automatic", "Duel", "Mission against the Rift Guardian"],
        4: ["Automatic", "2 against 2"],
    }
    for n, labels in offered.items():  # every mode offered for a count starts a game with it
        for label in labels:
            GAME.new(n, seed=1, options={"mode": label})


@pytest.mark.parametrize(
    ("players", "mode", "words"),
    [
        (
            2,
            "2v2",
            "“2 against 2” needs 4 players; with 2 players choose Automatic, Duel or "
            "Mission against the Rift Guardian.",
        ),
        (
            1,
            "duel",
            "“Duel” needs 2 players; with 1 player choose Automatic or Mission against the Rift Guardian.",
        ),
        (
            4,
            "mission",
            "“Mission against the Rift Guardian” needs 1 or 2 players; with 4 players choose Automatic or 2 against 2.",
        ),
    ],
)
def test_a_mode_the_player_count_cannot_play_is_refused_in_the_forms_words(players: int, mode: str, words: str) -> None:
    with pytest.raises(BadOptions) as refused:
        GAME.new(players, seed=1, options={"mode": mode})
    assert str(refused.value) == words and "mode=" not in words


# --- the round's order and its ties (MO-4.8, MO-4.11) -------------------------------------------------
TIED = {"a1": "flaro", "a2": "tidewing", "b1": "bouldron", "b2": "magmaw"}  # A's creatures both SPD 4


def test_the_order_is_not_announced_before_a_tie_is_broken_and_is_once_it_is() -> None:
    s = arrange(new(2, seed=1), units=TIED, marker="B")
    ev: list[Event] = []
    reorder(s, ev)
    assert s.stage == 2 and s.to_move == 0  # Ann must choose which of her tied creatures acts first
    assert said(ev, "order", 0, s) == [
        "Your creatures tie on SPD: choose which acts first this round."
    ]  # review: "the order this round waits for you to choose which acts first"
    assert said(ev, "order", None, s) == ["Ann's creatures tie on SPD: Ann chooses which acts first this round."]
    chosen = play(s, "first a2")
    mine, theirs = said(chosen, "first", 0, s)[0], said(chosen, "first", None, s)[0]
    assert mine == "You put your Tidewing first. Order this round: your A2, then your A1, then Bob's B2, then Bob's B1."
    assert theirs.startswith("Ann puts their Tidewing first. Order this round: Ann's A2, then Ann's A1")


def test_a_tie_in_two_against_two_names_the_creature_and_the_player_who_chooses() -> None:
    """2v2: each partner plays one creature; the seat that decides for the team names it, as the buttons do
    ("Hexmoth (A1) first"), never by its place code alone."""
    names = ["Mira", "Tumble", "Grumble", "Noodle"]
    s = arrange(new(4, seed=1, mode="2v2"), units=TIED, marker="B")
    ev: list[Event] = []
    reorder(s, ev)
    chooser = s.to_move
    assert s.stage == 2 and chooser in (0, 2)
    partner = 2 - chooser
    assert said(ev, "order", chooser, s, names) == [
        "Your team's creatures tie on SPD: choose which acts first this round."
    ]
    assert said(ev, "order", partner, s, names) == [
        f"Your team's creatures tie on SPD: {names[chooser]} chooses which acts first this round."
    ]
    own = "a1" if chooser == 0 else "a2"  # 2v2: seat 0 plays A1, seat 2 plays A2
    other = "a2" if own == "a1" else "a1"
    chosen = play(s, f"first {other}")
    text = said(chosen, "first", chooser, s, names)[0]
    creature = {"a1": "Flaro", "a2": "Tidewing"}[other]
    assert text.startswith(f"You put {names[partner]}'s {creature} first. Order this round: ")
    assert "A1" not in text and "A2" not in text
    assert said(chosen, "first", None, s, names)[0].startswith(f"{names[chooser]} puts {names[partner]}'s {creature}")


def barrier(team: str, unit: str, target: str, creature: str = "tidewing") -> Event:
    data = {"team": team, "unit": unit, "tactic": "barrier", "name": "Barrier", "target": target}
    return Event("tactic", {**data, "energy": 3, "target_creature": creature})


def test_a_tactic_on_the_players_own_creature_says_their_own() -> None:
    """Review: "Gobble plays Barrier on Gobble (Greedy bot)'s Tidewing" (the player's own creature)."""
    names = ["Gobble (Greedy bot)", "Pip"]
    say = GAME.describe_event
    own = barrier("A", "a1", "a2")
    assert (
        say(own.for_seat(None), None, names, {})
        == "Gobble (Greedy bot) plays Barrier on their own Tidewing, leaving 3 EN."
    )
    assert say(own.for_seat(0), 0, names, {}) == "You play Barrier on your own Tidewing, leaving 3 EN."
    theirs = barrier("A", "a1", "b1", "flaro")
    assert say(theirs.for_seat(1), 1, names, {}) == "Gobble (Greedy bot) plays Barrier on your Flaro, leaving 3 EN."
    assert (
        say(theirs.for_seat(None), None, names, {}) == "Gobble (Greedy bot) plays Barrier on Pip's Flaro, leaving 3 EN."
    )
    four = ["Ann", "Bob", "Cy", "Di"]  # 2v2: the team is two players, so the partner's creature keeps its owner's name
    assert (
        say(barrier("A", "a1", "a2").for_seat(0), 0, four, {})
        == "You and Cy play Barrier on Cy's Tidewing, leaving 3 EN."
    )


def test_a_new_round_names_the_marker_holder_in_the_middle_of_the_line() -> None:
    """The holder of the first-team marker (MO-4.7) inside the round's line: "you hold", not "You hold"."""
    s = duel()
    ev = [Event("round", {"round": 2, "marker": "A"})]
    assert said(ev, "round", 0, s) == ["Round 2 (you hold the first-team marker)"]
    assert said(ev, "round", None, s) == ["Round 2 (Ann holds the first-team marker)"]


# --- menus ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "mode"), [(2, "duel"), (1, "mission"), (4, "2v2")])
def test_the_menu_names_each_creature_as_the_movers_board_labels_it(players: int, mode: str) -> None:
    """Every menu line (``action_label``) names a unit as the board the mover sees labels it ("Quakeling (B2)",
    "the Rift Guardian", an empty slot "B2") and the signature move as its button does ("Wind Slash"), at every
    decision of a few seeded random games."""
    from monsterlair.core.rng import Rng
    from monsterlair.games.monstra import actions, words
    from monsterlair.games.monstra.spec import CREATURE_INDEX, CREATURES

    lines = 0
    for seed in range(3):
        state = GAME.new(players, seed=seed, options={"mode": mode})
        rng = Rng(seed)
        while not state.over:
            board = state.view(state.to_move)
            acting = [u for team in board["teams"] for u in team["slots"] if u and u["unit"] == board["acting"]]
            move = CREATURES[CREATURE_INDEX[acting[0]["creature"]]].move if acting else "Signature move"
            for action in state.legal_actions():
                expected = actions.describe(action, lambda unit, board=board: words.unit_label(board, unit), move)
                assert GAME.action_label(state, action) == expected
                lines += 1
            state.apply(rng.choice(list(state.legal_actions())))
    assert lines > 300
