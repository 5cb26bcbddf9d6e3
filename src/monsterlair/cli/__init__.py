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
    help="Play and study four monster tabletop games: play, engine, replay, sim, bench.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

SUBCOMMANDS = ("play", "engine_cmd", "replay", "sim", "bench", "serve", "render", "ratings")
"""Modules under ``monsterlair.cli`` that each register one or more subcommands."""

for _name in SUBCOMMANDS:
    importlib.import_module(f"monsterlair.cli.{_name}").register(app)


def main() -> None:
    """The console script's entry point."""
    app()


__all__ = ["app", "main"]
