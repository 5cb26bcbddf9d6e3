#!/usr/bin/env python3
"""Load benchmark for the online platform: many WebSocket clients playing bot-filled tables on loopback.

It starts ``monsterlair serve`` in its own process (its own data folder, a free loopback port; bots think in
worker processes, as by default), or several processes sharing one PostgreSQL database (a new one for each
run, made on the server ``--database-url`` names and dropped after it) and one Redis, with the clients
spread over them, signs in N guests, gives each a table with bots (started at once), and lets
every client play its seat over its own WebSocket: on its turn it waits a think time, sends a random legal
action and measures the time until the broadcast update for that action arrives. When a game ends the
client asks for a rematch and plays on. After the run it prints the latency percentiles, the action rate
and the error count; given several client counts, a table of them (the curve of p99 against clients).

    .venv/bin/python scripts/load_test.py --clients 200 --seconds 60
    .venv/bin/python scripts/load_test.py --clients 50,100,200,300 --seconds 30        # the curve of p99
    .venv/bin/python scripts/load_test.py --clients 500 --servers 2 \
        --database-url postgresql+asyncpg://postgres@127.0.0.1/load --redis-url redis://127.0.0.1:6379/0

Only loopback is ever contacted; the run is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from monsterlair.server.looplag import LoopLagMonitor
from monsterlair.testing.serving import free_port, wait_healthy

COOKIE = "monsterlair_session"
STALL = "event loop stalled"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    games: int = 0
    messages: int = 0


def start_server(
    port: int, data: Path, args: argparse.Namespace, database_url: str, log_name: str
) -> subprocess.Popen[bytes]:
    env = dict(os.environ, MONSTERLAIR_SECRET_KEY="load-test", MONSTERLAIR_WS_RATE="50", MONSTERLAIR_WS_BURST="100")
    env["MONSTERLAIR_RATE_LIMITS"] = (
        "false"  # every client comes from one address: the per-address limits would refuse them
    )
    env.pop("MONSTERLAIR_DATABASE_URL", None)
    env.pop("MONSTERLAIR_REDIS_URL", None)
    if database_url:
        env["MONSTERLAIR_DATABASE_URL"] = database_url
    if args.redis_url:
        env["MONSTERLAIR_REDIS_URL"] = args.redis_url
        env["MONSTERLAIR_REDIS_PREFIX"] = f"monsterlair-load-{os.getpid()}"
    env["MONSTERLAIR_LOOP_LAG_MS"] = str(args.loop_lag_ms)
    cmd = [sys.executable, "-c", "from monsterlair.cli import main; main()", "serve", "--port", str(port)]
    cmd += ["--data-dir", str(data), "--bot-delay", str(args.bot_delay)]
    cmd.append("--bot-threads" if args.bot_threads else "--bot-processes")
    log = (data / log_name).open("wb")
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)


async def new_table(client: httpx.AsyncClient, game: str, players: int, bot: str) -> str:
    seats = [{"kind": "me"}] + [{"kind": "bot", "bot": bot}] * (players - 1)
    body = {"game": game, "players": players, "seats": seats, "start": True, "options": {"max_turns": 300}}
    r = await client.post("/api/tables", json=body)
    r.raise_for_status()
    return str(r.json()["table"]["id"])


async def player(
    index: int, base: str, args: argparse.Namespace, stats: Stats, stop_at: float, ready: asyncio.Barrier
) -> None:
    rng = random.Random(index)
    async with httpx.AsyncClient(base_url=base, timeout=30, headers={"Origin": base}) as client:
        try:
            r = await client.post("/api/auth/guest", json={"name": f"load{index}"})
            r.raise_for_status()
            cookie = client.cookies[COOKIE]
            table = await new_table(client, args.game, args.players, args.bot)
        except httpx.HTTPError as exc:
            stats.errors.append(f"client {index}: setting up: {type(exc).__name__}: {exc}")
            await ready.wait()
            return
        ws_base = base.replace("http://", "ws://")
        first = True
        while time.monotonic() < stop_at:
            try:
                async with connect(
                    f"{ws_base}/ws/tables/{table}",
                    additional_headers={"Cookie": f"{COOKIE}={cookie}"},
                    compression=None if args.no_compression else "deflate",
                ) as ws:
                    snapshot = await ws.recv()
                    if first:
                        # Every client's first socket is open (and its snapshot in) before the measured run
                        # starts: 200 handshakes at the same instant are setting up, not play.
                        first = False
                        await ready.wait()
                    finished = await play_table(ws, rng, args, stats, stop_at, snapshot)
            except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
                stats.errors.append(f"client {index}: {type(exc).__name__}: {exc}")
                if first:
                    await ready.wait()
                return
            if not finished:
                return
            stats.games += 1
            r = await client.post(f"/api/tables/{table}/rematch")
            if r.status_code != 200:
                stats.errors.append(f"client {index}: rematch answered {r.status_code}")
                return
            table = r.json()["table"]["id"]


async def play_table(
    ws: Any, rng: random.Random, args: argparse.Namespace, stats: Stats, stop_at: float, snapshot: str | bytes
) -> bool:
    """Play one table, starting from its first message, until it finishes (True) or time is up (False)."""
    sent_at: float | None = None
    expect: int | None = None
    legal: list[dict[str, str]] = []
    state_id = 0
    pending: str | bytes | None = snapshot
    while time.monotonic() < stop_at:
        if pending is not None:
            raw, pending = pending, None
        else:
            timeout = max(0.05, stop_at - time.monotonic())
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout)
            except TimeoutError:
                return False
        now = time.perf_counter()
        stats.messages += 1
        msg = json.loads(raw)
        kind = msg["type"]
        if kind == "error":
            stats.errors.append(f"{msg['code']}: {msg['message']}")
            sent_at = None
            continue
        if kind not in ("snapshot", "update"):
            continue
        state_id = msg["state_id"]
        if sent_at is not None and expect is not None and state_id >= expect:
            stats.latencies.append(now - sent_at)
            stats.actions += 1
            sent_at = None
        if msg["table"]["status"] == "finished":
            return True
        legal = msg["legal"]
        if legal and sent_at is None:
            if args.think > 0:
                await asyncio.sleep(rng.uniform(0.5 * args.think, 1.5 * args.think))
            choice = legal[rng.randrange(len(legal))]["text"]
            expect = state_id + 1
            sent_at = time.perf_counter()
            await ws.send(json.dumps({"type": "action", "state_id": state_id, "actions": [choice]}, allow_nan=False))
    return False


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def sched_seconds(pid: int) -> tuple[float, float]:
    """Seconds a process's main thread (the server's event loop) spent on a CPU and runnable but waiting for one.

    From /proc/PID/task/PID/schedstat (Linux); zeros where it cannot be read.
    """
    try:
        running, waiting, _ = Path(f"/proc/{pid}/task/{pid}/schedstat").read_text().split()
    except (OSError, ValueError):
        return 0.0, 0.0
    return int(running) / 1e9, int(waiting) / 1e9


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


@contextlib.asynccontextmanager
async def fresh_postgres(url: str) -> AsyncIterator[str]:
    """A new, empty database on the PostgreSQL server of ``url`` for one run (dropped after it), so that
    every run starts as a SQLite run does: no tables of earlier runs to recover and keep playing."""
    import asyncpg
    from sqlalchemy import make_url

    given = make_url(url)
    admin = await asyncpg.connect(given.set(drivername="postgresql", database="postgres").render_as_string(False))
    name = f"{given.database or 'load'}_run_{secrets.token_hex(4)}"
    await admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield given.set(database=name).render_as_string(False)
    finally:
        await admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        await admin.close()


async def measure(args: argparse.Namespace, clients: int) -> dict[str, Any]:
    """One bounded run with ``clients`` clients against fresh server processes (a fresh folder, and a fresh
    PostgreSQL database when one is given); the figures."""
    async with contextlib.AsyncExitStack() as stack:
        database_url = args.database_url
        if database_url.startswith("postgresql") and not args.url:
            database_url = await stack.enter_async_context(fresh_postgres(database_url))
        return await _measure(args, clients, database_url)


async def _measure(args: argparse.Namespace, clients: int, database_url: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="monsterlair-load-") as tmp:
        data = Path(tmp)
        procs: list[subprocess.Popen[bytes]] = []
        bases: list[str] = []
        if args.url:
            if not args.url.startswith(("http://127.", "http://localhost", "http://[::1]")):
                raise SystemExit("--url must be a loopback address")
            bases.append(args.url.rstrip("/"))
        else:
            if args.servers > 1 and not database_url.startswith("postgresql"):
                raise SystemExit("several --servers share one PostgreSQL database: give --database-url")
            for i in range(args.servers):
                port = free_port()
                bases.append(f"http://127.0.0.1:{port}")
                procs.append(start_server(port, data, args, database_url, f"server{i}.log"))
        try:
            for base, proc in zip(bases, procs, strict=False):
                await wait_healthy(base, lambda: proc.poll() is None)  # noqa: B023 (awaited now)
            stats = Stats()
            ready = asyncio.Barrier(clients + 1)
            stop_at = time.monotonic() + 3600
            tasks = [
                asyncio.create_task(player(i, bases[i % len(bases)], args, stats, stop_at, ready))
                for i in range(clients)
            ]
            setup = time.monotonic()
            await asyncio.wait_for(ready.wait(), 600)
            print(f"{clients} clients signed in with a started table each in {time.monotonic() - setup:.1f} s")
            monitor = LoopLagMonitor(args.loop_lag_ms / 1000) if args.loop_lag_ms else None
            if monitor is not None:
                monitor.start()
            start = time.monotonic()
            window = [time.time(), 0.0]
            stop = start + args.seconds
            cpu0 = sum(cpu_seconds(p.pid) for p in procs)
            sched0 = [sched_seconds(p.pid) for p in procs]
            client0 = time.process_time()
            load0 = os.getloadavg()[0]
            while time.monotonic() < stop and not all(t.done() for t in tasks):
                await asyncio.sleep(0.2)
            server_cpu = sum(cpu_seconds(p.pid) for p in procs) - cpu0
            sched1 = [sched_seconds(p.pid) for p in procs]
            loop_waited = sum(b[1] - a[1] for a, b in zip(sched0, sched1, strict=True))
            client_cpu = time.process_time() - client0
            elapsed = time.monotonic() - start
            load1 = os.getloadavg()[0]
            window[1] = time.time()
            errors_in_run = len(stats.errors)  # later ones come from stopping the clients and servers
            if monitor is not None:
                monitor.stop()
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=20)  # bounded: a client stuck in its close handshake is left
        finally:
            for proc in procs:
                proc.send_signal(signal.SIGINT)
            for proc in procs:
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()
        server_stalls = [  # those of the measured run, not of the setting up
            line
            for log in sorted(data.glob("server*.log"))
            for line in log.read_text().splitlines()
            if STALL in line and window[0] <= float(line.split(" at ", 1)[1].split()[0]) <= window[1]
        ]
        if args.keep_logs:
            args.keep_logs.mkdir(parents=True, exist_ok=True)
            for log in data.glob("server*.log"):
                (args.keep_logs / log.name).write_bytes(log.read_bytes())
    lat = [x * 1000 for x in stats.latencies]
    return {
        "clients": clients,
        "servers": len(bases),
        "seconds": elapsed,
        "n": len(lat),
        "p50": statistics.median(lat) if lat else float("nan"),
        "p90": pct(lat, 90) if lat else float("nan"),
        "p99": pct(lat, 99) if lat else float("nan"),
        "max": max(lat) if lat else float("nan"),
        "actions_per_s": stats.actions / elapsed,
        "messages_per_s": stats.messages / elapsed,
        "games": stats.games,
        "server_cpu": server_cpu / elapsed,
        "loop_waited": loop_waited / elapsed,
        "client_cpu": client_cpu / elapsed,
        "load": (min(load0, load1), max(load0, load1)),
        "errors": stats.errors[:errors_in_run],
        "stopping_errors": stats.errors[errors_in_run:],
        "server_stalls": server_stalls,
        "client_stalls": [f"{s.seconds * 1000:.0f} ms" for s in monitor.stalls] if monitor is not None else [],
    }


def report(args: argparse.Namespace, f: dict[str, Any]) -> None:
    print(
        f"run: {f['seconds']:.1f} s, {f['clients']} clients over {f['servers']} server process(es), "
        f"{args.players}-seat {args.game} tables with {args.players - 1} '{args.bot}' bot(s) each, think time "
        f"~{args.think:g} s, bot delay {args.bot_delay:g} s, bots in {'threads' if args.bot_threads else 'processes'}, "
        f"compression {'off' if args.no_compression else 'on'}"
    )
    if f["n"]:
        print(
            f"action -> broadcast latency (ms): p50 {f['p50']:.1f}  p90 {f['p90']:.1f}  p99 {f['p99']:.1f}  "
            f"max {f['max']:.1f}  (n={f['n']})"
        )
    print(
        f"human actions: {f['actions_per_s']:.0f}/s; messages received: {f['messages_per_s']:.0f}/s; "
        f"games finished: {f['games']}"
    )
    print(
        f"server processes' CPU: {100 * f['server_cpu']:.0f} % of one core (bot workers excluded; "
        f"{1000 * f['server_cpu'] / max(f['actions_per_s'], 1e-9):.1f} ms per human action); load client: "
        f"{100 * f['client_cpu']:.0f} %"
    )
    if f["servers"] and f["server_cpu"]:
        print(
            f"server event loops runnable but waiting for a CPU: {100 * f['loop_waited']:.0f} % of the run "
            f"({1000 * f['loop_waited'] / max(f['actions_per_s'], 1e-9):.1f} ms per human action)"
        )
    print(f"machine load average (1 min) during the run: {f['load'][0]:.1f}-{f['load'][1]:.1f}")
    if args.loop_lag_ms:
        print(f"server event-loop stalls over {args.loop_lag_ms:g} ms: {len(f['server_stalls'])}")
        for line in f["server_stalls"][:20]:
            print(f"  {line}")
        print(f"load client's own event-loop stalls: {', '.join(f['client_stalls']) or 'none'}")
    print(f"errors: {len(f['errors'])}")
    if f["stopping_errors"]:
        print(f"(and {len(f['stopping_errors'])} after the measured run, while stopping:)")
    for line in (f["errors"] + f["stopping_errors"])[:10]:
        print(f"  {line}")


async def main_async(args: argparse.Namespace) -> int:
    counts = [int(c) for c in str(args.clients).split(",") if c.strip()]
    rows = []
    for clients in counts:
        figures = await measure(args, clients)
        report(args, figures)
        rows.append(figures)
    if len(rows) > 1:
        print(
            "\n| clients | servers | p50 ms | p90 ms | p99 ms | max ms | actions/s | server CPU | load avg | errors |"
        )
        print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for f in rows:
            print(
                f"| {f['clients']} | {f['servers']} | {f['p50']:.1f} | {f['p90']:.1f} | {f['p99']:.1f} | "
                f"{f['max']:.0f} | {f['actions_per_s']:.0f} | {100 * f['server_cpu']:.0f} % | "
                f"{f['load'][0]:.1f}-{f['load'][1]:.1f} | {len(f['errors'])} |"
            )
    return 0 if not any(f["errors"] for f in rows) else 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", default="200", help="clients, or a comma-separated list for a curve")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each measured run")
    parser.add_argument("--game", default="monster-smash")
    parser.add_argument("--players", type=int, default=3, help="seats per table: one client plus bots")
    parser.add_argument("--bot", default="random", help="bot spec for the other seats")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before its action")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="the server's bot delay")
    parser.add_argument("--bot-threads", action="store_true", help="bots in threads instead of worker processes")
    parser.add_argument("--servers", type=int, default=1, help="server processes (more than one: PostgreSQL + Redis)")
    parser.add_argument("--database-url", default="", help="postgresql+asyncpg://… (default: SQLite in a fresh folder)")
    parser.add_argument("--redis-url", default="", help="redis://… shared by the server processes")
    parser.add_argument("--no-compression", action="store_true", help="clients do not offer permessage-deflate")
    parser.add_argument("--url", default="", help="use a server already running on loopback instead of starting one")
    parser.add_argument(
        "--loop-lag-ms",
        type=float,
        default=0,
        help="log event-loop stalls longer than this in the servers (with their stacks) and in this client",
    )
    parser.add_argument("--keep-logs", type=Path, default=None, help="copy the servers' logs into this folder")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
