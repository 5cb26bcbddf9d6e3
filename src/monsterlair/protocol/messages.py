"""The engine protocol's messages: one closed set of request shapes, the error codes, and responses.

Each request is a frozen dataclass tagged by its ``cmd`` (the wire name). :func:`parse_request` turns
a decoded JSON object into one of them or raises :class:`ProtocolError` with ``bad_request`` or
``unknown_command``, naming the field and what it must be, so a client author can fix the call from
the message alone. Shapes follow ``engine-protocol.md``; two optional extras are documented where
they appear (``play``'s ``seat`` chooses whose redaction the events get; ``bot``'s ``seed``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from monsterlair.bots.ismcts import MAX_ITERATIONS, MAX_SECONDS

PROTOCOL_VERSION = "1.1"
"""The protocol's version: ``hello`` reports it; a client written for another major version is refused."""


class ErrorCode(StrEnum):
    """Every error a response may carry."""

    BAD_JSON = "bad_json"
    """The line is not JSON (or not UTF-8, or too long to be read)."""
    BAD_REQUEST = "bad_request"
    """The JSON is not an object, or a field is missing or of the wrong type."""
    UNKNOWN_COMMAND = "unknown_command"
    """``cmd`` names no command."""
    UNKNOWN_GAME = "unknown_game"
    """No registered game has that id."""
    UNKNOWN_GAME_ID = "unknown_game_id"
    """No open game has that ``game_id``."""
    BAD_OPTIONS = "bad_options"
    """The player count, seed or an option is not accepted by the game."""
    ILLEGAL_ACTION = "illegal_action"
    """The action text is not an action of the game, or not legal now."""
    GAME_OVER = "game_over"
    """The game has ended; it takes no more actions."""
    BAD_RECORD = "bad_record"
    """A record cannot be replayed."""
    UNSUPPORTED_PROTOCOL = "unsupported_protocol"
    """``hello`` named a protocol version of another major version."""
    INTERNAL_ERROR = "internal_error"
    """The engine itself failed (a bug); the game is unchanged and details go to stderr only."""


class ProtocolError(Exception):
    """A request that fails: its code and a sentence a person can act on (never hidden information)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


# --- field readers -----------------------------------------------------------------------------


def _bad(message: str) -> ProtocolError:
    return ProtocolError(ErrorCode.BAD_REQUEST, message)


def _str(obj: Mapping[str, Any], name: str, cmd: str) -> str:
    if name not in obj:
        raise _bad(f"'{cmd}' needs a \"{name}\" field (a string).")
    value = obj[name]
    if not isinstance(value, str):
        raise _bad(f'"{name}" must be a string, not {_kind(value)}.')
    return value


def _int(
    obj: Mapping[str, Any], name: str, cmd: str, *, optional: bool = False, minimum: int | None = None
) -> int | None:
    if name not in obj or (optional and obj[name] is None):
        if optional:
            return None
        raise _bad(f"'{cmd}' needs a \"{name}\" field (a whole number).")
    value = obj[name]
    at_least = "" if minimum is None else f" ({minimum} or more)"
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f'"{name}" must be a whole number{at_least}, not {_shown(value)}.')
    if minimum is not None and value < minimum:
        raise _bad(f'"{name}" must be a whole number{at_least}, not {_shown(value)}.')
    return value


def _shown(value: Any) -> str:
    """A number as it was sent when it is short ("1.5", "-1"), else its JSON type ("a string")."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        text = repr(value)
        if len(text) <= 24:
            return text
    return _kind(value)


def _seat(obj: Mapping[str, Any], name: str) -> int | None:
    """A seat or null; a missing field is null (the least-informed reader, so never a leak)."""
    value = obj.get(name)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise _bad(f'"{name}" must be a seat number or null, not {_kind(value)}.')
    return value


def _object(obj: Mapping[str, Any], name: str, cmd: str, *, optional: bool = False) -> dict[str, Any] | None:
    if name not in obj or (optional and obj[name] is None):
        if optional:
            return None
        raise _bad(f"'{cmd}' needs a \"{name}\" field (a JSON object).")
    value = obj[name]
    if not isinstance(value, dict):
        raise _bad(f'"{name}" must be a JSON object, not {_kind(value)}.')
    return value


def _kind(value: Any) -> str:
    """A JSON type name for messages (never the value itself, which may be huge)."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    return "an object"


# --- requests ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Request:
    """Base of every request; ``id`` is echoed in the response (any JSON value, or absent)."""

    cmd: ClassVar[str] = ""
    id: Any = field(default=None, kw_only=True)


@dataclass(frozen=True, slots=True)
class Hello(Request):
    """The handshake: the engine's protocol version and commands; ``protocol`` is the client's version."""

    cmd: ClassVar[str] = "hello"
    protocol: str | None = None


@dataclass(frozen=True, slots=True)
class Schema(Request):
    """The JSON Schema of every request and response."""

    cmd: ClassVar[str] = "schema"


@dataclass(frozen=True, slots=True)
class Games(Request):
    """List the registered games with their options."""

    cmd: ClassVar[str] = "games"


@dataclass(frozen=True, slots=True)
class New(Request):
    """Start a game."""

    cmd: ClassVar[str] = "new"
    game: str
    players: int | None = None
    seed: int | None = None
    options: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Legal(Request):
    """The seat to move and its legal action texts."""

    cmd: ClassVar[str] = "legal"
    game_id: str


@dataclass(frozen=True, slots=True)
class Play(Request):
    """Play an action for the seat to move.

    ``seat`` (optional extra) chooses whose redaction the returned events get: by default the seat
    that moved (it sent the action, so it may see what it caused); ``null`` asks for the spectator's.
    """

    cmd: ClassVar[str] = "play"
    game_id: str
    action: str
    seat: int | None = None
    seat_given: bool = False


@dataclass(frozen=True, slots=True)
class View(Request):
    """A seat's view, or the spectator's (``seat`` null or absent)."""

    cmd: ClassVar[str] = "view"
    game_id: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class ResultRequest(Request):
    """Whether the game is over, and its winners and scores."""

    cmd: ClassVar[str] = "result"
    game_id: str


@dataclass(frozen=True, slots=True)
class BotRequest(Request):
    """A bot's choice for the seat to move, not played.

    ``budget`` is ``{"iterations": N}`` or ``{"seconds": S}`` (for bots that search); ``seed``
    (optional extra) makes the choice reproducible.
    """

    cmd: ClassVar[str] = "bot"
    game_id: str
    bot: str
    budget: dict[str, Any] | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class RecordRequest(Request):
    """The game's record (game, rules version, players, options, seed, actions)."""

    cmd: ClassVar[str] = "record"
    game_id: str


@dataclass(frozen=True, slots=True)
class Load(Request):
    """Open a game by replaying a record."""

    cmd: ClassVar[str] = "load"
    record: dict[str, Any]


@dataclass(frozen=True, slots=True)
class Close(Request):
    """Forget an open game."""

    cmd: ClassVar[str] = "close"
    game_id: str


@dataclass(frozen=True, slots=True)
class Quit(Request):
    """End the engine (after answering)."""

    cmd: ClassVar[str] = "quit"


def _parse_new(o: Mapping[str, Any], rid: Any) -> New:
    return New(
        game=_str(o, "game", "new"),
        players=_int(o, "players", "new", optional=True),
        seed=_int(o, "seed", "new", optional=True, minimum=0),
        options=_object(o, "options", "new", optional=True),
        id=rid,
    )


def _parse_play(o: Mapping[str, Any], rid: Any) -> Play:
    return Play(
        game_id=_str(o, "game_id", "play"),
        action=_str(o, "action", "play"),
        seat=_seat(o, "seat"),
        seat_given="seat" in o,
        id=rid,
    )


def _parse_bot(o: Mapping[str, Any], rid: Any) -> BotRequest:
    budget = _object(o, "budget", "bot", optional=True)
    if budget is not None:
        unknown = sorted(set(budget) - {"iterations", "seconds"})
        if unknown or len(budget) != 1:
            raise _bad('"budget" must be {"iterations": N} or {"seconds": S}.')
        if "iterations" in budget:
            n = budget["iterations"]
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ITERATIONS:
                raise _bad(f'"budget.iterations" must be a whole number from 1 to {MAX_ITERATIONS:,}.')
        else:
            s = budget["seconds"]
            if isinstance(s, bool) or not isinstance(s, int | float) or not 0 < s <= MAX_SECONDS:
                raise _bad(f'"budget.seconds" must be a number of seconds above 0 and at most {MAX_SECONDS:g}.')
    return BotRequest(
        game_id=_str(o, "game_id", "bot"),
        bot=_str(o, "bot", "bot"),
        budget=budget,
        seed=_int(o, "seed", "bot", optional=True, minimum=0),
        id=rid,
    )


def _parse_load(o: Mapping[str, Any], rid: Any) -> Load:
    if "record" not in o:
        raise _bad("'load' needs a \"record\" field (a JSON object).")
    if not isinstance(o["record"], dict):
        raise ProtocolError(ErrorCode.BAD_RECORD, f'"record" must be a JSON object, not {_kind(o["record"])}.')
    return Load(record=o["record"], id=rid)


def _parse_hello(o: Mapping[str, Any], rid: Any) -> Hello:
    version = o.get("protocol")
    if version is not None and not isinstance(version, str):
        raise _bad(f'"protocol" must be a version string such as "1.1", not {_kind(version)}.')
    return Hello(protocol=version, id=rid)


_PARSERS: dict[str, Callable[[Mapping[str, Any], Any], Request]] = {
    "hello": _parse_hello,
    "schema": lambda o, rid: Schema(id=rid),
    "games": lambda o, rid: Games(id=rid),
    "new": _parse_new,
    "legal": lambda o, rid: Legal(game_id=_str(o, "game_id", "legal"), id=rid),
    "play": _parse_play,
    "view": lambda o, rid: View(game_id=_str(o, "game_id", "view"), seat=_seat(o, "seat"), id=rid),
    "result": lambda o, rid: ResultRequest(game_id=_str(o, "game_id", "result"), id=rid),
    "bot": _parse_bot,
    "record": lambda o, rid: RecordRequest(game_id=_str(o, "game_id", "record"), id=rid),
    "load": _parse_load,
    "close": lambda o, rid: Close(game_id=_str(o, "game_id", "close"), id=rid),
    "quit": lambda o, rid: Quit(id=rid),
}

COMMANDS: tuple[str, ...] = tuple(_PARSERS)
"""Every command name, in the order the protocol document lists them."""


def parse_request(obj: Any) -> Request:
    """The request a decoded JSON value asks for.

    Raises:
        ProtocolError: ``bad_request`` if it is not an object or a field is missing or mistyped,
            ``unknown_command`` if ``cmd`` names no command, ``bad_record`` for a non-object record.
    """
    if not isinstance(obj, dict):
        raise _bad(f"A request must be a JSON object, not {_kind(obj)}.")
    rid = obj.get("id")
    if "cmd" not in obj:
        raise _bad(f'A request needs a "cmd" field; commands: {", ".join(COMMANDS)}.')
    cmd = obj["cmd"]
    if not isinstance(cmd, str):
        raise _bad(f'"cmd" must be a string, not {_kind(cmd)}.')
    parser = _PARSERS.get(cmd)
    if parser is None:
        shown = cmd if len(cmd) <= 40 else cmd[:40] + "…"
        raise ProtocolError(ErrorCode.UNKNOWN_COMMAND, f"Unknown command {shown!r}; commands: {', '.join(COMMANDS)}.")
    return parser(obj, rid)


# --- responses ---------------------------------------------------------------------------------


def ok(request_id: Any = None, *, has_id: bool = False, **fields: Any) -> dict[str, Any]:
    """A success response; ``id`` is echoed when the request carried one."""
    out: dict[str, Any] = {}
    if has_id:
        out["id"] = request_id
    out["ok"] = True
    out.update(fields)
    return out


def error(code: ErrorCode, message: str, request_id: Any = None, *, has_id: bool = False) -> dict[str, Any]:
    """A failure response."""
    out: dict[str, Any] = {}
    if has_id:
        out["id"] = request_id
    out["ok"] = False
    out["error"] = {"code": code.value, "message": message}
    return out


def encode(response: Mapping[str, Any]) -> str:
    """One response line (no newline), compact and ASCII-only so any pipe carries it unharmed."""
    return json.dumps(response, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
