"""The random bot: a uniform choice among the legal actions (the baseline every bot must beat)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.bots.base import Bot, legal_or_raise
from monsterlair.core import Action, Perspective, Rng


def uniform_choice(legal: Sequence[Action], rng: Rng) -> Action:
    """One of ``legal`` (not empty), uniformly: the random bot's choice, also made directly by the RL
    environments' opponents loop (the same draw from the same generator, so the same games)."""
    return legal[rng.below(len(legal))] if len(legal) > 1 else legal[0]


class RandomBot(Bot):
    """Picks uniformly among the legal actions. It never samples hidden information, so it is very fast."""

    name = "random"
    summary = "Uniform choice among the legal actions."

    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """A uniformly random legal action.

        Raises:
            GameOver: if the game has ended.
        """
        return uniform_choice(legal_or_raise(perspective), rng)
