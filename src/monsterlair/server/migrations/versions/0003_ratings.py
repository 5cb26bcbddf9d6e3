"""Ratings: each user's Elo rating per game, and every rating change per finished table.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02 10:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("best", sa.Float(), nullable=False),
        sa.Column("last_played", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_ratings_user_id_users"), ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_ratings")),
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index("ix_ratings_game_rating", ["game", "rating"], unique=False)

    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.String(length=24), nullable=False),
        sa.Column("user_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(length=40), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("rank", sa.Integer(), nullable=False),
        sa.Column("outcome", sa.String(length=8), nullable=False),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["tables.id"], name=op.f("fk_rating_history_table_id_tables"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["users.id"], name=op.f("fk_rating_history_user_id_users"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
        sa.UniqueConstraint("table_id", "user_id", name="uq_rating_history_table_user"),
    )
    with op.batch_alter_table("rating_history", schema=None) as batch_op:
        batch_op.create_index("ix_rating_history_user_game", ["user_id", "game", "id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("rating_history", schema=None) as batch_op:
        batch_op.drop_index("ix_rating_history_user_game")
    op.drop_table("rating_history")
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.drop_index("ix_ratings_game_rating")
    op.drop_table("ratings")
