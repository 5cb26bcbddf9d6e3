"""Tutorial tables: tables.tutorial, so a tutorial stays one however its table is opened again."""

from __future__ import annotations

import sqlalchemy as sa

from monsterlair.server.storage.migrations.columns import add_columns, drop_columns

revision: str = "0007"
down_revision: str | None = "0006"


def upgrade() -> None:
    add_columns("tables", sa.Column("tutorial", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    drop_columns("tables", "tutorial")
