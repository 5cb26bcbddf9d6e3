"""A game's shape at a glance: one declaration that its :class:`~monsterlair.core.Game` takes its metadata from.

A game writes its :class:`GameSpec` once (in its ``spec.py``) and attaches it as ``spec`` on its game class;
:class:`~monsterlair.core.Game` then fills ``id``, ``title``, ``min_players``, ``max_players``,
``rules_version``, ``summary`` and ``options`` from it, so no game copies them by hand.

Who reads its :class:`GameKind` (``has_chance``, ``hidden_info``, ``max_game_length``; after OpenSpiel's
``GameType``):

* ``Game.kind()`` publishes it in the engine protocol's ``games`` answer, for programs in other languages
  choosing an algorithm;
* the conformance suite (``monsterlair.testing.conformance``) holds each game to it: a game without
  chance plays the same from every seed, a game without hidden information is unchanged by
  ``determinize`` in every seat's view, and no random playout outlasts ``max_game_length`` decisions.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from monsterlair.core.options import OptionSet


@dataclass(frozen=True, slots=True)
class GameKind:
    """What kind of game it is (after OpenSpiel's ``GameType``).

    ``max_game_length`` is an upper bound on decisions in one game with the default options, or ``None``
    where the rules set none (a turn cap bounds turns, not decisions).
    """

    has_chance: bool = True
    hidden_info: bool = True
    max_game_length: int | None = None


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What a game is called, who plays it, its rules version, summary and options, and its kind."""

    id: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    summary: str = ""
    options: OptionSet = field(default_factory=OptionSet)
    aliases: tuple[str, ...] = ()
    kind: GameKind = field(default_factory=GameKind)

    @property
    def defaults(self) -> dict[str, Any]:
        """Every option's default value."""
        return self.options.defaults()
