"""Move numbers as players read them: in the log, the terminal and replays, one number per decision.

A record counts actions; a player counts decisions. Most actions are a decision of their own, but a
Monster Smash choice of cards is several actions — each pick, then the ``done`` that confirms them — and
only the ``done`` says something in the log (a pick's events are ``Game.minor_events``). So a *move* is
an action that tells something (any event that is not minor), together with the silent actions just
before it; moves are numbered 1, 2, 3… without gaps, each with at least one line in the log, and every
line of one move carries the same number. Move 0 is what the game shows as it opens. Where a game has no
minor events (MONSTRA, Monster Club, Push a Monster), move k is simply action k.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence

__all__ = ["MoveNumbers", "move_numbers", "tells"]


def tells(types: Iterable[str], minor: Collection[str]) -> bool:
    """Whether an action whose events have these ``types`` says something in the log: a move of its own
    (otherwise it belongs to the move that follows it)."""
    return any(t not in minor for t in types)


class MoveNumbers:
    """The move numbers of a growing record, action by action (``ply``: the action's place, from 1).

    Actions are noted in order; an undo rewinds to the action it takes back, and the actions played after
    it are noted again from there.
    """

    __slots__ = ("_told",)

    def __init__(self) -> None:
        self._told: list[int] = []
        """The actions that told something, in order: the k-th one ends move k."""

    def note(self, ply: int, told: bool) -> int:
        """Note action ``ply`` (``told``: it says something, see :func:`tells`); its move number."""
        if told and ply > 0 and (not self._told or self._told[-1] < ply):
            self._told.append(ply)
        return self.move_of(ply)

    def move_of(self, ply: int) -> int:
        """The move action ``ply`` belongs to (0 for the opening): a silent action belongs to the next move."""
        return 0 if ply <= 0 else bisect_left(self._told, ply) + 1

    def rewind(self, ply: int) -> None:
        """Forget actions ``ply`` on (an undo took them back)."""
        del self._told[bisect_left(self._told, ply) :]

    @property
    def count(self) -> int:
        """Moves completed so far."""
        return len(self._told)


def move_numbers(steps: Sequence[Iterable[str]], minor: Collection[str]) -> list[int]:
    """For a whole record: the move of each action, given the event types each action caused (index 0 is
    action 1)."""
    moves = MoveNumbers()
    told = [tells(types, minor) for types in steps]
    for ply, t in enumerate(told, start=1):
        moves.note(ply, t)
    return [moves.move_of(ply) for ply in range(1, len(steps) + 1)]
