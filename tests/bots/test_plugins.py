"""Third-party bots plug in through the ``monsterlair.bots`` entry-point group, checked like the built-in bots."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monsterlair import bots
from monsterlair.bots import BadBotOptions, Bot, UnknownBot
from monsterlair.cli import app
from monsterlair.core import Perspective, Rng
from monsterlair.protocol import Engine
from tests.bots.plugin_kit import installed


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[Path]:
    with installed(tmp_path / "site") as folder:
        yield folder


def test_a_plugin_bot_is_registered_after_the_built_in_ones(plugin: Path) -> None:
    names = bots.names()
    assert names[:4] == ["random", "greedy", "ismcts", "policy"] and "lastmove" in names
    cls = bots.bot_class("LastMove ")
    assert issubclass(cls, Bot) and cls.__module__ == "mlplug_demo"
    assert [b["name"] for b in bots.info()] == names
    assert {b["name"]: b for b in bots.info()}["lastmove"]["summary"] == "Plays the last legal action."


def test_a_plugin_bot_plays_from_its_perspective(plugin: Path) -> None:
    from monsterlair import games

    state = games.get("monster-smash").new(2, 4)
    bot = bots.from_spec("lastmove")
    assert state.to_move is not None
    assert bot.choose(Perspective(state, state.to_move), Rng(1)) == state.legal_actions()[-1]
    assert bots.from_spec("lastmove:seconds=2.5").spec() == "lastmove:seconds=2.5"


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("lastmove:seconds=nan", "finite number"),
        ("lastmove:seconds=61", "at most 60"),
        ("lastmove:iterations=-1", "at least 0"),
        ("lastmove:depth=3", "Unknown option 'depth'"),
        ("lastmove:seconds", "name=value"),
    ],
)
def test_a_plugin_bots_spec_is_checked_like_a_built_in_one(plugin: Path, spec: str, words: str) -> None:
    with pytest.raises(BadBotOptions, match=words):
        bots.from_spec(spec)


def test_broken_plugins_are_reported_never_raised(plugin: Path) -> None:
    broken = bots.broken_plugins()
    assert set(broken) == {"exploding", "notabot", "hugebudget", "misnamed", "quitter"}
    assert "SystemExit: 3" in broken["quitter"]
    assert "ModuleNotFoundError" in broken["exploding"] and "mlplug_missing_module" in broken["exploding"]
    assert "package mlplug-demo" in broken["exploding"]
    assert "not a subclass of monsterlair.bots.Bot" in broken["notabot"]
    assert "budget option 'seconds'" in broken["hugebudget"] and "3600" in broken["hugebudget"]
    assert "entry point calls it 'misnamed'" in broken["misnamed"]
    with pytest.raises(UnknownBot, match="The bot plug-in 'exploding' .* could not be loaded: ModuleNotFoundError"):
        bots.from_spec("exploding")
    for name in broken:
        assert name not in bots.names()


def test_a_plugin_cannot_take_a_built_in_name(plugin: Path) -> None:
    assert bots.bot_class("greedy") is bots.GreedyBot
    assert "greedy" not in bots.broken_plugins()


def test_without_the_plugin_its_name_is_unknown() -> None:
    bots.load_plugins(reload=True)
    with pytest.raises(UnknownBot, match="Unknown bot 'lastmove'"):
        bots.from_spec("lastmove")


def test_play_takes_a_plugin_bot(plugin: Path, tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    args = ["play", "monster-smash", "--seats", "lastmove,random", "--seed", "2", "--save", str(record)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(record.read_text())["actions"]
    bad = CliRunner().invoke(app, ["play", "monster-smash", "--seats", "exploding,random", "--seed", "2"])
    assert bad.exit_code != 0 and "could not be loaded" in " ".join(bad.output.split())
    assert "Traceback" not in bad.output


def test_sim_takes_a_plugin_bot(plugin: Path, tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(
        app,
        ["sim", "monster-smash", "-n", "4", "-w", "2", "--bots", "lastmove,random", "--seed", "3", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 4 and not any(r["error"] for r in rows)
    assert all("lastmove" in r["seats"] for r in rows)


def test_the_engine_protocol_takes_a_plugin_bot_and_its_budget(plugin: Path) -> None:
    engine = Engine()
    new = json.loads(engine.handle(json.dumps({"cmd": "new", "game": "monster-smash", "players": 2, "seed": 3})))
    gid = new["game_id"]
    legal = json.loads(engine.handle(json.dumps({"cmd": "legal", "game_id": gid})))["actions"]
    answer = json.loads(
        engine.handle(json.dumps({"cmd": "bot", "game_id": gid, "bot": "lastmove", "budget": {"seconds": 1}}))
    )
    assert answer["ok"] and answer["action"] == legal[-1]
    over = json.loads(
        engine.handle(json.dumps({"cmd": "bot", "game_id": gid, "bot": "lastmove", "budget": {"seconds": 100}}))
    )
    assert not over["ok"] and "at most 60" in over["error"]["message"]
    broken = json.loads(engine.handle(json.dumps({"cmd": "bot", "game_id": gid, "bot": "exploding"})))
    assert not broken["ok"] and "could not be loaded" in broken["error"]["message"]
