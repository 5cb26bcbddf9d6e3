"""Push a Monster's physics and bot figures, reproducible: ``python -m monsterlair.games.push_a_monster.bench``.

Figures (medians; the process is pinned to one core, like ``monsterlair bench``; every time is wall-clock,
and ``cpu`` repeats them in process CPU time, which a busy machine disturbs much less):

* ``push_ms``: one push simulated to rest — ``clone()`` + ``apply_unchecked(candidate push)`` — over every
  candidate at positions sampled along random 4-player games (early, middle and late arenas alike);
* ``push_frames_ms``: the same through the checked ``apply`` that also records the motion frames;
* ``greedy_s``: one ``greedy`` decision (default settings) at positions sampled along 4-player games;
* ``random_game_s``: a whole 4-player game between ``random`` bots through the checked ``apply``;
* ``falls_per_push``: with ``--falls N``, monsters knocked off per push by ``greedy`` and by ``random``
  seated alternately (greedy, random, greedy, random) over N 4-player games.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

from monsterlair.core import Perspective, Rng
from monsterlair.games.push_a_monster import GAME
from monsterlair.games.push_a_monster.state import Phase, PushState


def _positions(count: int, seed: int, players: int = 4) -> list[PushState]:
    """About ``count`` positions where a push is due, spread along random games."""
    out: list[PushState] = []
    game = 0
    while len(out) < count:
        state = GAME.new(players, seed + game)
        assert isinstance(state, PushState)
        rng = Rng(seed + game)
        game += 1
        seen: list[PushState] = []
        while not state.over:
            if state.phase == Phase.PUSH:
                seen.append(state.clone())
            legal = state.legal_actions()
            state.apply_unchecked(legal[rng.below(len(legal))])
        step = max(1, len(seen) // 4)
        out.extend(seen[::step][: count - len(out)])
    return out


def push_ms(
    positions: list[PushState], *, checked: bool = False, clock: Callable[[], float] = time.perf_counter
) -> float:
    """Median milliseconds to simulate one candidate push to rest."""
    times = []
    for state in positions:
        for action in state.legal_actions():
            trial = state.clone()
            start = clock()
            if checked:
                trial.apply(action)
            else:
                trial.apply_unchecked(action)
            times.append(clock() - start)
    return statistics.median(times) * 1e3


def greedy_s(
    positions: list[PushState], seed: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[float, float]:
    """Median and largest seconds per ``greedy`` decision."""
    from monsterlair import bots

    bot = bots.make("greedy")
    times = []
    for i, state in enumerate(positions):
        seat = state.to_move
        assert seat is not None
        start = clock()
        bot.choose(Perspective(state, seat), Rng(seed + i))
        times.append(clock() - start)
    return statistics.median(times), max(times)


def random_game_s(games: int, seed: int, clock: Callable[[], float] = time.perf_counter) -> float:
    """Median seconds for a whole 4-player random game through the checked ``apply``."""
    times = []
    for g in range(games):
        rng = Rng(seed + g)
        start = clock()
        state = GAME.new(4, seed + g)
        while not state.over:
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        times.append(clock() - start)
    return statistics.median(times)


def falls_per_push(games: int, seed: int, specs: tuple[str, str] = ("greedy", "random")) -> dict[str, dict[str, float]]:
    """Monsters knocked off per push (pushes and nudges counted apart) for two bots seated alternately."""
    from monsterlair import bots

    players = [bots.from_spec(specs[s % 2]) for s in range(4)]
    tally = {spec: {"pushes": 0.0, "nudges": 0.0, "fallen": 0.0} for spec in specs}
    for g in range(games):
        state = GAME.new(4, seed + g)
        rng = Rng(seed + 1000 + g)
        while not state.over:
            seat = state.to_move
            assert seat is not None
            action = players[seat].choose(Perspective(state, seat), rng)
            row = tally[specs[seat % 2]]
            for event in state.apply_unchecked(action):
                if event.type in ("push", "nudge"):
                    row["pushes" if event.type == "push" else "nudges"] += 1
                    row["fallen"] += len(event.data["fallen"])
    for row in tally.values():
        row["falls_per_push"] = row["fallen"] / max(1.0, row["pushes"])
    return tally


def measure(
    positions: int = 12, games: int = 5, seed: int = 1, clock: Callable[[], float] = time.perf_counter
) -> dict[str, Any]:
    """Every timing figure (see the module's docstring), timed with ``clock``."""
    sample = _positions(positions, seed)
    greedy_median, greedy_max = greedy_s(sample[: max(1, positions // 2)], seed, clock)
    return {
        "push_ms": push_ms(sample, clock=clock),
        "push_frames_ms": push_ms(sample[: max(1, positions // 3)], checked=True, clock=clock),
        "greedy_s": greedy_median,
        "greedy_max_s": greedy_max,
        "random_game_s": random_game_s(games, seed, clock),
        "positions": len(sample),
    }


def main(argv: list[str] | None = None) -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=12, help="positions sampled for the push and greedy times")
    parser.add_argument("--games", type=int, default=5, help="random games timed")
    parser.add_argument("--falls", type=int, default=0, help="also count falls per push over this many bot games")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {max(os.sched_getaffinity(0))})
    out: dict[str, Any] = {"load": os.getloadavg()[0] if hasattr(os, "getloadavg") else None}
    out.update(measure(args.positions, args.games, args.seed))
    out["cpu"] = measure(args.positions, args.games, args.seed, time.process_time)
    if args.falls:
        out["falls"] = falls_per_push(args.falls, args.seed)
    print(json.dumps(out, indent=1, allow_nan=False))  # noqa: T201 - a command's output


if __name__ == "__main__":
    main()
