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


KINDS = {"card": "cards played", "burned": "cards burned"}
"""What each kind of usage label counts, in the report's words (``Game.report_kinds``)."""


def move_kind(events: Sequence[Event]) -> str:
    """The kind of a move as players see it (``Game.report_move_kind``), from the events of the action that
    completes it: its first event that says something (a card picked one at a time belongs to the ``done`` that
    confirms the choice, and says nothing of its own)."""
    for e in events:
        if e.type == "burn":
            return "burn" if e.full().get("count") else "no burn"
        if e.type == "defence":
            return "defence" if e.full().get("cards") else "no defence"
        if e.type in _MOVE_KINDS:
            return _MOVE_KINDS[e.type]
    return "other"


_MOVE_KINDS = {
    "keep": "keep the hand",
    "mulligan": "mulligan",
    "attack_declared": "attack (target named)",
    "attack": "attack (cards played)",
    "no_attack": "no attack",
}
"""The kind of a move by the event that opens what it says, where one event type is one kind."""
