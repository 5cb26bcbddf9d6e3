"""A login flood against a real ``monsterlair serve`` process, and how real players' logins fare meanwhile.

Starts the server (its own data folder, a free loopback port, the default limits), registers a victim and
one player per second, then for ``--seconds`` sends wrong passwords for the victim at ``--rate`` per
second, from one address or (``--spread``) from a new address each time, while a different player logs
in each second from an address of their own. Addresses are set with ``X-Forwarded-For``, which the
server trusts from loopback. Prints the answers the flood got, the players' login times (median and
worst) and the server's peak memory. ``--rate 0.01`` gives the players' times without a flood.

    .venv/bin/python scripts/login_flood.py                # one address
    .venv/bin/python scripts/login_flood.py --spread       # a new address for every attempt
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from monsterlair.testing.serving import free_port, wait_healthy

PASSWORD = "correct horse battery"


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--rate", type=float, default=8.0, help="wrong passwords per second")
    parser.add_argument("--spread", action="store_true", help="every attempt from a new address")
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, MONSTERLAIR_SECRET_KEY="flood", MONSTERLAIR_DATA_DIR=tmp)
        env.pop("MONSTERLAIR_DATABASE_URL", None)
        env.pop("MONSTERLAIR_REDIS_URL", None)
        cmd = [sys.executable, "-c", "from monsterlair.cli import main; main()", "serve", "--port", str(port)]
        proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            async with httpx.AsyncClient(base_url=base, timeout=30, headers={"Origin": base}) as client:
                await wait_healthy(base, lambda: proc.poll() is None)
                players = [f"player{i}" for i in range(int(args.seconds))]
                for i, name in enumerate(["victim", *players]):
                    address = f"10.1.{i // 250}.{i % 250 + 1}"
                    r = await client.post(
                        "/api/auth/register",
                        json={"username": name, "password": PASSWORD},
                        headers={"X-Forwarded-For": address},
                    )
                    r.raise_for_status()
                    client.cookies.clear()
                answers: collections.Counter[int] = collections.Counter()
                player_answers: collections.Counter[int] = collections.Counter()
                times: list[float] = []
                stop = time.monotonic() + args.seconds

                async def attempt(i: int) -> None:
                    address = f"10.2.{i // 250}.{i % 250 + 1}" if args.spread else "10.2.0.1"
                    r = await client.post(
                        "/api/auth/login",
                        json={"username": "victim", "password": f"guess {i}"},
                        headers={"X-Forwarded-For": address},
                    )
                    answers[r.status_code] += 1

                async def flood() -> None:  # at the rate, whatever the answers' latency (as an attacker would)
                    sent: list[asyncio.Task[None]] = []
                    while time.monotonic() < stop:
                        sent.append(asyncio.create_task(attempt(len(sent))))
                        await asyncio.sleep(1 / args.rate)
                    await asyncio.gather(*sent)

                async def player() -> None:  # a different player logs in each second, from their own address
                    async with httpx.AsyncClient(base_url=base, timeout=30, headers={"Origin": base}) as own:
                        for i, name in enumerate(players):
                            if time.monotonic() >= stop:
                                break
                            own.cookies.clear()
                            began = time.perf_counter()
                            r = await own.post(
                                "/api/auth/login",
                                json={"username": name, "password": PASSWORD},
                                headers={"X-Forwarded-For": f"10.3.0.{i + 1}"},
                            )
                            times.append(time.perf_counter() - began)
                            player_answers[r.status_code] += 1
                            await asyncio.sleep(1.0)

                await asyncio.gather(flood(), player())
            print(f"flood: {dict(sorted(answers.items()))} ({'spread' if args.spread else 'one address'})")
            print(
                f"player logins: {dict(player_answers)}, median {1000 * statistics.median(times):.0f} ms, "
                f"worst {1000 * max(times):.0f} ms"
            )
            print(f"server peak memory: {peak_rss_mib(proc.pid):.0f} MiB")
        finally:
            proc.terminate()
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()


if __name__ == "__main__":
    asyncio.run(main())
