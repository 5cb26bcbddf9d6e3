"""``monsterlair replay FILE``: step through a saved record, as one seat or as a spectator.

Interactive keys (one line each): Enter or ``n`` next, ``p`` previous, a number jumps to the state
after that many actions, ``q`` quits. ``--to N`` or ``--final`` print one state and exit. ``--reveal``
shows every seat's view (all hands), allowed only for a finished game, where nothing is left to hide.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import fail, load_game

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

    @property
    def last(self) -> int:
        """The index of the final state (the number of actions)."""
        return len(self.actions)

    def show(self, step: int, seat: int | None, reveal: bool, console: Console) -> None:
        """The state after ``step`` actions, with the events of the last action, as ``seat`` sees them."""
        from rich.markup import escape

        state = self.states[step]
        console.rule(f"After {step} of {self.last} actions")
        if step > 0:
            mover = self.states[step - 1].to_move
            console.print(f"[bold]Seat {mover}[/bold]: {escape(self.actions[step - 1])}")
            for event in self.events[step]:
                line = self.game.describe_event(event.for_seat(seat, reveal_all=reveal))
                console.print(f"    {escape(line)}", highlight=False)
        if reveal:
            for s in range(state.players):
                console.print(f"[bold]Seat {s} sees:[/bold]")
                console.print(self.game.render(state.view(s), s))
        else:
            console.print(self.game.render(state.view(seat), seat))
        if state.over and state.result is not None:
            result = state.result
            winners = ", ".join(f"seat {w}" for w in result.winners) or (
                "nobody (everyone lost)" if result.everyone_lost else "nobody (a draw)"
            )
            capped = " (cut by a safety cap)" if result.capped else ""
            console.print(f"Game over: won by {winners}; ended by {escape(result.termination)}{capped}.")
            console.print(f"Scores: {', '.join(f'{x:g}' for x in result.scores)}.")
        elif state.to_move is not None:
            console.print(f"Seat {state.to_move} to move.")


def replay(
    file: Annotated[Path, typer.Argument(help="A record saved by 'play --save' or the engine's 'record'.")],
    seat: Annotated[int | None, typer.Option(help="Show the game as this seat sees it (default: spectator).")] = None,
    to: Annotated[int | None, typer.Option("--to", help="Print the state after N actions and exit.")] = None,
    final: Annotated[bool, typer.Option("--final", help="Print the final state and exit.")] = False,
    reveal: Annotated[bool, typer.Option("--reveal", help="Show every hand (finished games only).")] = False,
) -> None:
    """Step through a saved game record."""
    from rich.console import Console

    from monsterlair.core import BadRecord

    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"Cannot read {file}: {exc.strerror or exc}.")
    except (ValueError, UnicodeDecodeError):
        fail(f"{file} is not a JSON record.")
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        fail(f'{file} is not a game record (it needs a "game" field).')
    game = load_game(record["game"])
    try:
        timeline = Timeline(game, record)
    except BadRecord as exc:
        fail(str(exc))
    players = timeline.states[0].players
    if seat is not None and not 0 <= seat < players:
        fail(f"--seat must be from 0 to {players - 1}.")
    if reveal and not timeline.states[-1].over:
        fail("This game is not over; --reveal is only for finished games. Use --seat to see one seat's view.")
    if to is not None and final:
        fail("Give --to N or --final, not both.")
    console = Console(highlight=False)
    if final or to is not None:
        step = timeline.last if final else to
        assert step is not None
        if not 0 <= step <= timeline.last:
            fail(f"--to must be from 0 to {timeline.last} (the record has {timeline.last} actions).")
        timeline.show(step, seat, reveal, console)
        return
    browse(timeline, seat, reveal, console)


def browse(timeline: Timeline, seat: int | None, reveal: bool, console: Console) -> None:
    """The interactive stepper; ends on ``q``, end of input or Ctrl-C."""
    step = 0
    echo = not sys.stdin.isatty()
    timeline.show(step, seat, reveal, console)
    while True:
        try:
            key = console.input("[dim]Enter/n next, p previous, a number jumps, q quits:[/dim] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            console.print()
            return
        if echo:
            console.print(key, markup=False)
        if key in ("q", "quit", "exit"):
            return
        if key in ("", "n", "next"):
            if step == timeline.last:
                console.print("That was the last action.")
                continue
            step += 1
        elif key in ("p", "prev", "previous"):
            if step == 0:
                console.print("This is the start of the game.")
                continue
            step -= 1
        elif key.isdigit() and int(key) <= timeline.last:
            step = int(key)
        else:
            console.print(f"[yellow]Type Enter, n, p, q or a number from 0 to {timeline.last}.[/yellow]")
            continue
        timeline.show(step, seat, reveal, console)


def register(app: typer.Typer) -> None:
    """Add ``replay`` to the app."""
    app.command("replay")(replay)
