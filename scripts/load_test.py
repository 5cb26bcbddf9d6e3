#!/usr/bin/env python3
"""Load benchmark for the online platform: many WebSocket clients playing bot-filled tables on loopback.

It starts ``monsterlair serve`` in its own process (its own data folder, a free loopback port), signs in
N guests, gives each a table with bots (started at once), and lets every client play its seat over its
own WebSocket: on its turn it waits a think time, sends a random legal action and measures the time
until the broadcast update for that action arrives. When a game ends the client asks for a rematch and
plays on. After the run it prints the latency percentiles, the action rate and the error count.

    .venv/bin/python scripts/load_test.py --clients 200 --seconds 60

Only loopback is ever contacted; the run is bounded in time and stops by itself.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

COOKIE = "monsterlair_session"


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    games: int = 0
    messages: int = 0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(port: int, data: Path, bot_delay: float, bot_processes: bool) -> subprocess.Popen[bytes]:
    env = dict(os.environ, MONSTERLAIR_SECRET_KEY="load-test", MONSTERLAIR_WS_RATE="50", MONSTERLAIR_WS_BURST="100")
    env.pop("MONSTERLAIR_DATABASE_URL", None)
    cmd = [sys.executable, "-c", "from monsterlair.cli import main; main()", "serve", "--port", str(port)]
    cmd += ["--data-dir", str(data), "--bot-delay", str(bot_delay)]
    if bot_processes:
        cmd.append("--bot-processes")
    log = (data / "server.log").open("wb")
    return subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, env=env)


async def wait_healthy(base: str, proc: subprocess.Popen[bytes]) -> None:
    async with httpx.AsyncClient(base_url=base) as client:
        for _ in range(300):
            if proc.poll() is not None:
                raise SystemExit("the server exited during start-up")
            try:
                if (await client.get("/health")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.1)
    raise SystemExit("the server did not start")


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
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        r = await client.post("/api/auth/guest", json={"name": f"load{index}"})
        r.raise_for_status()
        cookie = client.cookies[COOKIE]
        table = await new_table(client, args.game, args.players, args.bot)
        await ready.wait()
        ws_base = base.replace("http://", "ws://")
        while time.monotonic() < stop_at:
            try:
                async with connect(
                    f"{ws_base}/ws/tables/{table}",
                    additional_headers={"Cookie": f"{COOKIE}={cookie}"},
                    compression=None if args.no_compression else "deflate",
                ) as ws:
                    finished = await play_table(ws, rng, args, stats, stop_at)
            except Exception as exc:  # noqa: BLE001 - every failure is counted and reported
                stats.errors.append(f"client {index}: {type(exc).__name__}: {exc}")
                return
            if not finished:
                return
            stats.games += 1
            r = await client.post(f"/api/tables/{table}/rematch")
            if r.status_code != 200:
                stats.errors.append(f"client {index}: rematch answered {r.status_code}")
                return
            table = r.json()["table"]["id"]


async def play_table(ws: Any, rng: random.Random, args: argparse.Namespace, stats: Stats, stop_at: float) -> bool:
    """Play one table until it finishes (True) or time is up (False)."""
    sent_at: float | None = None
    expect: int | None = None
    legal: list[dict[str, str]] = []
    state_id = 0
    while time.monotonic() < stop_at:
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
            await ws.send(json.dumps({"type": "action", "state_id": state_id, "actions": [choice]}))
    return False


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


async def main_async(args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory(prefix="monsterlair-load-") as tmp:
        if args.url:
            if not args.url.startswith(("http://127.", "http://localhost", "http://[::1]")):
                raise SystemExit("--url must be a loopback address")
            base, proc = args.url.rstrip("/"), None
        else:
            port = free_port()
            base = f"http://127.0.0.1:{port}"
            proc = start_server(port, Path(tmp), args.bot_delay, args.bot_processes)
        try:
            if proc is not None:
                await wait_healthy(base, proc)
            stats = Stats()
            ready = asyncio.Barrier(args.clients + 1)
            stop_at = time.monotonic() + 3600
            tasks = [asyncio.create_task(player(i, base, args, stats, stop_at, ready)) for i in range(args.clients)]
            setup = time.monotonic()
            await asyncio.wait_for(ready.wait(), 300)
            print(f"{args.clients} clients signed in with a started table each in {time.monotonic() - setup:.1f} s")
            start = time.monotonic()
            stop = start + args.seconds
            cpu0 = cpu_seconds(proc.pid) if proc is not None else 0.0
            client0 = time.process_time()
            while time.monotonic() < stop and not all(t.done() for t in tasks):
                await asyncio.sleep(0.2)
            server_cpu = cpu_seconds(proc.pid) - cpu0 if proc is not None else 0.0
            client_cpu = time.process_time() - client0
            elapsed = time.monotonic() - start
            for task in tasks:
                task.cancel()
            await asyncio.wait(tasks, timeout=20)  # bounded: a client stuck in its close handshake is left
            lat = [x * 1000 for x in stats.latencies]
            print(
                f"run: {elapsed:.1f} s, {args.clients} clients, {args.players}-seat {args.game} tables with "
                f"{args.players - 1} '{args.bot}' bot(s) each, think time ~{args.think:g} s, "
                f"bot delay {args.bot_delay:g} s{' (bot processes)' if args.bot_processes else ''}, "
                f"compression {'off' if args.no_compression else 'on'}"
            )
            if lat:
                print(
                    f"action -> broadcast latency (ms): p50 {statistics.median(lat):.1f}  p90 {pct(lat, 90):.1f}  "
                    f"p99 {pct(lat, 99):.1f}  max {max(lat):.1f}  (n={len(lat)})"
                )
            print(
                f"human actions: {stats.actions} ({stats.actions / elapsed:.0f}/s); messages received: "
                f"{stats.messages} ({stats.messages / elapsed:.0f}/s); games finished: {stats.games}"
            )
            if proc is not None:
                print(
                    f"server process CPU: {server_cpu:.1f} s over {elapsed:.1f} s "
                    f"({100 * server_cpu / elapsed:.0f} % of one core)"
                )
            print(f"load client CPU: {client_cpu:.1f} s ({100 * client_cpu / elapsed:.0f} % of one core)")
            load = os.getloadavg()
            print(f"machine load average at the end (1/5/15 min): {load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}")
            print(f"errors: {len(stats.errors)}")
            for line in stats.errors[:10]:
                print(f"  {line}")
            return 0 if not stats.errors else 1
        finally:
            if proc is not None:
                proc.send_signal(signal.SIGINT)
                try:
                    proc.wait(15)
                except subprocess.TimeoutExpired:
                    proc.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the measured run")
    parser.add_argument("--game", default="monster-smash")
    parser.add_argument("--players", type=int, default=3, help="seats per table: one client plus bots")
    parser.add_argument("--bot", default="random", help="bot spec for the other seats")
    parser.add_argument("--think", type=float, default=1.0, help="mean seconds a client waits before its action")
    parser.add_argument("--bot-delay", type=float, default=0.3, help="the server's bot delay")
    parser.add_argument("--bot-processes", action="store_true", help="the server runs bots in worker processes")
    parser.add_argument("--no-compression", action="store_true", help="clients do not offer permessage-deflate")
    parser.add_argument("--url", default="", help="use a server already running on loopback instead of starting one")
    args = parser.parse_args()
    raise SystemExit(asyncio.run(main_async(args)))


if __name__ == "__main__":
    main()
