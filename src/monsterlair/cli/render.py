"""``monsterlair render``: a PNG picture of a Push a Monster position (for docs and debugging).

The position is a saved record (``monsterlair render game.json --to 12``), or a new game from a seed with
optional actions played on it (``monsterlair render --seed 7 --players 3 --play "push A; push C"``).
With ``--trail``, the motion of the last push or nudge is drawn over the picture.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from monsterlair.cli.common import (
    GameOptions,
    check_step,
    fail,
    file_trouble,
    load_game,
    parse_options,
    read_record,
    writable_file,
)
from monsterlair.core.words import number_span, plural

GAME_ID = "push-a-monster"


def render(
    record: Annotated[Path | None, typer.Argument(help="A saved record (JSON) of a Push a Monster game.")] = None,
    out: Annotated[Path, typer.Option("--out", "-O", help="The PNG file to write.")] = Path("push-a-monster.png"),
    to: Annotated[int | None, typer.Option(help="Show the position after this many moves of the record.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of a new game (without a record).")] = 0,
    players: Annotated[int, typer.Option(help="Players of a new game (without a record).")] = 2,
    option: GameOptions = None,
    play: Annotated[str, typer.Option(help="Actions to play first, separated by ';'.")] = "",
    seat: Annotated[
        int | None, typer.Option(help="The player whose view is drawn: 1 for the first (default: spectator).")
    ] = None,
    scale: Annotated[float, typer.Option(help="Pixels per decimetre.", min=40, max=2000)] = 220.0,
    trail: Annotated[bool, typer.Option(help="Draw the motion of the last push or nudge.")] = False,
) -> None:
    """Write a PNG picture of a Push a Monster position."""
    from monsterlair.core import BadOptions, BadRecord, MonsterLairError

    try:
        from monsterlair.games.push_a_monster.render import write_png
    except ImportError:  # pragma: no cover - Pillow comes with the physics extra, like pymunk
        fail("Pictures need Pillow: pip install 'monsterlair[physics]'.")
    writable_file(out, "the picture")  # before any game is replayed or played
    events: list[Any] = []
    if record is not None:
        game, data = read_record(record)  # as ``replay`` reads it, with its error sentences
        if game.id != GAME_ID:
            title = load_game(GAME_ID).title
            fail(f"{record} is a record of {game.title}; only {title} positions can be drawn.")
        try:
            state = game.replay(data)  # the whole record is checked, as ``replay`` checks it
        except BadRecord as exc:
            fail(str(exc))
        if to is not None:
            check_step(to, len(data["actions"]))
            state = game.replay(data, to)
        if trail and state.history:
            before = game.replay(data, len(state.history) - 1)
            events = before.apply(state.history[-1])
    else:
        game = load_game(GAME_ID)
        try:
            state = game.new(players, seed, parse_options(option, game=game))
        except BadOptions as exc:
            fail(str(exc))
        for text in (t.strip() for t in play.split(";")):
            if not text:
                continue
            try:
                events = state.apply(state.parse_action(text))
            except MonsterLairError as exc:
                fail(f"Cannot play {text!r}: {exc}")
    if seat is not None and not 1 <= seat <= state.players:
        have = f"players {number_span(1, state.players, 'and')}" if state.players > 1 else "one player, player 1"
        fail(f"There is no player {seat}; this game has {have}.")
    seat = None if seat is None else seat - 1  # players count from 1; seats from 0
    frames = None
    if trail:
        frames = next((e.data.get("frames") for e in reversed(events) if e.type in ("push", "nudge")), None)
    try:
        path = write_png(state.view(seat), out, scale=scale, frames=frames)
    except OSError as exc:
        fail(f"Cannot write the picture to {out}: {file_trouble(exc, out)}.")
    played = len(state.history)
    when = f"after {plural(played, 'action')}" if played else "the opening position"
    typer.echo(f"Wrote {path} ({when}).")


def register(app: typer.Typer) -> None:
    """Add ``render`` to the app."""
    app.command("render")(render)
