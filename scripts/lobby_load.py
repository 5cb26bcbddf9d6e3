#!/usr/bin/env python3
"""Lobby load benchmark: how long a newcomer waits for the list of games, in Chromium, cold cache.

It starts ``monsterlair serve`` (its own data folder, a free loopback port), then opens the lobby N times,
each time in a fresh browser context (an empty cache, no cookies: a first visit), and times from the
navigation's start (``performance.timeOrigin``) to the first animation frame in which the games list is on
screen. It prints every run, the median, the machine's load average before and after, and exits 1 when the
median is over the target (1.5 s, issue 14). Only loopback is contacted.

    .venv/bin/python scripts/lobby_load.py                 # 5 runs, the figure in docs/performance.md
    .venv/bin/python scripts/lobby_load.py --runs 9 --json

Needs Debian's Chromium (/usr/bin/chromium) and the built web client (``make web``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from monsterlair.testing.serving import free_port

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-sync"]
TARGET_S = 1.5
# Resolves, polled every animation frame, with the time since the navigation started once every game's card
# is laid out (has a size) in the lobby.
GAMES_VISIBLE = """() => {
  const cards = document.querySelectorAll('[data-testid^=game-]');
  if (!cards.length || [...cards].some((c) => c.getBoundingClientRect().height === 0)) return false;
  return performance.now();
}"""


def serve(data: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = dict(os.environ, MONSTERLAIR_SECRET_KEY="lobby-load")
    env.pop("MONSTERLAIR_DATABASE_URL", None)
    env.pop("MONSTERLAIR_REDIS_URL", None)
    cmd = [sys.executable, "-c", "from monsterlair.cli import main; main()", "serve", "--port", str(port)]
    cmd += ["--data-dir", str(data)]
    proc = subprocess.Popen(cmd, stdout=(data / "server.log").open("wb"), stderr=subprocess.STDOUT, env=env)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited: {(data / 'server.log').read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/health", timeout=1) as r:
                if r.status == 200:
                    return proc, url
        except OSError:
            time.sleep(0.1)
    proc.terminate()
    raise SystemExit("the server did not answer within 60 s")


def measure(url: str, runs: int) -> list[float]:
    from playwright.sync_api import sync_playwright

    times: list[float] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                page = context.new_page()
                page.goto(url, wait_until="commit")
                ms = page.wait_for_function(GAMES_VISIBLE, polling="raf", timeout=30_000).json_value()
                times.append(float(ms) / 1000)
                context.close()
        finally:
            browser.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="page loads, each with a cold cache (default 5)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lobby-load-") as tmp:
        proc, url = serve(Path(tmp))
        try:
            load0 = os.getloadavg()
            times = measure(url, args.runs)
            load1 = os.getloadavg()
        finally:
            proc.terminate()
            proc.wait(10)
    median = statistics.median(times)
    figures = {
        "runs_s": [round(t, 3) for t in times],
        "median_s": round(median, 3),
        "target_s": TARGET_S,
        "ratio_to_target": round(median / TARGET_S, 2),
        "load_average_1m": [round(load0[0], 2), round(load1[0], 2)],
        "cpus": os.cpu_count(),
    }
    if args.json:
        print(json.dumps(figures))
    else:
        print(f"lobby: navigation start to the games list on screen, cold cache, {args.runs} runs")
        print("runs: " + ", ".join(f"{t:.3f} s" for t in times))
        print(f"median {median:.3f} s (target ≤ {TARGET_S} s: {median / TARGET_S:.2f}× of it)")
        print(f"load average (1 min) {load0[0]:.2f} → {load1[0]:.2f} on {os.cpu_count()} CPUs")
    sys.exit(0 if median <= TARGET_S else 1)


if __name__ == "__main__":
    main()
