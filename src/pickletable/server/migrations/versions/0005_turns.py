"""Whose turn it is and when a long turn clock runs out, on each table's row.

Revision ID: 0005
Revises: 0004
Created: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def _columns() -> list[sa.Column[object]]:
    return [
        sa.Column("to_move", sa.Integer, nullable=True),
        sa.Column("turn_deadline", sa.Float, nullable=True),
    ]


def upgrade() -> None:
    have = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("tables")}
    with op.batch_alter_table("tables") as batch:
        for column in _columns():
            if column.name not in have:
                batch.add_column(column)


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        for column in _columns():
            batch.drop_column(column.name)
