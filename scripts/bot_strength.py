"""Measure a bot's strength: its win rate against each of several opponents, seats swapped.

Each match is a two-player batch of ``monsterlair.sim`` (the machinery behind ``monsterlair sim``): deals come
in pairs that share a seed with the seats swapped, so the luck of the deal and the first-seat advantage
cancel out. Bot specs may hold several options (``ismcts:iterations=200,c=0.5``), which is why each bot is
its own argument here. See docs/bots.md for the figures and how they were obtained.

    python scripts/bot_strength.py --game monster-smash --games 400 --hero ismcts:seconds=1 \\
        --against random --against greedy --workers 2
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from monsterlair import bots, games
from monsterlair.sim import LocalBackend, plan, summarize


def match(game: str, hero: str, villain: str, n: int, seed: int, workers: int) -> dict[str, Any]:
    """``hero`` against ``villain`` over ``n`` two-player games; the hero's win rate, CI and mean payoff."""
    if hero == villain:
        raise SystemExit(f"The hero and the opponent are both {hero!r}; give one of them a distinguishing option.")
    tasks = plan(game, [hero, villain], n, players=2, seed=seed)
    started = time.perf_counter()
    results = LocalBackend(workers).run(tasks)
    report = summarize(results, 2)
    mine = report["bots"][hero]
    return {
        "hero": hero,
        "villain": villain,
        "games": report["finished"],
        "failed": report["failed"],
        "win_rate": mine["rate"],
        "ci95": list(mine["ci95"]),
        "mean_payoff": mine["mean_payoff"],
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="monster-smash")
    parser.add_argument("--games", type=int, default=400, help="games per match (even, so seats swap evenly)")
    parser.add_argument("--hero", default="ismcts:seconds=1", help="the bot measured")
    parser.add_argument("--against", action="append", help="an opponent (repeat); default random and greedy")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object per match")
    args = parser.parse_args(argv)
    games.get(args.game)
    for spec in [args.hero, *(args.against or [])]:
        bots.from_spec(spec)
    for villain in args.against or ["random", "greedy"]:
        out = match(args.game, args.hero, villain, args.games, args.seed, args.workers)
        if args.json:
            print(json.dumps(out, allow_nan=False))
        else:
            low, high = out["ci95"]
            print(
                f"{out['hero']} vs {villain}: {out['win_rate']:.1%} of {out['games']} games "
                f"(95% CI {low:.1%}-{high:.1%}; mean payoff {out['mean_payoff']:.3f}; {out['seconds']} s)"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
