"""What a Push a Monster decision used, for balance reports (``Game.report_usage``)."""

from __future__ import annotations

from collections.abc import Sequence

from monsterlair.core import Event


def report_usage(events: Sequence[Event]) -> list[tuple[int | None, str]]:
    """``monster:<kind>`` for each monster a seat pushed onto the arena, and ``fell:<kind>`` for the pusher of
    each push that made monsters fall."""
    out: list[tuple[int | None, str]] = []
    for e in events:
        if e.type == "push":
            data = e.full()
            seat = int(data["seat"])
            out.append((seat, f"monster:{data['kind']}"))
            if data.get("fallen"):
                out.append((seat, f"fell:{data['kind']}"))
    return out


KINDS = {
    "monster": "monsters pushed",
    "fell": "pushes that made monsters fall",
}
"""What each kind of usage label counts, in the report's words (``Game.report_kinds``)."""

MEASURES = {
    "set_downs": "monsters placed for their player",
    "everyone_tied": "every line tied (1) or not (0)",
}
"""What the game's measures count, in the report's words (``Game.report_measure_words``; the others, "falls" and
"pushes", say it by their names)."""

MOVE_KINDS = {
    "push": "push",
    "nudge": "nudge",
    "shove": "shove",
    "take": "monster taken (tied ? roll)",
    "place": "start layout: monster placed",
    "assist": "placed for its player",
}
"""The kind of a move in the report's words, by its action's first word (``Game.report_move_words``): the
pushes of a turn (PM-4, PM-6.2, PM-6.7), the kind taken on a tied question mark (PM-3.3), a start monster set
down (PM-2.2), a monster placed for its player when no push could start (PM-6.6)."""
