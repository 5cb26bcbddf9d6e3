"""The ``monsterlair`` command: one typer app, one small module per subcommand.

To add a subcommand, write ``cli/<name>.py`` with a ``register(app)`` function and add its module
name to ``SUBCOMMANDS``. Modules import games, bots and rich lazily inside their commands, so
``monsterlair engine`` starts fast and one command's dependencies never burden another.
"""

from __future__ import annotations

import importlib

import typer

app = typer.Typer(
    name="monsterlair",
    help="Play and study four monster tabletop games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

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
