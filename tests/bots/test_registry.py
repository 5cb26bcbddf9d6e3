"""The bot registry: names, specs, typed options and errors a person can act on."""

from __future__ import annotations

import json
import pickle

import pytest

from monsterlair import bots
from monsterlair.bots import BadBotOptions, GreedyBot, ISMCTSBot, RandomBot, UnknownBot
from monsterlair.core import BadOptions, MonsterLairError


def test_names_weakest_first() -> None:
    assert bots.names() == ["random", "greedy", "ismcts", "policy"]


def test_make_builds_each_bot_with_typed_options() -> None:
    assert isinstance(bots.make("random"), RandomBot)
    greedy = bots.make("greedy", samples=8)
    assert isinstance(greedy, GreedyBot) and greedy.samples == 8
    search = bots.make("ISMCTS ", iterations="300", c="0.5", playout="greedy-lite")
    assert isinstance(search, ISMCTSBot)
    assert (search.iterations, search.seconds, search.c, search.playout) == (300, 0.0, 0.5, "greedy-lite")


def test_from_spec_parses_options_and_forgives_spaces() -> None:
    bot = bots.from_spec(" ismcts : seconds = 0.25 , c=1.2 ")
    assert isinstance(bot, ISMCTSBot)
    assert (bot.seconds, bot.c, bot.iterations) == (0.25, 1.2, 0)
    assert isinstance(bots.from_spec("random"), RandomBot)
    assert isinstance(bots.from_spec("greedy:"), GreedyBot)


def test_ismcts_thinks_one_second_when_no_budget_is_given() -> None:
    bot = bots.make("ismcts")
    assert (bot.seconds, bot.iterations) == (1.0, 0)  # type: ignore[attr-defined]


def test_spec_round_trips_and_writes_only_changed_options() -> None:
    for spec in ("random", "greedy:samples=2", "ismcts:iterations=200,c=0.5,playout=greedy-lite", "ismcts:seconds=1.0"):
        assert bots.from_spec(spec).spec() == spec
    assert bots.make("greedy", samples=4).spec() == "greedy"
    assert repr(bots.make("greedy", samples=2)) == "<GreedyBot greedy:samples=2>"


def test_describe_and_info_are_json_ready() -> None:
    assert bots.make("ismcts", iterations=5).describe()["options"]["iterations"] == 5
    info = json.loads(json.dumps(bots.info()))
    assert [b["name"] for b in info] == bots.names()
    ismcts = info[2]
    assert set(ismcts["options"]) == {
        "iterations",
        "seconds",
        "c",
        "playout",
        "candidates",
        "depth",
        "prior",
        "reuse",
        "workers",
    }
    assert all(o["doc"] for b in info for o in b["options"].values())


@pytest.mark.parametrize(
    ("spec", "error", "fragments"),
    [
        ("ismct", UnknownBot, ["Unknown bot 'ismct'", "Did you mean 'ismcts'?", "Known bots: random, greedy, ismcts"]),
        ("alphazero", UnknownBot, ["Known bots: random, greedy, ismcts"]),
        ("ismcts:secs=1", BadBotOptions, ["Bot 'ismcts'", "Unknown option 'secs'", "Did you mean 'seconds'?"]),
        ("ismcts:seconds", BadBotOptions, ["name=value", "'seconds'"]),
        ("ismcts:seconds=1,,c=2", BadBotOptions, ["name=value"]),
        ("ismcts:c=1,c=2", BadBotOptions, ["given twice"]),
        ("greedy:samples=many", BadBotOptions, ["Bot 'greedy'", "'samples' takes a whole number"]),
        ("greedy:samples=0", BadBotOptions, ["at least 1"]),
        ("ismcts:seconds=-1", BadBotOptions, ["at least 0"]),
        ("ismcts:playout=smart", BadBotOptions, ["'random', 'greedy-lite'"]),
        ("random:samples=3", BadBotOptions, ["Bot 'random'", "Unknown option 'samples'", "Known options: none"]),
    ],
)
def test_bad_specs_say_what_to_do(spec: str, error: type[Exception], fragments: list[str]) -> None:
    with pytest.raises(error) as caught:
        bots.from_spec(spec)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, MonsterLairError)
    for fragment in fragments:
        assert fragment in str(caught.value)


def test_option_errors_are_bad_options_for_callers_that_catch_those() -> None:
    with pytest.raises(BadOptions):
        bots.make("greedy", samples=-2)
    with pytest.raises(BadBotOptions):
        ISMCTSBot(depth="deep")


def test_a_spec_must_be_text() -> None:
    with pytest.raises(BadBotOptions, match="is a text"):
        bots.from_spec(3)  # type: ignore[arg-type]


def test_bots_pickle_for_worker_processes() -> None:
    bot = bots.from_spec("ismcts:iterations=10,c=0.9")
    again = pickle.loads(pickle.dumps(bot))
    assert again.spec() == bot.spec()


@pytest.mark.parametrize(
    ("lineup", "specs"),
    [
        ("greedy,random", ["greedy", "random"]),
        ("ismcts:seconds=1,c=0.7,random", ["ismcts:seconds=1,c=0.7", "random"]),
        (
            " random , ismcts:iterations=9, c=2 , greedy:samples=3",
            ["random", "ismcts:iterations=9,c=2", "greedy:samples=3"],
        ),
        ("greedy,,random", ["greedy", "", "random"]),
    ],
)
def test_split_specs_keeps_options_with_their_bot(lineup: str, specs: list[str]) -> None:
    assert bots.split_specs(lineup) == specs


def test_split_specs_rejects_a_leading_option() -> None:
    with pytest.raises(BadBotOptions, match="no bot before it"):
        bots.split_specs("c=0.7,random")


UNBOUNDED_BUDGETS = [
    ("ismcts:seconds=nan", "finite number"),
    ("ismcts:seconds=NaN", "finite number"),
    ("ismcts:seconds=inf", "finite number"),
    ("ismcts:seconds=1e9", "at most 3600"),
    ("ismcts:iterations=1000000000000", "at most 1,000,000"),
    ("ismcts:iterations=10^12", "whole number"),
    ("ismcts:depth=1000000", "at most 5000"),
    ("ismcts:prior=1001", "at most 1000"),
    ("ismcts:prior=-1", "at least 0"),
    ("ismcts:c=nan", "finite number"),
    ("greedy:samples=1e9", "whole number"),
    ("greedy:samples=100000", "at most 1000"),
]
"""Specs whose thinking budget is not finite or passes its documented cap, and the words that say so."""


@pytest.mark.parametrize(("spec", "fragment"), UNBOUNDED_BUDGETS)
def test_every_thinking_budget_is_finite_and_inside_its_documented_cap(spec: str, fragment: str) -> None:
    with pytest.raises(BadBotOptions, match=fragment):
        bots.from_spec(spec)


def test_the_caps_themselves_are_accepted() -> None:
    from monsterlair.bots.ismcts import MAX_ITERATIONS, MAX_PLAYOUT, MAX_PRIOR, MAX_SECONDS

    bot = bots.from_spec(
        f"ismcts:iterations={MAX_ITERATIONS},seconds={MAX_SECONDS:g},depth={MAX_PLAYOUT},prior={MAX_PRIOR}"
    )
    assert isinstance(bot, ISMCTSBot) and bot.iterations == MAX_ITERATIONS and bot.seconds == MAX_SECONDS
    assert bot.prior == MAX_PRIOR
