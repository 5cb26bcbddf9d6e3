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
from dataclasses import KW_ONLY, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from monsterlair.cli.common import (
    GameArgument,
    GameOptions,
    ModeOption,
    fail,
    file_trouble,
    load_game,
    parse_options,
    writable_file,
)
from monsterlair.core.moves import MoveNumbers, tells
from monsterlair.core.words import hand_cards, join_words, number_span, plural

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.bots.base import Bot
    from monsterlair.core import Event, Game, Rng, State

HUMAN = "human"
HELP = (
    "Type the number of an action or its text (for example '1' or the text shown after the number).\n"
    "Other commands: 'log' shows the whole game log as you may see it, 'board' shows the board again,\n"
    "'menu' the choices again, 'help' shows this, 'quit' abandons the game."
)


def seat_names(seats: list[str]) -> list[str]:
    """The players' names: "Player n" for people (counted from 1), a distinct monster name for each bot."""
    from monsterlair.bots.seat_names import bot_name

    names: list[str] = []
    for i, kind in enumerate(seats):
        names.append(f"Player {i + 1}" if kind == HUMAN else bot_name(kind, i, names))
    return names


CHOICE_HELP = (
    "Type a card's number to pick it; type it again to pick it back. Several at once: '1 4 5'.\n"
    "'done' confirms the picked cards, 'clear' picks them all back, 'log' shows the game log,\n"
    "'board' shows the board again, 'quit' abandons the game."
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
    move: int = 0
    """The move number as players count moves (``core/moves.py``: a card pick counts with the choice it ends
    in); 0 for what the game shows as it opens."""


@dataclass(eq=False)
class PlaySession:
    """One game in the terminal. IO goes through ``console`` and ``read`` so tests can drive it."""

    game: Game
    state: State
    seats: list[str]
    bots: dict[int, Bot]
    bot_rngs: dict[int, Rng]
    console: Console
    _: KW_ONLY
    echo_input: bool = False

    def __post_init__(self) -> None:
        self.humans = [s for s, kind in enumerate(self.seats) if kind == HUMAN]
        self.names = seat_names(self.seats)
        self.log: list[LogEntry] = []
        self.moves = MoveNumbers()
        self.seen = dict.fromkeys(range(len(self.seats)), 0)
        self.at_keyboard: int | None = self.humans[0] if len(self.humans) == 1 else None

    # --- text helpers ----------------------------------------------------------------------------
    def label(self, seat: int, reader: int | None) -> str:
        """How a seat is named to ``reader``: its name, "(you)" added for the reader."""
        return f"{self.names[seat]} (you)" if seat == reader else self.names[seat]

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

    def ask(self, prompt: str) -> str | None:
        """A last question, after the game (``None``: no answer). Piped input is read first and the question
        shown only with the line that answers it, so a run with nothing to read (``< /dev/null``) ends
        without a question nobody can answer; at a terminal, ending the input ends the line too."""
        if not self.echo_input:
            try:
                return self.read(prompt)
            except Abandoned:
                self.console.print()
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        answer = line.rstrip("\r\n")
        self.console.print(prompt + answer, markup=False, highlight=False)
        return answer

    def show_entries(self, entries: list[LogEntry], reader: int | None, *, reveal_all: bool = False) -> None:
        """Log lines for ``entries`` as ``reader`` may see them, each move's number on its first line (as in
        the browser's log: the opening before move 1, and turn headings, carry none)."""
        from rich.markup import escape

        numbered = 0
        for entry in entries:
            for event in entry.events:
                if event.type in self.game.minor_events:
                    continue  # a single pick: the sentence for the whole choice follows
                seen = event.for_seat(reader, reveal_all=reveal_all)
                line = self.game.describe_event(seen, reader, self.names, self.state.options)
                heading = self.game.turn_of_event(seen) is not None
                number = "" if heading or entry.move in (0, numbered) else entry.move
                if number:
                    numbered = entry.move
                self.console.print(f"  [dim]{number:>3}[/dim] {escape(line)}", highlight=False)

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
        self.console.print(self.game.render(self.state.view(seat), seat, self.names))

    # --- turns -----------------------------------------------------------------------------------
    def run(self) -> None:
        """Play to the end."""
        from rich.markup import escape

        self.console.print(
            f"[bold]{escape(self.game.title)}[/bold] — {plural(self.state.players, 'player')}: "
            + ", ".join(escape(self.label(s, self.at_keyboard)) for s in range(self.state.players))
        )
        if not self.humans:
            self.console.print("No human seats: watching the bots play.")
        opening = self.state.opening_events()
        if opening:
            self.log.append(LogEntry(-1, "", list(opening), 0))
            self.show_entries(self.log[-1:], self.at_keyboard)
            for human in self.humans:
                self.seen[human] = len(self.log) if len(self.humans) == 1 else 0
        while not self.state.over:
            seat = self.state.to_move
            assert seat is not None
            if seat in self.bots:
                self.bot_turn(seat)
            else:
                self.human_turn(seat)

    def record_entry(self, seat: int, action: Any, events: list[Event]) -> LogEntry:
        told = tells((e.type for e in events), self.game.minor_events)
        entry = LogEntry(seat, str(action), list(events), self.moves.note(len(self.state.history), told))
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
        self.read(f"Pass the keyboard to {self.names[seat]}, then press Enter. ")
        self.console.clear()
        self.at_keyboard = seat

    def human_turn(self, seat: int) -> None:
        self.hand_over(seat)
        self.catch_up(seat)
        self.console.rule(f"{self.names[seat]} — your move")
        self.show_board(seat)
        if self.game.card_choice(self.state) is not None:
            self.choose_cards(seat)
            return
        actions = list(self.state.legal_actions())
        self.show_menu(actions)
        while True:
            text = self.read("Your choice (number or action; 'help' for help): ").strip()
            if not text:
                continue
            word = text.lower()
            if word in ("help", "?"):
                self.console.print(HELP, markup=False)
                if self.game.help_text():
                    self.console.print(self.game.help_text(), markup=False)
                continue
            if word == "log":
                self.show_entries(self.log, seat)
                continue
            if word == "board":
                self.show_board(seat)
                continue
            if word == "menu":
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

    def numbered(self, actions: list[Any]) -> list[tuple[int, Any]]:
        """The menu's numbers: the game's stable ones (``Game.menu_number``) or positions from 1."""
        stable = [self.game.menu_number(self.state, a) for a in actions]
        if all(n is not None for n in stable) and len(set(stable)) == len(stable):
            return [(n, a) for n, a in zip(stable, actions, strict=True) if n is not None]
        return list(enumerate(actions, 1))

    def show_menu(self, actions: list[Any]) -> None:
        """The choices, one per line, or grouped on shared lines where the game groups them."""
        from rich.markup import escape

        numbered = self.numbered(actions)
        width = len(str(max((n for n, _ in numbered), default=1)))
        rows: dict[str, list[str]] = {}
        for n, action in numbered:
            label = self.game.action_label(self.state, action, self.names)
            group = self.game.menu_group(self.state, action, label)
            if group is None:
                rows[f"{n}"] = [f"  [cyan]{n:>{width}}[/cyan]. {escape(label)}"]
            else:
                rows.setdefault(f"group:{group[0]}", [f"  {escape(group[0])}:"]).append(
                    f" [cyan]{n:>{width}}[/cyan]) {escape(group[1])}"
                )
        for parts in rows.values():
            self.console.print(parts[0] + "".join(parts[1:]), highlight=False)

    # --- a choice of several cards ----------------------------------------------------------------
    def choose_cards(self, seat: int) -> None:
        """Pick cards in any order and pick them back, then send the choice whole (``Game.card_choice``)."""
        chosen: set[int] = set()
        others = [a for a in self.state.legal_actions() if str(a).split(" ")[0] not in ("burn", "play", "done")]
        self.show_choice(chosen, others)
        while True:
            typed = self.read("Card numbers to pick or pick back, 'done' to confirm ('help' for help): ").strip()
            word = typed.lower()
            if word in ("help", "?"):
                self.console.print(CHOICE_HELP, markup=False)
            elif word == "log":
                self.show_entries(self.log, seat)
            elif word in ("board", "clear"):
                if word == "board":
                    self.show_board(seat)
                else:
                    chosen.clear()
                self.show_choice(chosen, others)
            elif word in ("quit", "exit"):
                raise Abandoned("You left the game", 1)
            elif word and all(part.isdigit() for part in word.replace(",", " ").split()):
                if self.toggle(chosen, [int(part) for part in word.replace(",", " ").split()]):
                    self.show_choice(chosen, others)
            elif word:
                texts = self.choice_texts(typed, chosen, others)
                if texts:
                    for t in texts:
                        action = self.state.parse_action(t)
                        self.record_entry(seat, action, self.state.apply(action))
                    self.show_entries(self.log[-len(texts) :], seat)
                    self.seen[seat] = len(self.log)
                    return

    def toggle(self, chosen: set[int], numbers: list[int]) -> bool:
        """Pick or pick back the hand cards ``numbers``; False (after a message) for a number not in the hand."""
        choice = self.game.card_choice(self.state)
        size = len(choice[1]) if choice is not None else 0
        bad = [n for n in numbers if not 1 <= n <= size]
        if bad:
            self.console.print(f"[yellow]{hand_cards(size)}; there is no card {bad[0]}.[/yellow]")
            return False
        refused: list[int] = []
        problem = ""
        for n in numbers:
            if n in chosen:
                chosen.discard(n)
                continue
            why = self.game.card_choice_problem(self.state, sorted(chosen | {n}))
            if why is None:
                chosen.add(n)
            else:
                refused.append(n)
                problem = why
        if refused and choice is not None:
            from rich.markup import escape

            names = [choice[1][n - 1] for n in refused]
            with_picked = " with the cards picked" if chosen else ""
            self.console.print(
                f"[yellow]Not picked: {escape(join_words(names))} cannot make a legal choice{with_picked}. "
                f"{escape(problem)}[/yellow]"
            )
        return True

    def choice_texts(self, typed: str, chosen: set[int], others: list[Any]) -> list[str]:
        """The actions to send for ``done`` or another listed word; empty (after a message) otherwise: why
        not now, for an action the game knows ("attack Tumble" while burning)."""
        from rich.markup import escape

        from monsterlair.core import MonsterLairError

        word = typed.lower()
        if word in ("done", "d"):
            try:
                return self.game.choose_cards(self.state, sorted(chosen))
            except MonsterLairError as exc:
                self.console.print(f"[yellow]{escape(str(exc))} Nothing was played.[/yellow]")
                return []
        for action in others:
            if word in (str(action), self.game.action_label(self.state, action, self.names).lower()):
                return [str(action)]
        why = self.game.refusal(self.state, typed, self.names)
        if why is not None:
            self.console.print(f"[yellow]{escape(why)}[/yellow]")
        self.console.print("[yellow]Type card numbers, 'done', 'clear', or one of the words listed.[/yellow]")
        return []

    def show_choice(self, chosen: set[int], others: list[Any]) -> None:
        """The hand with the cards picked so far marked, and the other choices."""
        from rich.markup import escape

        from monsterlair.core import MonsterLairError

        choice = self.game.card_choice(self.state)
        assert choice is not None
        purpose, cards = choice
        self.console.print(f"[bold]Choose cards {escape(purpose)}[/bold] (any order; a number again picks it back):")
        width = len(str(len(cards)))
        for i, card in enumerate(cards, 1):
            mark = "[green]\\[x][/green]" if i in chosen else "\\[ ]"
            self.console.print(f"  [cyan]{i:>{width}}[/cyan]. {mark} {escape(card)}", highlight=False)
        picked = ", ".join(cards[i - 1] for i in sorted(chosen)) or "nothing yet"
        try:
            texts = self.game.choose_cards(self.state, sorted(chosen))
            then = " Type [bold]done[/bold] to confirm."
        except MonsterLairError as exc:  # not a whole choice yet: say what it still needs, no "done"
            texts, then = [], f" Pick more cards: {escape(str(exc))}" if chosen else ""
        if not chosen and texts and texts[-1] != "done":  # done with nothing picked passes: say what that does
            does = escape(self.plain_label(self.state.parse_action(texts[-1])))
            also = escape(texts[-1])
            self.console.print(f"  Nothing picked yet: type [bold]done[/bold] or [bold]{also}[/bold] for “{does}”.")
            others = [a for a in others if str(a) not in texts]  # the same move under its own word: said once
        else:
            self.console.print(f"  Picked: {escape(picked)}.{then}")
        for action in others:
            does = escape(self.plain_label(action))
            self.console.print(f"  Or type [bold]{escape(str(action))}[/bold] for “{does}”.")

    def plain_label(self, action: Any) -> str:
        """An action's menu phrase without its typed word in front: "burn no cards" for "Pass: burn no cards"."""
        label = self.game.action_label(self.state, action, self.names)
        typed = str(action)
        if label.lower().startswith(f"{typed.lower()}: "):  # "Pass: burn no cards" after "Or type pass"
            label = label[len(typed) + 2 :]
        return label

    def pick(self, text: str, actions: list[Any]) -> Any | None:
        """The action ``text`` names (menu number, menu phrase, action text, or the start of one menu phrase
        only, such as 'attack Tumble'), or ``None`` after a message. The action text is read as the game's
        notation (so 'attack 1' is the notation's, not the menu's, number)."""
        from rich.markup import escape

        from monsterlair.core import MonsterLairError, NotLegalNow

        if text.isdigit():
            number = int(text)
            numbered = dict(self.numbered(actions))
            if number in numbered:
                return numbered[number]
            low, high = min(numbered), max(numbered)
            # A range only where every number in it is a choice (a menu of places can skip numbers).
            if len(numbered) == 1:
                which = f"the only choice is {low}"
            elif len(numbered) == high - low + 1:
                which = (
                    f"pick {number_span(low, high, 'or')}"
                    if high == low + 1
                    else f"pick one of the numbers {low} to {high}"
                )
            else:
                which = f"the menu's numbers run from {low} to {high}, with gaps"
            self.console.print(f"[yellow]There is no choice {number}; {which}.[/yellow]")
            return None
        wanted = " ".join(text.lower().split())
        said = [self.game.action_label(self.state, a, self.names) for a in actions]  # the menu's lines
        labels = [" ".join(label.lower().split()) for label in said]
        for action, label in zip(actions, labels, strict=True):
            if wanted in (self.game.describe_action(action).strip().lower(), label):
                return action
        try:
            return self.state.parse_action(text)
        except MonsterLairError as exc:
            starting = [a for a, label in zip(actions, labels, strict=True) if label.startswith(wanted)]
            if len(starting) == 1:
                return starting[0]
            why = self.game.refusal(self.state, text, self.names)  # a known action, not now: why
            if why is None:
                hint = self.menu_hint(text, actions, said)  # a menu phrase with a bad value: what is wrong
                if hint is not None:
                    why = f"'{text.strip()}' is not one of your choices. {hint}"
                else:  # the contract's refusal without its legal list, which is in the notation's words
                    why = exc.reason if isinstance(exc, NotLegalNow) else str(exc)
            self.console.print(f"[yellow]{escape(why)}[/yellow]")
            self.console.print(
                "[yellow]Type a number from the menu or the choice as the menu words it, or 'help'.[/yellow]"
            )
            return None

    def menu_hint(self, text: str, actions: list[Any], labels: list[str]) -> str | None:
        """For a phrase worded as the menu words its choices but naming none of them: the words no menu line
        of that kind has, and which menu numbers start so, with an example ("No choice in the menu has 'rumble
        rhino' or '4'. Choices 1 to 18 start with 'Play', for example 'Play Crag Troll to space 1 face up'.");
        ``None`` when no menu line starts with the phrase's first word. ``labels``: the actions' menu phrases
        (``Game.action_label``), in the same order."""
        typed = [w.strip(".,:;()") for w in text.lower().split()]
        lines = [(n, label) for (n, _), label in zip(self.numbered(actions), labels, strict=True)]
        alike = [(n, label) for n, label in lines if label.lower().split()[:1] == typed[:1]]
        if not typed or not alike:
            return None
        known = {w.strip(".,:;()") for _, label in alike for w in label.lower().split()}
        unknown: list[list[str]] = []  # runs of typed words that no such menu line has
        for i, word in enumerate(typed):
            if word in known:
                continue
            if unknown and i > 0 and typed[i - 1] == unknown[-1][-1] and typed[i - 1] not in known:
                unknown[-1].append(word)
            else:
                unknown.append([word])
        numbers = [n for n, _ in alike]
        low, high = min(numbers), max(numbers)
        if high - low + 1 == len(numbers):
            which = f"Choices {number_span(low, high, 'and')} start"
        else:  # a menu of places can skip numbers
            which = (
                f"Choices {join_words(str(n) for n in numbers)} start" if len(numbers) <= 6 else "Some choices start"
            )
        quoted = join_words((f"'{' '.join(run)}'" for run in unknown), "or")
        what = f"No choice in the menu has {quoted}." if unknown else "The menu has no such choice."
        if len(numbers) == 1:
            return f"{what} Choice {low} reads '{alike[0][1]}'."
        head, example = alike[0][1].split()[0], alike[0][1]
        return f"{what} {which} with '{head}', for example '{example}'."

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
        words = self.game.describe_result(result, reader, self.names, self.state.options)
        self.console.print(f"[bold]{escape(words.headline)}[/bold]")
        for line in words.lines:
            self.console.print(escape(line))
        # Each score already names its unit ("3 knockouts scored"), so its column is headed "score"; the
        # notes ("winner", "out 2nd") get a column only when some player has one.
        notes = [words.note(st) for st in words.standings]
        table = Table(title="Result")
        for column in ("place", "player", "score", *(("outcome",) if any(notes) else ())):
            table.add_column(column)
        for st, note in zip(words.standings, notes, strict=True):
            who = f"{st.name} (you)" if st.you else st.name
            table.add_row(words.place(st), escape(who), escape(st.score_text), *((note,) if any(notes) else ()))
        self.console.print(table)
        if result.capped:
            self.console.print("[yellow]The game was cut short by a safety cap, not ended by the rules.[/yellow]")
        self.console.print(f"Seed {self.state.seed} (play it again with --seed {self.state.seed}).")


def save_record(state: State, path: Path, console: Console, names: list[str] | None = None) -> bool:
    """Write the record as JSON, with the players' names shown during play (``names``, read back by
    ``replay``); report (never raise) a file error."""
    from rich.markup import escape

    try:
        path.parent.mkdir(parents=True, exist_ok=True)  # as --save does before the game
        record = state.record()
        if names is not None:
            record["names"] = list(names)
        path.write_text(json.dumps(record, indent=1, allow_nan=False) + "\n", encoding="utf-8")
    except OSError as exc:
        console.print(
            f"[red]Could not save the record to {escape(str(path))}: {escape(file_trouble(exc, path))}.[/red]"
        )
        return False
    console.print(f"Record saved to {escape(str(path))} (watch it with: monsterlair replay {escape(str(path))}).")
    return True


def play(
    game_id: GameArgument,
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    seats: Annotated[
        str | None,
        typer.Option(help="Comma-separated seat list: human or a bot spec (greedy, ismcts:seconds=1, ...)."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed for a reproducible game.")] = None,
    option: GameOptions = None,
    mode: ModeOption = None,
    save: Annotated[Path | None, typer.Option(help="Save the game's record (JSON) to this file.")] = None,
) -> None:
    """Play a game in the terminal against bots, or hot-seat with friends (default: you in seat 1, greedy bots in the
    others; who moves first is up to the game's rules)."""
    from rich.console import Console

    from monsterlair import bots as bot_registry
    from monsterlair.core import BadOptions, Rng, fresh_seed
    from monsterlair.sim.runner import derive_seed

    game = load_game(game_id)
    options = parse_options(option, mode, game)
    if save is not None:
        writable_file(save, "the record")  # before the game, not after it
    try:  # a bot's spec may hold commas of its own: ismcts:seconds=1,c=0.5
        seat_list = bot_registry.split_specs(seats) if seats else None
    except bot_registry.BadBotOptions as exc:
        fail(f"--seats: {exc}")
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
                bots[s].check_table(game, n, state.options)
            except bot_registry.UnknownBot as exc:  # its sentence already names the known bots
                fail(f"Seat {s + 1}: {exc} A seat can also be 'human'.")
            except (ValueError, TypeError, KeyError) as exc:
                fail(f"Seat {s + 1}: {exc} Bots: {', '.join(bot_registry.names())}, or human.")
    rngs = {s: Rng(derive_seed(seed, 1000 + s)) for s in bots}
    console = Console(highlight=False)
    session = PlaySession(game, state, seat_list, bots, rngs, console, echo_input=not sys.stdin.isatty())
    try:
        try:
            session.run()
        except KeyboardInterrupt:  # Ctrl-C while a bot thinks
            raise Abandoned("Interrupted", 130) from None
    except Abandoned as exc:
        console.print(f"\n{exc.why}: the game is abandoned after {plural(session.moves.count, 'move')}.")
        if save is not None:
            save_record(state, save, console, session.names)
        raise typer.Exit(exc.code) from None
    session.finish()
    if save is not None:
        save_record(state, save, console, session.names)
        return
    answer = (session.ask("Save the record? Type a file name, or press Enter to skip: ") or "").strip()
    if answer:
        save_record(state, Path(answer).expanduser(), console, session.names)


def register(app: typer.Typer) -> None:
    """Add ``play`` to the app."""
    app.command("play")(play)
