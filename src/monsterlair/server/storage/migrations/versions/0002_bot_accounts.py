"""Bot accounts: users owned by a person, reached with a token (only its hash is stored); bot-account seats."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from monsterlair.server.storage.migrations.columns import add_columns, drop_columns, integer, string

revision: str = "0002"
down_revision: str | None = "0001"


def upgrade() -> None:
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.add_column(integer("bot_owner_id", nullable=True))
        batch_op.add_column(string("token_hash", 64, nullable=True))
        batch_op.create_foreign_key(batch_op.f("fk_users_bot_owner_id_users"), "users", ["bot_owner_id"], ["id"])
        batch_op.create_unique_constraint(batch_op.f("uq_users_token_hash"), ["token_hash"])
        batch_op.create_index(batch_op.f("ix_users_bot_owner_id"), ["bot_owner_id"], unique=False)
    add_columns("seats", sa.Column("bot_account", sa.Boolean(), server_default=sa.false(), nullable=False))


def downgrade() -> None:
    drop_columns("seats", "bot_account")
    with op.batch_alter_table("users", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_users_bot_owner_id"))
        batch_op.drop_constraint(batch_op.f("uq_users_token_hash"), type_="unique")
        batch_op.drop_constraint(batch_op.f("fk_users_bot_owner_id_users"), type_="foreignkey")
        batch_op.drop_column("token_hash")
        batch_op.drop_column("bot_owner_id")
