"""The words the server sends with everything a person reads (issue 13; ``words-contract.md``).

Every log entry leaves with ``text`` — the engine's sentence for that event as this receiver may see it,
in the receiver's person (``Game.describe_event``) — its move number (``ply``), its ``turn`` and an
``undone`` mark; every finished table with ``result_text`` for the receiver (``Game.describe_result``).
Browser code shows these strings; it never re-derives them. The platform's own events (turn clock, bot
takeover, undo) are worded here, for every game alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from monsterlair.core import Event, Game, Seat
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


def platform_text(event: Mapping[str, Any], v: Voice) -> str | None:
    """The sentence for a platform event, or ``None`` for a game's own event."""
    t = event.get("type")
    seat = event.get("seat")
    if t == "clock_expired":
        return f"{v.subject(seat)} ran out of time."
    if t == "seat_takeover":
        since = int(event.get("since", 0)) + 1
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
        last = event.get("last")
        moves = f"moves {event.get('ply')} to {last}" if last else f"move {event.get('ply')}"
        return f"{v.says(seat, 'take')} back {moves}."
    return None


def log_marks(log: Sequence[Entry], game: Game | None = None) -> list[tuple[int, bool]]:
    """Per entry: the turn it belongs to and whether a later undo took its move back (see :class:`LogMarks`)."""
    return list(LogMarks(game).update(log))


class LogMarks:
    """The marks of a table's growing log, worked out once per entry rather than once per message.

    A game that numbers its turns in events (``Game.turn_of_event``: Monster Smash and Monster Club's
    ``turn``, MONSTRA's ``round``, Push a Monster's ``roll``) gives the numbers: an entry belongs to the turn
    last opened (1 before the first one logged). Otherwise a turn is one seat's run of consecutive moves (0
    before the first move). An undo marks the entries whose moves it took back. Entries appended since the
    last call are marked from where the count stopped; a log that was replaced, or that shows turn numbers
    only now, is marked again from the start.
    """

    __slots__ = ("game", "marks", "numbered", "turn", "mover", "tail")

    def __init__(self, game: Game | None) -> None:
        self.game = game
        self._reset()

    def _reset(self) -> None:
        self.marks: list[tuple[int, bool]] = []
        self.numbered = False
        self.turn = 0
        self.mover: Seat | None = None
        self.tail: Entry | None = None

    def _opened(self, entry: Entry) -> int | None:
        if self.game is None:
            return None
        return self.game.turn_of_event(entry.event.data | {"type": entry.event.type})

    def update(self, log: Sequence[Entry]) -> list[tuple[int, bool]]:
        """The marks of every entry of ``log`` (the same list, grown, while the log only grows)."""
        done = len(self.marks)
        if done > len(log) or (done and log[done - 1] is not self.tail):
            self._reset()
            done = 0
        if done == len(log):
            return self.marks
        fresh = log[done:]
        opened = [self._opened(e) for e in fresh]
        if not self.numbered and any(opened):
            if done:
                self._reset()
                return self.update(log)
            self.numbered = True
            self.turn = 1
        for e, turn in zip(fresh, opened, strict=True):
            if self.numbered:
                self.turn = turn if turn is not None else self.turn
            elif e.event.type not in PLATFORM and e.ply > 0 and e.seat is not None and e.seat != self.mover:
                self.turn += 1
                self.mover = e.seat
            self.marks.append((self.turn, False))
        for i in range(done, len(log)):
            if log[i].event.type == "move_undone":
                k = int(log[i].event.data.get("ply", log[i].ply))
                for j in range(i):
                    if log[j].ply >= k and log[j].event.type != "move_undone":
                        self.marks[j] = (self.marks[j][0], True)
        self.tail = log[-1]
        return self.marks


PLATFORM = frozenset({"clock_expired", "seat_takeover", "seat_reclaimed", "move_undone"})


def entry_json(
    game: Game,
    entry: Entry,
    mark: tuple[int, bool],
    reader: Seat | None,
    names: Sequence[str],
    options: Mapping[str, Any],
    *,
    reveal_all: bool = False,
) -> dict[str, Any]:
    """One log entry as ``reader`` may see it, with its words (``reveal_all`` for finished games)."""
    event = entry.event.for_seat(reader, reveal_all=reveal_all)
    voice = Voice(names, reader)
    text = platform_text(event, voice) or game.describe_event(event, reader, names, options)
    out: dict[str, Any] = {
        "ply": entry.ply,
        "by": entry.seat,
        "event": event,
        "text": text,
        "turn": mark[0],
        "undone": mark[1],
    }
    if entry.event.type in game.minor_events:
        out["detail"] = True
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
    marks: Sequence[tuple[int, bool]] | None = None,
) -> list[dict[str, Any]]:
    """``log[start:]`` as ``reader`` may see it, each entry with its words, turn and undone mark (``marks``:
    those of :func:`marks`, when the caller keeps them)."""
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


def turns(
    movers: Sequence[Seat], names: Sequence[str], log: Sequence[Mapping[str, Any]], unit: str = "turn"
) -> list[dict[str, Any]]:
    """A replay's turns, ``first..last`` steps each (steps count from 1), numbered as the log numbers them
    (``turn`` of each step's first standing entry; a step without one stays in the turn before). ``unit`` is
    what the game calls them (``Game.turn_unit``): a turn is labelled with its player ("Turn 3 · Ann"), a
    MONSTRA round, where every seat acts, by its number alone ("Round 3")."""
    of_step: dict[int, int] = {}
    for entry in log:
        ply = int(entry["ply"])
        if ply >= 1 and ply not in of_step and not entry["undone"] and entry["event"]["type"] not in PLATFORM:
            of_step[ply] = int(entry["turn"])
    out: list[dict[str, Any]] = []
    for step, seat in enumerate(movers, start=1):
        n = of_step.get(step, out[-1]["turn"] if out else 1)
        if out and out[-1]["turn"] == n:
            out[-1]["last"] = step
            continue
        name = names[seat] if 0 <= seat < len(names) else seat_label(seat)
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
