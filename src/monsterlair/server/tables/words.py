"""The words the server sends with everything a person reads (issue 13; ``words-contract.md``).

Every log entry leaves with ``text`` — the engine's sentence for that event as this receiver may see it,
in the receiver's person (``Game.describe_event``) — the action that caused it (``ply``, its place in the
record), its move number as players count moves (``move``, ``core/moves.py``), its ``turn`` and an
``undone`` mark; every finished table with ``result_text`` for the receiver (``Game.describe_result``).
Browser code shows these strings; it never re-derives them. The platform's own events (turn clock, bot
takeover, undo) are worded here, for every game alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple, Protocol

from monsterlair.core import Event, Game, Seat
from monsterlair.core.moves import MoveNumbers
from monsterlair.core.result import result_from_json
from monsterlair.core.words import Voice, capitalise, seat_label
from monsterlair.server.storage.base import TableData


class Entry(Protocol):
    """A log entry as the table keeps it (``table.LogEntry``)."""

    ply: int
    seat: Seat | None
    event: Event


def seat_names(meta: TableData) -> list[str]:
    """Every seat's display name of a table's set-up (an unnamed seat is "Player n", counted from 1)."""
    return [s.name or seat_label(i) for i, s in enumerate(meta.seats)]


class Mark(NamedTuple):
    """What the log adds to one entry: its turn, whether an undo took its move back, and its move number."""

    turn: int
    undone: bool
    move: int = 0
    """The move the entry belongs to, as players count moves (``core/moves.py``); 0 for the opening and for
    the platform's own entries, which no move caused."""
    named: tuple[int, ...] = ()
    """The moves a platform entry's words name: an undo's first and last move taken back, a takeover's
    first move played by the bot."""
    by_bot: bool = False
    """The entry is the first line of a move that a bot made for a seat whose person is away (after a
    takeover, until the seat is taken back): its words name the bot ("The bot playing for you ends your
    turn.")."""
    step: int = 0
    """The part of its action the entry belongs to: 0 what the seat decided, 1, 2, … each part the game then
    played by itself (``Game.step_events``: MONSTRA's Rift Guardian's turn, a new round's set-up)."""


def platform_text(event: Mapping[str, Any], v: Voice, named: Sequence[int] = ()) -> str | None:
    """The sentence for a platform event, or ``None`` for a game's own event (``named``: the moves its
    words name, as :class:`Mark` gives them; the event's own action places otherwise)."""
    t = event.get("type")
    seat = event.get("seat")
    if t == "clock_expired":
        return f"{v.subject(seat)} ran out of time."
    if t == "seat_takeover":
        since = named[0] if named else int(event.get("since", 0)) + 1
        if event.get("reason") == "left":
            why = f"{v.says(seat, 'leave')} the game"
        else:
            why = f"{capitalise(v.possessive(seat))} clock ran out"
        return (
            f"{why}: a bot plays {v.possessive(seat)} seat from move {since}. This game no longer counts for ratings."
        )
    if t == "seat_reclaimed":
        return f"{v.says(seat, 'take')} {v.own(seat)} seat back from the bot."
    if t == "move_undone":
        # A taken-back move keeps no number (the next move takes it), so the line says how many, not which.
        first, last = (named[0], named[-1]) if named else (event.get("ply"), event.get("last") or event.get("ply"))
        count = int(last or 0) - int(first or 0) + 1
        moves = f"last {count} moves" if count > 1 else "last move"
        return f"{v.says(seat, 'take')} back {v.own(seat)} {moves}."
    return None


def log_marks(log: Sequence[Entry], game: Game | None = None) -> list[Mark]:
    """Per entry: its turn, whether a later undo took its move back, and its move (see :class:`LogMarks`)."""
    return list(LogMarks(game).update(log))


class LogMarks:
    """The marks of a table's growing log, worked out once per entry rather than once per message.

    A game that numbers its turns in events (``Game.turn_of_event``: Monster Smash and Monster Club's
    ``turn``, MONSTRA's ``round``, Push a Monster's ``roll``) gives the numbers: an entry belongs to the turn
    last opened (0, the set-up, before the first one: Push a Monster's start monsters). Otherwise a turn is
    one seat's run of consecutive moves (0 before the first move). Moves are counted as players count them
    (``core/moves.py``: a card pick belongs to the choice it ends in). An undo marks the entries whose moves
    it took back and takes their numbers away (move 0: a taken-back move has no number, so no number stands
    for two moves), and the moves played after it count on from the first one it took back. After a bot takes
    a seat over, the first line of each move it makes for that seat is marked ``by_bot``, until the seat is
    taken back. Within one action, each part the game then plays by itself (``Game.step_events``: MONSTRA's
    Rift Guardian's turn, a new round's set-up) is a ``step`` of its own. Entries appended since the last call
    are marked from where the count stopped; a log that was replaced, or that shows turn numbers only now, is
    marked again from the start.
    """

    __slots__ = (
        "game",
        "marks",
        "numbered",
        "turn",
        "mover",
        "tail",
        "moves",
        "minor",
        "steps",
        "bots",
        "said",
        "step_ply",
        "step",
    )

    def __init__(self, game: Game | None) -> None:
        self.game = game
        self.minor: frozenset[str] = game.minor_events if game is not None else frozenset()
        self.steps: frozenset[str] = game.step_events if game is not None else frozenset()
        self._reset()

    def _reset(self) -> None:
        self.marks: list[Mark] = []
        self.numbered = False
        self.turn = 0
        self.mover: Seat | None = None
        self.tail: Entry | None = None
        self.moves = MoveNumbers()
        self.bots: dict[int, int] = {}
        """The seats a takeover bot plays now, each with the move its takeover line names (the bot's first)."""
        self.said = 0
        """The last action whose first told line was seen (the next told line of that action is no move's
        first)."""
        self.step_ply = -1
        self.step = 0
        """The action of the last game entry, and the part of it the game played by itself that it is in."""

    def _opened(self, entry: Entry) -> int | None:
        if self.game is None:
            return None
        return self.game.turn_of_event(entry.event.data | {"type": entry.event.type})

    def update(self, log: Sequence[Entry]) -> list[Mark]:
        """The marks of every entry of ``log`` (the same list, grown, while the log only grows)."""
        done = len(self.marks)
        if done > len(log) or (done and log[done - 1] is not self.tail):
            self._reset()
            done = 0
        if done == len(log):
            return self.marks
        fresh = log[done:]
        opened = [self._opened(e) for e in fresh]
        if not self.numbered and any(o is not None for o in opened):
            if done:
                self._reset()
                return self.update(log)
            self.numbered = True
        for i, (e, turn) in enumerate(zip(fresh, opened, strict=True), start=done):
            kind = e.event.type
            if self.numbered:
                self.turn = turn if turn is not None else self.turn
            elif kind not in PLATFORM and e.ply > 0 and e.seat is not None and e.seat != self.mover:
                self.turn += 1
                self.mover = e.seat
            if kind == "move_undone":
                k = int(e.event.data.get("ply", e.ply))
                last = int(e.event.data.get("last") or k)
                self.marks.append(Mark(self.turn, False, 0, (self.moves.move_of(k), self.moves.move_of(last))))
                for j in range(i):
                    if log[j].ply >= k and log[j].event.type != "move_undone":
                        self.marks[j] = self.marks[j]._replace(undone=True, move=0)
                self.moves.rewind(k)
                self.said = min(self.said, k - 1)
                self.step_ply = -1
            elif kind == "seat_takeover":
                since = int(e.event.data.get("since", e.ply))
                first_move = self.moves.move_of(since + 1)
                self.marks.append(Mark(self.turn, False, 0, (first_move,)))
                self.bots[int(e.event.data["seat"])] = first_move
            elif kind in PLATFORM:
                if kind == "seat_reclaimed":
                    self.bots.pop(int(e.event.data["seat"]), None)
                self.marks.append(Mark(self.turn, False))
            else:
                told = kind not in self.minor
                first = told and e.ply > self.said
                if first:
                    self.said = e.ply
                by_bot = first and e.ply > 0 and e.seat in self.bots
                if e.ply != self.step_ply:
                    self.step_ply, self.step = e.ply, 0
                if kind in self.steps and e.ply > 0:
                    self.step += 1
                move = self.moves.note(e.ply, told)
                self.marks.append(Mark(self.turn, False, move, by_bot=by_bot, step=self.step))
        self.tail = log[-1]
        return self.marks


PLATFORM = frozenset({"clock_expired", "seat_takeover", "seat_reclaimed", "move_undone"})


def entry_json(
    game: Game,
    entry: Entry,
    mark: Mark,
    reader: Seat | None,
    names: Sequence[str],
    options: Mapping[str, Any],
    *,
    reveal_all: bool = False,
) -> dict[str, Any]:
    """One log entry as ``reader`` may see it, with its words (``reveal_all`` for finished games)."""
    event = entry.event.for_seat(reader, reveal_all=reveal_all)
    voice = Voice(names, reader)
    text = platform_text(event, voice, mark.named) or game.describe_event(
        event, reader, names, options, bot_for=entry.seat if mark.by_bot else None
    )
    out: dict[str, Any] = {
        "ply": entry.ply,
        "move": mark.move,
        "by": entry.seat,
        "event": event,
        "text": text,
        "turn": mark.turn,
        "undone": mark.undone,
    }
    if entry.event.type in game.minor_events:
        out["detail"] = True
    if mark.step:
        out["step"] = mark.step
    return out


def log_json(
    game: Game,
    log: Sequence[Entry],
    reader: Seat | None,
    names: Sequence[str],
    options: Mapping[str, Any],
    *,
    start: int = 0,
    reveal_all: bool = False,
    marks: Sequence[Mark] | None = None,
) -> list[dict[str, Any]]:
    """``log[start:]`` as ``reader`` may see it, each entry with its words, move, turn and undone mark
    (``marks``: those of :func:`log_marks`, when the caller keeps them)."""
    m = marks if marks is not None else log_marks(log, game)
    return [
        entry_json(game, log[i], m[i], reader, names, options, reveal_all=reveal_all) for i in range(start, len(log))
    ]


def step_labels(log: Sequence[Mapping[str, Any]], steps: int) -> list[str]:
    """For each step of a replay (1..steps), the sentence of the first standing log entry its move caused."""
    out = [""] * steps
    for entry in log:
        ply = int(entry["ply"])
        if 1 <= ply <= steps and not out[ply - 1] and not entry["undone"] and entry["event"]["type"] not in PLATFORM:
            out[ply - 1] = str(entry["text"])
    return out


def step_moves(log: Sequence[Mapping[str, Any]], steps: int) -> list[int]:
    """For each step of a replay (1..steps), the move it belongs to, as the log numbers moves (a step with no
    standing entry of its own, which never happens in the four games, joins the move after it)."""
    of_step: dict[int, int] = {}
    for entry in log:
        ply = int(entry["ply"])
        if 1 <= ply <= steps and ply not in of_step and not entry["undone"] and entry["event"]["type"] not in PLATFORM:
            of_step[ply] = int(entry["move"])
    out = [0] * steps
    after = max(of_step.values(), default=0) + 1
    for step in range(steps, 0, -1):
        after = of_step.get(step, after)
        out[step - 1] = after
    return out


def turns(
    movers: Sequence[Seat], names: Sequence[str], log: Sequence[Mapping[str, Any]], unit: str = "turn"
) -> list[dict[str, Any]]:
    """A replay's turns, ``first..last`` steps each (steps count from 1), numbered as the log numbers them
    (``turn`` of each step's first standing entry; a step without one stays in the turn before). ``unit`` is
    what the game calls them (``Game.turn_unit``): a turn is labelled with its player ("Turn 3 · Ann"), a
    MONSTRA round, where every seat acts, by its number alone ("Round 3"); the moves before the first turn
    (turn 0: Push a Monster's start monsters) are the set-up."""
    of_step: dict[int, int] = {}
    for entry in log:
        ply = int(entry["ply"])
        if ply >= 1 and ply not in of_step and not entry["undone"] and entry["event"]["type"] not in PLATFORM:
            of_step[ply] = int(entry["turn"])
    out: list[dict[str, Any]] = []
    for step, seat in enumerate(movers, start=1):
        n = of_step.get(step, out[-1]["turn"] if out else 0)
        if out and out[-1]["turn"] == n:
            out[-1]["last"] = step
            continue
        name = names[seat] if 0 <= seat < len(names) else seat_label(seat)
        if n == 0:
            label = "Set-up"
        else:
            label = f"Turn {n} · {name}" if unit == "turn" else f"{capitalise(unit)} {n}"
        out.append({"turn": n, "seat": seat, "first": step, "last": step, "label": label, "unit": unit})
    return out


def result_json(
    game: Game, result: Mapping[str, Any] | None, reader: Seat | None, names: Sequence[str], options: Mapping[str, Any]
) -> dict[str, Any] | None:
    """The finished game in words for ``reader`` (``None`` while the game goes on)."""
    if not result:
        return None
    return game.describe_result(result_from_json(result), reader, names, options).to_json()


def result_summary(
    game: Game, result: Mapping[str, Any] | None, reader: Seat | None, names: Sequence[str], options: Mapping[str, Any]
) -> dict[str, str] | None:
    """The outcome kind and headline alone (lobby lines, profile lines, the table bar)."""
    full = result_json(game, result, reader, names, options)
    return None if full is None else {"outcome": full["outcome"], "headline": full["headline"]}
