"""Ratings: each user's Elo rating per game, and every rating change per finished table."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from monsterlair.server.storage.migrations.columns import create_keyed_table, integer, moment, references, string

revision: str = "0003"
down_revision: str | None = "0002"


def upgrade() -> None:
    op.create_table(
        "ratings",
        integer("user_id"),
        string("game", 40),
        sa.Column("rating", sa.Float(), nullable=False),
        integer("games"),
        integer("wins"),
        integer("draws"),
        integer("losses"),
        sa.Column("best", sa.Float(), nullable=False),
        moment("last_played", nullable=True),
        references("ratings", "user_id", "users", cascade=True),
        sa.PrimaryKeyConstraint("user_id", "game", name=op.f("pk_ratings")),
    )
    with op.batch_alter_table("ratings", schema=None) as batch_op:
        batch_op.create_index("ix_ratings_game_rating", ["game", "rating"], unique=False)

    create_keyed_table(
        "rating_history",
        string("table_id", 24),
        integer("user_id"),
        string("game", 40),
        integer("seat"),
        integer("rank"),
        string("outcome", 8),
        sa.Column("before", sa.Float(), nullable=False),
        sa.Column("after", sa.Float(), nullable=False),
        moment("finished_at", nullable=True),
        references("rating_history", "table_id", "tables", cascade=True),
        references("rating_history", "user_id", "users", cascade=True),
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
