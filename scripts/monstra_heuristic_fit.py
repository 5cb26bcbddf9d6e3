"""How well MONSTRA's duel heuristic predicts the winner, and the weights its parts would have if fitted to outcomes.

Plays ``--games`` two-player duels of ``greedy`` against ``greedy`` and records, before every decision, the
difference between team A's and team B's share of each part of the heuristic (life, energy, tactics in hand, the
damage still to come this round, creatures lost, the Strike of the living active creatures); then fits a logistic
regression of team A's result on them (draws left out) and prints the weights in points of life, with the
heuristic's own log loss and share of positions whose favoured side went on to win, beside the fitted model's.
docs/bots.md ("MONSTRA, third pass") gives the figures and what came of them.

    .venv/bin/python scripts/monstra_heuristic_fit.py --games 1500 --seed 1000
"""

from __future__ import annotations

import argparse

import numpy as np
import numpy.typing as npt

from monsterlair import bots, games
from monsterlair.core import Perspective, Rng
from monsterlair.games.monstra import heuristic
from monsterlair.games.monstra.spec import C_STRIKE
from monsterlair.games.monstra.state import MonstraState

PARTS = ("life", "energy", "tactics in hand", "damage still to come", "each creature lost fewer", "Strike of actives")

Matrix = npt.NDArray[np.float64]


def _team(s: MonstraState, team: int) -> list[float]:
    energy = s.energy[team]
    cards = min(len(s.hand[team]), 5)
    rest = heuristic._resources(s, team) - heuristic.ENERGY_WEIGHT * energy - heuristic.CARD_WEIGHT * cards
    strike = sum(C_STRIKE[s.card[u]] for u in s.active[2 * team : 2 * team + 2] if u >= 0 and s.hp[u] > 0)
    return [heuristic.team_life(s, team), energy, cards, rest, -s.kos[team], strike]


def positions(count: int, seed: int) -> tuple[Matrix, Matrix, Matrix]:
    """Each decision's part differences (A minus B), A's result, and the heuristic's value for A."""
    game = games.get("monstra")
    greedy = bots.from_spec("greedy")
    parts: list[list[float]] = []
    results: list[float] = []
    values: list[float] = []
    for g in range(count):
        state = game.new(2, seed + g)
        assert isinstance(state, MonstraState)
        rng = Rng(seed * 7 + g)
        mine: list[list[float]] = []
        told: list[float] = []
        while not state.over:
            a, b = _team(state, 0), _team(state, 1)
            mine.append([x - y for x, y in zip(a, b, strict=True)])
            told.append(heuristic.evaluate(state, state.team_seats[0][0]))
            seat = state.to_move
            assert seat is not None
            state.apply(greedy.choose(Perspective(state, seat), rng))
        result = state.payoff(state.team_seats[0][0])
        if result != 0.5:
            parts += mine
            values += told
            results += [result] * len(mine)
    return np.array(parts), np.array(results), np.array(values)


def predict(x: Matrix, w: Matrix) -> Matrix:
    """Team A's chance to win under weights ``w`` (the logistic of the weighted parts)."""
    result: Matrix = 1.0 / (1.0 + np.exp(-x @ w))
    return result


def fit(x: Matrix, y: Matrix, steps: int = 30) -> Matrix:
    """Logistic regression without an intercept (the parts are differences), by Newton's method."""
    w = np.zeros(x.shape[1])
    ridge = 1e-3 * np.eye(x.shape[1])
    for _ in range(steps):
        p = predict(x, w)
        grad = x.T @ (p - y) + ridge @ w
        hess = (x * (p * (1.0 - p))[:, None]).T @ x + ridge
        w = w - np.linalg.solve(hess, grad)
    return w


def log_loss(p: Matrix, y: Matrix) -> float:
    q = np.clip(p, 1e-6, 1.0 - 1e-6)
    return float(-np.mean(y * np.log(q) + (1.0 - y) * np.log(1.0 - q)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1000)
    args = parser.parse_args()
    x, y, told = positions(args.games, args.seed)
    w = fit(x, y)
    fitted = predict(x, w)
    print(f"{len(y)} positions of {args.games} duels (draws left out)")
    for name, p in (("heuristic as it is", told), ("fitted", fitted)):
        print(f"{name}: log loss {log_loss(p, y):.3f}, favoured side won {np.mean((p > 0.5) == y):.1%}")
    print(f"per point of life: {w[0]:.3f} (the heuristic: {1 / heuristic.DUEL_SCALE:.3f})")
    for name, weight in zip(PARTS[1:], w[1:], strict=True):
        print(f"{name}: {weight / w[0]:.2f} points of life")


if __name__ == "__main__":
    main()
