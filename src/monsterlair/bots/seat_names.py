"""Readable, distinct names for bot seats, the same in every client (issue 13).

A bot seat is called by a monster name and its kind, with its strength when it is not the standard one:
"Gobble (Greedy bot)", "Tumble (Search bot, Thoughtful)". At one table no two seats share a name, so
the log reads "Gobble (Greedy bot) steals 3 cards from Pip (Greedy bot)". The names, kind labels and
strengths are data (``data/names.toml``); the server's lobby menu of strengths reads the same file.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from importlib import resources
from typing import Any

_DATA: dict[str, Any] = tomllib.loads(
    resources.files("monsterlair.bots").joinpath("data/names.toml").read_text(encoding="utf-8")
)

MONSTERS: tuple[str, ...] = tuple(str(n) for n in _DATA["monsters"])
LABELS: dict[str, str] = {str(k): str(v) for k, v in _DATA["kinds"].items()}
STRENGTHS: dict[str, list[tuple[str, str]]] = {
    str(kind): [(str(label), str(spec)) for label, spec in rows] for kind, rows in _DATA["strengths"].items()
}


def kind_label(spec: str) -> str:
    """A bot's kind and strength: "Greedy bot", "Search bot, Thoughtful"."""
    name = spec.partition(":")[0].strip().lower()
    base = LABELS.get(name, f"{name} bot")
    for label, known in STRENGTHS.get(name, []):
        if known == spec.strip() and label != "Standard":
            return f"{base}, {label.split(' (')[0]}"
    return base


def bot_name(spec: str, seat: int, taken: Iterable[str] = ()) -> str:
    """A seat name for a bot: a monster name not yet used at the table, then its kind label.

    The name starts from the seat's place in the list, so the same table set-up names its bots the same way.
    """
    used = {t.split(" (")[0] for t in taken}
    free = [m for m in MONSTERS if m not in used] or list(MONSTERS)
    monster = free[seat % len(free)]
    if monster in used:  # more bots than names: number them
        monster = f"{monster} {seat + 1}"
    return f"{monster} ({kind_label(spec)})"
