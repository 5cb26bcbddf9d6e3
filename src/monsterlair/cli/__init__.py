"""The ``monsterlair`` command: one typer app, one small module per subcommand.

To add a subcommand, write ``cli/<name>.py`` with a ``register(app)`` function and add its module
name to ``SUBCOMMANDS``. Modules import games, bots and rich lazily inside their commands, so
``monsterlair engine`` starts fast and one command's dependencies never burden another.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer

from monsterlair.cli.help import HelpGroup, show_help_without_command

app = typer.Typer(
    name="monsterlair",
    help="Play and study four monster tabletop games.",
    cls=HelpGroup,
    rich_markup_mode=None,
    invoke_without_command=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _print_version(value: bool) -> None:
    if value:
        from monsterlair import __version__

        typer.echo(f"monsterlair {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_print_version, help="Show the version and exit."),
    ] = False,
) -> None:
    """Without a command: the help (exit status 0)."""
    show_help_without_command(ctx)


SUBCOMMANDS = ("play", "engine_cmd", "replay", "sim", "bench", "serve", "render", "ratings")
"""Modules under ``monsterlair.cli`` that each register one or more subcommands."""

for _name in SUBCOMMANDS:
    importlib.import_module(f"monsterlair.cli.{_name}").register(app)


def command_names(typer_app: typer.Typer) -> list[str]:
    """The subcommands registered on ``typer_app``, in the order they were added (commands, then groups)."""
    names = [c.name or (c.callback.__name__ if c.callback else "") for c in typer_app.registered_commands]
    for group in typer_app.registered_groups:
        names.append(group.name or (group.typer_instance.info.name if group.typer_instance else None) or "")
    return [n for n in names if n]


app.info.help = f"Play and study four monster tabletop games: {', '.join(command_names(app))}."


def main() -> None:
    """The console script's entry point."""
    app()


__all__ = ["app", "main"]
