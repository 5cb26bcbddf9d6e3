"""Self-play against a pool of past policies: snapshots every N updates, an opponent drawn from the pool each game.

The learner plays one seat of a :class:`~monsterlair.rl.gym.MonsterLairGym`; every other seat is played
by a frozen copy of the learner from the past. The helper keeps the pool:

* the learner's policy at the start is the pool's first snapshot; :meth:`SelfPlay.updated` counts
  the learner's updates and, every ``snapshot_every`` of them, adds a frozen copy (``copy.deepcopy``);
  past ``pool_size`` snapshots the oldest is dropped (the latest never is);
* :meth:`SelfPlay.reset` draws the next game's opponent — the latest snapshot with probability
  ``latest_share``, otherwise any snapshot in the pool, uniformly — then resets the environment;
* opponents see what a bot sees (their seat's view, encoded exactly as the environment encodes the
  learner's, and their legal actions) and pick by their own policy's probabilities.

A policy is anything with ``act(observation, mask, generator) -> action index`` (``generator`` a numpy
``Generator`` to sample with, or ``None`` for the most likely action), as the ``Policy`` of
``examples/train_rl_agent.py`` (``--self-play N`` there). Every draw comes from generators seeded by
``seed``, so a self-play run replays exactly.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

from monsterlair.bots.base import Bot, legal_or_raise
from monsterlair.core import Action, BadOptions, Perspective, Rng
from monsterlair.rl.encoding import GameEncoding
from monsterlair.rl.gym import MonsterLairGym


class Actor(Protocol):
    """A policy the pool can freeze and play: an action index for an observation and its legal-action mask."""

    def act(self, obs: npt.NDArray[Any], mask: npt.NDArray[Any], rng: np.random.Generator | None) -> int: ...


@dataclass(frozen=True)
class Snapshot:
    """A frozen copy of the learner, taken after ``update`` updates."""

    update: int
    policy: Actor


class SnapshotBot(Bot):
    """Plays a seat with a pool snapshot: encodes the seat's view as the environment does, masks, samples."""

    name = "snapshot"
    summary = "A frozen copy of a self-play learner."

    def __init__(self, enc: GameEncoding, generator: np.random.Generator) -> None:
        super().__init__()
        self.enc = enc
        self.generator = generator
        self.snapshot: Snapshot | None = None

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The snapshot's choice among the legal actions (drawn by its probabilities).

        Raises:
            GameOver: if the game has ended.
            BadOptions: if no snapshot has been set, or the policy returns an index that is not legal.
        """
        if self.snapshot is None:
            raise BadOptions("The self-play opponent has no snapshot yet; call SelfPlay.reset().")
        legal = legal_or_raise(perspective)
        enc = self.enc
        by_index = {enc.index_of(a): a for a in legal}
        obs = enc.observe_view(perspective.view())  # what the environment would give this seat
        index = int(self.snapshot.policy.act(obs, enc.mask(by_index), self.generator))
        if index not in by_index:
            raise BadOptions(f"The snapshot from update {self.snapshot.update} chose {index}, which is not legal.")
        return by_index[index]


class SelfPlay:
    """A learner's environment whose opponents are drawn from a pool of its past snapshots (module docstring)."""

    def __init__(
        self,
        policy: Actor,
        game_id: str,
        snapshot_every: int = 10,
        pool_size: int = 20,
        latest_share: float = 0.5,
        players: int | None = None,
        seat: int | str = "random",
        seed: int = 0,
        illegal: str = "penalty",
        **options: Any,
    ) -> None:
        """Start the pool with a snapshot of ``policy`` and build the environment the learner plays in.

        ``players``, ``seat`` (default ``"random"``), ``illegal`` and the game options are the Gymnasium
        environment's; ``seed`` seeds its games, the opponent draws and the opponents' sampling.

        Raises:
            UnknownGame: if no game has that id.
            BadOptions: for a bad game set-up, seat, or a pool setting out of range.
        """
        if snapshot_every < 1 or pool_size < 1 or not 0.0 <= latest_share <= 1.0:
            raise BadOptions(
                "snapshot_every and pool_size must be at least 1 and latest_share in [0, 1], not "
                f"{snapshot_every}, {pool_size}, {latest_share}."
            )
        self.snapshot_every = snapshot_every
        self.pool_size = pool_size
        self.latest_share = latest_share
        self.opponent = SnapshotBot(GameEncoding(game_id, players, options), np.random.default_rng([seed, 0xB07]))
        self.env = MonsterLairGym(
            game_id, seat=seat, opponents=self.opponent, players=players, seed=seed, illegal=illegal, **options
        )
        self._draws = np.random.default_rng([seed, 0x5E1F])
        self.updates = 0
        self.pool: list[Snapshot] = []
        self.drawn: list[int] = []
        self._snapshot(policy)

    @property
    def latest(self) -> Snapshot:
        """The most recent snapshot."""
        return self.pool[-1]

    def _snapshot(self, policy: Actor) -> None:
        self.pool.append(Snapshot(self.updates, copy.deepcopy(policy)))
        if len(self.pool) > self.pool_size:
            del self.pool[0]

    def draw(self) -> Snapshot:
        """The next game's opponent: the latest snapshot with probability ``latest_share``, else any, uniformly."""
        if self._draws.random() < self.latest_share:
            chosen = self.pool[-1]
        else:
            chosen = self.pool[int(self._draws.integers(len(self.pool)))]
        self.opponent.snapshot = chosen
        self.drawn.append(chosen.update)
        return chosen

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Draw an opponent from the pool, then start a game (``MonsterLairGym.reset``)."""
        self.draw()
        return self.env.reset(seed=seed)

    def updated(self, policy: Actor) -> bool:
        """Count one update of the learner; every ``snapshot_every`` updates, add a snapshot. True if it did."""
        self.updates += 1
        if self.updates % self.snapshot_every:
            return False
        self._snapshot(policy)
        return True

    def pool_updates(self) -> Sequence[int]:
        """The update count of every snapshot in the pool, oldest first."""
        return [s.update for s in self.pool]
