"""Throughput of the RL environments: env steps per second with uniformly random masked actions.

Three figures per game, so the cost of the environment layer is visible next to the engine's own:

* ``engine_steps_per_s`` — bare ``legal_actions()`` + ``apply_unchecked()`` with random choices;
* ``aec_steps_per_s`` — :class:`MonsterLairAEC` ``last()`` + ``step()`` (observation, mask, bookkeeping);
* ``gym_steps_per_s`` — :class:`MonsterLairGym` ``step()`` against ``random`` opponents, counted in agent
  steps (each also plays the opponents' moves up to the agent's next decision);
  ``gym_decisions_per_s`` counts every seat's decisions in that run.

``scripts/rl_throughput.py`` prints them; docs/performance.md ("RL environments") reports them.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from monsterlair import games
from monsterlair.core import Rng
from monsterlair.rl.aec import MonsterLairAEC
from monsterlair.rl.gym import MonsterLairGym


def _choice(mask: np.ndarray[Any, Any], rng: Rng) -> int:
    options = np.flatnonzero(mask)
    return int(options[rng.below(len(options))])


def _timed(run: Callable[[float], tuple[int, int]], seconds: float, repeats: int) -> tuple[float, float]:
    """Median rates over repeats of ``run(seconds) -> (count, second_count)``."""
    rates, second_rates = [], []
    for _ in range(repeats):
        start = time.perf_counter()
        count, second = run(seconds)
        elapsed = time.perf_counter() - start
        rates.append(count / elapsed)
        second_rates.append(second / elapsed)
    return statistics.median(rates), statistics.median(second_rates)


def engine_run(game_id: str, players: int, seed: int) -> Callable[[float], tuple[int, int]]:
    """Random playouts on the bare engine: (decisions, games finished)."""
    game = games.get(game_id)

    def run(seconds: float) -> tuple[int, int]:
        rng = Rng(seed)
        steps = finished = 0
        deadline = time.perf_counter() + seconds
        state = game.new(players, seed)
        while time.perf_counter() < deadline:
            for _ in range(64):
                if state.over:
                    finished += 1
                    state = game.new(players, rng.next64() >> 16)
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.below(len(legal))])
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


def measure(
    game_id: str, players: int | None = None, seconds: float = 2.0, repeats: int = 3, seed: int = 1
) -> dict[str, Any]:
    """The three throughput figures for one game (medians of ``repeats`` runs of ``seconds`` each).

    Raises:
        UnknownGame: if no game has that id.
        BadOptions: if the player count is not accepted.
    """
    game = games.get(game_id)
    n = players if players is not None else max(game.min_players, min(2, game.max_players))
    engine, engine_games = _timed(engine_run(game_id, n, seed), seconds, repeats)
    aec, aec_games = _timed(aec_run(game_id, n, seed), seconds, repeats)
    gym, gym_decisions = _timed(gym_run(game_id, n, seed), seconds, repeats)
    return {
        "game": game_id,
        "players": n,
        "engine_steps_per_s": engine,
        "engine_games_per_s": engine_games,
        "aec_steps_per_s": aec,
        "aec_games_per_s": aec_games,
        "gym_steps_per_s": gym,
        "gym_decisions_per_s": gym_decisions,
        "seconds": seconds,
        "repeats": repeats,
    }
