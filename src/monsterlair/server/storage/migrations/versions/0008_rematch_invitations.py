"""Rematch invitations: seats.invited, a seat kept for a player of the last game until they answer."""

from __future__ import annotations

import sqlalchemy as sa

from monsterlair.server.storage.migrations.columns import add_columns, drop_columns

revision: str = "0008"
down_revision: str | None = "0007"


def upgrade() -> None:
    add_columns("seats", sa.Column("invited", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    drop_columns("seats", "invited")
