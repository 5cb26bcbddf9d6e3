"""Alembic environment for the Monster Lair server.

The server runs migrations itself at start, handing its own connection in ``config.attributes``.
Run by hand (``alembic -x url=... upgrade head`` with a config whose script_location is this
folder), it opens its own async engine from ``sqlalchemy.url``.
"""

from __future__ import annotations

import asyncio

from alembic import context
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import create_async_engine

from monsterlair.server.storage.models import Base

config = context.config
target_metadata = Base.metadata


def _configure(connection: Connection) -> None:
    # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead.
    context.configure(connection=connection, target_metadata=target_metadata, render_as_batch=True, compare_type=True)
    with context.begin_transaction():
        context.run_migrations()


def run_offline() -> None:
    """Emit SQL without a database."""
    context.configure(
        url=config.get_main_option("sqlalchemy.url"),
        target_metadata=target_metadata,
        literal_binds=True,
        render_as_batch=True,
    )
    with context.begin_transaction():
        context.run_migrations()


async def _run_async(url: str) -> None:
    engine = create_async_engine(url)
    async with engine.begin() as conn:
        await conn.run_sync(_configure)
    await engine.dispose()


def run_online() -> None:
    """Migrate through the given connection, or one opened from the configured URL."""
    connection = config.attributes.get("connection")
    if connection is not None:
        _configure(connection)
        return
    url = config.get_main_option("sqlalchemy.url") or ""
    asyncio.run(_run_async(url))


if context.is_offline_mode():
    run_offline()
else:
    run_online()
