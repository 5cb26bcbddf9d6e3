"""Helpers shared by the subcommands: option parsing, game lookup and error exits."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

if TYPE_CHECKING:
    from rich.console import Console

    from monsterlair.core import Game

GameArgument = Annotated[str, typer.Argument(metavar="GAME", help="Game id, e.g. monster-smash.")]
"""A command's game, by id (:func:`load_game` looks it up)."""

GameOptions = Annotated[
    list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE", help="Game option (as often as needed).")
]
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


def file_trouble(exc: OSError, path: Path) -> str:
    """Why ``path`` could not be read or written, in a player's words (no errno codes or numbers)."""
    code = exc.errno
    if code == errno.ENOENT:
        return "there is no such file"
    if code == errno.EISDIR:
        return "it is a folder, not a file"
    if code in (errno.ENOTDIR, errno.EEXIST):  # a file where a folder should be (EEXIST: from mkdir)
        blocking = next((p for p in reversed(path.parents) if p.is_file()), None)
        if blocking is not None:
            return f"{blocking} is a file, not a folder"
        if code == errno.ENOTDIR:
            return "part of the path is not a folder"
    if code in (errno.EACCES, errno.EPERM):
        return "permission denied"
    if code == errno.EROFS:
        return "the disk is read-only"
    if code == errno.ENOSPC:
        return "the disk is full"
    return (exc.strerror or "the system refused it").rstrip(".").lower()


def writable_file(path: Path, what: str = "the file") -> Path:
    """``path``, checked before any work is done: its missing folders are created (as ``sim --records`` creates
    its folder), and it must not be a folder nor lie under a file. An error exit in a sentence otherwise, so a
    command never plays a whole game only to find it cannot save it."""
    if path.is_dir():
        fail(f"Cannot write {what} to {path}: it is a folder; name a file in it.")
    blocking = next((p for p in reversed(path.parents) if p.exists() and not p.is_dir()), None)
    if blocking is not None:
        fail(f"Cannot write {what} to {path}: {blocking} is a file, not a folder.")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(f"Cannot create the folder {path.parent} for {what}: {file_trouble(exc, path.parent)}.")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        fail(f"Cannot write {what} to {path}: permission denied.")
    return path


def read_record(file: Path) -> tuple[Game, dict[str, Any]]:
    """A saved record (JSON) and its game, or an error exit in a sentence (``replay`` and ``render`` read
    records here). Its contents are not checked: ``Game.replay`` does that, with the contract's messages."""
    try:
        record = json.loads(file.read_text(encoding="utf-8"))
    except OSError as exc:
        fail(f"Cannot read {file}: {file_trouble(exc, file)}.")
    except (ValueError, UnicodeDecodeError):
        fail(f"{file} is not a JSON record.")
    if not isinstance(record, dict) or not isinstance(record.get("game"), str):
        fail(f'{file} is not a game record (it needs a "game" field).')
    if "actions" in record and not isinstance(record["actions"], list):
        # A sim summary names its game too, and counts its actions by kind: it is no game's list of moves.
        fail(
            f"{file} is not a game record (it holds no list of moves); records are saved by 'play --save', "
            "'sim --records' and the engine's 'record'."
        )
    return load_game(record["game"]), record


def record_names(record: dict[str, Any], players: int) -> list[str]:
    """The players' names a record keeps (its optional ``names``, one per seat, as ``play --save`` writes
    them); "Player 1", "Player 2"… where it keeps none or not one name per seat."""
    from monsterlair.core.words import seat_label

    names = record.get("names")
    if isinstance(names, list) and len(names) == players and all(isinstance(n, str) and n.strip() for n in names):
        return [n.strip() for n in names]
    return [seat_label(s) for s in range(players)]


def check_step(step: int, last: int) -> None:
    """An error exit unless ``--to step`` is within a game of ``last`` moves (as the log numbers them)."""
    from monsterlair.core.words import plural

    if not 0 <= step <= last:
        fail(f"--to must be from 0 to {last} (the game has {plural(last, 'move')}).")
