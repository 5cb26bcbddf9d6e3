#!/usr/bin/env python3
"""Chaos test for the online platform: kill the server at random points under a bot-driven load, restart it,
and check that nothing it acknowledged was lost.

It starts ``monsterlair serve`` (its own data folder or database, a free loopback port, bots in worker
processes, no bot delay), and a few clients: half of them play one seat of a table whose other seats are
bots, half watch tables where only bots play. Every client notes what the server announced: the highest
state of each table it saw (the server stores every action before it announces it) and, for its own
actions, the exact action stored at each ply. Once the restarted server is under way again, at a random
moment it is killed (``SIGKILL`` by default) and, while it is down, the database is read back and checked:

* **lost**: an announced action that is not stored, or stored differently;
* **duplicates**: a ply stored twice, or a stored record that disagrees with the stored actions;
* **unreplayable**: a table whose stored record no longer replays.

Then the server is started again on the same database; the clients reconnect and play on. After the last
kill the figures are printed (and the exit status is 1 if any check failed).

    .venv/bin/python scripts/chaos_test.py --kills 200                       # SQLite
    .venv/bin/python scripts/chaos_test.py --kills 200 --database postgresql+asyncpg://postgres@127.0.0.1/test

With ``--signal TERM`` (or ``INT``) the server is stopped gracefully instead, and the time each stop took
is reported too (a stop must take at most 10 s). Only loopback is contacted; every run is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from monsterlair.testing.serving import free_port, wait_healthy

COOKIE = "monsterlair_session"
GAME = "monster-smash"
BOTS = ("random", "greedy", "ismcts:iterations=30")
STOP_LIMIT = 10.0
"""Seconds a graceful stop (SIGTERM, SIGINT) may take."""


@dataclass
class Ledger:
    """What the server announced to the clients, and what the checks found."""

    announced: dict[str, int] = field(default_factory=dict)
    """Table → the highest state any client was told of (every action up to it was stored)."""
    own: dict[tuple[str, int], str] = field(default_factory=dict)
    """(table, ply) → the action a client played there and saw announced."""
    lost: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    unreplayable: list[str] = field(default_factory=list)
    stops: list[float] = field(default_factory=list)
    """Seconds each stop took (from the signal to the process's end)."""
    client_actions: int = 0
    errors: list[str] = field(default_factory=list)

    def saw(self, table: str, state_id: int) -> None:
        if state_id > self.announced.get(table, 0):
            self.announced[table] = state_id

    def acknowledged(self) -> int:
        """Actions the server announced, over all tables."""
        return sum(self.announced.values())


LAUNCHER = r"""
import json, os, signal, sys, time
from monsterlair.cli import main
import monsterlair.server.app, uvicorn  # the costly imports, done once: every server is forked from here

for line in sys.stdin:
    order = json.loads(line)
    if order["do"] == "start":
        pid = os.fork()
        if pid == 0:
            log = os.open(order["log"], os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            os.dup2(log, 1)
            os.dup2(log, 2)
            devnull = os.open(os.devnull, os.O_RDONLY)
            os.dup2(devnull, 0)
            os.environ.clear()
            os.environ.update(order["env"])
            sys.argv = ["monsterlair", *order["args"]]
            try:
                main()
            except SystemExit as exc:
                os._exit(exc.code if isinstance(exc.code, int) else 1)
            os._exit(0)
        print(json.dumps({"pid": pid}), flush=True)
    elif order["do"] == "stop":
        pid, started = order["pid"], time.monotonic()
        os.kill(pid, order["signal"])
        status = None
        while time.monotonic() - started < order["wait"]:
            done, raw = os.waitpid(pid, os.WNOHANG)
            if done:
                status = os.waitstatus_to_exitcode(raw)
                break
            time.sleep(0.01)
        if status is None:
            os.kill(pid, signal.SIGKILL)
            status = os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1])
            print(json.dumps({"status": status, "seconds": None}), flush=True)
        else:
            print(json.dumps({"status": status, "seconds": time.monotonic() - started}), flush=True)
"""
"""A small process that imports the server once and forks a fresh server process on each ``start``.

A server forked from it is a whole, separate process (its own event loop, database connections and bot
workers); only the interpreter start and the imports are shared. On this project's busy test machine that
cuts a restart from about 10 s to about 2 s, so 200 kills fit in minutes.
"""


class Launcher:
    """Starts and stops server processes through :data:`LAUNCHER`."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-c", LAUNCHER], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    def _ask(self, order: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(order) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the launcher stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def start(self, port: int, data: Path, database_url: str, bot_threads: bool = False) -> int:
        env = dict(
            os.environ, MONSTERLAIR_SECRET_KEY="chaos-test", MONSTERLAIR_WS_RATE="50", MONSTERLAIR_WS_BURST="100"
        )
        env["MONSTERLAIR_RATE_LIMITS"] = "false"  # the clients share one address and open table after table
        env.pop("MONSTERLAIR_REDIS_URL", None)
        env.pop("MONSTERLAIR_DATABASE_URL", None)
        if database_url:
            env["MONSTERLAIR_DATABASE_URL"] = database_url
        bots = "--bot-threads" if bot_threads else "--bot-processes"
        args = ["serve", "--port", str(port), "--data-dir", str(data), "--bot-delay", "0", bots]
        return int(self._ask({"do": "start", "env": env, "args": args, "log": str(data / "server.log")})["pid"])

    def stop(self, pid: int, stop_signal: signal.Signals, wait: float = 60.0) -> tuple[int, float | None]:
        """Signal a server and wait for its end: exit status and seconds taken (None: killed after ``wait``)."""
        answer = self._ask({"do": "stop", "pid": pid, "signal": int(stop_signal), "wait": wait})
        return int(answer["status"]), answer["seconds"]

    def alive(self, pid: int) -> bool:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            return False
        return state != "Z"

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Client:
    """One guest: plays a seat against bots (``plays``) or watches a bots-only table, table after table."""

    def __init__(self, index: int, base: str, ledger: Ledger, rng: random.Random) -> None:
        self.index = index
        self.base = base
        self.ledger = ledger
        self.rng = rng
        self.plays = index % 2 == 0
        self.cookie = ""
        self.table = ""

    async def run(self, stop: asyncio.Event) -> None:
        async with httpx.AsyncClient(base_url=self.base, timeout=10, headers={"Origin": self.base}) as http:
            while not stop.is_set():
                await self._attempt(http, stop)
                await asyncio.sleep(0.3)

    async def _attempt(self, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        try:
            await self._session(http, stop)
        except (OSError, httpx.HTTPError, TimeoutError, ConnectionClosed, InvalidHandshake):
            pass  # the server is down (killed) or going down: the caller tries again shortly
        except Exception as exc:  # noqa: BLE001 - anything else is reported
            self.ledger.errors.append(f"client {self.index}: {type(exc).__name__}: {exc}")

    async def _session(self, http: httpx.AsyncClient, stop: asyncio.Event) -> None:
        if not self.cookie:
            r = await http.post("/api/auth/guest", json={"name": f"chaos{self.index}"})
            r.raise_for_status()
            self.cookie = r.cookies[COOKIE]
        http.cookies.set(COOKIE, self.cookie)
        if not self.table:
            self.table = await self._new_table(http)
        ws_url = self.base.replace("http://", "ws://") + f"/ws/tables/{self.table}"
        async with connect(ws_url, additional_headers={"Cookie": f"{COOKIE}={self.cookie}"}) as ws:
            if await self._play(ws, stop):
                self.table = ""  # finished: a new one next time

    async def _new_table(self, http: httpx.AsyncClient) -> str:
        bots = [{"kind": "bot", "bot": self.rng.choice(BOTS)} for _ in range(2)]
        seats = [{"kind": "me"}, *bots] if self.plays else [{"kind": "bot", "bot": "random"}, *bots]
        body = {"game": GAME, "players": 3, "seats": seats, "start": True, "options": {"max_turns": 30}}
        r = await http.post("/api/tables", json=body)
        r.raise_for_status()
        return str(r.json()["table"]["id"])

    async def _play(self, ws: Any, stop: asyncio.Event) -> bool:
        """Follow (and play) the table until it finishes (True) or the run stops (False)."""
        sent: tuple[int, str] | None = None
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 0.5)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            if msg.get("type") not in ("snapshot", "update"):
                continue
            state_id = int(msg["state_id"])
            self.ledger.saw(self.table, state_id)
            if sent is not None and msg["type"] == "update" and msg.get("prev_state_id") == sent[0]:
                self.ledger.own[(self.table, sent[0] + 1)] = sent[1]
                self.ledger.client_actions += 1
                sent = None
            elif sent is not None and state_id > sent[0]:
                sent = None  # the table moved on without telling which action made ply sent+1 (a reconnect)
            if msg["table"]["status"] == "finished":
                return True
            legal = msg.get("legal") or []
            if legal and sent is None:
                await asyncio.sleep(self.rng.uniform(0.0, 0.05))
                choice = legal[self.rng.randrange(len(legal))]["text"]
                sent = (state_id, choice)
                await ws.send(
                    json.dumps({"type": "action", "state_id": state_id, "actions": [choice]}, allow_nan=False)
                )
        return False


async def progress(ledger: Ledger, target: int, seconds: float = 60.0) -> None:
    """Wait (bounded) until the server has announced ``target`` actions in all."""
    deadline = time.monotonic() + seconds
    while ledger.acknowledged() < target and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def check_storage(database_url: str, ledger: Ledger) -> int:
    """Read every table the clients saw back from storage (the server is down) and record what is wrong.

    Returns the number of actions stored for those tables.
    """
    from monsterlair import games
    from monsterlair.server.storage.sql import SqlStore
    from monsterlair.server.tables.table import Table, TableError

    store = SqlStore(database_url)
    stored_total = 0
    try:
        for table_id, announced in sorted(ledger.announced.items()):
            meta = await store.load_table(table_id)
            if meta is None:
                ledger.lost.append(f"{table_id}: the table is gone ({announced} announced action(s))")
                continue
            actions = await store.load_actions(table_id, include_undone=True)
            stored_total += len(actions)
            plies = [a.ply for a in actions]
            if len(set(plies)) != len(plies) or plies != list(range(1, len(plies) + 1)):
                ledger.duplicates.append(f"{table_id}: plies stored {plies[:12]}…")
            record = list((meta.record or {}).get("actions", []))
            if meta.status != "open" and record != [a.text for a in actions if not a.undone]:
                ledger.duplicates.append(f"{table_id}: the record has {len(record)} action(s), the log {len(actions)}")
            if meta.state_id < announced or len(actions) < announced:
                ledger.lost.append(f"{table_id}: {announced} announced, {len(actions)} stored")
            for (tid, ply), text in ledger.own.items():
                if tid == table_id and (ply > len(actions) or actions[ply - 1].text != text):
                    ledger.lost.append(f"{table_id}: the client's action {text!r} at ply {ply} is not what is stored")
            try:
                Table.restore(meta, games.get(meta.game), await store.load_events(table_id))
            except (TableError, Exception) as exc:  # noqa: BLE001 - any failure to replay is the finding
                ledger.unreplayable.append(f"{table_id}: {exc}")
    finally:
        await store.close()
    return stored_total


async def run(
    *,
    kills: int,
    database_url: str = "",
    clients: int = 6,
    run_seconds: tuple[float, float] = (0.3, 2.5),
    stop_signal: signal.Signals | tuple[signal.Signals, ...] = signal.SIGKILL,
    seed: int | None = None,
    data_dir: Path | None = None,
    bot_threads: bool = False,
    say: Any = print,
) -> Ledger:
    """Kill (or stop) the server ``kills`` times under load; the ledger holds every finding.

    Given several signals, the stops take them in turn.
    """
    signals = stop_signal if isinstance(stop_signal, tuple) else (stop_signal,)
    rng = random.Random(seed)
    ledger = Ledger()
    with tempfile.TemporaryDirectory(prefix="monsterlair-chaos-") as tmp:
        data = data_dir or Path(tmp)
        url = database_url or f"sqlite+aiosqlite:///{data / 'monsterlair.sqlite3'}"
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        stop = asyncio.Event()
        players = [Client(i, base, ledger, random.Random(rng.random())) for i in range(clients)]
        tasks: list[asyncio.Task[None]] = []
        started = time.monotonic()
        launcher = Launcher()
        try:
            for k in range(kills):
                pid = await asyncio.to_thread(launcher.start, port, data, database_url, bot_threads)
                try:
                    await wait_healthy(base, lambda: launcher.alive(pid), seconds=60.0, every=0.05)  # noqa: B023 (awaited now)
                    if not tasks:
                        tasks = [asyncio.create_task(p.run(stop)) for p in players]
                    # Under way again (clients back, bots thinking) before the random wait starts.
                    await progress(ledger, ledger.acknowledged() + clients)
                    await asyncio.sleep(rng.uniform(*run_seconds))
                finally:
                    sig = signals[k % len(signals)]
                    code, seconds = await asyncio.to_thread(launcher.stop, pid, sig)
                    if seconds is None:
                        ledger.errors.append(f"stop {k + 1}: the server did not end within 60 s")
                    ledger.stops.append(seconds if seconds is not None else 60.0)
                if sig != signal.SIGKILL and code not in (0, -sig, 128 + sig):
                    ledger.errors.append(f"stop {k + 1}: the server ended with status {code}")
                stored = await check_storage(url, ledger)
                if (k + 1) % 10 == 0 or k + 1 == kills:
                    say(
                        f"{k + 1}/{kills} stops, {time.monotonic() - started:.0f} s: {ledger.acknowledged()} "
                        f"acknowledged, {stored} stored, {len(ledger.lost)} lost, {len(ledger.duplicates)} "
                        f"duplicated, {len(ledger.unreplayable)} unreplayable"
                    )
        finally:
            stop.set()
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            launcher.close()
    return ledger


def summary(ledger: Ledger, kills: int, stop_signal: signal.Signals, database: str, seconds: float) -> list[str]:
    stops = sorted(ledger.stops)
    lines = [
        f"{kills} x {stop_signal.name} on {database} over {seconds:.0f} s: {len(ledger.announced)} tables, "
        f"{ledger.acknowledged()} acknowledged actions ({ledger.client_actions} of them the clients' own)",
        f"lost: {len(ledger.lost)}   duplicates: {len(ledger.duplicates)}   unreplayable: {len(ledger.unreplayable)}",
    ]
    if stops and stop_signal != signal.SIGKILL:
        lines.append(f"stop time: median {stops[len(stops) // 2]:.2f} s, max {stops[-1]:.2f} s (limit {STOP_LIMIT:g})")
    load = os.getloadavg()
    lines.append(f"machine load average at the end (1/5/15 min): {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
    for item in (ledger.lost + ledger.duplicates + ledger.unreplayable + ledger.errors)[:20]:
        lines.append(f"  {item}")
    return lines


def failed(ledger: Ledger, stop_signal: signal.Signals) -> bool:
    slow = stop_signal != signal.SIGKILL and any(s > STOP_LIMIT for s in ledger.stops)
    return bool(ledger.lost or ledger.duplicates or ledger.unreplayable or ledger.errors or slow)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=200, help="how many times the server is stopped")
    parser.add_argument("--database", default="sqlite", help="'sqlite' (a fresh file) or a PostgreSQL asyncpg URL")
    parser.add_argument("--clients", type=int, default=6, help="clients (half play a seat, half watch bots)")
    parser.add_argument("--min-run", type=float, default=0.3, help="least seconds the server runs before a stop")
    parser.add_argument("--max-run", type=float, default=2.5, help="most seconds the server runs before a stop")
    parser.add_argument("--signal", choices=("KILL", "TERM", "INT"), default="KILL")
    parser.add_argument("--seed", type=int, default=None, help="seed of the random stop points")
    parser.add_argument(
        "--bot-threads",
        action="store_true",
        help="bots think in threads, not worker processes (a restart then needs no fork server: faster cycles)",
    )
    args = parser.parse_args(argv)
    database_url = "" if args.database == "sqlite" else args.database
    if database_url and not database_url.startswith("postgresql+asyncpg://"):
        raise SystemExit("--database is 'sqlite' or a postgresql+asyncpg:// URL")
    stop_signal = signal.Signals[f"SIG{args.signal}"]
    started = time.monotonic()
    ledger = asyncio.run(
        run(
            kills=args.kills,
            database_url=database_url,
            clients=args.clients,
            run_seconds=(args.min_run, args.max_run),
            stop_signal=stop_signal,
            seed=args.seed,
            bot_threads=args.bot_threads,
        )
    )
    database = "SQLite" if not database_url else "PostgreSQL"
    for line in summary(ledger, args.kills, stop_signal, database, time.monotonic() - started):
        print(line)
    raise SystemExit(1 if failed(ledger, stop_signal) else 0)


if __name__ == "__main__":
    main()
