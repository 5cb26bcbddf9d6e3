"""The bot interface: a bot sees a seat's :class:`Perspective` and a seeded generator, nothing else.

A bot is built once with its options (typed and documented through the same :class:`OptionSet` games use)
and then asked for moves, for any seat of any game. It keeps no state between moves, so one bot object
may play several seats and be sent to worker processes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from monsterlair.core import (
    Action,
    BadOptions,
    Game,
    GameOver,
    MonsterLairError,
    OptionSet,
    OptionValue,
    Perspective,
    Rng,
)


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
    #: Options whose values name files the bot reads, each with the file name's ending (``{"path": ".npz"}``).
    #: A server confines them to its policy folder, so a guest's spec cannot make it read any other file.
    file_options: ClassVar[Mapping[str, str]] = {}

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

    @classmethod
    def file_label(cls, path: str, number: int) -> str:
        """What a menu calls this bot playing the file ``path`` (its first file option), the ``number``-th file
        offered, in players' words (never the file's name). Default: "Version 1", "Version 2"...

        Raises:
            BadBotOptions: if the file is not one this bot can play.
        """
        cls(**{next(iter(cls.file_options)): path})  # refuses a file the bot cannot play
        return f"Version {number}"

    def check_table(self, game: Game, players: int, options: Mapping[str, OptionValue]) -> None:
        """Check, before a game starts, that this bot can play ``game`` with that many players and options.

        Every bot of the contract plays every game, so by default there is nothing to check; a bot tied to
        one game (a trained policy) overrides this.

        Raises:
            BadBotOptions: saying why this bot cannot play that table.
        """
        return None  # every game is playable by default (deliberately not abstract)

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
