"""Helpers shared by the subcommands: option parsing, game lookup and error exits."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, NoReturn

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
