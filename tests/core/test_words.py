"""The grammar helper and the result texts (issue 13): plurals, lists, the reader's person, and an end-screen
text for every way every game ends — win, loss, draw, shared win, lost mission, cap, elimination order."""

from __future__ import annotations

import pytest

from monsterlair import games
from monsterlair.core import Result
from monsterlair.core.words import Voice, join_words, plural, third_person

NAMES = ["Ann", "Bob", "Cy"]


def test_plurals_lists_and_verbs() -> None:
    assert plural(1, "card") == "1 card" and plural(0, "card") == "0 cards" and plural(3, "tactic") == "3 tactics"
    assert plural(2, "body") == "2 bodies" and plural(2, "match") == "2 matches" and plural(2.0, "point") == "2 points"
    assert join_words([]) == "" and join_words(["A"]) == "A" and join_words(["A", "B"]) == "A and B"
    assert join_words(["A", "B", "C"]) == "A, B and C" and join_words(["A", "B"], "or") == "A or B"
    assert [third_person(v) for v in ("draw", "push", "carry", "have", "do", "play")] == [
        "draws",
        "pushes",
        "carries",
        "has",
        "does",
        "plays",
    ]


def test_a_voice_addresses_its_reader_and_names_everyone_else() -> None:
    me, them = Voice(NAMES, 0), Voice(NAMES, None)
    assert me.says(0, "draw") == "You draw" and them.says(0, "draw") == "Ann draws"
    assert me.says(0, "be") == "You are" and me.says(1, "be") == "Bob is"
    assert me.obj(0) == "you" and me.possessive(0) == "your" and me.possessive(1) == "Bob's"
    assert Voice(["Gus"], None).possessive(0) == "Gus'"
    assert me.own(0) == "your" and me.own(1) == "their"
    assert me.group([1, 0]) == "You and Bob" and me.group([1, 0], start=False) == "you and Bob"
    assert me.group_verb([0, 2], "win") == "You and Cy win" and them.group_verb([1], "win") == "Bob wins"
    assert Voice(None, None).name(3) == "Player 4"  # seats are numbered from 1 for people


def result(game: str, **kw: object) -> tuple[object, Result]:
    return games.get(game), Result(**kw)  # type: ignore[arg-type]


def test_a_sole_win_reads_as_a_win_for_the_winner_and_a_loss_for_the_others() -> None:
    game, r = result("monster-club", winners=(1,), ranks=(2, 1), scores=(2.0, 5.0), termination="destroys")
    mine = game.describe_result(r, 1, NAMES[:2])  # type: ignore[attr-defined]
    theirs = game.describe_result(r, 0, NAMES[:2])  # type: ignore[attr-defined]
    watching = game.describe_result(r, None, NAMES[:2])  # type: ignore[attr-defined]
    assert (mine.outcome, mine.headline) == ("win", "You win!")
    assert (theirs.outcome, theirs.headline) == ("loss", "Bob wins")
    assert (watching.outcome, watching.headline) == ("win", "Bob wins")
    assert mine.lines[0] == "Won by reaching 5 destroys."
    assert [(s.name, s.score_text) for s in theirs.standings] == [("Bob", "5 destroys"), ("Ann", "2 destroys")]
    assert theirs.score_label == "destroys" and theirs.standings[1].you


def test_an_ending_that_only_stops_the_game_is_told_apart_from_what_decided_the_winner() -> None:
    # Stranger's review (Push a Monster, item 1): the die ended the game; the longest token line won it.
    game, r = result("push-a-monster", winners=(1,), ranks=(2, 1), scores=(4.0, 8.0), termination="kind_exhausted")
    text = game.describe_result(r, 0, ["Stranger", "Tumble"])  # type: ignore[attr-defined]
    assert text.lines[:2] == (
        "A roll of a kind when none was left in the supply ended the game.",
        "The longest line of tokens wins: Tumble 8, you 4.",
    )
    assert not any("decided it" in line for line in text.lines)
    # Where the ending itself decided the winner, it reads as a win, not as "… decided it."
    smash, last = result("monster-smash", winners=(0,), ranks=(1, 2), scores=(1.0, 0.0), termination="last_standing")
    assert smash.describe_result(last, 1, NAMES[:2]).lines[0] == "Won by being the last monster standing."  # type: ignore[attr-defined]
    _, cards = result("monster-smash", winners=(0,), ranks=(1, 2), scores=(15.0, 3.0), termination="fifteen_cards")
    assert smash.describe_result(cards, 1, NAMES[:2]).lines[0] == "Won with fifteen cards in hand."  # type: ignore[attr-defined]
    monstra, kos = result("monstra", winners=(0,), ranks=(1, 2), scores=(3.0, 1.0), termination="knockouts")
    assert monstra.describe_result(kos, 1, NAMES[:2]).lines[0] == "Won with three knockouts scored."  # type: ignore[attr-defined]
    club, bare = result("monster-club", winners=(0,), ranks=(1, 2), scores=(2.0, 1.0), termination="no_monster")
    assert club.describe_result(bare, 1, NAMES[:2]).lines[0] == "Won by leaving the other player no monster."  # type: ignore[attr-defined]


def test_a_0_0_push_a_monster_tie_is_a_shared_win_not_a_win() -> None:
    game, r = result("push-a-monster", winners=(0, 1), ranks=(1, 1), scores=(0.0, 0.0), termination="supply_empty")
    text = game.describe_result(r, 0, NAMES[:2])  # type: ignore[attr-defined]
    assert text.outcome == "shared_win" and text.headline == "Shared win: you and Bob"
    assert [s.rank for s in text.standings] == [1, 1] and "shared" in text.lines[0]
    assert text.standings[0].score_text == "no tokens"
    assert game.describe_result(r, None, NAMES[:2]).headline == "Shared win: Ann and Bob"  # type: ignore[attr-defined]


def test_a_lost_mission_says_the_guardian_won_and_what_was_achieved() -> None:
    game = games.get("monstra")
    state = game.new(1, seed=2, options={"mode": "mission"})
    detail = {"mode": "mission", "round": 12, "knockouts": {"A": 2}, "guardian": "standard", "guardian_hp": 20}
    r = Result((), (1,), (24.0,), "mission-time", False, detail, (0.0,))
    text = game.describe_result(r, 0, ["Ann"], state.options)
    assert text.outcome == "mission_lost" and text.headline == "The Rift Guardian wins: the mission failed"
    assert "Damage dealt to the Guardian: 24 of 44 HP; it has 20 HP left." in text.lines
    assert "Creatures the team lost: 2 of 3." in text.lines
    assert text.standings[0].score_text == "24 damage dealt to the Guardian"
    won = Result((0,), (1,), (44.0,), "guardian-defeated", False, {**detail, "guardian_hp": 0}, (1.0,))
    assert game.describe_result(won, 0, ["Ann"], state.options).outcome == "win"
    assert game.describe_result(won, 0, ["Ann"], state.options).headline.startswith("Mission accomplished")


def test_a_duel_draw_and_a_team_win() -> None:
    game = games.get("monstra")
    detail = {"mode": "duel", "knockouts": {"A": 1, "B": 1}, "active_hp": {"A": 9, "B": 9}}
    draw = Result((), (1, 1), (1.0, 1.0), "round-limit", False, detail, (0.5, 0.5))
    text = game.describe_result(draw, 1, NAMES[:2])
    assert (text.outcome, text.headline) == ("draw", "A draw")
    assert "Creatures lost were equal (1 each), and so was the HP left on the active creatures (9 each)." in text.lines
    team = Result((0, 2), (1, 2, 1, 2), (3.0, 1.0, 3.0, 1.0), "knockouts", False, detail, (1.0, 0.0, 1.0, 0.0))
    names = ["Ann", "Bob", "Cy", "Di"]
    assert game.describe_result(team, 0, names).headline == "You and Cy win!"  # partners: a win, not shared
    assert game.describe_result(team, 0, names).outcome == "win"
    assert game.describe_result(team, 1, names).headline == "Ann and Cy win"


def test_a_duel_at_the_round_limit_says_what_decided_it_and_the_standings_show_it() -> None:
    # Review item 4: knockouts scored tie at 0; the HP left decided it, in words and in the standings.
    game = games.get("monstra")
    detail = {"mode": "duel", "knockouts": {"A": 0, "B": 0}, "active_hp": {"A": 20, "B": 16}}
    won = Result((0,), (1, 2), (0.0, 0.0), "round-limit", False, detail, (1.0, 0.0))
    text = game.describe_result(won, 0, ["Ann", "Tumble"])
    assert text.lines == (
        "The round limit ended the game.",
        "Creatures lost were equal (0 each), so more HP left on the active creatures wins: you 20, Tumble 16.",
    )
    # the knockouts scored tie, so the standings add only what decided it: the HP left (review: "0 lost · 20 HP
    # left" under "Creatures lost, then HP left" repeated the tied knockouts as creatures lost)
    assert text.detail_label == "HP left on the active creatures"
    assert [s.detail for s in text.standings] == ["20 HP", "16 HP"]
    assert text.to_json()["standings"][0]["detail"] == "20 HP"
    fewer = Result((1,), (2, 1), (1.0, 2.0), "round-limit", False, {**detail, "knockouts": {"A": 2, "B": 1}}, (0, 1))
    fewer_text = game.describe_result(fewer, 0, ["Ann", "Tumble"])
    assert "Fewer creatures lost wins: you 2, Tumble 1." in fewer_text.lines
    assert fewer_text.detail_label == ""  # the knockouts scored (the other team's creatures lost) show it
    by_kos = Result((0,), (1, 2), (3.0, 1.0), "knockouts", False, detail, (1.0, 0.0))
    ko_text = game.describe_result(by_kos, 0, ["Ann", "Tumble"])
    assert ko_text.detail_label == ""  # the score shows it
    # a knockout win is decided by the third knockout alone: no creatures lost or HP left (review)
    assert ko_text.lines == ("Won with three knockouts scored.",)


@pytest.mark.parametrize(("game_id", "termination"), [("monster-smash", "turn_cap"), ("monster-club", "turn_cap")])
def test_a_cap_reads_as_a_cap(game_id: str, termination: str) -> None:
    game, r = result(game_id, winners=(), ranks=(1, 1), scores=(3.0, 3.0), termination=termination, capped=True)
    text = game.describe_result(r, 0, NAMES[:2])  # type: ignore[attr-defined]
    assert text.outcome == "capped" and text.headline == "Stopped at the turn limit: no winner"


def test_monster_smash_lists_the_order_of_elimination() -> None:
    game, r = result(
        "monster-smash",
        winners=(2,),
        ranks=(2, 3, 1),
        scores=(0.0, 0.0, 9.0),
        termination="last_standing",
        detail={"eliminated": [1, 0]},
    )
    text = game.describe_result(r, 0, NAMES)  # type: ignore[attr-defined]
    assert text.headline == "Cy wins" and "Out of the game: Bob first, then you." in text.lines
    assert [(s.name, s.out) for s in text.standings] == [("Cy", None), ("Ann", 2), ("Bob", 1)]
    assert "being the last monster standing" in text.lines[0].lower()
    assert text.plain().splitlines()[-1] == "  #3 Bob: 0 cards in hand, out 1st"
    one = result(
        "monster-smash",
        winners=(2,),
        ranks=(2, 3, 1),
        scores=(4.0, 0.0, 9.0),
        termination="turn_cap",
        detail={"eliminated": [1]},
    )[1]
    assert "Bob went out of the game." in game.describe_result(one, 0, NAMES).lines  # type: ignore[attr-defined]


def test_a_two_player_elimination_is_told_by_the_win_alone() -> None:
    """Review: "Out of the game, first to last: you." under "Won by being the last monster standing" said
    nothing the win had not: with two players, the one who went out is the one the winner outlasted."""
    game, r = result(
        "monster-smash",
        winners=(1,),
        ranks=(2, 1),
        scores=(0.0, 11.0),
        termination="last_standing",
        detail={"eliminated": [0]},
    )
    text = game.describe_result(r, 0, NAMES[:2])  # type: ignore[attr-defined]
    assert text.lines == ("Won by being the last monster standing.",), text.lines
    assert [s.out for s in text.standings] == [None, 1]
