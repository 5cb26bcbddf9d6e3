"""Plug-in bots and trained policies at a server's seats: checked and capped like the built-in bots; a policy
file is read only from the server's policy folder; a broken plug-in never stops the server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from monsterlair.server.app import create_app
from monsterlair.server.tables.bots import BotCatalog, ServerBotMaker
from monsterlair.server.tables.hub import Hub, SeatRequest
from monsterlair.server.tables.table import TableError
from tests.bots.plugin_kit import installed, write_plugin
from tests.bots.test_policy_bot import random_policy
from tests.server.conftest import all_games, guest, http, make_settings, running
from tests.server.platform_kit import bot_game


@pytest.fixture
def policies(tmp_path: Path) -> Path:
    """A policy folder holding one Monster Smash policy, and a policy outside it."""
    folder = tmp_path / "policies"
    folder.mkdir()
    random_policy(folder / "smash.npz", "monster-smash")
    random_policy(tmp_path / "outside.npz", "monster-smash")
    return folder


def test_without_a_policy_folder_no_policy_is_accepted(tmp_path: Path) -> None:
    catalog = BotCatalog()
    random_policy(tmp_path / "p.npz", "monster-smash")
    with pytest.raises(ValueError, match="no policy folder"):  # a short name: a long spec is refused for its length
        catalog.check("policy:path=p.npz")
    with pytest.raises(ValueError, match="no policy folder|A bot is named by a spec"):
        catalog.check(f"policy:path={tmp_path / 'p.npz'}")
    assert "policy" not in [k["name"] for k in catalog.kinds()]


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("../outside.npz", "name one of this server's .npz files"),
        ("OUTSIDE", "name one of this server's .npz files|A bot is named by a spec"),  # long: refused either way
        ("sub/../../outside.npz", "name one of this server's .npz files"),
        ("missing.npz", "this server has no file 'missing.npz'"),
        ("escape.npz", "this server has no file 'escape.npz'"),  # a link inside the folder to a file outside it
        ("/etc/passwd.npz", "name one of this server's .npz files"),
        ("..\\\\outside.npz", "name one of this server's .npz files"),
    ],
)
def test_a_policy_file_outside_the_folder_is_refused(policies: Path, name: str, words: str) -> None:
    os.symlink(policies.parent / "outside.npz", policies / "escape.npz")
    catalog = BotCatalog(ServerBotMaker(policies))
    if name == "OUTSIDE":
        name = str(policies.parent / "outside.npz")  # an absolute path to a real policy
    with pytest.raises(ValueError, match=words):
        catalog.check(f"policy:path={name}")


def test_a_policy_in_the_folder_is_offered_and_accepted(policies: Path) -> None:
    catalog = BotCatalog(ServerBotMaker(policies))
    assert catalog.check("policy:path=smash.npz") == "policy:path=smash.npz"
    bot = catalog.maker()("policy:path=smash.npz")
    assert Path(bot.path) == (policies / "smash.npz").resolve()
    random_policy(policies / "labelled.npz", "monster-club", label="Club learner")
    (policies / "junk.npz").write_text("not a policy")
    os.symlink(policies.parent / "outside.npz", policies / "escape.npz")
    kinds = {k["name"]: k for k in catalog.kinds()}
    assert kinds["policy"]["label"] == "Trained bot"
    assert kinds["policy"]["strengths"] == [  # in players' words: never a file name; junk and links out left out
        {"label": "Club learner (Monster Club, 2 players)", "spec": "policy:path=labelled.npz"},
        {"label": "Policy 2 (Monster Smash, 2 players)", "spec": "policy:path=smash.npz"},
    ]
    assert catalog.label("policy:path=smash.npz").endswith("(Trained bot)")


@pytest.mark.parametrize("processes", [False, True])
async def test_a_policy_plays_a_whole_game_at_a_table(policies: Path, tmp_path: Path, processes: bool) -> None:
    settings = make_settings(tmp_path, policy_dir=policies, bot_processes=processes, bot_workers=1)
    app = create_app(settings, games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        table = await bot_game(hub, "monster-smash", ["policy:path=smash.npz", "random"], {"max_turns": 40})
        assert len(await hub.store.load_actions(table.id)) == table.state_id > 0


async def test_guests_cannot_name_a_file_outside_the_folder(policies: Path, tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, policy_dir=policies), games=all_games())
    async with running(app), http(app) as client:
        await guest(client)
        bots = (await client.get("/api/games")).json()["bots"]
        strengths = {b["name"]: b for b in bots}["policy"]["strengths"]
        assert strengths == [{"label": "Policy 1 (Monster Smash, 2 players)", "spec": "policy:path=smash.npz"}]
        for name in ("../outside.npz", "/etc/passwd", "/etc/hosts.npz", "escape/../../outside.npz"):
            seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "bot", "bot": f"policy:path={name}"}]
            r = await client.post("/api/tables", json={"game": "monster-smash", "players": 2, "seats": seats})
            assert r.status_code == 422 and r.json()["error"]["code"] == "bad_bot", r.text
            assert "outside" not in r.json()["error"]["message"].replace(name, "")  # nothing about the file is told
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "policy:path=smash.npz"}]
        r = await client.post("/api/tables", json={"game": "monster-smash", "players": 2, "seats": seats})
        assert r.status_code == 200, r.text


async def test_a_policy_sits_only_at_a_table_of_its_game(policies: Path, tmp_path: Path) -> None:
    app = create_app(make_settings(tmp_path, policy_dir=policies), games=all_games())
    async with running(app):
        hub: Hub = app.state.hub
        host = await hub.store.create_user("Host")
        for game_id, players in (("monstra", 2), ("monster-smash", 3)):
            seats = [SeatRequest("me")] + [SeatRequest("bot", "policy:path=smash.npz")] * (players - 1)
            with pytest.raises(TableError, match="Seat 2: This policy was trained for Monster Smash with 2 players"):
                await hub.create(host, game_id, players, None, seats)
        table = await hub.create(host, "monstra", 2, None, [SeatRequest("me"), SeatRequest("open")])
        with pytest.raises(TableError, match="cannot play MONSTRA with 2 players"):
            await hub.set_seat(host, table.id, 1, "policy:path=smash.npz")
        await hub.set_seat(host, table.id, 1, "greedy")


async def test_plugin_bots_sit_at_tables_with_the_servers_caps(tmp_path: Path) -> None:
    with installed(tmp_path / "site"):
        app = create_app(make_settings(tmp_path), games=all_games())  # broken plug-ins are installed too
        async with running(app):
            hub: Hub = app.state.hub
            host = await hub.store.create_user("Host")
            for spec, words in (
                ("lastmove:seconds=20", "at most 10 seconds"),
                ("lastmove:iterations=50000", "at most 20,000 iterations"),
                ("lastmove:seconds=61", "at most 60"),
                ("exploding", "could not be loaded"),
            ):
                with pytest.raises(Exception, match=words):
                    await hub.create(host, "toy-race", 2, None, [SeatRequest("me"), SeatRequest("bot", spec)])
            assert "lastmove" in [k["name"] for k in app.state.hub.bots.kinds()]
            table = await bot_game(hub, "monster-smash", ["lastmove:seconds=5", "random"], {"max_turns": 40})
            record = table.meta.record
            assert record is not None and record["actions"]


WORKER_SCRIPT = """
import asyncio
from monsterlair import games
from monsterlair.server.tables.botpool import BotPool
from monsterlair.server.tables.bots import ServerBotMaker

async def main():
    state = games.get("monster-smash").new(2, 3)
    pool = BotPool(1, deadline=60)
    try:
        print(await pool.decide("t", ServerBotMaker(), "lastmove", state, state.to_move, 1))
        print(str(state.legal_actions()[-1]))
        try:
            await pool.decide("t", ServerBotMaker(), "exploding", state, state.to_move, 1)
        except Exception as exc:
            print(type(exc).__name__, exc)
    finally:
        pool.close()

asyncio.run(main())
"""


def test_plugin_bots_think_in_the_servers_worker_processes(tmp_path: Path) -> None:
    """A fresh interpreter (so a fresh fork server) with the plug-in installed: its workers load the plug-in, and
    a broken one is an answer, not a dead worker."""
    folder = write_plugin(tmp_path / "site")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", WORKER_SCRIPT], env=env, capture_output=True, text=True, timeout=180)
    assert done.returncode == 0, done.stderr
    chosen, expected, failure = done.stdout.strip().splitlines()
    assert chosen == expected
    assert failure.startswith("BotFailed") and "could not be loaded" in failure
