"""The bots and their registry.

Every bot plays every registered game through the contract alone: it is handed a
:class:`~monsterlair.core.Perspective` (the seat's view, legal actions and determinized samples), never the
state. Bots are named by spec strings, as the CLI, the engine protocol and ``sim`` take them::

    >>> from monsterlair import bots
    >>> bots.names()[:4]
    ['random', 'greedy', 'ismcts', 'policy']
    >>> bots.from_spec("ismcts:iterations=200,c=0.5").spec()
    'ismcts:iterations=200,c=0.5'
    >>> bots.make("greedy", samples=8).settings
    {'samples': 8}

Other packages add bots through the ``monsterlair.bots`` entry-point group (``name = "module:BotClass"``,
see ``docs/bots.md``). They are loaded on first use and checked like the built-in bots; one that fails to
load is reported by :func:`broken_plugins` and named in the error of a spec that asks for it.
"""

from __future__ import annotations

import inspect
import logging
import re
from importlib import metadata
from typing import Any

from monsterlair.bots.base import BadBotOptions, Bot, UnknownBot
from monsterlair.bots.greedy import GreedyBot
from monsterlair.bots.ismcts import MAX_ITERATIONS, MAX_SECONDS, ISMCTSBot, SearchReport
from monsterlair.bots.policy import PolicyBot
from monsterlair.bots.random_bot import RandomBot
from monsterlair.core.words import closest

log = logging.getLogger("monsterlair.bots")

ENTRY_POINT_GROUP = "monsterlair.bots"
"""The entry-point group where other packages declare bots: ``name = "package.module:BotClass"``."""

BUDGET_CAPS: dict[str, float] = {"seconds": MAX_SECONDS, "iterations": MAX_ITERATIONS}
"""The budget options every bot that has them must cap at most this high (the built-in search's caps)."""

_NAME = re.compile(r"[a-z][a-z0-9_-]{0,31}")

_BUILTIN: dict[str, type[Bot]] = {cls.name: cls for cls in (RandomBot, GreedyBot, ISMCTSBot, PolicyBot)}
_BOTS: dict[str, type[Bot]] = dict(_BUILTIN)
_BROKEN: dict[str, str] = {}
_loaded = False

SPEC_EXAMPLE = "ismcts:seconds=1,c=0.7"


def _check_plugin(name: str, obj: object) -> type[Bot]:
    """The plug-in's bot class, if it keeps the rules every bot keeps.

    Raises:
        TypeError: saying which rule it breaks.
    """
    if not (inspect.isclass(obj) and issubclass(obj, Bot)):
        raise TypeError(f"it is {obj!r}, not a subclass of monsterlair.bots.Bot")
    if inspect.isabstract(obj):
        raise TypeError(f"{obj.__name__} does not implement choose()")
    if not _NAME.fullmatch(name):
        raise TypeError("a bot name is 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter")
    if getattr(obj, "name", None) != name:
        raise TypeError(f"its class says name = {getattr(obj, 'name', None)!r}; the entry point calls it {name!r}")
    if name in _BUILTIN:
        raise TypeError(f"'{name}' is a built-in bot's name")
    if not isinstance(obj.options, type(Bot.options)):
        raise TypeError("its options are not an OptionSet")
    for key, cap in BUDGET_CAPS.items():
        option = obj.options.get(key)
        if option is None:
            continue
        if option.kind not in ("int", "float") or option.maximum is None or option.maximum > cap:
            raise TypeError(f"its budget option '{key}' must be a number with a maximum of at most {cap:g}")
        if option.minimum is None or option.minimum < 0:
            raise TypeError(f"its budget option '{key}' must have a minimum of at least 0")
    for key in obj.file_options:
        if key not in obj.options or obj.options[key].kind != "str":
            raise TypeError(f"its file option '{key}' is not one of its text options")
    return obj


def load_plugins(*, reload: bool = False) -> dict[str, str]:
    """Load the bots other packages declare in the ``monsterlair.bots`` entry-point group (once).

    A plug-in that cannot be imported, or whose class breaks a rule every bot keeps (a :class:`Bot` subclass
    named as its entry point, not a built-in's name, budget options capped like the built-in bots'), is not
    registered: it is logged and kept in :func:`broken_plugins`, never raised, so a broken package cannot stop
    a program (or a server) that does not ask for it. ``reload`` forgets the plug-ins loaded before.

    Returns:
        The broken plug-ins: name -> why.
    """
    global _loaded
    if _loaded and not reload:
        return dict(_BROKEN)
    _BOTS.clear()
    _BOTS.update(_BUILTIN)
    _BROKEN.clear()
    _loaded = True
    try:
        found = list(metadata.entry_points(group=ENTRY_POINT_GROUP))
    except Exception as exc:  # a broken installation's metadata must not stop the built-in bots
        log.warning("bot plug-ins could not be listed: %s: %s", type(exc).__name__, exc)
        return {}
    for ep in sorted(found, key=lambda e: (e.name, e.value)):
        name = ep.name.strip().lower()
        where = f"{ep.value}" + (f", package {ep.dist.name}" if ep.dist is not None else "")
        try:
            if name in _BOTS and name not in _BUILTIN:
                raise TypeError(f"another plug-in already has the name '{name}' ({_BOTS[name].__module__})")
            cls = _check_plugin(name, ep.load())
        except (Exception, SystemExit) as exc:  # even a plug-in that exits on import must not stop the program
            said = str(exc).rstrip(".")
            why = f"The bot plug-in '{name}' ({where}) could not be loaded: {type(exc).__name__}: {said}."
            log.warning("%s", why)
            if name not in _BUILTIN:
                _BROKEN.setdefault(name, why)
            continue
        _BOTS[name] = cls
    return dict(_BROKEN)


def _registry() -> dict[str, type[Bot]]:
    if not _loaded:
        load_plugins()
    return _BOTS


def broken_plugins() -> dict[str, str]:
    """The plug-ins that failed to load: name -> a sentence saying why (empty when all loaded)."""
    _registry()
    return dict(_BROKEN)


def names() -> list[str]:
    """Every bot name: the built-in ones (weakest first, then ``policy``), then the plug-ins."""
    return list(_registry())


def bot_class(name: str) -> type[Bot]:
    """The bot class with this name (any case, surrounding spaces forgiven).

    Raises:
        UnknownBot: naming the closest known bot and every known one, or why a plug-in of that name is broken.
    """
    key = str(name).strip().lower()
    registry = _registry()
    cls = registry.get(key)
    if cls is None:
        if key in _BROKEN:
            raise UnknownBot(_BROKEN[key])
        near = closest(key, registry)
        hint = f" Did you mean '{near}'?" if near else ""
        raise UnknownBot(f"Unknown bot {name!r}.{hint} Known bots: {', '.join(registry)}.")
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
    return [{"name": n, "summary": c.summary, "options": c.options.schema()} for n, c in _registry().items()]


__all__ = [
    "BUDGET_CAPS",
    "ENTRY_POINT_GROUP",
    "BadBotOptions",
    "Bot",
    "GreedyBot",
    "ISMCTSBot",
    "PolicyBot",
    "RandomBot",
    "SearchReport",
    "UnknownBot",
    "bot_class",
    "broken_plugins",
    "from_spec",
    "info",
    "load_plugins",
    "make",
    "names",
    "parse_spec",
    "split_specs",
]
