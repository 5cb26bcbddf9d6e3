"""Bot accounts: users owned by a person, reached with a token (only its hash is stored); bot-account seats.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_owner_id", sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column("token_hash", sa.String(length=64), nullable=True))
        batch_op.create_foreign_key(batch_op.f("fk_users_bot_owner_id_users"), "users", ["bot_owner_id"], ["id"])
        batch_op.create_unique_constraint(batch_op.f("uq_users_token_hash"), ["token_hash"])
        batch_op.create_index(batch_op.f("ix_users_bot_owner_id"), ["bot_owner_id"], unique=False)
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.add_column(sa.Column("bot_account", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_column("bot_account")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_users_bot_owner_id"))
        batch_op.drop_constraint(batch_op.f("uq_users_token_hash"), type_="unique")
        batch_op.drop_constraint(batch_op.f("fk_users_bot_owner_id_users"), type_="foreignkey")
        batch_op.drop_column("token_hash")
        batch_op.drop_column("bot_owner_id")
