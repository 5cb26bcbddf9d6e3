"""Helpers shared by the subcommands: option parsing, game lookup and error exits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.core import Game

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. monster-smash.")]
"""A command's game, by id (:func:`load_game` looks it up)."""

GameOptions = Annotated[list[str] | None, typer.Option("--option", "-o", help="Game option, name=value.")]
"""Game options, ``-o name=value`` as often as needed (:func:`parse_options` reads them)."""

ModeOption = Annotated[str | None, typer.Option(help="Sets the game's 'mode' option.")]
"""``--mode X``, short for ``-o mode=X`` (:func:`parse_options` refuses it for a game without modes)."""


def err_console() -> Console:
    """A console on stderr (diagnostics, progress bars), so stdout carries only results."""
    from rich.console import Console

    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = 2) -> NoReturn:
    """Print an error sentence on stderr and exit with ``code``."""
    from rich.markup import escape

    err_console().print(f"[bold red]Error:[/bold red] {escape(message)}")
    raise typer.Exit(code)


def parse_options(pairs: list[str] | None, mode: str | None = None, game: Game | None = None) -> dict[str, str]:
    """``-o name=value`` pairs (and ``--mode X``) as an options mapping; the game checks the values.

    Raises:
        typer.Exit: with a message, for a pair without ``=``, or ``--mode`` on a game without modes.
    """
    out: dict[str, str] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            fail(f"Options are given as -o name=value, not {pair!r}.")
        out[name.strip()] = value.strip()
    if mode is not None:
        if game is not None and "mode" not in game.options:
            fail(f"{game.title} has no 'mode' option; leave out --mode.")
        out["mode"] = mode
    return out


def load_game(game_id: str) -> Game:
    """The registered game, or an error exit naming the known ids."""
    from monsterlair import games
    from monsterlair.core import UnknownGame

    try:
        return games.get(game_id)
    except UnknownGame as exc:
        fail(str(exc))


def read_record(file: Path) -> tuple[Game, dict[str, Any]]:
    """A saved record (JSON) and its game, or an error exit in a sentence (``replay`` and ``render`` read
    records here). Its contents are not checked: ``Game.replay`` does that, with the contract's messages."""
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"Cannot read {file}: {exc.strerror or exc}.")
    except (ValueError, UnicodeDecodeError):
        fail(f"{file} is not a JSON record.")
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        fail(f'{file} is not a game record (it needs a "game" field).')
    return load_game(record["game"]), record


def check_step(step: int, last: int) -> None:
    """An error exit unless ``--to step`` is within a record of ``last`` actions."""
    if not 0 <= step <= last:
        fail(f"--to must be from 0 to {last} (the record has {last} actions).")
