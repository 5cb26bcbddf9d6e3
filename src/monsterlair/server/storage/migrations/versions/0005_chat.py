"""Table chat: one row per message, stored before it is announced."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from monsterlair.server.storage.migrations.columns import create_keyed_table, integer, moment, references, string

revision: str = "0005"
down_revision: str | None = "0004"


def upgrade() -> None:
    create_keyed_table(
        "chat_messages",
        string("table_id", 24),
        integer("user_id"),
        string("name", 40),
        integer("seat", nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        moment("created_at"),
        references("chat_messages", "table_id", "tables", cascade=True),
        references("chat_messages", "user_id", "users"),
    )
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.create_index("ix_chat_messages_table_id_id", ["table_id", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("chat_messages", schema=None) as batch_op:
        batch_op.drop_index("ix_chat_messages_table_id_id")
    op.drop_table("chat_messages")
