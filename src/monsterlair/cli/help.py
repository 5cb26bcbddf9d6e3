"""How every ``--help`` screen reads: option values named in words, groups that show help when run bare.

typer (0.29) prints each option's Python type as its metavar (``--port <int>``, ``--help <bool>``,
``--option -o <list[str]>``), which is noise to a person. :class:`HelpGroup`, the ``cls`` of the app and of
every sub-app, words them instead (``TEXT``, ``INTEGER``, ``NUMBER``, ``PATH``; nothing for a flag) wherever a
command gives no ``metavar`` of its own, and lists commands with their whole summaries.

The app and its sub-apps use click's plain help layout (``rich_markup_mode=None``): rich's option table gives
the help text a third of an 80-column screen and cuts any longer word (``postgresql+asyncp…``, an environment
variable's name) with an ellipsis, where the plain layout wraps and never cuts.

A group run without a command shows its help and exits 0, as ``monsterlair`` itself does
(:func:`show_help_without_command`).
"""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperArgument, TyperGroup

_WORDS = {
    "str": "TEXT",
    "list[str]": "TEXT",
    "int": "INTEGER",
    "int range": "INTEGER",
    "float": "NUMBER",
    "float range": "NUMBER",
    "path": "PATH",
    "file": "PATH",
    "directory": "FOLDER",
}


def word_metavar(param: Any, ctx: typer.Context) -> None:
    """Give ``param`` a metavar in words, unless it has one: none for a flag, ``TEXT``, ``INTEGER``, ``NUMBER`` or
    ``PATH`` for a value, a choice's values as they are."""
    if isinstance(param, TyperArgument):
        # An argument shows its name (GAME) and no type ("GAME <str>"), and reads GAME, not {GAME}, in the usage
        # line (click's way: brackets only round an optional one).
        name = param.metavar or param.name.upper()
        shown = name if param.required else f"[{name}]"
        usage = shown + ("..." if param.nargs != 1 else "")
        param.display_type_rich = lambda ctx: None  # type: ignore[method-assign]
        param._usage_display_name = lambda: usage  # type: ignore[method-assign]
        return
    if getattr(param, "metavar", None) is not None or not hasattr(param, "display_type"):
        return
    if getattr(param, "is_flag", False) or getattr(param, "count", False):
        param.metavar = ""
        return
    shown = str(param.display_type(ctx)).strip("<>")
    param.metavar = _WORDS.get(shown, shown.upper() if shown.isidentifier() else shown)


class HelpGroup(TyperGroup):
    """A typer group whose help screens, and its commands', word option values (see the module)."""

    def get_params(self, ctx: Any) -> Any:
        params = super().get_params(ctx)
        for param in params:
            word_metavar(param, ctx)
        return params

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            for param in command.get_params(ctx):
                word_metavar(param, ctx)
        return command

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        """The commands with their whole summaries, wrapped (click cuts each at one line with "...")."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit=10_000)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def show_help_without_command(ctx: typer.Context) -> None:
    """In a group's callback: with no command given, print the group's help and exit 0."""
    if ctx.invoked_subcommand is None:
        typer.echo(ctx.get_help())
        raise typer.Exit(0)
