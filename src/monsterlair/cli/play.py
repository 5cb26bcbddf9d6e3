"""``monsterlair play``: a full game in the terminal, humans and bots, through the game contract only.

Several human seats play hot-seat: before each human turn the screen is cleared and the next player
is asked to take the keyboard, so nobody sees a hand that is not theirs. Every human sees the board
through ``game.render(view, seat)`` of their own seat, and the game log through events redacted for
that seat (``Event.for_seat``) and phrased by ``game.describe_event``. Input is a menu number or an
action's text; anything else gets a message and a new prompt. The command also works with piped
input (each line answers one prompt), which is how its tests drive it.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import fail, load_game, parse_options

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.bots.base import Bot
    from monsterlair.core import Event, Game, Rng, State

HUMAN = "human"
HELP = (
    "Type the number of an action or its text (for example '1' or the text shown after the number).\n"
    "Other commands: 'log' shows the whole game log as you may see it, 'board' shows the board again,\n"
    "'help' shows this, 'quit' abandons the game."
)


class Abandoned(Exception):
    """The players left (end of input, Ctrl-C or 'quit')."""

    def __init__(self, why: str, code: int) -> None:
        super().__init__(why)
        self.why = why
        self.code = code


@dataclass(slots=True)
class LogEntry:
    """One decision: who made it, the action's text, and the events it caused."""

    seat: int
    action: str
    events: list[Event] = field(default_factory=list)


class PlaySession:
    """One game in the terminal. IO goes through ``console`` and ``read`` so tests can drive it."""

    def __init__(
        self,
        game: Game,
        state: State,
        seats: list[str],
        bots: dict[int, Bot],
        bot_rngs: dict[int, Rng],
        console: Console,
        *,
        echo_input: bool = False,
    ) -> None:
        self.game = game
        self.state = state
        self.seats = seats
        self.bots = bots
        self.bot_rngs = bot_rngs
        self.console = console
        self.echo_input = echo_input
        self.humans = [s for s, kind in enumerate(seats) if kind == HUMAN]
        self.log: list[LogEntry] = []
        self.seen = dict.fromkeys(range(len(seats)), 0)
        self.at_keyboard: int | None = self.humans[0] if len(self.humans) == 1 else None

    # --- text helpers ----------------------------------------------------------------------------
    def label(self, seat: int, reader: int | None) -> str:
        """How a seat is named to ``reader``."""
        if seat == reader and self.seats[seat] == HUMAN:
            return f"Seat {seat} (you)"
        if self.seats[seat] == HUMAN:
            return f"Seat {seat} (human)"
        return f"Seat {seat} ({self.seats[seat]})"

    def read(self, prompt: str) -> str:
        """One line of input; end of input and Ctrl-C abandon the game."""
        try:
            text = self.console.input(prompt)
        except EOFError:
            raise Abandoned("Input ended", 1) from None
        except KeyboardInterrupt:
            raise Abandoned("Interrupted", 130) from None
        if self.echo_input:
            self.console.print(text, markup=False, highlight=False)
        return text

    def show_entries(self, entries: list[LogEntry], reader: int | None, *, reveal_all: bool = False) -> None:
        """Log lines for ``entries`` as ``reader`` may see them."""
        from rich.markup import escape

        for entry in entries:
            self.console.print(f"[bold]{escape(self.label(entry.seat, reader))}[/bold]: {escape(entry.action)}")
            for event in entry.events:
                line = self.game.describe_event(event.for_seat(reader, reveal_all=reveal_all))
                self.console.print(f"    {escape(line)}", highlight=False)

    def catch_up(self, seat: int | None) -> None:
        """Show ``seat`` the log entries it has not seen yet (all of them public or its own)."""
        if seat is None:
            return
        fresh = self.log[self.seen[seat] :]
        if fresh:
            self.console.rule("since your last turn" if self.seen[seat] else "so far")
            self.show_entries(fresh, seat)
        self.seen[seat] = len(self.log)

    def show_board(self, seat: int | None) -> None:
        """The game rendered from ``seat``'s view."""
        self.console.print(self.game.render(self.state.view(seat), seat))

    # --- turns -----------------------------------------------------------------------------------
    def run(self) -> None:
        """Play to the end."""
        from rich.markup import escape

        self.console.print(
            f"[bold]{escape(self.game.title)}[/bold] — {self.state.players} players: "
            + ", ".join(escape(self.label(s, self.at_keyboard)) for s in range(self.state.players))
        )
        if not self.humans:
            self.console.print("No human seats: watching the bots play.")
        while not self.state.over:
            seat = self.state.to_move
            assert seat is not None
            if seat in self.bots:
                self.bot_turn(seat)
            else:
                self.human_turn(seat)

    def record_entry(self, seat: int, action: Any, events: list[Event]) -> LogEntry:
        entry = LogEntry(seat, str(action), list(events))
        self.log.append(entry)
        return entry

    def bot_turn(self, seat: int) -> None:
        from monsterlair.core import Perspective

        action = self.bots[seat].choose(Perspective(self.state, seat), self.bot_rngs[seat])
        events = self.state.apply(action)
        entry = self.record_entry(seat, action, events)
        if len(self.humans) == 1:
            human = self.humans[0]
            self.show_entries([entry], human)
            self.seen[human] = len(self.log)
        else:  # watching bots, or hot-seat: only what everyone may see is printed in passing
            self.show_entries([entry], None)

    def hand_over(self, seat: int) -> None:
        """Hot-seat: hide the screen until the player of ``seat`` has the keyboard."""
        if len(self.humans) < 2 or self.at_keyboard == seat:
            return
        self.console.clear()
        self.read(f"Pass the keyboard to seat {seat}, then press Enter. ")
        self.console.clear()
        self.at_keyboard = seat

    def human_turn(self, seat: int) -> None:
        self.hand_over(seat)
        self.catch_up(seat)
        self.console.rule(f"Seat {seat} — your turn")
        self.show_board(seat)
        actions = list(self.state.legal_actions())
        self.show_menu(actions)
        while True:
            text = self.read("Your choice (number or action; 'help' for help): ").strip()
            if not text:
                continue
            word = text.lower()
            if word in ("help", "?"):
                self.console.print(HELP, markup=False)
                continue
            if word == "log":
                self.show_entries(self.log, seat)
                continue
            if word == "board":
                self.show_board(seat)
                self.show_menu(actions)
                continue
            if word in ("quit", "exit"):
                raise Abandoned("You left the game", 1)
            action = self.pick(text, actions)
            if action is None:
                continue
            events = self.state.apply(action)
            entry = self.record_entry(seat, action, events)
            self.show_entries([entry], seat)
            self.seen[seat] = len(self.log)
            return

    def show_menu(self, actions: list[Any]) -> None:
        from rich.markup import escape

        width = len(str(len(actions)))
        for i, action in enumerate(actions, 1):
            text = str(action)
            phrase = self.game.describe_action(action)
            extra = f"  [dim]({escape(text)})[/dim]" if phrase != text else ""
            self.console.print(f"  [cyan]{i:>{width}}[/cyan]. {escape(phrase)}{extra}", highlight=False)

    def pick(self, text: str, actions: list[Any]) -> Any | None:
        """The action ``text`` names (menu number, action text or menu phrase), or ``None`` after a message."""
        from rich.markup import escape

        from monsterlair.core import MonsterLairError

        if text.isdigit():
            number = int(text)
            if 1 <= number <= len(actions):
                return actions[number - 1]
            self.console.print(f"[yellow]There is no choice {number}; pick 1 to {len(actions)}.[/yellow]")
            return None
        for action in actions:
            if self.game.describe_action(action).strip().lower() == text.lower():
                return action
        try:
            return self.state.parse_action(text)
        except MonsterLairError as exc:
            self.console.print(f"[yellow]{escape(str(exc))}[/yellow]")
            self.console.print("[yellow]Type a number from the menu, or 'help'.[/yellow]")
            return None

    # --- the end ---------------------------------------------------------------------------------
    def finish(self) -> None:
        """The end screen: the last moves, the final board and the result."""
        from rich.markup import escape
        from rich.table import Table

        reader = self.humans[0] if len(self.humans) == 1 else None
        if reader is not None:
            self.catch_up(reader)
        self.console.rule("Game over")
        self.show_board(reader)
        result = self.state.result
        assert result is not None
        table = Table(title="Result")
        for column in ("seat", "player", "rank", "score", ""):
            table.add_column(column)
        for s in range(self.state.players):
            kind = "you" if s == reader else self.seats[s]
            won = "winner" if s in result.winners else ""
            score = f"{result.scores[s]:g}" if s < len(result.scores) else ""
            rank = str(result.ranks[s]) if s < len(result.ranks) else ""
            table.add_row(str(s), escape(kind), rank, score, won)
        self.console.print(table)
        if result.everyone_lost:
            verdict = "Everyone lost."
        elif not result.winners:
            verdict = "No winner: a draw."
        else:
            names = ", ".join(self.label(s, reader) for s in result.winners)
            verdict = f"Won by {names}."
        self.console.print(f"{escape(verdict)} Ended by: {escape(result.termination)}.")
        if result.capped:
            self.console.print("[yellow]The game was cut short by a safety cap, not ended by the rules.[/yellow]")
        self.console.print(f"Seed {self.state.seed} (play it again with --seed {self.state.seed}).")


def save_record(state: State, path: Path, console: Console) -> bool:
    """Write the record as JSON; report (never raise) a file error."""
    from rich.markup import escape

    try:
        path.write_text(json.dumps(state.record(), indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        console.print(
            f"[red]Could not save the record to {escape(str(path))}: {escape(exc.strerror or str(exc))}[/red]"
        )
        return False
    console.print(f"Record saved to {escape(str(path))} (watch it with: monsterlair replay {escape(str(path))}).")
    return True


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. monster-smash.")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated seat list: human or a bot spec (greedy, ismcts:seconds=1, ...)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible game.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option, name=value.")] = None,
    mode: Annotated[str | None, typer.Option(help="Sets the game's 'mode' option.")] = None,
    save: Annotated[Path | None, typer.Option(help="Save the game's record (JSON) to this file.")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends (default: you in seat 0, greedy bots)."""
    from rich.console import Console

    from monsterlair import bots as bot_registry
    from monsterlair.core import BadOptions, Rng, fresh_seed
    from monsterlair.sim.runner import derive_seed

    game = load_game(game_id)
    options = parse_options(option, mode, game)
    seat_list = [s.strip() for s in seats.split(",")] if seats else None
    if seat_list is not None and any(not s for s in seat_list):
        fail("--seats has an empty entry; write for example --seats human,greedy.")
    n = players if players is not None else (len(seat_list) if seat_list else game.default_players(options))
    if seat_list is None:
        seat_list = [HUMAN] + ["greedy"] * (n - 1)
    if len(seat_list) != n:
        fail(f"--seats names {len(seat_list)} seats but the game has {n} players; name one per seat.")
    seat_list = [HUMAN if s.lower() == HUMAN else s for s in seat_list]
    if seed is None:
        seed = fresh_seed()
    try:
        state = game.new(n, seed, options)
    except BadOptions as exc:
        fail(str(exc))
    bots: dict[int, Bot] = {}
    for s, spec in enumerate(seat_list):
        if spec != HUMAN:
            try:
                bots[s] = bot_registry.from_spec(spec)
            except (ValueError, TypeError, KeyError) as exc:
                fail(f"Seat {s}: {exc} Bots: {', '.join(bot_registry.names())}, or human.")
    rngs = {s: Rng(derive_seed(seed, 1000 + s)) for s in bots}
    console = Console(highlight=False)
    session = PlaySession(game, state, seat_list, bots, rngs, console, echo_input=not sys.stdin.isatty())
    try:
        try:
            session.run()
        except KeyboardInterrupt:  # Ctrl-C while a bot thinks
            raise Abandoned("Interrupted", 130) from None
    except Abandoned as exc:
        console.print(f"\n{exc.why}: the game is abandoned after {len(state.history)} moves.")
        if save is not None:
            save_record(state, save, console)
        raise typer.Exit(exc.code) from None
    session.finish()
    if save is not None:
        save_record(state, save, console)
        return
    try:
        answer = session.read("Save the record? Type a file name, or press Enter to skip: ").strip()
    except Abandoned:
        return
    if answer:
        save_record(state, Path(answer).expanduser(), console)


def register(app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command("play")(play)
