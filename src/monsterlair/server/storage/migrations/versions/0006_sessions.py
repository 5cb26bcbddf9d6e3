"""Server-side sessions: one row per signed-in browser, so a session can be listed, revoked and expired."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from monsterlair.server.storage.migrations.columns import create_keyed_table, integer, moment, references, string

revision: str = "0006"
down_revision: str | None = "0005"


def upgrade() -> None:
    create_keyed_table(
        "sessions",
        string("token_hash", 64),
        integer("user_id"),
        moment("created_at"),
        moment("last_seen"),
        string("agent", 200),
        references("sessions", "user_id", "users", cascade=True),
        sa.UniqueConstraint("token_hash", name=op.f("uq_sessions_token_hash")),
    )
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_sessions_user_id"), ["user_id"], unique=False)
        batch_op.create_index(batch_op.f("ix_sessions_last_seen"), ["last_seen"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("sessions", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_sessions_last_seen"))
        batch_op.drop_index(batch_op.f("ix_sessions_user_id"))
    op.drop_table("sessions")
