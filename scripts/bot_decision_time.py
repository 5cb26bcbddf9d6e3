"""Median time of one bot decision, for several bot specs on the same positions of one game, in one run.

The positions are sampled along random games (every one with at least two legal actions); every spec decides
each of them ``--repeats`` times with a fresh seeded generator, in this process, so the figures compare bots
side by side on one core. Print the machine's load average with them: it is shared.

    .venv/bin/python scripts/bot_decision_time.py --game monster-smash \\
        --bot random --bot policy:path=smash.npz --bot greedy
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from monsterlair import bots, games
from monsterlair.core import Perspective, Rng, State


def positions(game_id: str, players: int, count: int, seed: int) -> list[State]:
    """Up to ``count`` positions with a real choice, each a random number of moves into its own game."""
    game = games.get(game_id)
    rng = Rng(seed)
    out: list[State] = []
    for g in range(4 * count):
        if len(out) == count:
            break
        state = game.new(players, seed + g)
        for _ in range(rng.below(40)):
            if state.over:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        if not state.over and len(state.legal_actions()) > 1:
            out.append(state)
    return out


def position_parser(doc: str | None, *, game: str, bot_help: str, positions: int, seed: int) -> argparse.ArgumentParser:
    """A command line with the game, players, bot specs and the :func:`positions` to sample (count and seed)."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default=game)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", action="append", required=True, help=bot_help)
    parser.add_argument("--positions", type=int, default=positions)
    parser.add_argument("--seed", type=int, default=seed)
    return parser


def main() -> None:
    parser = position_parser(
        __doc__, game="monster-smash", bot_help="a bot spec (repeat for several)", positions=20, seed=0
    )
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    states = positions(args.game, args.players, args.positions, args.seed)
    game = games.get(args.game)
    for state in states:  # a policy tied to another table says so before anything is timed
        for spec in args.bot:
            bots.from_spec(spec).check_table(game, state.players, state.options)
    print(f"{args.game}, {args.players} players, {len(states)} positions x {args.repeats}; load {os.getloadavg()}")
    for spec in args.bot:
        bot = bots.from_spec(spec)
        times = []
        for rep in range(args.repeats):
            for state in states:
                seat = state.to_move
                assert seat is not None
                start = time.perf_counter()
                bot.choose(Perspective(state, seat), Rng(rep))
                times.append(time.perf_counter() - start)
        print(f"{spec:40s} median {1e6 * statistics.median(times):10.1f} us a decision")
    print(f"load {os.getloadavg()}")


if __name__ == "__main__":
    main()
