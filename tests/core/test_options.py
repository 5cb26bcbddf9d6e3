"""Typed options: defaults, coercion, and errors a person can act on."""

from __future__ import annotations

import re

import pytest

from monsterlair.core import BadOptions, Option, OptionSet

OPTS = OptionSet(
    [
        Option("flag", False, "A switch."),
        Option("count", 5, "A count.", minimum=1, maximum=9),
        Option("ratio", 0.5, "A ratio.", minimum=0.0, maximum=1.0),
        Option("mode", "duel", "A mode.", choices=("duel", "mission")),
    ]
)


def test_defaults() -> None:
    assert OPTS.resolve(None) == {"flag": False, "count": 5, "ratio": 0.5, "mode": "duel"}


def test_coercion_from_text() -> None:
    got = OPTS.resolve({"flag": "yes", "count": "7", "ratio": "0.25", "mode": "mission"})
    assert got == {"flag": True, "count": 7, "ratio": 0.25, "mode": "mission"}


@pytest.mark.parametrize(
    ("given", "fragment"),
    [
        ({"flga": True}, "Did you mean 'flag'"),
        ({"count": 0}, "at least 1"),
        ({"count": 10}, "at most 9"),
        ({"count": "many"}, "whole number"),
        ({"count": True}, "whole number"),
        ({"flag": "maybe"}, "true or false"),
        ({"mode": "solo"}, "must be one of"),
        ({"ratio": [1]}, "takes a number"),
        ({"ratio": "nan"}, "finite number"),
        ({"ratio": float("nan")}, "finite number"),
        ({"ratio": "inf"}, "finite number"),
        ({"ratio": float("-inf")}, "finite number"),
        ({"ratio": "1e999"}, "finite number"),
        ({"ratio": 10**400}, "takes a number"),
        ({"count": "9" * 5000}, "whole number"),
    ],
)
def test_bad_values_raise_bad_options(given: dict[str, object], fragment: str) -> None:
    with pytest.raises(BadOptions, match=fragment):
        OPTS.resolve(given)


def test_not_a_mapping() -> None:
    with pytest.raises(BadOptions):
        OPTS.resolve(["flag"])  # type: ignore[arg-type]


def test_schema_is_json_ready() -> None:
    import json

    schema = OPTS.schema()
    assert schema["mode"]["choices"] == ["duel", "mission"]
    assert schema["count"]["type"] == "int"
    json.dumps(schema)


def test_choice_labels_name_every_choice_for_forms() -> None:
    opt = Option("first", -1, "Who goes first.", choices=(-1, 0, 1), choice_labels=("Random", "Seat 1", "Seat 2"))
    schema = opt.schema()
    assert schema["choices"] == [-1, 0, 1] and schema["choice_labels"] == ["Random", "Seat 1", "Seat 2"]
    with pytest.raises(ValueError, match="one label per choice"):
        Option("first", -1, "Who goes first.", choices=(-1, 0, 1), choice_labels=("Random",))
    with pytest.raises(ValueError, match="one label per choice"):
        Option("first", -1, "Who goes first.", choice_labels=("Random",))


def test_choice_players_tell_forms_which_choices_fit_each_player_count() -> None:
    opt = Option("mode", "a", "Mode.", choices=("a", "b"), choice_players=((1, 2), (4,)))
    assert opt.schema()["choice_players"] == [[1, 2], [4]]
    assert "choice_players" not in Option("mode", "a", "Mode.", choices=("a", "b")).schema()
    with pytest.raises(ValueError, match="choice_players"):
        Option("mode", "a", "Mode.", choices=("a", "b"), choice_players=((1, 2),))


def test_player_counts_are_the_counts_the_default_options_accept() -> None:
    from monsterlair.games import all_games

    counts = {g.id: g.player_counts() for g in all_games()}
    assert counts["monstra"] == (1, 2, 4)  # MO-1.2: no three-player mode
    assert counts["monster-smash"] == (2, 3, 4, 5)
    assert counts["monster-club"] == (2,)
    for game in all_games():
        assert game.info()["player_counts"] == list(game.player_counts())


def test_option_texts_speak_to_players() -> None:
    """What the new-table form shows: no code names, file names, internal terms or seats counted from 0."""
    from monsterlair.games import all_games

    banned = re.compile(r"\.toml|Result\.|review's|seat 0|-1 =|\b[a-z]+_[a-z_]+\b|\w=\w|'random'", re.IGNORECASE)
    for game in all_games():
        for name, option in game.options.items():
            for text in (option.label, option.doc, *(option.choice_labels or ())):
                assert option.label, f"{game.id}.{name} has no label"
                assert not banned.search(text), f"{game.id}.{name}: {text!r}"


def test_non_finite_numbers_are_refused_for_an_unbounded_option() -> None:
    free = OptionSet([Option("scale", 1.0, "A scale with no limits.")])
    for bad in ("nan", "NaN", float("nan"), "inf", "-Infinity", float("inf")):
        with pytest.raises(BadOptions, match="finite number"):
            free.resolve({"scale": bad})
    assert free.resolve({"scale": "2.5"}) == {"scale": 2.5}


def test_every_games_float_options_refuse_non_finite_values() -> None:
    from monsterlair import games

    checked = 0
    for game_id in games.ids():
        game = games.get(game_id)
        for name, option in game.options.items():
            if option.kind != "float":
                continue
            for bad in ("nan", float("nan"), "inf", float("-inf")):
                with pytest.raises(BadOptions, match="finite number"):
                    game.options.resolve({name: bad})
            checked += 1
    assert checked > 0  # Push a Monster's tremor_scale at least


def test_a_choice_can_be_typed_as_its_label_and_the_refusal_names_the_labels() -> None:
    first = Option(
        "first_player", -1, "Who starts.", choices=(-1, 0, 1), choice_labels=("Random", "Player 1", "Player 2")
    )
    assert [first.check(v) for v in ("player 2", " Player  1 ", "RANDOM", "1", 0)] == [1, 0, -1, 1, 0]
    with pytest.raises(BadOptions) as refused:
        first.check("2")
    assert str(refused.value) == (
        "Option 'first_player' must be one of Random (-1), Player 1 (0), Player 2 (1), not '2'."
    )
    words = Option("mode", "a", "Mode.", choices=("a", "b"), choice_labels=("b", "Other"))
    assert words.check("b") == "b"  # a value keeps its meaning before any label
