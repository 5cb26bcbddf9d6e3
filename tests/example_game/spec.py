"""Toy Race's spec: its one declaration of name, players, options and kind (``core/spec.py``)."""

from __future__ import annotations

from monsterlair.core import GameKind, GameSpec, Option, OptionSet

GAME_ID = "toy-race"
VALUES = (1, 2, 3, 4, 5)
"""Card values; the deck holds ``COPIES`` of each."""
COPIES = 2
HAND = 2
"""Cards dealt to each seat."""
SHORT_TARGET = 8
"""The target of ``mode=short``."""

OPTIONS = OptionSet(
    [
        Option("target", 12, "Total that wins.", minimum=1, maximum=60, label="Target"),
        Option(
            "mode",
            "normal",
            "normal, or short (target 8).",
            choices=("normal", "short"),
            choice_labels=("Normal", "Short"),
            label="Length",
        ),
        Option("max_turns", 60, "Safety cap on decisions.", minimum=1, maximum=1000, label="Decision limit"),
    ]
)

SPEC = GameSpec(
    GAME_ID,
    "Toy Race",
    2,
    4,
    1,
    "Play cards onto a shared total; whoever brings it to the target wins.",
    OPTIONS,
    aliases=("toy", "toyrace"),
    kind=GameKind(max_game_length=60),
)
