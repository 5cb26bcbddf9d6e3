"""Toy Race's actions: ``pass`` and ``play V``, each built once; the space gives parsing and indices."""

from __future__ import annotations

from dataclasses import dataclass

from monsterlair.core import ActionSpace
from tests.example_game.spec import VALUES


@dataclass(frozen=True, slots=True)
class Act:
    """``pass`` (value 0) or ``play V``."""

    value: int

    def __str__(self) -> str:
        return "pass" if self.value == 0 else f"play {self.value}"


PASS = Act(0)
PLAYS = {v: Act(v) for v in VALUES}
SPACE: ActionSpace[Act] = ActionSpace("Toy Race", [PASS, *PLAYS.values()], forms="'pass' or 'play N' (N from 1 to 5)")
