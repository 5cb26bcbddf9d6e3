"""Initial schema: users, tables, seats, actions (the record) and events.

Revision ID: 0001
Revises:
Create Date: 2026-11-29 17:47:17.979497
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from monsterlair.server.storage.migrations.columns import create_keyed_table, integer, moment, references, string

revision: str = "0001"
down_revision: str | None = None


def upgrade() -> None:
    create_keyed_table(
        "users",
        string("name", 40),
        string("username", 40, nullable=True),
        string("password_hash", 200, nullable=True),
        moment("created_at"),
        sa.UniqueConstraint("username", name=op.f("uq_users_username")),
    )
    op.create_table(
        "tables",
        string("id", 24),
        string("game", 40),
        integer("rules_version"),
        integer("players"),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        integer("owner_id"),
        sa.Column("private", sa.Boolean(), nullable=False),
        string("invite", 40),
        string("status", 16),
        integer("state_id"),
        integer("to_move", nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("record", sa.JSON(), nullable=True),
        string("rematch_of", 24, nullable=True),
        string("rematch_id", 24, nullable=True),
        moment("created_at"),
        moment("started_at", nullable=True),
        moment("finished_at", nullable=True),
        moment("updated_at"),
        references("tables", "owner_id", "users"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_tables_status"), ["status"], unique=False)

    op.create_table(
        "actions",
        string("table_id", 24),
        integer("ply"),
        integer("seat"),
        string("text", 400),
        moment("created_at"),
        references("actions", "table_id", "tables", cascade=True),
        sa.PrimaryKeyConstraint("table_id", "ply", name=op.f("pk_actions")),
    )
    create_keyed_table(
        "events",
        string("table_id", 24),
        integer("ply"),
        integer("seat", nullable=True),
        string("type", 60),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("private", sa.JSON(), nullable=True),
        sa.Column("to", sa.JSON(), nullable=False),
        references("events", "table_id", "tables", cascade=True),
    )
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.create_index("ix_events_table_ply", ["table_id", "ply"], unique=False)

    op.create_table(
        "seats",
        string("table_id", 24),
        integer("seat"),
        integer("user_id", nullable=True),
        string("bot", 80, nullable=True),
        string("name", 40),
        references("seats", "table_id", "tables", cascade=True),
        references("seats", "user_id", "users"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
    )
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_seats_user_id"), ["user_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("seats", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_seats_user_id"))

    op.drop_table("seats")
    with op.batch_alter_table("events", schema=None) as batch_op:
        batch_op.drop_index("ix_events_table_ply")

    op.drop_table("events")
    op.drop_table("actions")
    with op.batch_alter_table("tables", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_tables_status"))

    op.drop_table("tables")
    op.drop_table("users")
