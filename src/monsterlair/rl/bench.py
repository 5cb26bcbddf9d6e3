"""Throughput of the RL environments: env steps per second with uniformly random masked actions.

Four figures per game, measured side by side (the repeats of each take turns, so a busy machine slows
them alike), so the cost of the environment layer is visible next to the engine's own:

* ``engine_steps_per_s`` — bare ``legal_actions()`` + ``apply_unchecked()`` with random choices;
  ``engine_quiet_steps_per_s`` the same with ``apply_quiet()`` (no events: how the environments play moves);
* ``aec_steps_per_s`` — :class:`MonsterLairAEC` ``last()`` + ``step()`` (observation, mask, bookkeeping);
* ``gym_steps_per_s`` — :class:`MonsterLairGym` ``step()`` against ``random`` opponents, counted in agent
  steps (each also plays the opponents' moves up to the agent's next decision);
  ``gym_decisions_per_s`` counts every seat's decisions in that run;
* ``vector_steps_per_s`` — :class:`MonsterLairVectorEnv` (``num_envs`` sub-environments, same set-up as
  the Gym figure) ``step()`` of a whole batch, counted per sub-environment; ``vector_decisions_per_s``
  counts every seat's decisions; ``vector_ratio`` is vector decisions/s ÷ engine steps/s (the share of the bare
  engine's speed the vector env keeps: both count decisions played), the median over the repeats of each repeat's
  ratio (``vector_ratio_runs`` lists them);
  ``vector_ratio_cpu`` and ``gym_ratio_cpu`` are the same ratios in CPU time (time the process spent
  waiting for its core left out), the steadier figure on a busy machine; ``vector_ratio_quiet`` and
  ``vector_ratio_quiet_cpu`` divide by the ``apply_quiet`` engine instead (the stricter comparison); every ratio
  is a median of the repeats' ratios, every rate a median of the repeats' rates.

``scripts/rl_throughput.py`` prints them; docs/performance.md ("RL environments") reports them.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.rl.aec import MonsterLairAEC
from monsterlair.rl.gym import MonsterLairGym
from monsterlair.rl.vector import MonsterLairVectorEnv


def _choice(mask: np.ndarray[Any, Any], rng: Rng) -> int:
    options = np.flatnonzero(mask)
    return int(options[rng.below(len(options))])


def _timed(
    runs: dict[str, Callable[[float], tuple[int, int]]], seconds: float, repeats: int
) -> dict[str, dict[str, list[float]]]:
    """The rates of each ``run(seconds) -> (count, second_count)`` in every repeat (the runs take turns within each).

    Per run: ``count`` and ``second`` per wall-clock second, and ``count_cpu`` and ``second_cpu`` per
    second of this process's CPU time (steadier than the wall clock on a busy machine: time spent waiting
    for the core is not counted); one value per repeat, in order.
    """
    rates: dict[str, dict[str, list[float]]] = {name: {} for name in runs}
    for _ in range(repeats):
        for name, run in runs.items():
            start, cpu = time.perf_counter(), time.process_time()
            count, second = run(seconds)
            elapsed, cpu_elapsed = time.perf_counter() - start, max(time.process_time() - cpu, 1e-9)
            for key, value in (
                ("count", count / elapsed),
                ("second", second / elapsed),
                ("count_cpu", count / cpu_elapsed),
                ("second_cpu", second / cpu_elapsed),
            ):
                rates[name].setdefault(key, []).append(value)
    return rates


def _ratios(numerators: list[float], denominators: list[float]) -> list[float]:
    """Each repeat's ratio of two figures (measured a few seconds apart in that repeat): their median holds where the
    machine's speed drifts between repeats (as ``monsterlair bench``'s ``÷ reference``)."""
    return [n / d for n, d in zip(numerators, denominators, strict=True)]


def engine_run(game_id: str, players: int, seed: int, quiet: bool = False) -> Callable[[float], tuple[int, int]]:
    """Random playouts on the bare engine: (decisions, games finished). With ``quiet``, moves are played with
    ``apply_quiet`` (no events, as the environments play them) instead of ``apply_unchecked``."""
    game = games.get(game_id)

    def run(seconds: float) -> tuple[int, int]:
        rng = Rng(seed)
        steps = finished = 0
        deadline = time.perf_counter() + seconds
        state = game.new(players, seed)
        play = type(state).apply_quiet if quiet else type(state).apply_unchecked  # (one state class per game)
        while time.perf_counter() < deadline:
            for _ in range(64):
                while state.over:  # (a deal can end the game before any move)
                    finished += 1
                    state = game.new(players, rng.next64() >> 16)
                legal = state.legal_actions()
                play(state, legal[rng.below(len(legal))])
                steps += 1
        return steps, finished

    return run


def aec_run(game_id: str, players: int, seed: int) -> Callable[[float], tuple[int, int]]:
    """Random masked play through the AEC environment: (steps with an action, games finished)."""
    env = MonsterLairAEC(game_id, players=players)

    def run(seconds: float) -> tuple[int, int]:
        rng = Rng(seed)
        steps = finished = 0
        env.reset(seed=seed)
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(64):
                if not env.agents:
                    finished += 1
                    env.reset()
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(_choice(obs["action_mask"], rng))
                steps += 1
        return steps, finished

    return run


def gym_run(game_id: str, players: int, seed: int) -> Callable[[float], tuple[int, int]]:
    """Random masked play of seat 0 against ``random`` bots: (agent steps, decisions of every seat)."""
    env = MonsterLairGym(game_id, seat=0, opponents="random", players=players)

    def run(seconds: float) -> tuple[int, int]:
        rng = Rng(seed)
        steps = decisions = 0
        _, info = env.reset(seed=seed)
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(64):
                _, _, terminated, truncated, info = env.step(_choice(info["action_mask"], rng))
                steps += 1
                if terminated or truncated:
                    assert env.game_state is not None
                    decisions += len(env.game_state.history)
                    _, info = env.reset()
        assert env.game_state is not None
        return steps, decisions + len(env.game_state.history)

    return run


def vector_run(game_id: str, players: int, seed: int, num_envs: int) -> Callable[[float], tuple[int, int]]:
    """Random masked play of seat 0 against ``random`` bots in the vector env: (agent steps, decisions of every seat).

    Steps are counted per sub-environment (a batch of ``num_envs`` is ``num_envs`` steps); each batch's
    actions are drawn uniformly among the legal ones, for all sub-environments at once.
    """
    env = MonsterLairVectorEnv(game_id, num_envs, seat=0, opponents="random", players=players, copy=False)

    def run(seconds: float) -> tuple[int, int]:
        generator = np.random.default_rng(seed)
        steps = decisions = 0
        _, info = env.reset(seed=seed)
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline:
            for _ in range(max(1, 256 // num_envs)):
                actions = _choices(info["action_mask"], generator)
                _, _, terminated, truncated, info = env.step(actions)
                steps += num_envs
                for i in np.flatnonzero(terminated | truncated).tolist():
                    state = env.game_states[i]
                    assert state is not None
                    decisions += len(state.history)
        return steps, decisions + sum(len(s.history) for s in env.game_states if s is not None and not s.over)

    return run


def _choices(masks: np.ndarray[Any, Any], generator: np.random.Generator) -> np.ndarray[Any, Any]:
    """One uniformly random legal index per row (index 0 for a row with no legal action). The scores are float32:
    the agent's draw is not the environment's cost, and for a wide action space (Monster Club's 558) float64
    scores cost as much as a tenth of the vector figure."""
    scores = generator.random(masks.shape, dtype=np.float32) * masks
    choices: np.ndarray[Any, Any] = np.argmax(scores, axis=1)
    return choices


def measure(
    game_id: str,
    players: int | None = None,
    seconds: float = 2.0,
    repeats: int = 3,
    seed: int = 1,
    num_envs: int = 32,
) -> dict[str, Any]:
    """The throughput figures for one game (medians of ``repeats`` runs of ``seconds`` each, taking turns).

    Raises:
        UnknownGame: if no game has that id.
        BadOptions: if the player count is not accepted.
    """
    game = games.get(game_id)
    n = players if players is not None else max(game.min_players, min(2, game.max_players))
    rates = _timed(
        {
            "engine": engine_run(game_id, n, seed),  # (the vector env next to it: the ratio that matters most)
            "vector": vector_run(game_id, n, seed, num_envs),
            "engine_quiet": engine_run(game_id, n, seed, quiet=True),
            "gym": gym_run(game_id, n, seed),
            "aec": aec_run(game_id, n, seed),
        },
        seconds,
        repeats,
    )
    median = {name: {key: statistics.median(v) for key, v in by_key.items()} for name, by_key in rates.items()}
    engine, quiet, vector, gym = rates["engine"], rates["engine_quiet"], rates["vector"], rates["gym"]
    vector_ratios = _ratios(vector["second"], engine["count"])
    return {
        "game": game_id,
        "players": n,
        "engine_steps_per_s": median["engine"]["count"],
        "engine_games_per_s": median["engine"]["second"],
        "engine_quiet_steps_per_s": median["engine_quiet"]["count"],
        "aec_steps_per_s": median["aec"]["count"],
        "aec_games_per_s": median["aec"]["second"],
        "gym_steps_per_s": median["gym"]["count"],
        "gym_decisions_per_s": median["gym"]["second"],
        "vector_steps_per_s": median["vector"]["count"],
        "vector_decisions_per_s": median["vector"]["second"],
        "vector_ratio": statistics.median(vector_ratios),
        "vector_ratio_cpu": statistics.median(_ratios(vector["second_cpu"], engine["count_cpu"])),
        "vector_ratio_quiet": statistics.median(_ratios(vector["second"], quiet["count"])),
        "vector_ratio_quiet_cpu": statistics.median(_ratios(vector["second_cpu"], quiet["count_cpu"])),
        "gym_ratio_cpu": statistics.median(_ratios(gym["second_cpu"], engine["count_cpu"])),
        "vector_ratio_runs": vector_ratios,
        "num_envs": num_envs,
        "seconds": seconds,
        "repeats": repeats,
        "load_avg_1m": round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None,
    }
