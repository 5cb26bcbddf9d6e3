"""Bots at the table: the menu of kinds and strengths the lobby offers, and the decision run off the loop.

A seat's bot is stored as a spec string (``"greedy"``, ``"ismcts:seconds=1"``), the same text the CLI and
the engine protocol take. :func:`choose_text` is a plain module-level function so that it can run in a
thread or in another process (the state and spec pickle).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from monsterlair.core import MonsterLairError, Perspective, Rng, State

STRENGTHS: dict[str, list[tuple[str, str]]] = {
    # kind -> (label, spec) from weakest to strongest; a kind not listed gets one "Standard" entry.
    "ismcts": [
        ("Quick (0.3 s a move)", "ismcts:seconds=0.3"),
        ("Thoughtful (1 s a move)", "ismcts:seconds=1.0"),
        ("Strong (3 s a move)", "ismcts:seconds=3.0"),
    ],
    "greedy": [("Standard", "greedy"), ("Careful (16 samples)", "greedy:samples=16")],
}

LABELS = {"random": "Random bot", "greedy": "Greedy bot", "ismcts": "IS-MCTS bot"}

BotMaker = Callable[[str], Any]


def _default_maker(spec: str) -> Any:
    from monsterlair import bots

    return bots.from_spec(spec)


class BotCatalog:
    """The bot kinds and strengths offered, spec checking and labels."""

    def __init__(self, maker: BotMaker | None = None, kinds: list[dict[str, Any]] | None = None) -> None:
        self._maker = maker or _default_maker
        self._kinds = kinds

    def kinds(self) -> list[dict[str, Any]]:
        """Every bot kind with a summary and its strengths (label, spec), weakest kind first."""
        if self._kinds is not None:
            return self._kinds
        from monsterlair import bots

        out = []
        for item in bots.info():
            name = item["name"]
            strengths = STRENGTHS.get(name, [("Standard", name)])
            out.append(
                {
                    "name": name,
                    "label": LABELS.get(name, f"{name} bot"),
                    "summary": item.get("summary", ""),
                    "strengths": [{"label": label, "spec": spec} for label, spec in strengths],
                }
            )
        return out

    def check(self, spec: object) -> str:
        """The spec, stripped, if it builds a bot.

        Raises:
            ValueError: with the bot library's sentence (unknown bot, bad option).
        """
        if not isinstance(spec, str) or not spec.strip() or len(spec) > 80:
            raise ValueError("A bot is named by a spec such as 'greedy' or 'ismcts:seconds=1'.")
        spec = spec.strip()
        try:
            self._maker(spec)
        except MonsterLairError as exc:
            raise ValueError(str(exc)) from None
        return spec

    def label(self, spec: str) -> str:
        """A seat name for a bot: its kind's label, with the strength when it is not the standard one."""
        name = spec.partition(":")[0].strip().lower()
        base = LABELS.get(name, f"{name} bot")
        for label, known in STRENGTHS.get(name, []):
            if known == spec and label != "Standard":
                return f"{base} · {label.split(' (')[0]}"
        return base

    def maker(self) -> BotMaker:
        """The function that builds a bot from a spec."""
        return self._maker


def choose_text(maker: BotMaker, spec: str, state: State, seat: int, seed: int) -> str:
    """The bot's chosen action text for ``seat`` (the seat to move in ``state``).

    The bot sees only ``Perspective(state, seat)``. The hub plays the first legal action if this raises,
    so a broken bot cannot stall a table.
    """
    bot = maker(spec)
    action = bot.choose(Perspective(state, seat), Rng(seed))
    return str(action)


def timed_choose(maker: BotMaker, spec: str, state: State, seat: int, seed: int) -> tuple[str, float]:
    """:func:`choose_text` and the CPU seconds it took on its thread (for deciding where the next one runs)."""
    start = time.thread_time()
    text = choose_text(maker, spec, state, seat, seed)
    return text, time.thread_time() - start


def bot_seed(table_seed: int, state_id: int, seat: int) -> int:
    """A reproducible generator seed for one bot decision."""
    return (table_seed * 0x9E3779B97F4A7C15 + state_id * 0xBF58476D1CE4E5B9 + seat) & ((1 << 64) - 1)
