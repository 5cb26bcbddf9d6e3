"""Action texts, views, RL encoding, terminal and PNG rendering (the conformance suite runs in tests/testing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from monsterlair.core import BadAction, IllegalAction, Rng
from monsterlair.games.push_a_monster.actions import ACTION_TYPES, ALL_ACTIONS, Take, describe, parse
from monsterlair.games.push_a_monster.render import picture, write_png
from monsterlair.games.push_a_monster.text import plain
from tests.games.push_a_monster.helpers import GAME, final, monster, random_game, scenario


@pytest.mark.parametrize(
    "text",
    [
        "",
        "push",
        "push x=1",
        "push x=0.1 y=0.2 angle=3 angle=4",
        "push Z",
        "push x=nan y=0",
        "push C x=0.1 y=0.1",
        "nudge",
        "nudge dist=0.1",
        "nudge angle=90 speed=3",
        "take purple",
        "take",
        "take green blue",
        "shove A",
        "push x=1e309 y=0",
        "push x=0.1 y=0.1 angle=30 turn=2",
    ],
)
def test_malformed_texts_are_bad_actions(text: str) -> None:
    with pytest.raises(BadAction):
        parse(text)


def test_every_candidate_text_round_trips() -> None:
    by_name = {t.__name__: t for t in ACTION_TYPES}
    for action in ALL_ACTIONS:
        assert parse(str(action)) == action
        assert GAME.parse_action(str(action).upper()) == action
        assert eval(repr(action), by_name) == action
        assert describe(action)
    assert parse("take g") == parse("take gloop") == parse("take green") == Take(0)
    assert str(parse("nudge angle=-30 offset=-0.05 dist=0.2")) == "nudge angle=330 offset=-0.05 dist=0.20"
    assert GAME.describe_action("push A") == "push from A, straight in, 7 cm deep"
    assert GAME.describe_action("not an action") == "not an action"


def test_views_are_json_and_the_encoding_has_a_fixed_size() -> None:
    for players in (2, 4):
        size = GAME.observation_size(players, GAME.options.defaults())
        for state, _, _ in random_game(players, 3):
            for seat in (*range(players), None):
                view = state.view(seat)
                assert json.loads(json.dumps(view)) == view
                code = GAME.encode_view(view, players, GAME.options.defaults())
                assert len(code) == size and all(isinstance(v, float) for v in code)


def test_the_terminal_draws_the_arena_with_every_monster() -> None:
    state = GAME.new(3, 2)
    view = state.view(0)
    drawing = plain(view)
    letters = {"green": "g", "blue": "b", "yellow": "y", "red": "r", "orange": "o", "purple": "p"}
    for entry in view["monsters"]:
        letter = letters[entry["kind"]]
        assert letter in drawing or letter.upper() in drawing
    assert "#" in drawing and "·" in drawing and "A" in drawing
    text = GAME.render(view, 0)
    assert "Supply:" in text and "Player 1 (you)" in text and "die:" in text
    assert all(str(entry["id"]) in drawing for entry in view["monsters"])  # numbers drawn over the monsters
    done = final(2, 4)
    assert "Supply:" in GAME.render(done.view(None), None)
    # the pushed monster is drawn in capitals while it sticks out
    hanging = scenario([], pushing=monster("orange"))
    hanging.apply(parse("push x=0.24 y=-0.80 angle=80 depth=0.45"))
    assert "O" in plain(hanging.view(0)) and "nudge" in GAME.render(hanging.view(0), 0)


def test_events_read_as_sentences() -> None:
    state = GAME.new(4, 8)
    for _ in range(8):
        if state.over:
            break
        for event in state.apply(state.legal_actions()[-1]):
            line = GAME.describe_event(event.for_seat(0))
            assert isinstance(line, str) and line and "frames" not in line


def test_a_png_picture_of_any_position(tmp_path: Path) -> None:
    state = scenario([(monster("red"), 0.1, 0.1, 0.4)], pushing=monster("orange"))
    events = state.apply(parse("push C depth=1.2"))
    frames = next(e.data["frames"] for e in events if e.type == "push")
    image = picture(state.view(None), scale=100, frames=frames)
    assert image.size[0] > 250 and image.size[1] > 250
    colours = {image.getpixel((x, y)) for x in range(0, image.size[0], 7) for y in range(0, image.size[1], 7)}
    assert (0xEE, 0x8A, 0x22) in colours and (0xD0, 0x40, 0x40) in colours  # the orange and red monsters
    path = write_png(state.view(1), tmp_path / "pos.png", scale=80)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_bot_can_play_through_the_contract() -> None:
    from monsterlair import bots
    from monsterlair.core import Perspective

    state = GAME.new(2, 17)
    rng = Rng(3)
    players = [bots.make("random"), bots.make("greedy", samples=1)]
    while not state.over:
        seat = state.to_move
        assert seat is not None
        state.apply(players[seat].choose(Perspective(state, seat), rng))
    assert state.result is not None
    # ismcts searches the same candidates; a depth cap keeps its playouts short
    fresh = GAME.new(3, 18)
    choice = bots.from_spec("ismcts:iterations=6,depth=2").choose(Perspective(fresh, fresh.to_move or 0), Rng(4))
    assert choice in fresh.legal_actions()


def test_the_bench_figures_can_be_reproduced() -> None:
    from monsterlair.games.push_a_monster import bench

    figures = bench.measure(positions=1, games=1)
    assert figures["push_ms"] > 0 and figures["greedy_s"] > 0 and figures["random_game_s"] > 0
    tally = bench.falls_per_push(1, 2, ("random", "greedy:samples=1"))
    assert set(tally) == {"random", "greedy:samples=1"}
    assert all(row["pushes"] > 0 and 0 <= row["falls_per_push"] <= 27 for row in tally.values())


def test_menu_and_button_labels_start_with_a_capital_as_every_other_games_do() -> None:
    """Stranger's review (item 6): the take buttons read "take a green Gloop"; labels read "Take a green Gloop"."""
    state = GAME.new(2, 1)
    assert GAME.action_label(state, Take(0)) == "Take a green Gloop"
    assert GAME.action_label(state, parse("push A")) == "Push from A, straight in, 7 cm deep"
    assert GAME.describe_action("push A") == "push from A, straight in, 7 cm deep"  # mid-sentence, as before


def test_menu_hint_and_log_words_speak_centimetres_as_the_browsers_controls_do() -> None:
    """Stranger's review: the browser's controls say "How deep to push … cm", but the menus, the hints and the
    terminal read "0.70 dm deep": every length a player reads is in centimetres (the notation keeps decimetres)."""
    from monsterlair.games.push_a_monster.actions import Nudge, Place, Shove

    state = GAME.new(2, 1)
    assert GAME.action_label(state, parse("push A")) == "Push from A, straight in, 7 cm deep"
    assert describe(Nudge(40, 5, 25)) == "nudge toward 40° (north-east), 2.5 cm, 0.5 cm left of centre"
    assert describe(Nudge(40, -5, 12)) == "nudge toward 40° (north-east), 1.2 cm, 0.5 cm right of centre"
    assert describe(Shove(0, 90, 0, 12)) == "shove the green Gloop #1 toward 90° (north), 1.2 cm"
    assert describe(Place(10, -20, 90)) == (
        "set the start monster down 1 cm right and 2 cm down from the centre, facing 90° (north)"
    )
    assert describe(Place(0, 0, 0)) == "set the start monster down at the centre, facing 0° (east)"
    assert str(Place(10, -20, 90)) == "place x=0.10 y=-0.20 angle=90"  # the notation keeps its decimetres
    assert not [describe(a) for a in ALL_ACTIONS if " dm" in describe(a)]
    centre = GAME.action_label(state, Place(0, 0, 0))
    assert GAME.menu_group(state, Place(0, 0, 0), centre) == ("At the centre", "facing 0° (east)")
    label = GAME.action_label(state, Place(25, -50, 90))
    assert GAME.menu_group(state, Place(25, -50, 90), label) == (
        "At 2.5 cm right, 5 cm down",
        "facing 90° (north)",
    )


def test_directions_read_as_degrees_with_their_compass_word_everywhere() -> None:
    """A stranger read the browser's pushes "heading east" and its nudges "90 degrees": one thing, two systems. A
    direction reads as its degrees with the compass word beside them, in the menus and the terminal as in the
    browser, whose words come from the game's display data (the test after this one)."""
    from monsterlair.games.push_a_monster.text import help_text, render
    from monsterlair.games.push_a_monster.words import COMPASS, compass, direction

    assert [compass(d) for d in (0, 22, 23, 90, 135, 180, 225, 270, 315, 337, 338, -90)] == [
        "east", "east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east", "south-east",
        "east", "south",
    ]  # fmt: skip
    assert direction(90) == "90° (north)" and direction(360) == "0° (east)"
    assert COMPASS[2] == "north"
    assert GAME.describe_action("nudge angle=120") == "nudge toward 120° (north-west), 1.2 cm"
    helped = " ".join(help_text().split())
    assert "0 points right (east), 90 up (north), 180 left (west), 270 down (south)" in helped, helped
    view = scenario([], pushing=monster("orange")).view(0)
    view["phase"] = "nudge"
    nudging = " ".join(render(view, 0, ["Ann", "Bob"]).split())
    assert "'nudge angle=120' to nudge it toward 120° (north-west)" in nudging, nudging
    assert "'shove #7 angle=90' to shove monster #7 on the arena (the number drawn on it) toward 90° (north)" in nudging


def test_the_terminal_prompts_say_the_typed_numbers_are_decimetres_and_what_that_is_in_centimetres() -> None:
    """The menu speaks centimetres and the typed notation decimetres: each prompt that invites typing says which,
    so 'depth=0.9' is never read as 0.9 cm; refusals of typed numbers give the range in both."""
    from monsterlair.games.push_a_monster.text import help_text, render

    pushing = scenario([], pushing=monster("orange"))
    view = pushing.view(0)
    board = render(view, 0, ["Ann", "Bob"])
    assert "'depth=0.9' to push it 9 cm deep (typed lengths are in decimetres: 0.9 dm = 9 cm)" in board, board
    view["phase"] = "nudge"
    nudging = render(view, 0, ["Ann", "Bob"])
    assert "'dist=0.2' to nudge it 2 cm" in nudging and "typed lengths are in decimetres" in nudging, nudging
    placing = render(GAME.new(2, 1).view(0), 0, ["Ann", "Bob"])
    assert "the spot from the arena's centre in decimetres (0.25 dm = 2.5 cm)" in placing, placing
    helped = " ".join(help_text().split())
    assert "the menus, the log and the messages give lengths in centimetres" in helped, helped
    assert "what you type is in decimetres (dm; 1 dm = 10 cm): 'depth=0.9' is 9 cm" in helped, helped
    with pytest.raises(IllegalAction) as refused:
        pushing.apply(parse("push x=0.24 y=-0.80 angle=80 depth=2.01"))
    assert str(refused.value) == (
        "This push cannot start: the depth must be 0.5 cm to 20 cm (typed in decimetres: depth=0.05 to depth=2.00)."
    )
    with pytest.raises(IllegalAction) as refused:
        pushing.apply(parse("push x=0 y=0 angle=0"))
    assert str(refused.value) == "This push cannot start: the entry point must be within 3 cm of the arena's edge."
    with pytest.raises(IllegalAction) as refused:
        pushing.apply(parse("push x=3 y=0 angle=0"))
    assert str(refused.value) == (
        "This push cannot start: x and y must each be -25 cm to 25 cm (typed in decimetres: -2.50 to 2.50)."
    )


def test_the_browser_reads_every_direction_in_the_words_modules_words() -> None:
    """The browser named a direction by its own copy of the rule (nearest of the view's eight compass words, and
    "90° (north)" put together in the client): one rule written twice. Now the game's display data, sent once
    with the game, holds every whole degree's words from the words module (its ``direction`` and ``compass``),
    and the browser only looks them up; the view carries no compass words any more."""
    from monsterlair.games.push_a_monster.display import display_data
    from monsterlair.games.push_a_monster.words import compass, direction

    data = display_data()
    assert data["directions"] == [direction(d) for d in range(360)]
    assert data["compass"] == [compass(d) for d in range(360)]
    assert data["directions"][90] == "90° (north)" and data["compass"][338] == "east"
    assert "compass" not in GAME.new(2, 1).view(0)["arena"]
