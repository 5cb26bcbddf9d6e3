"""The engine protocol's dispatcher: one line in, one line out.

:class:`Engine` is a plain class (no IO) so tests drive it line by line; :func:`serve` wires it to
stdin/stdout for ``monsterlair engine``. Guarantees, whatever arrives:

* exactly one response line per request line, in order, and nothing else on stdout (stray prints
  from game or bot code are sent to stderr while the engine serves);
* a failed request changes nothing: ``play`` applies the action to a clone and keeps it only on
  success, so even an engine bug cannot leave a half-played move behind;
* messages never carry hidden information: they come from the contract's errors (written to name
  no hidden card) or from the request itself; unexpected failures answer ``internal_error`` with a
  generic sentence and put the traceback on stderr only;
* garbage (non-UTF-8 bytes, over-long lines, JSON that is not an object) is answered and the next
  line is read.
"""

from __future__ import annotations

import itertools
import json
import sys
import traceback
from collections.abc import Callable
from typing import Any, BinaryIO

from monsterlair import games
from monsterlair.bots.base import Bot
from monsterlair.core import (
    BadAction,
    BadOptions,
    GameOver,
    IllegalAction,
    MonsterLairError,
    Perspective,
    Rng,
    State,
    UnknownGame,
    fresh_seed,
)
from monsterlair.protocol.messages import (
    COMMANDS,
    PROTOCOL_VERSION,
    BotRequest,
    Close,
    ErrorCode,
    Games,
    Hello,
    Legal,
    Load,
    New,
    Play,
    ProtocolError,
    Quit,
    RecordRequest,
    Request,
    ResultRequest,
    Schema,
    View,
    encode,
    error,
    ok,
    parse_request,
)

MAX_LINE_BYTES = 16 * 1024 * 1024
"""Longest request line read whole; longer lines are skipped and answered ``bad_json``."""

MAX_NESTING = 200
"""Deepest JSON nesting accepted (deeper input would only exhaust the parser's stack)."""


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


class Engine:
    """The protocol's state: open games by id. :meth:`handle` answers one request line."""

    def __init__(self) -> None:
        self.games: dict[str, State] = {}
        self.done = False
        self._ids = itertools.count(1)
        self._handlers: dict[type[Request], Callable[[Any], dict[str, Any]]] = {
            Hello: self._hello,
            Schema: self._schema,
            Games: self._games,
            New: self._new,
            Legal: self._legal,
            Play: self._play,
            View: self._view,
            ResultRequest: self._result,
            BotRequest: self._bot,
            RecordRequest: self._record,
            Load: self._load,
            Close: self._close,
            Quit: self._quit,
        }

    # --- entry points --------------------------------------------------------------------------
    def handle(self, line: str | bytes) -> str:
        """The response line (without newline) to one request line."""
        return encode(self.respond(line))

    def respond(self, line: str | bytes) -> dict[str, Any]:
        """The response object to one request line."""
        if isinstance(line, bytes):
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                return error(ErrorCode.BAD_JSON, "The line is not valid UTF-8; send JSON text encoded as UTF-8.")
        try:
            obj = json.loads(line, parse_constant=_reject_constant)
        except RecursionError:
            return error(ErrorCode.BAD_JSON, f"The JSON is nested too deeply (at most {MAX_NESTING} levels).")
        except ValueError as exc:
            # json.JSONDecodeError is a ValueError; so are over-long integers and NaN/Infinity.
            where = f" (line {exc.lineno}, column {exc.colno})" if isinstance(exc, json.JSONDecodeError) else ""
            return error(ErrorCode.BAD_JSON, f"The line is not valid JSON{where}; send one JSON object per line.")
        has_id = isinstance(obj, dict) and "id" in obj
        rid = obj.get("id") if isinstance(obj, dict) else None
        try:
            if _depth(obj) > MAX_NESTING:
                raise ProtocolError(
                    ErrorCode.BAD_JSON, f"The JSON is nested too deeply (at most {MAX_NESTING} levels)."
                )
            request = parse_request(obj)
            body = self._handlers[type(request)](request)
        except ProtocolError as exc:
            return error(exc.code, exc.message, rid, has_id=has_id)
        except Exception:
            return _bug(
                "The engine failed on this request (a bug, reported on stderr); nothing was changed.", rid, has_id
            )
        try:
            encode(body)
        except (TypeError, ValueError):
            return _bug("The engine built an answer it cannot write as JSON (a bug).", rid, has_id)
        return ok(rid, has_id=has_id, **body)

    # --- helpers -----------------------------------------------------------------------------
    def _state(self, game_id: str) -> State:
        state = self.games.get(game_id)
        if state is None:
            shown = game_id if len(game_id) <= 40 else game_id[:40] + "…"
            opened = ", ".join(sorted(self.games)) or "none"
            raise ProtocolError(ErrorCode.UNKNOWN_GAME_ID, f"No open game has game_id {shown!r}; open games: {opened}.")
        return state

    def _open(self, state: State) -> dict[str, Any]:
        game_id = f"g{next(self._ids)}"
        self.games[game_id] = state
        return {"game_id": game_id, "to_move": state.to_move, "over": state.over}

    @staticmethod
    def _check_seat(state: State, seat: int | None) -> None:
        if seat is not None and not 0 <= seat < state.players:
            raise ProtocolError(
                ErrorCode.BAD_REQUEST, f'"seat" must be null or a seat from 0 to {state.players - 1}, not {seat}.'
            )

    # --- commands ----------------------------------------------------------------------------
    def _hello(self, req: Hello) -> dict[str, Any]:
        if req.protocol is not None and req.protocol.split(".", 1)[0] != PROTOCOL_VERSION.split(".", 1)[0]:
            shown = req.protocol if len(req.protocol) <= 20 else req.protocol[:20] + "…"
            raise ProtocolError(
                ErrorCode.UNSUPPORTED_PROTOCOL,
                f"This engine speaks protocol {PROTOCOL_VERSION}; a client for version {shown} needs another engine.",
            )
        from monsterlair import __version__

        return {"protocol": PROTOCOL_VERSION, "engine": f"monsterlair {__version__}", "commands": list(COMMANDS)}

    def _schema(self, req: Schema) -> dict[str, Any]:
        return {"schema": protocol_schema()}

    def _games(self, req: Games) -> dict[str, Any]:
        return {"games": [{**g.info(), **g.kind()} for g in games.all_games()]}

    def _new(self, req: New) -> dict[str, Any]:
        try:
            game = games.get(req.game)
        except UnknownGame as exc:
            raise ProtocolError(ErrorCode.UNKNOWN_GAME, str(exc)) from None
        try:
            players = req.players if req.players is not None else game.default_players(req.options)
            state = game.new(players, req.seed, req.options)
        except BadOptions as exc:
            raise ProtocolError(ErrorCode.BAD_OPTIONS, str(exc)) from None
        return self._open(state)

    def _legal(self, req: Legal) -> dict[str, Any]:
        state = self._state(req.game_id)
        return {"to_move": state.to_move, "actions": [str(a) for a in state.legal_actions()]}

    def _play(self, req: Play) -> dict[str, Any]:
        state = self._state(req.game_id)
        if state.over:
            raise ProtocolError(ErrorCode.GAME_OVER, "The game is over; no more actions can be played.")
        mover = state.to_move
        reader = req.seat if req.seat_given else mover
        self._check_seat(state, reader)
        try:
            action = state.parse_action(req.action)
            trial = state.clone()
            events = trial.apply(action)
        except GameOver as exc:
            raise ProtocolError(ErrorCode.GAME_OVER, str(exc)) from None
        except (BadAction, IllegalAction) as exc:
            raise ProtocolError(ErrorCode.ILLEGAL_ACTION, _public_reason(exc)) from None
        self.games[req.game_id] = trial
        return {
            "events": [e.for_seat(reader) for e in events],
            "to_move": trial.to_move,
            "over": trial.over,
        }

    def _view(self, req: View) -> dict[str, Any]:
        state = self._state(req.game_id)
        self._check_seat(state, req.seat)
        return {"view": state.view(req.seat)}

    def _result(self, req: ResultRequest) -> dict[str, Any]:
        state = self._state(req.game_id)
        result = state.result
        meaning = state.game.score_meaning
        if result is None:
            return {"over": False, "winners": [], "scores": [], "score_meaning": meaning}
        return {
            "over": True,
            "winners": list(result.winners),
            "scores": list(result.scores),
            "score_meaning": meaning,
            "payoffs": [result.payoff(s) for s in range(state.players)],
            "ranks": list(result.ranks),
            "termination": result.termination,
            "capped": result.capped,
        }

    def _bot(self, req: BotRequest) -> dict[str, Any]:
        state = self._state(req.game_id)
        if state.over or state.to_move is None:
            raise ProtocolError(ErrorCode.GAME_OVER, "The game is over; there is no decision for a bot to make.")
        bot = make_bot(req.bot, req.budget)
        try:
            bot.check_table(state.game, state.players, state.options)
        except ValueError as exc:  # a bot tied to another game (a trained policy), with its sentence
            raise ProtocolError(ErrorCode.BAD_REQUEST, str(exc)) from None
        rng = Rng(req.seed if req.seed is not None else fresh_seed())
        # The bot sees a Perspective of a clone, so even a misbehaving bot cannot touch the open game.
        action = bot.choose(Perspective(state.clone(), state.to_move), rng)
        return {"action": str(action)}

    def _record(self, req: RecordRequest) -> dict[str, Any]:
        return {"record": self._state(req.game_id).record()}

    def _load(self, req: Load) -> dict[str, Any]:
        game_id = req.record.get("game")
        if not isinstance(game_id, str):
            raise ProtocolError(ErrorCode.BAD_RECORD, 'The record needs a "game" field naming the game (a string).')
        try:
            game = games.get(game_id)
        except UnknownGame as exc:
            raise ProtocolError(ErrorCode.UNKNOWN_GAME, str(exc)) from None
        try:
            state = game.replay(req.record)
        except MonsterLairError as exc:  # BadRecord, or any other contract error the replay meets
            raise ProtocolError(ErrorCode.BAD_RECORD, str(exc)) from None
        except (TypeError, ValueError, KeyError):
            traceback.print_exc(file=sys.stderr)
            raise ProtocolError(
                ErrorCode.BAD_RECORD, "The record cannot be replayed: a field has the wrong shape."
            ) from None
        return self._open(state)

    def _close(self, req: Close) -> dict[str, Any]:
        self._state(req.game_id)
        del self.games[req.game_id]
        return {}

    def _quit(self, req: Quit) -> dict[str, Any]:
        self.done = True
        return {}


def protocol_schema() -> dict[str, Any]:
    """The protocol's JSON Schema document (``schemas/protocol.schema.json``): every request and response."""
    from importlib import resources

    text = resources.files("monsterlair.protocol").joinpath("schemas/protocol.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def make_bot(spec: str, budget: dict[str, Any] | None) -> Bot:
    """A bot from a name or spec (``ismcts``, ``ismcts:c=0.5``) with an optional search budget.

    A budget (``{"iterations": N}`` or ``{"seconds": S}``) replaces whatever budget the spec names, for
    bots that take one; bots with nothing to budget (``random``, ``greedy``) ignore it.

    Raises:
        ProtocolError: ``bad_request`` for an unknown bot or a bad option, naming what is accepted.
    """
    from monsterlair import bots

    try:
        name, options = bots.parse_spec(spec)
        accepted = bots.bot_class(name).options
        if budget:
            for key in ("iterations", "seconds"):
                if key in accepted:
                    options[key] = str(budget.get(key, 0))
        return bots.make(name, **options)
    except ValueError as exc:  # UnknownBot and BadBotOptions are ValueErrors with actionable messages
        raise ProtocolError(ErrorCode.BAD_REQUEST, str(exc)) from None


def _public_reason(exc: MonsterLairError) -> str:
    """The rejection's reason in the notation's terms, without the list of legal actions, pointing at ``legal``.

    A refusal worded for players (menus, names, seats from 1) carries its notation wording
    (:meth:`MonsterLairError.in_notation`), which is sent. The contract's own refusal (:class:`NotLegalNow`)
    says :meth:`State.describe_decision` to players (the mover's legal actions, which can show the mover's
    hand); a protocol error may be read by any client, so its notation wording leaves that out and the client
    is pointed at ``legal``, which it asks for deliberately.
    """
    return f"{exc.in_notation()} Ask 'legal' for the legal actions."


def _depth(obj: Any) -> int:
    """Nesting depth of decoded JSON, iteratively (so it cannot itself overflow the stack)."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(obj, 1)]
    while stack:
        item, d = stack.pop()
        if isinstance(item, dict):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in item)
    return deepest


def read_line(stream: BinaryIO, limit: int = MAX_LINE_BYTES) -> tuple[bytes | None, bool]:
    """The next line (without its newline) and whether it was too long (then its bytes are skipped).

    ``(None, False)`` at end of input.
    """
    line = stream.readline(limit + 1)
    if not line:
        return None, False
    if line.endswith(b"\n"):
        return line[:-1].rstrip(b"\r"), False
    if len(line) <= limit:
        return line, False  # last line, without a newline
    while True:  # skip the rest of an over-long line without holding it in memory
        chunk = stream.readline(1 << 20)
        if not chunk or chunk.endswith(b"\n"):
            return b"", True


def serve(stdin: BinaryIO, stdout: BinaryIO, *, limit: int = MAX_LINE_BYTES) -> int:
    """Answer requests from ``stdin`` on ``stdout`` (both binary) until ``quit`` or end of input.

    Returns the exit status (0). While serving, ``sys.stdout`` points at stderr so that nothing but
    responses reaches ``stdout``, whatever game or bot code prints.
    """
    engine = Engine()
    saved = sys.stdout
    sys.stdout = sys.stderr
    try:
        while not engine.done:
            line, too_long = read_line(stdin, limit)
            if line is None:
                break
            if too_long:
                text = encode(error(ErrorCode.BAD_JSON, f"The line is longer than {limit} bytes and was skipped."))
            elif not line.strip():
                continue  # a blank line is not a request
            else:
                text = engine.handle(line)
            stdout.write(text.encode("ascii") + b"\n")
            stdout.flush()
    finally:
        sys.stdout = saved
    return 0


def _bug(message: str, rid: object, has_id: bool) -> dict[str, Any]:
    """The answer to a request the engine failed on: the traceback goes to stderr, the client gets ``message``."""
    traceback.print_exc(file=sys.stderr)
    return error(ErrorCode.INTERNAL_ERROR, message, rid, has_id=has_id)
