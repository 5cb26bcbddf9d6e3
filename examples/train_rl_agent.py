"""Train a small agent that beats ``random`` at Monster Smash (two players), with numpy only.

The agent is REINFORCE with a baseline: a policy network with one hidden layer (tanh) maps the seat's
encoded view to logits over the action space; illegal actions are masked out before the softmax. It
plays from a random seat in the Gymnasium environment (``monsterlair.rl.gym_env``) against the
``random`` bot. Every batch of episodes, each decision's log-probability is pushed up or down by the
episode's final reward (+1 win, -1 loss, 0 draw) minus a running baseline, with Adam.

It then plays ``--eval-games`` fresh games against ``random`` (half from each seat) choosing its most
likely action, and prints the win rate with a 95 % Wilson confidence interval, next to the same
measure for a uniformly random agent (the baseline: about 50 %), and a shorter match against ``greedy``.

    .venv/bin/python examples/train_rl_agent.py                 # default run, under 3 minutes on one core
    .venv/bin/python examples/train_rl_agent.py --episodes 2000 --lr 0.01 --eval-games 400   # ~10 s
    .venv/bin/python examples/train_rl_agent.py --self-play 10   # against its own past, snapshots every 10 updates
    .venv/bin/python examples/train_rl_agent.py --save smash.npz   # then play against it:
    monsterlair play monster-smash --seats human,policy:path=smash.npz
    # against greedy, training capped at 50 min:
    .venv/bin/python examples/train_rl_agent.py --game monster-club --opponents greedy --minutes 50 --save club.npz

With ``--self-play N`` the opponent is not ``random`` but the agent's own past: a snapshot of the policy is
saved every N updates into a pool (``monsterlair.rl.selfplay.SelfPlay``) and each training game's opponent is
drawn from it (the latest snapshot half the time). The evaluation is the same.

``examples/distill_search_policy.py`` trains the same ``Policy`` (with more layers) from a search's choices instead.
``--init FILE`` starts REINFORCE from such a network (any policy file of the game) to fine-tune it against
``--opponents``; ``--sharpen K`` first multiplies its logits by K, so the sampled play that REINFORCE improves is
close to the most likely actions that the bot plays:

    .venv/bin/python examples/train_rl_agent.py --game monstra --init monstra.npz --sharpen 3 --opponents greedy
        --lr 0.0003 --batch 64 --entropy 0 --episodes 1000000 --minutes 20 --save monstra-tuned.npz   # one line

``--critic N`` judges each decision against a value network of N hidden units instead of the running mean of the
rewards; ``--epochs K`` (K > 1) trains on each batch K times with PPO's clipped step. MONSTRA's baseline past 60 %
fine-tunes with ``--critic 128`` and then averages two such runs (``examples/average_policies.py``; docs/rl.md).

``--save`` writes the trained network as a policy file (``monsterlair.bots.policy.save_policy``), which the
``policy`` bot plays anywhere a bot can play: ``play``, ``sim``, the engine protocol, a server's seats.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from monsterlair import games
from monsterlair.bots.base import BadBotOptions
from monsterlair.bots.policy import load_policy, save_policy
from monsterlair.core.words import plural
from monsterlair.rl import gym_env
from monsterlair.rl.selfplay import SelfPlay

FloatArray = npt.NDArray[np.floating[Any]]


class Policy:
    """A policy network over masked actions (tanh hidden layers, one logit per action index), trained with Adam.

    ``hidden`` is one width (one hidden layer, the REINFORCE default) or a sequence of widths. The parameters are
    ``params["w1"], params["b1"], ...`` in layer order; ``update`` is a REINFORCE step and ``imitate`` a
    cross-entropy step towards given action distributions (``examples/distill_search_policy.py``).
    """

    def save(self, path: str, game_id: str, players: int = 2, label: str = "", **options: Any) -> str:
        """Write the network as a policy file for the ``policy`` bot (``label``: its name in a server's lobby);
        the path written."""
        p = self.params
        layers = [(p[f"w{i}"], p[f"b{i}"]) for i in range(1, self.depth + 1)]
        return str(save_policy(path, layers, game_id, players, options, label=label))

    def __init__(self, inputs: int, actions: int, hidden: int | Sequence[int], seed: int) -> None:
        rng = np.random.default_rng(seed)
        widths = [hidden] if isinstance(hidden, int) else list(hidden)
        sizes = [inputs, *widths, actions]
        self.depth = len(sizes) - 1
        self.params: dict[str, FloatArray] = {}
        for i in range(1, self.depth + 1):
            fan_in, fan_out = sizes[i - 1], sizes[i]
            scale = 0.01 if i == self.depth else 1.0 / math.sqrt(fan_in)  # the last layer near-uniform to start
            self.params[f"w{i}"] = rng.normal(0.0, scale, (fan_in, fan_out))
            self.params[f"b{i}"] = np.zeros(fan_out)
        self._m = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._v = {k: np.zeros_like(v) for k, v in self.params.items()}
        self._t = 0

    @classmethod
    def from_file(cls, path: str, game_id: str, options: dict[str, Any]) -> Policy:
        """The network a policy file holds (``--save`` of this example or of the distiller), ready to train on.

        Raises:
            SystemExit: if the file cannot be read, or cannot play a two-player table of ``game_id`` with
                ``options`` (the ``policy`` bot's own check, in its words).
        """
        game = games.get(game_id)
        try:
            net = load_policy(path)
            net.check_table(game, 2, game.options.resolve(options))
        except BadBotOptions as exc:
            raise SystemExit(str(exc)) from None
        policy = cls(net.observation_size, net.num_actions, [w.shape[1] for w, _ in net.layers[:-1]], 0)
        for i, (w, b) in enumerate(net.layers, start=1):
            policy.params[f"w{i}"] = w.copy()
            policy.params[f"b{i}"] = b.copy()
        return policy

    def outputs(self, obs: FloatArray) -> tuple[list[FloatArray], FloatArray]:
        """Every layer's input (the observation, then each hidden layer's output) and the last layer's raw output."""
        p = self.params
        acts = [obs]
        x = obs
        for i in range(1, self.depth):
            x = np.tanh(x @ p[f"w{i}"] + p[f"b{i}"])
            acts.append(x)
        return acts, x @ p[f"w{self.depth}"] + p[f"b{self.depth}"]

    def activations(self, obs: FloatArray, mask: npt.NDArray[Any]) -> tuple[list[FloatArray], FloatArray]:
        """Every layer's input (the observation, then each hidden layer's output) and the action probabilities."""
        acts, logits = self.outputs(obs)
        logits = np.where(mask > 0, logits, -np.inf)
        logits = logits - logits.max(axis=-1, keepdims=True)
        e = np.exp(logits)
        return acts, e / e.sum(axis=-1, keepdims=True)

    def forward(self, obs: FloatArray, mask: npt.NDArray[Any]) -> tuple[FloatArray, FloatArray]:
        """The last hidden layer's activations and the action probabilities (0 where the mask is 0),
        for one row or a batch."""
        acts, probs = self.activations(obs, mask)
        return acts[-1], probs

    def act(self, obs: FloatArray, mask: npt.NDArray[Any], rng: np.random.Generator | None) -> int:
        """A sampled action (training), or the most likely one when ``rng`` is None (evaluation)."""
        return self.sample(obs, mask, rng)[0]

    def sample(self, obs: FloatArray, mask: npt.NDArray[Any], rng: np.random.Generator | None) -> tuple[int, float]:
        """``act``'s action and the probability the policy gave it."""
        _, probs = self.forward(obs, mask)
        action = int(np.argmax(probs)) if rng is None else int(rng.choice(len(probs), p=probs))
        return action, float(probs[action])

    def backprop(self, acts: list[FloatArray], d_logits: FloatArray) -> dict[str, FloatArray]:
        """The gradient of an objective for every parameter, from its gradient at the logits (``d_logits``, already
        averaged over the batch) and the layer inputs ``acts`` of the same forward pass."""
        p = self.params
        grads: dict[str, FloatArray] = {}
        delta = d_logits
        for i in range(self.depth, 0, -1):
            grads[f"w{i}"] = acts[i - 1].T @ delta
            grads[f"b{i}"] = delta.sum(axis=0)
            if i > 1:
                delta = (delta @ p[f"w{i}"].T) * (1.0 - acts[i - 1] ** 2)
        return grads

    def _ascend(self, acts: list[FloatArray], d_logits: FloatArray, lr: float) -> None:
        """One Adam ascent step along the gradient that ``d_logits`` back-propagates to."""
        p = self.params
        self._t += 1
        b1, b2 = 0.9, 0.999
        for k, g in self.backprop(acts, d_logits).items():
            self._m[k] = b1 * self._m[k] + (1 - b1) * g
            self._v[k] = b2 * self._v[k] + (1 - b2) * g * g
            m_hat = self._m[k] / (1 - b1**self._t)
            v_hat = self._v[k] / (1 - b2**self._t)
            p[k] += lr * m_hat / (np.sqrt(v_hat) + 1e-8)

    def update(
        self,
        obs: FloatArray,
        masks: npt.NDArray[Any],
        actions: npt.NDArray[np.int64],
        advantages: FloatArray,
        lr: float,
        entropy: float,
        behaviour: FloatArray | None = None,
        clip: float = 0.2,
    ) -> None:
        """One Adam ascent step on mean(advantage * log pi(action)) + entropy * mean(H(pi)).

        With ``behaviour`` (the probability each action had when it was played, by an earlier copy of the
        network) the step is PPO's instead: on mean(min(r * advantage, clip(r, 1 - clip, 1 + clip) * advantage))
        with r = pi(action) / behaviour, so a batch can be trained on several times without the policy moving
        far from the one that played it. While r = 1 the two gradients are the same.
        """
        acts, probs = self.activations(obs, masks)
        n = len(actions)
        onehot = np.zeros_like(probs)
        onehot[np.arange(n), actions] = 1.0
        weights = advantages
        if behaviour is not None:
            ratio = probs[np.arange(n), actions] / behaviour
            clipped = ((advantages > 0) & (ratio > 1 + clip)) | ((advantages < 0) & (ratio < 1 - clip))
            weights = np.where(clipped, 0.0, ratio * advantages)
        d_logits = (onehot - probs) * weights[:, None]
        if entropy:
            logp = np.log(np.where(probs > 0, probs, 1.0))
            ent = -(probs * logp).sum(axis=1, keepdims=True)
            d_logits += entropy * (-probs * (logp + ent))
        self._ascend(acts, d_logits / n, lr)

    def regress(self, obs: FloatArray, targets: FloatArray, lr: float) -> float:
        """One Adam step down the mean squared error from a one-output network's values to ``targets`` (a value
        network, the critic); the batch's mean squared error before the step."""
        acts, values = self.outputs(obs)
        error = targets[:, None] - values
        self._ascend(acts, error / len(targets), lr)
        return float((error**2).mean())

    def value(self, obs: FloatArray) -> FloatArray:
        """A one-output network's values, one per row of ``obs``."""
        return self.outputs(obs)[1][:, 0]

    def imitate(self, obs: FloatArray, masks: npt.NDArray[Any], targets: FloatArray, lr: float) -> float:
        """One Adam step down the cross-entropy from ``targets`` (rows of action distributions, 0 off the mask)
        to the policy; the batch's mean cross-entropy before the step."""
        acts, probs = self.activations(obs, masks)
        logp = np.log(np.where(probs > 0, probs, 1.0))
        loss = float(-(targets * logp).sum(axis=1).mean())
        self._ascend(acts, (targets - probs) / len(targets), lr)
        return loss


class HelpFormatter(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` keeps the description's lines (its commands) and shows every option's default."""


def help_text(doc: str | None) -> str:
    """A module docstring as ``--help`` text, without reStructuredText's double backquotes."""
    return (doc or "").replace("``", "")


def saved_line(path: str) -> str:
    """What a trainer says once it has written a policy file: where, and the bot spec that plays it."""
    return f"Saved the policy to {path} (play it as policy:path={path})."


@dataclass
class Score:
    """Wins, draws and losses of an evaluation."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    seconds: float = 0.0
    per_seat: dict[int, list[int]] = field(default_factory=dict)

    def add(self, seat: int, payoff: float) -> None:
        """Count one game the agent ended with ``payoff`` (1 a win, 0 a loss, anything between a draw) from ``seat``."""
        outcome = 0 if payoff >= 1.0 else (2 if payoff <= 0.0 else 1)
        self.per_seat.setdefault(seat, [0, 0, 0])[outcome] += 1
        if outcome == 0:
            self.wins += 1
        elif outcome == 1:
            self.draws += 1
        else:
            self.losses += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    def wilson(self, z: float = 1.96) -> tuple[float, float]:
        """The 95 % Wilson score interval of the win rate."""
        n, p = self.games, self.win_rate
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return centre - half, centre + half

    def line(self, who: str, against: str) -> str:
        low, high = self.wilson()
        return (
            f"{who}: won {self.wins} of {self.games} against {against} ({plural(self.draws, 'draw')}) = "
            f"{100 * self.win_rate:.1f} % (95 % CI {100 * low:.1f}-{100 * high:.1f} %)"
        )


def train(
    game_id: str = "monster-smash",
    episodes: int = 12_000,
    batch: int = 32,
    hidden: int = 128,
    lr: float = 0.002,
    entropy: float = 0.01,
    seed: int = 0,
    opponents: str = "random",
    log_every: int = 0,
    self_play_every: int = 0,
    pool_size: int = 20,
    max_seconds: float = 0.0,
    init: str = "",
    sharpen: float = 1.0,
    critic: int = 0,
    critic_lr: float = 0.001,
    epochs: int = 1,
    minibatch: int = 512,
    clip: float = 0.2,
    **options: Any,
) -> Policy:
    """Train a policy by REINFORCE in the Gymnasium env (random seat) and return it.

    With ``self_play_every`` > 0 the opponents are the policy's past snapshots (one saved every that many
    updates, at most ``pool_size`` kept; see ``monsterlair.rl.selfplay``) instead of ``opponents``. With
    ``max_seconds`` > 0 training stops after the first update past that much time. With ``init`` (a policy file)
    training starts from that network instead of a fresh one (``hidden`` is then the file's), its logits multiplied
    by ``sharpen``: the same most likely actions, but sampled play closer to them, so the updates improve the play
    that will be evaluated (a distilled network's probabilities are soft: sampled, it plays far worse than its
    most likely actions do).

    With ``critic`` > 0 the baseline is a value network of that many hidden units, trained on the same batches
    (mean squared error to the final reward, learning rate ``critic_lr``), instead of the running mean: each
    decision is judged against what its position was expected to bring. With ``epochs`` > 1 each batch is trained
    on that many times in shuffled minibatches of ``minibatch`` decisions with PPO's clipped step (``clip``),
    instead of one REINFORCE step.
    """
    env = gym_env(game_id, seat="random", opponents=opponents, players=2, seed=seed, illegal="raise", **options)
    size = env.enc.observation_size
    if init:
        policy = Policy.from_file(init, game_id, options)
        policy.params[f"w{policy.depth}"] *= sharpen
        policy.params[f"b{policy.depth}"] *= sharpen
    else:
        policy = Policy(size, env.enc.num_actions, hidden, seed)
    self_play = None
    if self_play_every:
        self_play = SelfPlay(
            policy, game_id, self_play_every, pool_size, players=2, seed=seed, illegal="raise", **options
        )
        env = self_play.env
    value_net = Policy(size, 1, critic, seed + 2) if critic else None
    rng = np.random.default_rng(seed + 1)
    shuffle = np.random.default_rng(seed + 3)
    baseline = 0.0
    recent: list[float] = []
    start = time.perf_counter()
    for first in range(0, episodes, batch):
        xs: list[FloatArray] = []
        ms: list[npt.NDArray[Any]] = []
        acts: list[int] = []
        played: list[float] = []
        rets: list[float] = []
        for _ in range(min(batch, episodes - first)):
            obs, info = self_play.reset() if self_play else env.reset()
            steps, done, reward = 0, False, 0.0
            while not done:
                mask = info["action_mask"]
                action, prob = policy.sample(obs, mask, rng)
                xs.append(obs.astype(np.float64))
                ms.append(mask)
                acts.append(action)
                played.append(prob)
                obs, reward, terminated, truncated, info = env.step(action)
                steps += 1
                done = terminated or truncated
            rets.extend([float(reward)] * steps)
            recent.append(float(reward))
        returns = np.asarray(rets)
        x, m, a = np.stack(xs), np.stack(ms), np.asarray(acts)
        advantages = returns - (value_net.value(x) if value_net else baseline)
        if epochs > 1:
            behaviour = np.asarray(played)
            for _ in range(epochs):
                order = shuffle.permutation(len(a))
                for lo in range(0, len(a), minibatch):
                    rows = order[lo : lo + minibatch]
                    policy.update(x[rows], m[rows], a[rows], advantages[rows], lr, entropy, behaviour[rows], clip)
        else:
            policy.update(x, m, a, advantages, lr, entropy)
        if value_net:
            for _ in range(max(epochs, 1)):
                value_net.regress(x, returns, critic_lr)
        baseline = 0.9 * baseline + 0.1 * float(returns.mean())
        if self_play:
            self_play.updated(policy)
        done_episodes = first + batch
        if max_seconds and time.perf_counter() - start > max_seconds:
            print(f"  stopped after {done_episodes} episodes: the time limit ({max_seconds:.0f} s) is reached")
            break
        if log_every and done_episodes % log_every < batch:
            window = recent[-log_every:]
            wins = sum(r > 0 for r in window) / len(window)
            pool = f", pool of {len(self_play.pool)} snapshots" if self_play else ""
            print(
                f"  episodes {min(done_episodes, episodes):6d}: won {100 * wins:5.1f} % of the last {len(window)} "
                f"(sampling){pool}, {time.perf_counter() - start:5.1f} s"
            )
    return policy


Chooser = Callable[[FloatArray, npt.NDArray[Any]], int]


def evaluate(
    choose: Chooser,
    game_id: str = "monster-smash",
    games: int = 1000,
    opponents: str = "random",
    seed: int = 10_000,
    **options: Any,
) -> Score:
    """Play ``games`` fresh games against ``opponents``, half from each seat, with ``choose(obs, mask)``."""
    score = Score()
    start = time.perf_counter()
    for seat in (0, 1):
        env = gym_env(game_id, seat=seat, opponents=opponents, players=2, seed=seed + seat, illegal="raise", **options)
        score.per_seat.setdefault(seat, [0, 0, 0])
        for _ in range(games // 2 + (games % 2 if seat == 0 else 0)):
            obs, info = env.reset()
            done, reward = False, 0.0
            while not done:
                obs, reward, terminated, truncated, info = env.step(choose(obs, info["action_mask"]))
                done = terminated or truncated
            score.add(seat, 1.0 if reward > 0 else (0.5 if reward == 0 else 0.0))
    score.seconds = time.perf_counter() - start
    return score


def greedy_policy(policy: Policy) -> Chooser:
    """The policy's most likely legal action."""
    return lambda obs, mask: policy.act(obs, mask, None)


def uniform_random(seed: int) -> Chooser:
    """A uniformly random legal action: the ``random`` bot's play, as an agent (the baseline)."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def main() -> None:
    parser = argparse.ArgumentParser(description=help_text(__doc__), formatter_class=HelpFormatter)
    parser.add_argument("--game", default="monster-smash", help="game id (2 players)")
    parser.add_argument(
        "--self-play", type=int, default=0, metavar="N", help="train against past snapshots, one every N updates"
    )
    parser.add_argument("--pool-size", type=int, default=20, help="with --self-play: snapshots kept")
    parser.add_argument("--opponents", default="random", help="the training opponent's bot spec (without --self-play)")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop training after this many minutes (0: none)")
    parser.add_argument("--episodes", type=int, default=12_000, help="training episodes")
    parser.add_argument("--batch", type=int, default=32, help="episodes per update")
    parser.add_argument("--hidden", type=int, default=128, help="hidden units")
    parser.add_argument("--lr", type=float, default=0.002, help="Adam learning rate")
    parser.add_argument("--init", default="", help="start from this policy file (.npz) instead of a fresh network")
    parser.add_argument(
        "--sharpen", type=float, default=1.0, help="with --init: multiply the network's logits by this to start"
    )
    parser.add_argument("--entropy", type=float, default=0.01, help="entropy bonus")
    parser.add_argument(
        "--critic", type=int, default=0, help="hidden units of a value network as the baseline (0: a running mean)"
    )
    parser.add_argument("--critic-lr", type=float, default=0.001, help="with --critic: its Adam learning rate")
    parser.add_argument("--epochs", type=int, default=1, help="passes over each batch (over 1: PPO's clipped step)")
    parser.add_argument("--minibatch", type=int, default=512, help="with --epochs: decisions per step")
    parser.add_argument("--clip", type=float, default=0.2, help="with --epochs: PPO's clip of the probability ratio")
    parser.add_argument("--eval-games", type=int, default=2000, help="evaluation games against random (0: none)")
    parser.add_argument("--greedy-games", type=int, default=300, help="evaluation games against greedy (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", default="", help="write the trained policy to this .npz file (the policy bot)")
    parser.add_argument("--label", default="", help="the saved policy's name in a server's lobby")
    args = parser.parse_args()

    against = f"its own past (a snapshot every {args.self_play} updates)" if args.self_play else args.opponents
    print(f"{args.game}, 2 players: the agent plays from a random seat against {against}.")
    network = f"the network in {args.init}" if args.init else f"{args.hidden} hidden units"
    method = f"PPO, {plural(args.epochs, 'pass')} over each batch" if args.epochs > 1 else "REINFORCE"
    judged = f", a value network of {args.critic} hidden units as the baseline" if args.critic else ""
    print(f"Training {args.episodes} episodes ({method}, {network}{judged}, batches of {args.batch})...")
    start = time.perf_counter()
    policy = train(
        args.game,
        args.episodes,
        args.batch,
        args.hidden,
        args.lr,
        args.entropy,
        args.seed,
        opponents=args.opponents,
        log_every=2400,
        self_play_every=args.self_play,
        pool_size=args.pool_size,
        max_seconds=60.0 * args.minutes,
        init=args.init,
        sharpen=args.sharpen,
        critic=args.critic,
        critic_lr=args.critic_lr,
        epochs=args.epochs,
        minibatch=args.minibatch,
        clip=args.clip,
    )
    evaluating = " Evaluating (most likely action, fresh seeds)..." if args.eval_games or args.greedy_games else ""
    print(f"Trained in {time.perf_counter() - start:.0f} s.{evaluating}")
    if args.save:
        saved = policy.save(args.save, args.game, label=args.label)
        print(saved_line(saved))
    if args.eval_games > 0:
        baseline = evaluate(uniform_random(args.seed), args.game, args.eval_games)
        trained = evaluate(greedy_policy(policy), args.game, args.eval_games)
        print(baseline.line("random agent ", "random"))
        print(trained.line("trained agent", "random"))
        for seat, (w, d, lost) in sorted(trained.per_seat.items()):
            print(f"  in seat {seat + 1}: {plural(w, 'win')}, {plural(d, 'draw')}, {plural(lost, 'loss', 'losses')}")
    if args.greedy_games > 0:
        print(evaluate(greedy_policy(policy), args.game, args.greedy_games, "greedy").line("trained agent", "greedy"))
    print(f"Total {time.perf_counter() - start:.0f} s.")


if __name__ == "__main__":
    main()
