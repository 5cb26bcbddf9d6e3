"""Toy Race, from its own folder alone, in every layer: conformance, CLI, engine protocol, simulation, RL and
the server (a table created over the API and played over the WebSocket).

Only this folder names the game: the registry learns it from ``monsterlair.games.register`` in this process
and from ``MONSTERLAIR_GAMES`` in the processes the tests start.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from monsterlair import games, rl
from monsterlair.core import Rng
from monsterlair.server.app import create_app
from monsterlair.testing.conformance import check_game
from tests import example_game
from tests.server.conftest import Live, cookie_of, guest, make_settings

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``monsterlair ARGS`` in a new process whose environment names the example game, and nothing else."""
    env = {k: v for k, v in os.environ.items() if k != games.PLUGINS_ENV} | example_game.ENV
    command = [sys.executable, "-c", "from monsterlair.cli import main; main()", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)


def test_it_passes_the_conformance_suite_in_this_process_and_a_fresh_one(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    monkeypatch.setenv(games.PLUGINS_ENV, "tests.example_game")  # the fresh interpreter finds it the same way
    report = check_game(example_game.GAME, seeds=range(3))
    assert report.games == 9 and report.determinize_varied


def test_the_registry_reads_it_from_the_environment() -> None:
    out = cli("engine", stdin='{"cmd": "games"}\n')
    assert out.returncode == 0, out.stderr
    info = {g["id"]: g for g in json.loads(out.stdout)["games"]}["toy-race"]
    assert info["title"] == "Toy Race" and info["player_counts"] == [2, 3, 4]
    assert (info["has_chance"], info["hidden_info"], info["max_game_length"]) == (True, True, 60)


def test_a_bad_plugin_is_named() -> None:
    env = {**os.environ, games.PLUGINS_ENV: "tests.no_such_game"}
    command = [sys.executable, "-c", "from monsterlair.cli import main; main()", "engine"]
    out = subprocess.run(command, input='{"cmd": "games"}\n', capture_output=True, text=True, cwd=ROOT, env=env)
    assert "MONSTERLAIR_GAMES names 'tests.no_such_game'" in out.stdout + out.stderr


def test_the_cli_plays_and_simulates_it() -> None:
    out = cli("play", "toy", "--seats", "random,greedy", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "Total" in out.stdout  # the game's own terminal text
    out = cli("sim", "toy-race", "--games", "6", "--bots", "random,greedy", "--workers", "2", "--json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["finished"] == 6


def test_the_engine_protocol_plays_a_whole_game() -> None:
    """Both seats pass until the decision limit cuts the game (its ``max_turns``, 60)."""
    requests: list[dict[str, Any]] = [{"cmd": "new", "game": "toy-race", "players": 2, "seed": 5}]
    requests += [{"cmd": "bot", "game_id": "g1", "bot": "greedy", "seed": 1}]
    requests += [{"cmd": "play", "game_id": "g1", "action": "pass"} for _ in range(60)]
    requests += [{"cmd": "result", "game_id": "g1"}]
    out = cli("engine", stdin="".join(json.dumps(r) + "\n" for r in requests))
    assert out.returncode == 0, out.stderr
    answers = [json.loads(line) for line in out.stdout.splitlines()]
    assert all(a["ok"] for a in answers), [a for a in answers if not a["ok"]]
    assert answers[1]["action"] in ("pass", *(f"play {v}" for v in range(1, 6)))
    assert answers[-1]["over"] and answers[-1]["capped"] and answers[-1]["termination"] == "cap"


def test_rl_environments_take_it(monkeypatch: pytest.MonkeyPatch) -> None:
    example_game.register(monkeypatch)
    env = rl.aec_env("toy-race", players=3)
    env.reset(seed=4)
    rng = Rng(4)
    for _agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        legal = [i for i, ok in enumerate(observation["action_mask"]) if ok]
        env.step(None if terminated or truncated else legal[rng.below(len(legal))])
    assert not env.agents
    gym = rl.gym_env("toy-race", seat=1, opponents="random")
    observation, info = gym.reset(seed=2)
    assert len(observation) == example_game.GAME.observation_size(2, {})
    done = False
    while not done:
        legal = [i for i, ok in enumerate(info["action_mask"]) if ok]
        observation, _, terminated, truncated, info = gym.step(legal[rng.below(len(legal))])
        done = terminated or truncated


async def test_the_server_creates_and_plays_a_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    example_game.register(monkeypatch)
    app = create_app(make_settings(tmp_path))  # the registry's games: no list handed to the server
    async with Live(app) as live, live.client() as ann, live.client() as bob:
        await guest(ann, "Ann")
        await guest(bob, "Bob")
        catalogue = (await ann.get("/api/games")).json()["games"]
        entry = next(g for g in catalogue if g["id"] == "toy-race")
        assert entry["display"] == {} and entry["options"]["mode"]["choice_labels"] == ["Normal", "Short"]
        body = {"game": "toy-race", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
        tid = (await ann.post("/api/tables", json=body)).json()["table"]["id"]
        assert (await bob.post(f"/api/tables/{tid}/join", json={})).status_code == 200
        assert (await ann.post(f"/api/tables/{tid}/start")).status_code == 200
        peers = [await live.socket(tid, cookie_of(ann)), await live.socket(tid, cookie_of(bob))]
        snapshots = [await p.recv_type("snapshot") for p in peers]
        state_id, mover = 0, snapshots[0]["view"]["to_move"]
        legal: list[dict[str, Any]] = snapshots[mover]["legal"]
        while legal:
            play = next((a["text"] for a in legal if a["text"] != "pass"), "pass")
            await peers[mover].send({"type": "action", "state_id": state_id, "actions": [play], "ref": state_id})
            updates = [await p.recv_type("update") for p in peers]
            state_id, view = updates[0]["state_id"], updates[0]["view"]
            assert all(u["log"][0]["text"] for u in updates)  # the game's own words reach every seat
            if view["over"]:
                break
            mover = view["to_move"]
            legal = updates[mover]["legal"]
        assert view["over"] and view["result"]["termination"] in ("target", "exhausted", "cap")
        for p in peers:
            await p.close()
