"""The bot interface: a bot sees a seat's :class:`Perspective` and a seeded generator, nothing else."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from monsterlair.core import Action, Perspective, Rng


class Bot(ABC):
    """A player program. ``choose`` must only use the perspective (view, legal actions, samples)."""

    name: ClassVar[str]

    @abstractmethod
    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The bot's action for the perspective's seat, which must be the seat to move."""

    def describe(self) -> dict[str, Any]:
        """The bot's name and settings (for logs and reports)."""
        return {"name": self.name}
