"""ISMCTS iterations per second for several specs on the same positions, side by side in one process.

Each round searches every position once with every spec, specs taking turns, so a burst of outside load
hits them alike; each figure is the median over rounds of (iterations reported by the searches) ÷ (time in
them). ``--clock cpu`` counts the process's CPU time (steadier on a shared machine), ``wall`` wall time.
A spec's iteration budget equal to one quiet-machine second is its rate here on a quiet machine, or the
default's quiet rate times the ratio measured here (docs/bots.md, "MONSTRA, second pass").

    .venv/bin/python scripts/ismcts_rate.py --game monstra \\
        --bot ismcts:iterations=5000 --bot ismcts:iterations=5000,playout=none,reuse=4
"""

from __future__ import annotations

import json
import os
import statistics
import time

from bot_decision_time import position_parser, positions

from monsterlair import bots
from monsterlair.bots import ISMCTSBot
from monsterlair.core import Perspective, Rng


def main() -> None:
    parser = position_parser(
        __doc__, game="monstra", bot_help="an ismcts spec with an iteration budget", positions=10, seed=7
    )
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clock", choices=("cpu", "wall"), default="cpu")
    args = parser.parse_args()
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    states = positions(args.game, args.players, args.positions, args.seed)
    searchers: dict[str, ISMCTSBot] = {}
    for spec in args.bot:
        bot = bots.from_spec(spec)
        if not isinstance(bot, ISMCTSBot):
            raise SystemExit(f"{spec!r} is not an ismcts spec.")
        searchers[spec] = bot
    rates: dict[str, list[float]] = {spec: [] for spec in searchers}
    load = os.getloadavg()[0]
    for r in range(args.rounds):
        for spec, bot in searchers.items():
            done = 0
            start = clock()
            for state in states:
                seat = state.to_move
                assert seat is not None
                done += bot.search(Perspective(state, seat), Rng(r)).iterations
            rates[spec].append(done / (clock() - start))
    medians = {spec: round(statistics.median(runs)) for spec, runs in rates.items()}
    out = {"game": args.game, "clock": args.clock, "positions": len(states), "load": load, "it_per_s": medians}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
