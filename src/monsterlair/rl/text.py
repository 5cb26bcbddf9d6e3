"""Text rendering for the environments: the game's own terminal rendering (``Game.render``, rich markup), and
once the game is over its result in the words the terminal's end screen uses (the board leaves it to them)."""

from __future__ import annotations

import io

from rich.console import Console
from rich.errors import MarkupError
from rich.text import Text

from monsterlair.core import Game, State


def _as_text(markup: str) -> Text:
    """Rich text from the game's markup (taken literally if it is not valid markup)."""
    try:
        return Text.from_markup(markup)
    except MarkupError:
        return Text(markup)


def render_text(game: Game, state: State, seat: int | None, mode: str) -> str | None:
    """Render what ``seat`` may see of ``state`` (``None``: a spectator), with the result once it is over:
    ``"ansi"`` returns a string with ANSI colours; ``"human"`` prints it and returns ``None``."""
    text = _as_text(game.render(state.view(seat), seat))
    if state.result is not None:
        text.append("\n" + game.describe_result(state.result, seat, None, state.options).plain())
    if mode == "human":
        Console().print(text)
        return None
    buffer = io.StringIO()
    Console(file=buffer, force_terminal=True, color_system="standard", width=120).print(text)
    return buffer.getvalue()
