"""What a Monster Smash decision used, for balance reports (``Game.report_usage``)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Event

_PLAYED = {"attack": "attacker", "defence": "defender"}
"""Events that put cards into play, and the field naming the seat whose cards they are."""


def report_usage(events: Sequence[Event]) -> list[tuple[int | None, str]]:
    """``card:<id>`` for each card played in an attack or a defence, and ``burned:<id>`` for each card burned."""
    out: list[tuple[int | None, str]] = []
    for e in events:
        data = e.full()
        if e.type in _PLAYED:
            out.extend((int(data[_PLAYED[e.type]]), f"card:{c}") for c in data.get("cards") or ())
        elif e.type == "burn":
            out.extend((int(data["seat"]), f"burned:{c}") for c in data.get("cards") or ())
    return out
