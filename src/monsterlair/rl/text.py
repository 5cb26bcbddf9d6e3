"""Text rendering for the environments: the game's own terminal rendering (``Game.render``, rich markup)."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text

from monsterlair.core import Game


def _as_text(markup: str) -> Text:
    """Rich text from the game's markup (taken literally if it is not valid markup)."""
    try:
        return Text.from_markup(markup)
    except MarkupError:
        return Text(markup)


def render_text(game: Game, view: Mapping[str, Any], seat: int | None, mode: str) -> str | None:
    """Render a view: ``"ansi"`` returns a string with ANSI colours; ``"human"`` prints it and returns ``None``."""
    text = _as_text(game.render(view, seat))
    if mode == "human":
        Console().print(text)
        return None
    buffer = io.StringIO()
    Console(file=buffer, force_terminal=True, color_system="standard", width=120).print(text)
    return buffer.getvalue()
