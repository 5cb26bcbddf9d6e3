"""What a Monster Club decision used, for balance reports (``Game.report_usage``)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Event

_USED = {"play": "card", "stack": "card", "flip": "card"}
"""Events that bring a card into play (face up or down, on a space or a stack, or turned face up)."""


def report_usage(events: Sequence[Event]) -> list[tuple[int | None, str]]:
    """``card:<id>`` for each card played onto the field, stacked or flipped face up, for its owner."""
    out: list[tuple[int | None, str]] = []
    for e in events:
        if e.type in _USED:
            data = e.full()
            card = data.get(_USED[e.type])
            if card:
                out.append((int(data["seat"]), f"card:{card}"))
    return out


KINDS = {"card": "cards played"}
"""What each kind of usage label counts, in the report's words (``Game.report_kinds``)."""
