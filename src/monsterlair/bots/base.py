"""The bot interface: a bot sees a seat's :class:`Perspective` and a seeded generator, nothing else.

A bot is built once with its options (typed and documented through the same :class:`OptionSet` games use)
and then asked for moves, for any seat of any game. It keeps no state between moves, so one bot object
may play several seats and be sent to worker processes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar

from monsterlair.core import Action, BadOptions, GameOver, MonsterLairError, OptionSet, OptionValue, Perspective, Rng


class UnknownBot(MonsterLairError, ValueError):
    """No bot has that name."""


class BadBotOptions(BadOptions):
    """A bot was asked for with an option it does not have or a value it does not accept."""


class Bot(ABC):
    """A player program. ``choose`` must only use the perspective (view, legal actions, samples).

    Subclasses declare ``name``, a one-line ``summary`` and their ``options``; the constructor checks
    and coerces the given options and keeps them in ``settings``.
    """

    name: ClassVar[str]
    summary: ClassVar[str] = ""
    options: ClassVar[OptionSet] = OptionSet()

    def __init__(self, **options: Any) -> None:
        """Check ``options`` against the bot's declared options.

        Raises:
            BadBotOptions: for an unknown option (naming the known ones) or a bad value.
        """
        try:
            self.settings: dict[str, OptionValue] = self.options.resolve(options)
        except BadOptions as exc:
            raise BadBotOptions(f"Bot '{self.name}': {exc}") from None

    @abstractmethod
    def choose(self, perspective: Perspective, rng: Rng) -> Action:
        """The bot's action for the perspective's seat, which must be the seat to move.

        Raises:
            GameOver: if the game has ended (there is nothing to choose).
        """

    def describe(self) -> dict[str, Any]:
        """The bot's name and settings (for logs and reports)."""
        return {"name": self.name, "options": dict(self.settings)}

    def spec(self) -> str:
        """The spec string that rebuilds this bot with :func:`monsterlair.bots.from_spec`.

        Only options that differ from their defaults are written, in declaration order.
        """
        changed = [f"{k}={v}" for k, v in self.settings.items() if v != self.options[k].default]
        return self.name + (":" + ",".join(changed) if changed else "")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.spec()}>"


def legal_or_raise(perspective: Perspective) -> Sequence[Action]:
    """The perspective's legal actions.

    Raises:
        GameOver: if there are none (the game has ended), since no bot can choose then.
    """
    legal = perspective.legal_actions()
    if not legal:
        raise GameOver("The game is over; a bot has nothing to choose.")
    return legal
