"""Turn clock, bot takeover and undo: tables.rated/turn_seconds/deadline, seats.bot_since, actions.undone.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.add_column(sa.Column("rated", sa.Boolean(), server_default=sa.true(), nullable=False))
        batch_op.add_column(sa.Column("turn_seconds", sa.Float(), nullable=True))
        batch_op.add_column(sa.Column("deadline", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_since", sa.Integer(), nullable=True))
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.add_column(sa.Column("undone", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("actions", schema=None) as batch_op:
        batch_op.drop_column("undone")
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("bot_since")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_column("deadline")
        batch_op.drop_column("turn_seconds")
        batch_op.drop_column("rated")
