"""Distil the ``ismcts`` search into a policy network that plays instantly (expert iteration / DAgger), numpy only.

REINFORCE from scratch learns Monster Smash but not MONSTRA or Monster Club against ``greedy`` (docs/rl.md). Here
the network learns from a teacher instead of from wins: games are played against ``greedy`` (the learner's seat
alternating), and at every decision of the learner's seat that offers a choice the teacher (``ismcts`` at a small
fixed iteration budget) searches the position; its root visit counts, sharpened by ``--temperature``, are the
target distribution. The network (tanh hidden layers, masked softmax; ``Policy`` of ``train_rl_agent.py``) is
trained by cross-entropy on every target gathered so far, with Adam.

Round 0 lets the teacher play its own choices. Later rounds are DAgger: the learner's seat plays the network's
most likely action (the teacher's choice with probability ``--beta`` to the power of the round), so the network
is taught in the positions its own play leads to, and the teacher still labels every one of them. After each
round the network plays ``--eval-games`` fresh games against ``greedy`` (most likely action, half from each
seat) and the round's line reports its win rate with a 95 % Wilson interval, and how often its choice agrees
with the teacher's on held-out positions.

    .venv/bin/python examples/distill_search_policy.py --game monster-club --minutes 40 --save club.npz
    monsterlair sim monster-club --games 400 --bots policy:path=club.npz,greedy

The run is deterministic for a seed (the teacher has an iteration budget, never a time budget) until
``--minutes`` cuts a round's games short: the cut depends on the machine's speed.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train_rl_agent import (  # noqa: E402  (the sibling example: its network, score and command-line words)
    HelpFormatter,
    Policy,
    Score,
    help_text,
    saved_line,
)

from monsterlair import bots, games  # noqa: E402
from monsterlair.bots.base import Bot  # noqa: E402
from monsterlair.bots.ismcts import ISMCTSBot  # noqa: E402
from monsterlair.core import Game, Perspective, Rng, State  # noqa: E402
from monsterlair.core.words import plural  # noqa: E402

FloatArray = npt.NDArray[np.floating[Any]]

PLAYERS = 2


@dataclass
class Dataset:
    """The positions labelled so far: observation, legal action indices, the teacher's visit counts and mean
    payoffs per legal action, its choice (an action index) and the number of the game they come from."""

    obs: list[npt.NDArray[np.float32]] = field(default_factory=list)
    legal: list[npt.NDArray[np.int64]] = field(default_factory=list)
    visits: list[npt.NDArray[np.float64]] = field(default_factory=list)
    means: list[npt.NDArray[np.float64]] = field(default_factory=list)
    chosen: list[int] = field(default_factory=list)
    game_no: list[int] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.obs)

    def add(
        self,
        obs: list[float],
        legal: list[int],
        visits: list[float],
        chosen: int,
        game_no: int,
        means: list[float] | None = None,
    ) -> None:
        self.obs.append(np.asarray(obs, dtype=np.float32))
        self.legal.append(np.asarray(legal, dtype=np.int64))
        self.visits.append(np.asarray(visits, dtype=np.float64))
        self.means.append(np.asarray(means if means is not None else [0.0] * len(legal), dtype=np.float64))
        self.chosen.append(chosen)
        self.game_no.append(game_no)

    def save(self, path: str) -> None:
        """Write every position to one ``.npz`` file (variable-length rows flattened, with their lengths)."""
        lengths = np.asarray([len(x) for x in self.legal], dtype=np.int64)

        def flat(rows: list[np.ndarray]) -> np.ndarray:
            return np.concatenate(rows) if rows else np.zeros(0)

        np.savez_compressed(
            path,
            obs=np.stack(self.obs) if self.obs else np.zeros((0, 0), dtype=np.float32),
            lengths=lengths,
            legal=flat(self.legal).astype(np.int64),
            visits=flat(self.visits),
            means=flat(self.means),
            chosen=np.asarray(self.chosen, dtype=np.int64),
            game_no=np.asarray(self.game_no, dtype=np.int64),
        )

    @classmethod
    def load(cls, path: str) -> Dataset:
        """The positions a :meth:`save` wrote."""
        data = cls()
        with np.load(path, allow_pickle=False) as f:
            ends = np.cumsum(f["lengths"])
            starts = ends - f["lengths"]
            obs, legal, visits, means = f["obs"], f["legal"], f["visits"], f["means"]  # each read (unpacked) once
            for i, (a, b) in enumerate(zip(starts, ends, strict=True)):
                data.obs.append(obs[i])
                data.legal.append(legal[a:b])
                data.visits.append(visits[a:b])
                data.means.append(means[a:b])
            data.chosen = [int(c) for c in f["chosen"]]
            data.game_no = [int(g) for g in f["game_no"]]
        return data

    def batch(
        self, rows: npt.NDArray[np.int64], num_actions: int, temperature: float
    ) -> tuple[FloatArray, FloatArray, FloatArray]:
        """Observations, masks and target distributions of ``rows``.

        A target is the visit counts raised to ``1 / temperature`` and normalised (0: the most visited action
        alone); positions the search did not spread visits over (all zero) target the teacher's choice.
        """
        obs = np.stack([self.obs[r] for r in rows]).astype(np.float64)
        masks = np.zeros((len(rows), num_actions))
        targets = np.zeros((len(rows), num_actions))
        for i, r in enumerate(rows):
            legal, visits = self.legal[r], self.visits[r]
            masks[i, legal] = 1.0
            if temperature > 0 and visits.sum() > 0:
                weights = (visits / visits.max()) ** (1.0 / temperature)
                targets[i, legal] = weights / weights.sum()
            else:
                targets[i, self.chosen[r]] = 1.0
        return obs, masks, targets


def observe(game: Game, state: State, seat: int) -> list[float]:
    """The seat's observation, exactly as the ``policy`` bot and the RL environments compute it."""
    return game.encode_view(state.view(seat), PLAYERS, state.options)


def play_game(
    game: Game,
    game_seed: int,
    learner: int,
    opponent: Bot,
    rng: Rng,
    policy: Policy,
    teacher: ISMCTSBot | None = None,
    data: Dataset | None = None,
    game_no: int = 0,
    teacher_share: float = 0.0,
) -> float:
    """Play one game with the learner in seat ``learner``; its payoff.

    With a ``teacher``, every learner decision with a choice is searched and added to ``data``; the learner plays
    the teacher's choice with probability ``teacher_share``, otherwise the network's most likely action.
    """
    state = game.new(PLAYERS, seed=game_seed)
    options = state.options
    num_actions = game.num_actions(PLAYERS, options)
    while not state.over:
        seat = state.to_move
        assert seat is not None
        perspective = Perspective(state, seat)
        legal = state.legal_actions()
        if seat != learner:
            action = opponent.choose(perspective, rng)
        elif len(legal) == 1:
            action = legal[0]
        else:
            obs = observe(game, state, seat)
            indices = [game.action_index(a, PLAYERS, options) for a in legal]
            action = None
            if teacher is not None:
                report = teacher.search(perspective, rng)
                visits = [float(s.visits) for s in report.stats]
                means = [float(s.mean) for s in report.stats]
                chosen = game.action_index(report.action, PLAYERS, options)
                if data is not None:
                    data.add(obs, indices, visits, chosen, game_no, means)
                if teacher_share > 0 and (teacher_share >= 1 or rng.random() < teacher_share):
                    action = report.action
            if action is None:
                mask = np.zeros(num_actions)
                mask[indices] = 1.0
                best = policy.act(np.asarray(obs), mask, None)
                action = legal[indices.index(best)]
        state.apply_quiet(action)
    return state.payoff(learner)


def evaluate(game: Game, policy: Policy, opponent: Bot, games_: int, seed: int) -> Score:
    """``games_`` fresh games against ``opponent`` with the network's most likely action, half from each seat."""
    score = Score()
    start = time.perf_counter()
    for i in range(games_):
        seat = i % PLAYERS
        score.add(seat, play_game(game, seed + i, seat, opponent, Rng(seed * 7919 + i), policy))
    score.seconds = time.perf_counter() - start
    return score


def fit(
    policy: Policy,
    data: Dataset,
    rows: npt.NDArray[np.int64],
    num_actions: int,
    epochs: int,
    batch: int,
    lr: float,
    temperature: float,
    rng: np.random.Generator,
) -> float:
    """Train ``epochs`` passes over ``rows`` in shuffled minibatches; the last epoch's mean cross-entropy."""
    loss = math.nan
    for _ in range(epochs):
        order = rng.permutation(rows)
        losses = []
        for first in range(0, len(order), batch):
            obs, masks, targets = data.batch(order[first : first + batch], num_actions, temperature)
            losses.append(policy.imitate(obs, masks, targets, lr))
        loss = float(np.mean(losses)) if losses else math.nan
    return loss


def agreement(policy: Policy, data: Dataset, rows: npt.NDArray[np.int64], num_actions: int) -> float:
    """How often the network's most likely action is the teacher's choice, over ``rows``."""
    if len(rows) == 0:
        return math.nan
    obs, masks, _ = data.batch(rows, num_actions, 0.0)
    _, probs = policy.forward(obs, masks)
    chosen = np.asarray([data.chosen[r] for r in rows])
    return float((probs.argmax(axis=1) == chosen).mean())


def distil(
    game_id: str,
    teacher_spec: str = "ismcts:iterations=300",
    opponent_spec: str = "greedy",
    rounds: int = 4,
    games_per_round: int = 300,
    hidden: tuple[int, ...] = (256, 256),
    epochs: int = 8,
    batch: int = 256,
    lr: float = 0.001,
    temperature: float = 0.5,
    beta: float = 0.5,
    holdout: float = 0.1,
    eval_games: int = 100,
    seed: int = 0,
    max_seconds: float = 0.0,
    log: bool = True,
    data_path: str = "",
) -> tuple[Policy, Dataset, list[dict[str, float]]]:
    """Run the rounds and return the network, the labelled positions and one line of figures per round.

    Every ``1 / holdout``-th game's positions are held out of training (their agreement with the teacher is
    reported). With ``max_seconds`` > 0, each round stops starting games once its share of the time is spent.
    With ``data_path``, the positions that file holds (if it exists) are trained on too, new games continue its
    game numbers, and the file is rewritten with every position after each round.
    """
    game = games.get(game_id)
    options = game.options.resolve({})
    teacher = bots.from_spec(teacher_spec)
    if not isinstance(teacher, ISMCTSBot):
        raise SystemExit(f"The teacher must be an ismcts bot, not {teacher_spec!r}.")
    opponent = bots.from_spec(opponent_spec)
    num_actions = game.num_actions(PLAYERS, options)
    policy = Policy(game.observation_size(PLAYERS, options), num_actions, hidden, seed)
    data = Dataset.load(data_path) if data_path and Path(data_path).exists() else Dataset()
    np_rng = np.random.default_rng(seed)
    every = max(1, round(1 / holdout)) if holdout > 0 else 0
    start = time.perf_counter()
    history: list[dict[str, float]] = []
    game_no = max(data.game_no) + 1 if len(data) else 0
    for r in range(rounds):
        round_start = time.perf_counter()
        share = 1.0 if r == 0 else beta**r
        wins = played = 0
        for _ in range(games_per_round):
            if max_seconds and time.perf_counter() - round_start > max_seconds / rounds:
                break
            payoff = play_game(
                game,
                seed * 1_000_003 + game_no,
                game_no % PLAYERS,
                opponent,
                Rng(seed * 1_000_033 + game_no),
                policy,
                teacher,
                data,
                game_no,
                share,
            )
            wins += payoff == 1.0
            played += 1
            game_no += 1
        if data_path and played:
            data.save(data_path)
        groups = np.asarray(data.game_no)
        held = (groups % every == every - 1) if every else np.zeros(len(data), dtype=bool)
        train_rows = np.flatnonzero(~held)
        test_rows = np.flatnonzero(held)
        labelled = time.perf_counter()
        loss = fit(policy, data, train_rows, num_actions, epochs, batch, lr, temperature, np_rng)
        agree = agreement(policy, data, test_rows, num_actions)
        trained = time.perf_counter()
        score = evaluate(game, policy, opponent, eval_games, 900_000 + seed) if eval_games else None
        line = {
            "round": r,
            "games": played,
            "positions": len(data),
            "teacher_share": share,
            "labelled_s": labelled - round_start,
            "trained_s": trained - labelled,
            "loss": loss,
            "agreement": agree,
            "learner_won": wins / max(played, 1),
            "eval_win_rate": score.win_rate if score else math.nan,
            "elapsed_s": time.perf_counter() - start,
        }
        history.append(line)
        if log:
            games_line = (
                f"{plural(played, 'game')} (learner seat won {100 * wins / played:4.1f} % of them, "
                f"teacher's share {share:.2f})"
                if played
                else "no new games (trained on the positions file)"
            )
            ev = ""
            if score:
                low, high = score.wilson()
                ev = f"; vs {opponent_spec}: {100 * score.win_rate:.1f} % ({100 * low:.1f}-{100 * high:.1f} %)"
            print(
                f"  round {r}: {games_line}, {plural(len(data), 'position')}; "
                f"loss {loss:.3f}, held-out agreement {100 * agree:.1f} %{ev}; "
                f"{line['elapsed_s']:.0f} s",
                flush=True,
            )
    return policy, data, history


def main() -> None:
    parser = argparse.ArgumentParser(description=help_text(__doc__), formatter_class=HelpFormatter)
    parser.add_argument("--game", default="monster-club", help="game id (2 players)")
    parser.add_argument("--teacher", default="ismcts:iterations=300", help="the searching teacher's bot spec")
    parser.add_argument("--opponent", default="greedy", help="the opponent's bot spec (training and evaluation)")
    parser.add_argument("--rounds", type=int, default=4, help="rounds: the first the teacher's play, then DAgger")
    parser.add_argument("--games", type=int, default=300, help="games per round (at most)")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop starting games after this many minutes")
    parser.add_argument("--hidden", default="256,256", help="hidden layer widths, comma-separated")
    parser.add_argument("--epochs", type=int, default=8, help="training passes over all positions, each round")
    parser.add_argument("--batch", type=int, default=256, help="positions per Adam step")
    parser.add_argument("--lr", type=float, default=0.001, help="Adam learning rate")
    parser.add_argument("--temperature", type=float, default=0.5, help="target = visits^(1/T), normalised (0: argmax)")
    parser.add_argument("--beta", type=float, default=0.5, help="round r plays the teacher's choice with beta^r")
    parser.add_argument("--eval-games", type=int, default=100, help="evaluation games after each round (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--data", default="", help="positions file (.npz): train on it too, add each round's to it")
    parser.add_argument("--save", default="", help="write the network to this .npz file (the policy bot)")
    parser.add_argument("--label", default="", help="the saved policy's name in a server's lobby")
    args = parser.parse_args()

    hidden = tuple(int(w) for w in args.hidden.split(",") if w)
    print(
        f"{args.game}, 2 players: distilling {args.teacher} into a network with hidden layers {hidden}, "
        f"playing {args.opponent}; {plural(args.rounds, 'round')} of up to {plural(args.games, 'game')}"
        + (f", {plural(args.minutes, 'minute')} at most." if args.minutes else "."),
        flush=True,
    )
    start = time.perf_counter()
    policy, data, _ = distil(
        args.game,
        args.teacher,
        args.opponent,
        args.rounds,
        args.games,
        hidden,
        args.epochs,
        args.batch,
        args.lr,
        args.temperature,
        args.beta,
        eval_games=args.eval_games,
        seed=args.seed,
        max_seconds=60.0 * args.minutes,
        data_path=args.data,
    )
    print(f"Done in {time.perf_counter() - start:.0f} s ({len(data)} labelled positions).")
    if args.save:
        saved = policy.save(args.save, args.game, label=args.label)
        print(saved_line(saved))


if __name__ == "__main__":
    main()
