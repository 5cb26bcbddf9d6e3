"""Engine and bot throughput, measured the same way for every game (``monsterlair bench``).

Three figures per game, each the median of several repeats (see ``docs/performance.md``):

* ``decisions_per_s`` and ``games_per_s``: random playouts through the public, checked path a
  client uses: ``legal_actions()``, a uniform choice with an :class:`~monsterlair.core.Rng`, then
  ``apply()``. Every applied action is one decision; games/s counts games finished in the time.
* ``clone_us``: microseconds per ``clone()``, the median over states sampled along playouts (so early,
  middle and late positions all count).
* ``ismcts_iterations_per_s``: iterations per second of ``ismcts`` searches with an iteration budget,
  over positions with at least two legal actions sampled along playouts: the iterations each search
  reports having run (an early stop shortens a search, never the rate) over the time spent.

* ``reference_decisions_per_s`` and ``vs_reference``, for a game with a reference engine (Monster Smash:
  :mod:`monsterlair.sim.smash_reference`, a tight hand-written engine of the same rules, never used to
  play): the reference's decisions/s, measured the same way in the same repeats, alternating with the
  game's own playouts, and the game's decisions/s as a fraction of it (the median of the repeats' ratios).
  ``None`` for the other games.

Everything runs in the calling process, one game at a time: the figures are single-core speeds.

:func:`scaling` is the other measurement (``monsterlair bench --scaling``): games/s of one ``sim`` batch
on one and two local worker processes and on Ray, to check that simulation scales across cores.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Protocol

from monsterlair.core import Game, Perspective, Rng, State

ISMCTS_ITERATIONS = 200
"""Iterations per measured ISMCTS search: long enough to amortise set-up, short enough for many positions."""

CLONE_SAMPLES = 24
"""States sampled along playouts for the clone measurement."""

CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""What a figure's seconds are: wall-clock time (the default; what a player waits), or the CPU time of the
process (``process_time``: time spent waiting for a core on a busy machine does not count, so two builds
compared on a shared machine differ only by their own work)."""


def default_players(game: Game, options: dict[str, Any] | None = None) -> int:
    """Three seats when the game allows it (a typical table), else the nearest count it accepts (the
    smaller one on a tie): MONSTRA has no three-player game, so it gets two."""
    from monsterlair.testing.conformance import player_counts

    counts = player_counts(game, options)
    return min(counts, key=lambda n: (abs(n - 3), n))


def _playout(game: Game, players: int, seed: int, options: dict[str, Any], visit: Callable[[State], None]) -> int:
    """One random game through the checked path; ``visit`` sees every decision state. Its length."""
    state = game.new(players, seed, options)
    rng = Rng(seed ^ 0x5DEECE66D)
    n = 0
    while not state.over:
        visit(state)
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
        n += 1
    return n


class Playable(Protocol):
    """What a random playout needs of a game position: a game's :class:`State` or a reference engine's."""

    @property
    def over(self) -> bool: ...

    def legal_actions(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> object: ...


def random_playouts(
    game: Game,
    players: int,
    seconds: float,
    seed: int,
    options: dict[str, Any],
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, float]:
    """Decisions and finished games per second over ``seconds`` of back-to-back random playouts."""
    return timed_playouts(lambda s: game.new(players, s, options), seconds, seed, clock)


def timed_playouts(
    new: Callable[[int], Playable], seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter
) -> dict[str, float]:
    """:func:`random_playouts` of the positions ``new(seed + i)``: the measuring loop, for any engine."""
    decisions = finished = 0
    start = clock()
    deadline = start + seconds
    i = 0
    while True:
        state = new(seed + i)
        rng = Rng((seed + i) ^ 0x5DEECE66D)
        i += 1
        while not state.over:
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
            decisions += 1
            if decisions & 63 == 0 and clock() >= deadline:
                break
        else:
            finished += 1
            if clock() < deadline:
                continue
        break
    elapsed = clock() - start
    return {"decisions_per_s": decisions / elapsed, "games_per_s": finished / elapsed}


def reference_engine(game: Game) -> Callable[..., Playable] | None:
    """``new(players, seed, options=...)`` of the game's tight hand-written reference engine, or ``None``."""
    if game.id == "monster-smash":
        from monsterlair.sim.smash_reference import SmashReference

        return SmashReference.new
    return None


def sample_states(game: Game, players: int, count: int, seed: int, options: dict[str, Any]) -> list[State]:
    """About ``count`` decision states spread along random playouts (clones, safe to keep)."""
    states: list[State] = []
    rng = Rng(seed)
    g = 0
    while len(states) < count and g < 10 * count:
        seen: list[State] = []
        _playout(game, players, seed + 7919 * g, options, _collector(seen))
        g += 1
        if seen:
            states.extend(seen[rng.below(len(seen))] for _ in range(min(4, count - len(states))))
    return states


def _collector(into: list[State]) -> Callable[[State], None]:
    def visit(state: State) -> None:
        into.append(state.clone())

    return visit


def clone_us(states: list[State], seconds: float, clock: Callable[[], float] = time.perf_counter) -> float:
    """Median over ``states`` of microseconds per ``clone()``, spending about ``seconds`` in all."""
    if not states:
        return 0.0
    per_state = max(seconds / len(states), 1e-4)
    times = []
    for state in states:
        n = 0
        start = clock()
        while True:
            for _ in range(16):
                state.clone()
            n += 16
            elapsed = clock() - start
            if elapsed >= per_state:
                break
        times.append(elapsed / n * 1e6)
    return float(statistics.median(times))


def ismcts_rate(
    states: list[State], seconds: float, seed: int, clock: Callable[[], float] = time.perf_counter, workers: int = 1
) -> float:
    """ISMCTS iterations per second over positions with a real choice, for about ``seconds``; with ``workers``
    above 1, searches that grow that many trees at once in as many processes (``ismcts:workers``), each tree
    as large as the one tree of a search in one process."""
    from monsterlair.bots import ISMCTSBot

    # Random playouts to the end, one determinization each, as documented: the same search in every game
    # (a game's own search settings would change what an iteration is). Each search is also given the time
    # left, so a game whose playouts are slow (Push a Monster's physics: seconds per 200 iterations) keeps
    # to ``seconds``, give or take the iterations between two clock checks.
    search = {"depth": 0, "prior": 0, "playout": "random", "reuse": 1, "c": 0.7}
    choices = [s for s in states if not s.over and len(s.legal_actions()) >= 2]
    if not choices:
        return 0.0
    iterations = 0
    spent = 0.0
    rng = Rng(seed)
    i = 0
    while spent < seconds or iterations == 0:
        state = choices[i % len(choices)]
        i += 1
        seat = state.to_move
        assert seat is not None
        budget = ISMCTS_ITERATIONS * workers
        bot = ISMCTSBot(iterations=budget, seconds=max(seconds - spent, 1e-3), workers=workers, **search)
        start = clock()
        report = bot.search(Perspective(state, seat), rng)
        spent += clock() - start
        iterations += report.iterations
        if i > 10 * len(choices) and iterations == 0:
            return 0.0
    return iterations / spent if spent > 0 else 0.0


def _positions(game: Game, players: int | None, seed: int, options: dict[str, Any]) -> tuple[int, list[State]]:
    """The seat count measured (``players``, else :func:`default_players`) and the states sampled along playouts
    that the clone and ISMCTS figures use."""
    n = players if players is not None else default_players(game, options)
    return n, sample_states(game, n, CLONE_SAMPLES, seed, options)


def bench_game(
    game: Game,
    *,
    players: int | None = None,
    seconds: float = 2.0,
    repeats: int = 5,
    seed: int = 1,
    options: dict[str, Any] | None = None,
    clock: str = "wall",
) -> dict[str, Any]:
    """Every figure for one game: medians of ``repeats`` runs of about ``seconds`` each per figure, timed by
    ``clock`` (a key of :data:`CLOCKS`)."""
    timer = CLOCKS[clock]
    opts = dict(options or {})
    n, states = _positions(game, players, seed, opts)
    reference = reference_engine(game)
    runs: dict[str, list[float]] = {
        "decisions_per_s": [],
        "games_per_s": [],
        "clone_us": [],
        "ismcts_iterations_per_s": [],
    }
    if reference is not None:
        runs["reference_decisions_per_s"] = []
        runs["vs_reference"] = []
    sides = ("game",) if reference is None else ("game", "reference")
    for r in range(repeats):
        playout_seed = seed + 100_003 * r
        got: dict[str, dict[str, float]] = {}
        for side in sides if r % 2 == 0 else sides[::-1]:  # side by side, each first in every other repeat
            if side == "game":
                got[side] = random_playouts(game, n, seconds, playout_seed, opts, timer)
            else:
                assert reference is not None
                got[side] = timed_playouts(partial(reference, n, options=opts), seconds, playout_seed, timer)
        playout = got["game"]
        runs["decisions_per_s"].append(playout["decisions_per_s"])
        runs["games_per_s"].append(playout["games_per_s"])
        if "reference" in got:
            runs["reference_decisions_per_s"].append(got["reference"]["decisions_per_s"])
            runs["vs_reference"].append(playout["decisions_per_s"] / got["reference"]["decisions_per_s"])
        runs["clone_us"].append(clone_us(states, seconds / 2, timer))
        runs["ismcts_iterations_per_s"].append(ismcts_rate(states, seconds, seed + r, timer))
    out: dict[str, Any] = {"game": game.id, "players": n, "repeats": repeats, "seconds": seconds, "clock": clock}
    for key, values in runs.items():
        out[key] = float(statistics.median(values))
        out[key + "_runs"] = [round(v, 3) for v in values]
    if reference is None:
        out["reference_decisions_per_s"] = out["vs_reference"] = None
    return out


def search_scaling(
    game: Game,
    *,
    workers: int = 2,
    players: int | None = None,
    seconds: float = 2.0,
    repeats: int = 5,
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """ISMCTS iterations per wall-clock second with one process and with ``workers`` (``ismcts:workers``),
    taking turns in every repeat on the same positions and seeds as :func:`bench_game`'s figure: the medians,
    every run, and ``speedup`` (the median of the repeats' ratios). The wall clock, since the helpers' time is
    not the calling process's CPU time."""
    opts = dict(options or {})
    n, states = _positions(game, players, seed, opts)
    runs: dict[int, list[float]] = {1: [], workers: []}
    ratios = []
    for r in range(repeats):
        got = {}
        for w in (1, workers) if r % 2 == 0 else (workers, 1):
            got[w] = ismcts_rate(states, seconds, seed + r, time.perf_counter, w)
            runs[w].append(got[w])
        ratios.append(got[workers] / got[1] if got[1] else 0.0)
    return {
        "game": game.id,
        "players": n,
        "repeats": repeats,
        "seconds": seconds,
        "workers": workers,
        "one_process": float(statistics.median(runs[1])),
        "one_process_runs": [round(v, 1) for v in runs[1]],
        "with_workers": float(statistics.median(runs[workers])),
        "with_workers_runs": [round(v, 1) for v in runs[workers]],
        "speedup": float(statistics.median(ratios)),
    }


SCALING_CONFIGS = ("local-1", "local-2", "ray-2")
"""What ``monsterlair bench --scaling`` times: local processes with one and two workers, Ray with two CPUs."""


def scaling(
    game: str = "monster-smash",
    bots: tuple[str, ...] = ("greedy", "random"),
    *,
    games: int = 400,
    players: int = 2,
    repeats: int = 3,
    seed: int = 1,
    configs: tuple[str, ...] = SCALING_CONFIGS,
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    """Games per second of one batch on each backend configuration: medians of ``repeats`` timed runs.

    Every run plays the same tasks (same seeds), so each configuration does the same work. The
    configurations take turns within each repeat, so a burst of load from elsewhere hits them alike.
    Ray runs on a private instance started once (and warmed up with a small batch, so worker start-up
    is not timed); a local pool is started inside each timed run, as ``monsterlair sim`` does. Returns
    per configuration the median games/s and every run, then ``speedup_local`` (two local workers over
    one) and ``ray_vs_local`` (Ray with two CPUs over two local workers).
    """
    from monsterlair.sim.local import Backend, LocalBackend
    from monsterlair.sim.runner import plan

    tasks = plan(game, list(bots), games, players=players, seed=seed)
    backends: dict[str, Backend] = {}
    for config in configs:
        kind, _, count = config.partition("-")
        if kind == "ray":
            from monsterlair.sim.ray_backend import RayBackend

            ray_backend = RayBackend(int(count))
            ray_backend.run(tasks[: 4 * int(count)])  # start and warm the workers outside the timing
            backends[config] = ray_backend
        else:
            backends[config] = LocalBackend(int(count))
    runs: dict[str, list[float]] = {c: [] for c in configs}
    try:
        for r in range(repeats):
            for config in configs:
                if progress is not None:
                    progress(f"repeat {r + 1}/{repeats}: {config}")
                start = time.perf_counter()
                backends[config].run(tasks)
                runs[config].append(games / (time.perf_counter() - start))
    finally:
        for b in backends.values():
            b.close()
    out: dict[str, Any] = {
        "game": game,
        "bots": list(bots),
        "games": games,
        "players": players,
        "repeats": repeats,
        "seed": seed,
        "configs": {
            c: {"games_per_s": statistics.median(v), "runs": [round(x, 2) for x in v]} for c, v in runs.items()
        },
    }
    rate = {c: out["configs"][c]["games_per_s"] for c in configs}
    if "local-1" in rate and "local-2" in rate:
        out["speedup_local"] = rate["local-2"] / rate["local-1"]
    if "ray-2" in rate and "local-2" in rate:
        out["ray_vs_local"] = rate["ray-2"] / rate["local-2"]
    return out
