"""Columns, keys and batch edits the migrations spell the same way again and again.

Each helper builds exactly what the spelled-out ``sa.Column(...)`` or ``op`` call built, so a migration that
has shipped keeps producing the same schema (``tests/server/test_storage.py`` compares it with the models).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op


def create_keyed_table(name: str, *items: sa.schema.SchemaItem) -> None:
    """Create a table keyed by an auto-incremented integer ``id`` (its first column) with these columns and
    constraints."""
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        *items,
        sa.PrimaryKeyConstraint("id", name=op.f(f"pk_{name}")),
    )


def string(name: str, length: int, *, nullable: bool = False) -> sa.Column[Any]:
    """A ``VARCHAR(length)`` column."""
    return sa.Column(name, sa.String(length=length), nullable=nullable)


def integer(name: str, *, nullable: bool = False) -> sa.Column[Any]:
    """An ``INTEGER`` column."""
    return sa.Column(name, sa.Integer(), nullable=nullable)


def moment(name: str, *, nullable: bool = False) -> sa.Column[Any]:
    """A time-zone-aware ``DATETIME`` column."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def references(table: str, column: str, target: str, *, cascade: bool = False) -> sa.ForeignKeyConstraint:
    """``table.column`` refers to ``target.id``, named as the naming convention names it."""
    return sa.ForeignKeyConstraint(
        [column], [f"{target}.id"], name=op.f(f"fk_{table}_{column}_{target}"), ondelete="CASCADE" if cascade else None
    )


def add_columns(table: str, *columns: sa.Column[Any]) -> None:
    """Add columns to a table (in batch mode: SQLite copies the table)."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        for column in columns:
            batch_op.add_column(column)


def drop_columns(table: str, *names: str) -> None:
    """Drop columns of a table, in the order given (in batch mode: SQLite copies the table)."""
    with op.batch_alter_table(table, schema=None) as batch_op:
        for name in names:
            batch_op.drop_column(name)
