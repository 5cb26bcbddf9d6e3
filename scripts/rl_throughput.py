"""RL environment throughput per game: env steps/s with random masked actions (docs/performance.md).

    .venv/bin/python scripts/rl_throughput.py                      # every registered game, 2 players
    .venv/bin/python scripts/rl_throughput.py monster-smash --seconds 1 --repeats 5 --json

The process is pinned to one core, as ``monsterlair bench`` does, so the figures are single-core.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys

from monsterlair import games
from monsterlair.rl.bench import measure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: 2, or the game's nearest)")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per figure per repeat")
    parser.add_argument("--repeats", type=int, default=3, help="repeats; the median is reported")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--num-envs", type=int, default=32, help="sub-environments of the vector env")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a Markdown table")
    args = parser.parse_args(argv)
    if hasattr(os, "sched_getaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[-1]})
    rows = [
        measure(g, args.players, args.seconds, args.repeats, args.seed, args.num_envs)
        for g in (args.games or games.ids())
    ]
    machine = f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs, one core"
    if args.json:
        print(json.dumps({"machine": machine, "games": rows}, indent=1, allow_nan=False))
        return 0
    print(f"RL environment throughput (median of {args.repeats} x {args.seconds:g} s, taking turns; {machine})")
    print("Each ratio is the median of the repeats' ratios; vector ÷ engine adds the lowest and highest in brackets.\n")
    print(
        "| game | players | engine steps/s | engine (apply_quiet) steps/s | AEC env steps/s | Gym env agent steps/s "
        f"| Gym decisions/s (all seats) | vector env ({args.num_envs}) agent steps/s | vector decisions/s (all seats) "
        "| vector ÷ engine | in CPU time: vector ÷ engine | vector ÷ quiet engine | in CPU time: vector ÷ quiet engine "
        "| in CPU time: Gym ÷ engine |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(
            f"| {r['game']} | {r['players']} | {r['engine_steps_per_s']:,.0f} | {r['engine_quiet_steps_per_s']:,.0f} "
            f"| {r['aec_steps_per_s']:,.0f} | {r['gym_steps_per_s']:,.0f} | {r['gym_decisions_per_s']:,.0f} "
            f"| {r['vector_steps_per_s']:,.0f} | {r['vector_decisions_per_s']:,.0f} | {100 * r['vector_ratio']:.0f} % "
            f"({100 * min(r['vector_ratio_runs']):.0f}–{100 * max(r['vector_ratio_runs']):.0f}) "
            f"| {100 * r['vector_ratio_cpu']:.0f} % | {100 * r['vector_ratio_quiet']:.0f} % "
            f"| {100 * r['vector_ratio_quiet_cpu']:.0f} % | {100 * r['gym_ratio_cpu']:.0f} % |"
        )
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load is not None:
        print(f"\nLoad average at the end: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
