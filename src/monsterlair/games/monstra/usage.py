"""What a MONSTRA decision used, for balance reports (``Game.report_usage``)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Event

CREATURE_KINDS = ("signature", "strike", "guard")
"""The events that name the creature that acted, each reported as a kind of its own."""


def report_usage(seat: int, events: Sequence[Event]) -> list[tuple[int | None, str]]:
    """For the deciding seat: ``tactic:<id>`` played, ``signature:<creature>`` used, ``strike:<creature>`` and
    ``guard:<creature>``; for the whole table: ``behaviour:<id>`` for each Guardian behaviour carried out."""
    out: list[tuple[int | None, str]] = []
    for e in events:
        data = e.full()
        if e.type == "tactic":
            out.append((seat, f"tactic:{data['tactic']}"))
        elif e.type in CREATURE_KINDS and "creature" in data:
            out.append((seat, f"{e.type}:{data['creature']}"))
        elif e.type == "guardian" and "behaviour" in data:
            out.append((None, f"behaviour:{data['behaviour']}"))
    return out


KINDS = {
    "tactic": "tactics played",
    "signature": "signature moves",
    "strike": "strikes",
    "guard": "guards",
    "behaviour": "Guardian behaviours",
}
"""What each kind of usage label counts, in the report's words (``Game.report_kinds``)."""

MOVE_KINDS = {
    "strike": "strike",
    "signature": "signature move",
    "guard": "guard",
    "tactic": "tactic played",
    "discard": "tactic discarded",
    "first": "tied creatures ordered",
    "cleanse": "condition to cleanse chosen",
}
"""The kind of a move in the report's words, by its action's first word (``Game.report_move_words``): a tactic
played (a revive is a tactic played too), a tactic discarded down to five (MO-4.3), a team's tied creatures put
in order (MO-4.8), the condition a Cleanse removes (MO-8.5)."""
