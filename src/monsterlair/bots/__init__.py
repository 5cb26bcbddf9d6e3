"""The bots and their registry.

Every bot plays every registered game through the contract alone: it is handed a
:class:`~monsterlair.core.Perspective` (the seat's view, legal actions and determinized samples), never the
state. Bots are named by spec strings, as the CLI, the engine protocol and ``sim`` take them::

    >>> from monsterlair import bots
    >>> bots.names()
    ['random', 'greedy', 'ismcts']
    >>> bots.from_spec("ismcts:iterations=200,c=0.5").spec()
    'ismcts:iterations=200,c=0.5'
    >>> bots.make("greedy", samples=8).settings
    {'samples': 8}
"""

from __future__ import annotations

import difflib
from typing import Any

from monsterlair.bots.base import BadBotOptions, Bot, UnknownBot
from monsterlair.bots.greedy import GreedyBot
from monsterlair.bots.ismcts import ISMCTSBot, SearchReport
from monsterlair.bots.random_bot import RandomBot

_BOTS: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot, ISMCTSBot)}

SPEC_EXAMPLE = "ismcts:seconds=1,c=0.7"


def names() -> list[str]:
    """Every bot name, weakest first."""
    return list(_BOTS)


def bot_class(name: str) -> type[Bot]:
    """The bot class with this name (any case, surrounding spaces forgiven).

    Raises:
        UnknownBot: naming the closest known bot and every known one.
    """
    key = str(name).strip().lower()
    cls = _BOTS.get(key)
    if cls is None:
        close = difflib.get_close_matches(key, list(_BOTS), n=1)
        hint = f" Did you mean '{close[0]}'?" if close else ""
        raise UnknownBot(f"Unknown bot {name!r}.{hint} Known bots: {', '.join(_BOTS)}.")
    return cls


def make(name: str, **options: Any) -> Bot:
    """A bot by name with the given options (values may be typed or texts such as ``"0.5"``).

    Raises:
        UnknownBot: if no bot has that name.
        BadBotOptions: if an option is unknown to that bot or its value is not accepted.
    """
    return bot_class(name)(**options)


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"name:key=value,key=value"`` into the name and the option texts (not yet checked).

    Raises:
        BadBotOptions: if the options part is not a comma-separated list of ``key=value``.
    """
    if not isinstance(spec, str):
        raise BadBotOptions(f"A bot spec is a text such as '{SPEC_EXAMPLE}', not {spec!r}.")
    name, _, rest = spec.partition(":")
    options: dict[str, str] = {}
    if rest.strip():
        for part in rest.split(","):
            key, eq, value = part.partition("=")
            key, value = key.strip(), value.strip()
            if not eq or not key or not value:
                raise BadBotOptions(
                    f"Bot options are written name=value, separated by commas, as in '{SPEC_EXAMPLE}'; "
                    f"{part.strip()!r} in {spec!r} is not."
                )
            if key in options:
                raise BadBotOptions(f"Bot option '{key}' is given twice in {spec!r}.")
            options[key] = value
    return name.strip(), options


def from_spec(spec: str) -> Bot:
    """A bot from a spec string such as ``"random"`` or ``"ismcts:seconds=1,c=0.7"``.

    Raises:
        UnknownBot: if no bot has that name.
        BadBotOptions: if the spec is malformed, or an option is unknown or its value not accepted.
    """
    name, options = parse_spec(spec)
    return make(name, **options)


def split_specs(text: str) -> list[str]:
    """Split a comma-separated lineup whose specs may themselves hold commas.

    A piece holding ``=`` but no ``:`` continues the options of the spec before it, so
    ``"ismcts:seconds=1,c=0.7,random"`` is ``["ismcts:seconds=1,c=0.7", "random"]`` (bot names never hold
    ``=``). Pieces are stripped; empty pieces are kept (as ``""``) for the caller to report.

    Raises:
        BadBotOptions: if the lineup starts with an option (``"c=0.7,random"``).
    """
    specs: list[str] = []
    for piece in str(text).split(","):
        piece = piece.strip()
        if "=" in piece and ":" not in piece:
            if not specs or not specs[-1]:
                raise BadBotOptions(f"{piece!r} in {text!r} is an option with no bot before it; write 'bot:{piece}'.")
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def info() -> list[dict[str, Any]]:
    """Every bot's name, summary and options schema (JSON-ready, for help texts and the protocol)."""
    return [{"name": n, "summary": c.summary, "options": c.options.schema()} for n, c in _BOTS.items()]


__all__ = [
    "BadBotOptions",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "RandomBot",
    "SearchReport",
    "UnknownBot",
    "bot_class",
    "from_spec",
    "info",
    "make",
    "names",
    "parse_spec",
    "split_specs",
]
