"""``monsterlair ratings rebuild``: recompute every Elo rating from the stored finished games.

Useful after changing what counts or the formula, or to catch up on a game whose rating could not be
stored when it ended. Run it while the server is stopped: a game that ends during the rebuild would be
left out (running the rebuild again brings it in).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer

from monsterlair.cli.common import fail
from monsterlair.cli.help import HelpGroup, show_help_without_command

ratings_app = typer.Typer(
    help="Elo ratings of the online platform.", cls=HelpGroup, rich_markup_mode=None, invoke_without_command=True
)


@ratings_app.callback()
def _ratings(ctx: typer.Context) -> None:
    """Elo ratings of the online platform."""
    show_help_without_command(ctx)


@ratings_app.command("rebuild")
def rebuild_cmd(
    database_url: Annotated[
        str | None,
        typer.Option("--database-url", help="The server's database (default: SQLite in the data folder)."),
    ] = None,
    data_dir: Annotated[Path | None, typer.Option(help="The server's data folder. Env: MONSTERLAIR_DATA_DIR.")] = None,
) -> None:
    """Replay every finished game in the order they ended and replace all ratings and rating histories."""
    try:
        from monsterlair.server.accounts.ratings import rebuild
        from monsterlair.server.app import load_games
        from monsterlair.server.config import Settings
        from monsterlair.server.storage.sql import SqlStore
    except ImportError as exc:
        fail(f"Ratings need the 'server' extra: pip install 'monsterlair[server]' ({exc}).")
    overrides: dict[str, Any] = {}
    if database_url is not None:
        overrides["database_url"] = database_url
    if data_dir is not None:
        overrides["data_dir"] = data_dir
    try:
        url = Settings(**overrides).database()
    except (ValueError, OSError) as exc:
        fail(f"Bad server settings: {exc}")

    async def run() -> tuple[int, int]:
        store = SqlStore(url)
        await store.start()
        try:
            return await rebuild(store, load_games())
        finally:
            await store.close()

    tables, ratings = asyncio.run(run())
    typer.echo(f"Rebuilt {ratings} rating(s) from {tables} rated game(s).")


def register(app: typer.Typer) -> None:
    """Add ``ratings`` (with ``rebuild``) to the command."""
    app.add_typer(ratings_app, name="ratings")
