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

MOVE_KINDS = {
    "play": "monster played",
    "stack": "power card stacked",
    "move": "stack moved",
    "flip": "card flipped face up",
    "attack": "attack",
    "end": "turn ended",
    "target": "effect target chosen",
    "skip": "effect skipped",
    "destroy": "shown hand: card destroyed",
    "spare": "shown hand: no card destroyed",
}
"""The kind of a move in the report's words, by its action's first word (``Game.report_move_words``): the play
phase's moves (MC-5), an attack (MC-7), the end of a turn, a card effect's target or none (MC-8), and the
opponent's choice on a shown hand (MC-6.2)."""
