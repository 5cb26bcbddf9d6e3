"""Reinforcement-learning environments for every registered game (the ``rl`` extra: pettingzoo, gymnasium, numpy).

* :func:`aec_env` — a PettingZoo AEC environment, one agent per seat;
* :func:`gym_env` — a Gymnasium environment, one seat against bots;
* :func:`vector_env` — a Gymnasium vector environment: many such games stepped as one batch.

Both talk to games only through the contract, so a new game gets both with no code here.
Conventions (observations, masks, rewards, seeding, illegal actions) are in ``docs/rl.md``.
Importing this package also registers ``monsterlair/<game-id>-v0`` with ``gymnasium.make`` (and
``gymnasium.make_vec``, whose default builds the batched :class:`MonsterLairVectorEnv`).
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401 -- checked here so the error below names the extra
    import pettingzoo  # noqa: F401
except ModuleNotFoundError as exc:  # pragma: no cover - depends on the installation
    raise ImportError(
        f"monsterlair.rl needs the 'rl' extra ({exc.name} is missing): pip install 'monsterlair[rl]'"
    ) from exc

from typing import Any

from monsterlair import games
from monsterlair.rl.aec import MonsterLairAEC, agent_name
from monsterlair.rl.encoding import GameEncoding, outcome_reward
from monsterlair.rl.gym import MonsterLairGym
from monsterlair.rl.vector import MonsterLairVectorEnv

__all__ = [
    "GameEncoding",
    "MonsterLairAEC",
    "MonsterLairGym",
    "MonsterLairVectorEnv",
    "aec_env",
    "agent_name",
    "gym_env",
    "gymnasium_id",
    "outcome_reward",
    "register_gymnasium_envs",
    "vector_env",
]


def aec_env(
    game_id: str, players: int | None = None, seed: int | None = None, render_mode: str | None = None, **options: Any
) -> MonsterLairAEC:
    """A PettingZoo AEC environment with agents ``seat_0 .. seat_{players-1}``.

    ``players`` defaults to 2 (or the game's nearest allowed count); ``seed`` seeds the first
    ``reset()`` that is given none; ``options`` are the game's options (``mode="..."``, caps...).

    Raises:
        UnknownGame: if no game has that id.
        BadOptions: if the player count or an option is not accepted.
    """
    return MonsterLairAEC(game_id, players=players, seed=seed, render_mode=render_mode, **options)


gym_env = MonsterLairGym
"""A Gymnasium environment: the agent holds ``seat`` (or ``"random"``), bots hold the others (the class itself,
under the name the docs use; its constructor documents the arguments)."""

vector_env = MonsterLairVectorEnv
"""A Gymnasium vector environment: ``num_envs`` games of :func:`gym_env`'s kind, stepped as one batch (the class
itself, under the name the docs use; its constructor documents the arguments)."""


def gymnasium_id(game_id: str) -> str:
    """The ``gymnasium.make`` id of a game's single-agent environment, e.g. ``monsterlair/monster-smash-v0``."""
    return f"monsterlair/{game_id}-v0"


def register_gymnasium_envs() -> list[str]:
    """Register every game's single-agent environment with ``gymnasium.make`` (idempotent); the ids registered."""
    out = []
    for game_id in games.ids():
        env_id = gymnasium_id(game_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="monsterlair.rl.gym:MonsterLairGym",
                vector_entry_point="monsterlair.rl.vector:MonsterLairVectorEnv",
                kwargs={"game_id": game_id},
            )
        out.append(env_id)
    return out


register_gymnasium_envs()
