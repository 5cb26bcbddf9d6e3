"""Turn clock, bot takeover and undo: tables.rated/turn_seconds/deadline, seats.bot_since, actions.undone."""

from __future__ import annotations

import sqlalchemy as sa

from monsterlair.server.storage.migrations.columns import add_columns, drop_columns, integer, moment

revision: str = "0004"
down_revision: str | None = "0003"


def upgrade() -> None:
    add_columns(
        "tables",
        sa.Column("rated", sa.Boolean(), server_default=sa.true(), nullable=False),
        sa.Column("turn_seconds", sa.Float(), nullable=True),
        moment("deadline", nullable=True),
    )
    add_columns("seats", integer("bot_since", nullable=True))
    add_columns("actions", sa.Column("undone", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    drop_columns("actions", "undone")
    drop_columns("seats", "bot_since")
    drop_columns("tables", "deadline", "turn_seconds", "rated")
