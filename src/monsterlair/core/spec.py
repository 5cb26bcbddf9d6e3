"""A game's shape at a glance: the constants tests and tools can check bounds against."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class GameSpec:
    """What kind of game this is (after OpenSpiel's ``GameType``/``GameInfo``).

    ``max_game_length`` is an upper bound on decisions in one game, or ``None`` where the rules set none.
    """

    id: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    has_chance: bool
    hidden_info: bool
    max_game_length: int | None
    rules_version: int
    defaults: dict[str, Any] = field(default_factory=dict)
