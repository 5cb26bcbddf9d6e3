"""``monsterlair replay FILE``: step through a saved record, as one seat or as a spectator.

Interactive keys (one line each): Enter or ``n`` next move, ``p`` previous, ``t`` / ``b`` the next or
previous turn (one seat's run of moves), a number jumps to the state after that move (a move the record does
not hold is answered with the moves it does), ``help`` (or ``h``, ``?``) says what each key does, ``q`` quits. Moves
are numbered as the game log numbers them (``core/moves.py``: a Monster Smash card pick counts with the
choice it ends in).
Each step is told in prose (the game's words, as the chosen seat or a spectator may see them).
``--to N`` or ``--final`` print one state and exit. ``--reveal``
shows every seat's view (all hands), allowed only for a finished game, where nothing is left to hide.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import check_step, fail, read_record, record_names
from monsterlair.cli.web_replay import DEFAULT_SERVER
from monsterlair.core.moves import move_numbers
from monsterlair.core.words import number_span, plural

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.core import Event, Game, State


class Timeline:
    """Every state of a record (clones after each action) with the events each action caused."""

    def __init__(self, game: Game, record: dict[str, Any]) -> None:
        from monsterlair.core import BadRecord, MonsterLairError

        self.game = game
        self.record = record
        game.replay(record)  # validates the whole record first, with the contract's own messages
        state = game.new(record["players"], record["seed"], record["options"])
        self.states: list[State] = [state.clone()]
        self.events: list[list[Event]] = [[]]
        self.actions: list[str] = list(record["actions"])
        for i, text in enumerate(self.actions):
            try:
                events = state.apply(state.parse_action(text))
            except MonsterLairError as exc:  # replay() accepted it, so this only guards odd games
                raise BadRecord(f"Action {i + 1} ({text!r}) cannot be replayed: {exc}") from None
            game.after_replayed_action(state, record, i)
            self.states.append(state.clone())
            self.events.append(events)
        steps = [[e.type for e in events] for events in self.events[1:]]
        self.moves: list[int] = [0, *move_numbers(steps, game.minor_events)]
        """The move of each step (index = step; 0 the start)."""

    @property
    def total(self) -> int:
        """How many moves the record holds."""
        return self.moves[-1]

    def end_of(self, move: int) -> int:
        """The step that ends ``move`` (0 for the start): the position after it."""
        return max((k for k, m in enumerate(self.moves) if m == move), default=0)

    @property
    def last(self) -> int:
        """The index of the final state (the number of actions)."""
        return len(self.actions)

    def show(self, step: int, seat: int | None, reveal: bool, console: Console) -> None:
        """The state after ``step`` actions, with the events of its move, as ``seat`` sees them (the move's
        number on its first line, as in the game log)."""
        from rich.markup import escape

        state = self.states[step]
        names = self.names
        move = self.moves[step]
        turn = self.turn_of(step)
        when = f"{self.game.turn_unit[0]} {turn}" if turn else "set-up"
        console.rule(f"Move {move} of {self.total} · {when}")
        if step == 0:
            events = self.states[0].opening_events()
        else:
            first = self.moves.index(move)
            events = [e for k in range(first, step + 1) for e in self.events[k]]
        numbered = False
        for event in events:
            if event.type in self.game.minor_events:
                continue
            seen = event.for_seat(seat, reveal_all=reveal)
            line = self.game.describe_event(seen, seat, names, state.options)
            number = "" if numbered or not move or self.game.turn_of_event(seen) is not None else move
            numbered = numbered or bool(number)
            console.print(f"  [dim]{number:>3}[/dim] {escape(line)}", highlight=False)
        if reveal:
            for s in range(state.players):
                console.print(f"[bold]{escape(names[s])} sees:[/bold]")
                console.print(self.game.render(state.view(s), s, names))
        else:
            console.print(self.game.render(state.view(seat), seat, names))
        if state.over and state.result is not None:
            console.rule("Game over")
            console.print(escape(self.game.describe_result(state.result, seat, names, state.options).plain()))
        elif state.to_move is not None and not self.game.board_names_mover:  # the reader's own move is "yours"
            console.print("Your move." if state.to_move == seat else f"{escape(names[state.to_move])} to move.")

    @property
    def names(self) -> list[str]:
        """Seat names as the game showed them: the record's ``names`` (``play --save`` writes them), else
        "Player 1", "Player 2"… (a record saved before names were, or by another tool)."""
        return record_names(self.record, self.states[0].players)

    def turn_of(self, step: int) -> int:
        """The turn a step belongs to (see :attr:`turn_numbers`)."""
        return self.turn_numbers[step]

    @property
    def turn_numbers(self) -> list[int]:
        """The turn of each step (index = step), counted as the game counts its turns where it numbers them
        in its events (``Game.turn_of_event``; as the server's log and replays count them: 0, the set-up,
        before the first), otherwise one seat's run of consecutive moves (0 before the first move)."""
        game = self.game
        opening = self.states[0].opening_events()
        steps = [opening, *self.events[1:]]
        numbered = any(game.turn_of_event(e.full()) is not None for events in steps for e in events)
        turn = 0
        for e in opening:
            turn = game.turn_of_event(e.full()) or turn
        out = [turn]
        mover: int | None = None
        for k in range(1, self.last + 1):
            if not numbered and self.states[k - 1].to_move != mover:
                turn += 1
                mover = self.states[k - 1].to_move
            out.append(turn)
            if numbered:
                for e in self.events[k]:
                    turn = game.turn_of_event(e.full()) or turn
        return out

    @property
    def turn_starts(self) -> list[bool]:
        """For each move (step 1 on), whether it starts a new turn."""
        numbers = self.turn_numbers
        return [k == 1 or numbers[k] != numbers[k - 1] for k in range(1, self.last + 1)]

    def next_turn(self, step: int, direction: int) -> int:
        """The first step of the next (``direction`` 1) or previous (-1) turn from ``step``."""
        starts = [i + 1 for i, new in enumerate(self.turn_starts) if new]
        if direction > 0:
            return next((k for k in starts if k > step), self.last)
        return next((k for k in reversed(starts) if k < step), 0)


def seat_range(players: int) -> str:
    """What ``--seat`` may be, for a game of ``players``: never "from 1 to 1"."""
    if players == 1:
        return "--seat names player 1, this game's only player."
    who = "player" if players == 2 else "a player from"  # "player 1 or 2", "a player from 1 to 4"
    return f"--seat names {who} {number_span(1, players, 'or')}."


def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by 'play --save' or the engine's 'record'.")],
    seat: Annotated[
        int | None, typer.Option(help="Show the game as this player sees it: 1 for the first (default: spectator).")
    ] = None,
    to: Annotated[int | None, typer.Option("--to", help="Print the state after move N and exit.")] = None,
    final: Annotated[bool, typer.Option("--final", help="Print the final state and exit.")] = False,
    reveal: Annotated[bool, typer.Option("--reveal", help="Show every hand (finished games only).")] = False,
    web: Annotated[
        bool, typer.Option("--web", help="Open it in a running server's web replay viewer and print the link.")
    ] = False,
    server: Annotated[
        str, typer.Option(help="The server for --web (the address 'monsterlair serve' prints).")
    ] = DEFAULT_SERVER,
) -> None:
    """Step through a saved game record."""
    from rich.console import Console

    from monsterlair.core import BadRecord

    game, record = read_record(file)
    try:
        timeline = Timeline(game, record)
    except BadRecord as exc:
        fail(str(exc))
    if web:
        from monsterlair.cli.web_replay import WebReplayError, open_on_server

        try:
            link = open_on_server(record, server)
        except WebReplayError as exc:
            fail(str(exc))
        typer.echo(f"Replay: {link}")
        return
    players = timeline.states[0].players
    if seat is not None and not 1 <= seat <= players:
        fail(seat_range(players))
    seat = None if seat is None else seat - 1  # players count from 1; seats from 0
    if reveal and not timeline.states[-1].over:
        fail("This game is not over; --reveal is only for finished games. Use --seat to see one seat's view.")
    if to is not None and final:
        fail("Give --to N or --final, not both.")
    console = Console(highlight=False)
    if final or to is not None:
        move = timeline.total if final else to
        assert move is not None
        check_step(move, timeline.total)
        timeline.show(timeline.end_of(move), seat, reveal, console)
        return
    browse(timeline, seat, reveal, console)


BROWSE_HELP = (
    "Enter or n: the next move; p: the previous move; t: the next turn; b: the previous turn; a number: the "
    "position after that move (0 is the start); help: these keys; q: quit."
)
"""What each key of the interactive stepper does (``help``)."""


def browse(timeline: Timeline, seat: int | None, reveal: bool, console: Console) -> None:
    """The interactive stepper; ends on ``q``, end of input or Ctrl-C."""
    step = 0
    echo = not sys.stdin.isatty()
    timeline.show(step, seat, reveal, console)
    while True:
        try:
            key = (
                console.input(
                    "[dim]Enter/n next, p previous, t/b next/previous turn, a number jumps, help, q quits:[/dim] "
                )
                .strip()
                .lower()
            )
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if echo:
            console.print(key, markup=False)
        if key in ("q", "quit", "exit"):
            return
        if key in ("h", "help", "?"):
            console.print(BROWSE_HELP)
            continue
        move = timeline.moves[step]
        if key in ("t", "turn"):
            step = timeline.end_of(timeline.moves[timeline.next_turn(step, 1)])
        elif key in ("b", "back"):
            step = timeline.end_of(timeline.moves[timeline.next_turn(step, -1)])
        elif key in ("", "n", "next"):
            if move == timeline.total:
                console.print("That was the last move.")
                continue
            step = timeline.end_of(move + 1)
        elif key in ("p", "prev", "previous"):
            if step == 0:
                console.print("This is the start of the game.")
                continue
            step = timeline.end_of(move - 1)
        elif key.isdigit():
            total = timeline.total
            if int(key) > total:
                held = (
                    f"the moves are {number_span(1, total)}"
                    if total > 1
                    else f"the record holds {plural(total, 'move')}"
                )
                console.print(f"[yellow]There is no move {int(key)}: {held} (0 is the start).[/yellow]")
                continue
            step = timeline.end_of(int(key))
        else:
            total = timeline.total
            moves = f"a move number from {number_span(1, total)}" if total > 1 else "the move number 1"
            keys = f"Type Enter, n, p, t, b, q, help or {moves} (0 is the start)."
            console.print(f"[yellow]{keys}[/yellow]")
            continue
        timeline.show(step, seat, reveal, console)


def register(app: typer.Typer) -> None:
    """Add ``replay`` to the app."""
    app.command("replay")(replay)
