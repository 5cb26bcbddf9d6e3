"""Events: what an action caused, written for the game log and redacted per seat.

An event has a public part that every seat sees and an optional private part that only the seats
in ``to`` see (a drawn card is shown to its drawer; everyone else sees the count in ``data``).
"""

from __future__ import annotations

from typing import Any

Seat = int


class Event:
    """One thing that happened. ``data`` is public; ``private`` goes only to the seats in ``to``."""

    __slots__ = ("type", "data", "private", "to")

    def __init__(
        self,
        type: str,
        data: dict[str, Any] | None = None,
        private: dict[str, Any] | None = None,
        to: tuple[Seat, ...] = (),
    ) -> None:
        self.type = type
        self.data = data if data is not None else {}
        self.private = private
        self.to = to

    def for_seat(self, seat: Seat | None, *, reveal_all: bool = False) -> dict[str, Any]:
        """The event as ``seat`` may see it (``None`` is a spectator; ``reveal_all`` for finished games)."""
        out: dict[str, Any] = {"type": self.type}
        out.update(self.data)
        if self.private and (reveal_all or (seat is not None and seat in self.to)):
            out.update(self.private)
        return out

    def full(self) -> dict[str, Any]:
        """Everything, hidden parts included (for storage, never for a player)."""
        return self.for_seat(None, reveal_all=True)

    def __reduce__(self) -> tuple[type[Event], tuple[str, dict[str, Any], dict[str, Any] | None, tuple[Seat, ...]]]:
        """For pickling (process pools): made again from its four parts (compiled, the class is made with its
        arguments)."""
        return (Event, (self.type, self.data, self.private, self.to))

    def __repr__(self) -> str:
        return f"Event({self.type!r}, {self.data!r}, private={self.private!r}, to={self.to!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return (self.type, self.data, self.private, self.to) == (other.type, other.data, other.private, other.to)

    __hash__ = None  # type: ignore[assignment]


def redact(events: list[Event], seat: Seat | None, *, reveal_all: bool = False) -> list[dict[str, Any]]:
    """Every event as ``seat`` may see it."""
    return [e.for_seat(seat, reveal_all=reveal_all) for e in events]
