"""A real Ray cluster of two nodes on this machine, and ``monsterlair sim --ray-address`` on it.

It starts a head node and a worker node with ``ray start`` (separate raylets, as on two machines), each
offering ``--cpus-per-node`` CPUs, checks that both nodes joined, and times the same batch of games:

1. on the head node alone;
2. on the two-node cluster, for each game count in ``--games`` (the time should grow with the games, and two
   nodes should play a batch faster than one).

It prints one JSON object with the figures and stops the cluster (also on failure or Ctrl-C). Every address
is on the loopback interface. Usage (figures in docs/simulation.md, "Ray across machines")::

    .venv/bin/python scripts/ray_cluster.py --game monster-smash --games 400,800,1600
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from monsterlair.testing.serving import free_port

BIN = Path(sys.executable).parent


def node_ports() -> list[str]:
    """Ports of a node's side services, chosen free, so two nodes (and other Ray instances) never collide."""
    return [
        "--dashboard-agent-listen-port",
        str(free_port()),
        "--dashboard-agent-grpc-port",
        str(free_port()),
        "--metrics-export-port",
        str(free_port()),
        "--runtime-env-agent-port",
        str(free_port()),
    ]


def ray_cmd(*args: str, env: dict[str, str]) -> None:
    subprocess.run([str(BIN / "ray"), *args], check=True, env=env, capture_output=True, text=True, timeout=180)


def alive_nodes(address: str, env: dict[str, str]) -> int:
    code = (
        "import ray, sys; ray.init(address=sys.argv[1], log_to_driver=False, configure_logging=False); "
        "print(sum(1 for n in ray.nodes() if n['Alive']))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, address], check=True, env=env, capture_output=True, text=True, timeout=180
    )
    return int(done.stdout.strip().splitlines()[-1])


def sim(game: str, games: int, address: str, env: dict[str, str]) -> dict[str, Any]:
    """One batch on the cluster; its wall time (measured around the whole command) and the summary's figures."""
    started = time.perf_counter()
    done = subprocess.run(
        [str(BIN / "monsterlair"), "sim", game, "-n", str(games), "--seed", "1", "--ray-address", address, "--json"],
        check=True,
        env=env,
        capture_output=True,
        text=True,
        timeout=3600,
    )
    wall = time.perf_counter() - started
    summary = json.loads(done.stdout)
    return {
        "games": games,
        "finished": summary["finished"],
        "cpus": summary["workers"],
        "sim_seconds": summary["seconds"],
        "wall_seconds": round(wall, 2),
        "games_per_second": round(summary["finished"] / summary["seconds"], 1),
    }


def stop_cluster(temp: Path) -> None:
    """Stop this script's nodes only: every process started under its temporary folder (``ray stop`` would
    stop every Ray process of the machine, other people's too)."""
    mine = str(temp)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if mine in command and int(entry.name) != os.getpid():
            try:
                os.kill(int(entry.name), signal.SIGKILL)
            except OSError:
                pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="monster-smash")
    parser.add_argument("--games", default="400,800", help="Comma-separated game counts for the two-node runs.")
    parser.add_argument("--cpus-per-node", type=int, default=1)
    parser.add_argument("--port", type=int, default=0, help="The head's port (default: a free one).")
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.games.split(",")]
    port = args.port or free_port()
    address = f"127.0.0.1:{port}"
    temp = Path(tempfile.mkdtemp(prefix="ml-ray-"))
    env = {**os.environ, "RAY_AUTH_MODE": "disabled", "RAY_USAGE_STATS_ENABLED": "0"}
    common = ["--num-cpus", str(args.cpus_per_node), "--disable-usage-stats", "--node-ip-address", "127.0.0.1"]
    out: dict[str, Any] = {"game": args.game, "cpus_per_node": args.cpus_per_node, "address": address}
    try:
        ray_cmd(
            "start",
            "--head",
            "--port",
            str(port),
            "--include-dashboard=false",
            "--temp-dir",
            str(temp),
            *common,
            *node_ports(),
            env=env,
        )
        out["one_node"] = sim(args.game, counts[0], address, env)
        ray_cmd("start", "--address", address, *common, *node_ports(), env=env)
        deadline = time.monotonic() + 60
        while (nodes := alive_nodes(address, env)) < 2 and time.monotonic() < deadline:
            time.sleep(1)
        out["nodes"] = nodes
        if nodes < 2:
            raise SystemExit("the worker node did not join the cluster")
        out["two_nodes"] = [sim(args.game, n, address, env) for n in counts]
        first = out["two_nodes"][0]
        out["speedup_two_nodes"] = round(out["one_node"]["sim_seconds"] / first["sim_seconds"], 2)
    finally:
        stop_cluster(temp)
        shutil.rmtree(temp, ignore_errors=True)
    print(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
