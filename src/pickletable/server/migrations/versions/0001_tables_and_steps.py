"""Tables and their steps: the schema as it stood when revisions began.

A database made before then (no ``alembic_version``) already has both
tables, perhaps without the nullable columns added to ``tables`` over
time: those are added here, once, and the database is then at this
revision like any other.

Revision ID: 0001
Revises:
Created: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _table_columns() -> list[sa.Column[object]]:
    return [
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(16), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("content", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("notes", sa.JSON, nullable=False),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("turn_seconds", sa.Integer, nullable=False),
        sa.Column("rematch_of", sa.String(16), nullable=True),
        sa.Column("rematch_id", sa.String(16), nullable=True),
        sa.Column("created", sa.String(40), nullable=False),
        sa.Column("active", sa.Float, nullable=True),
        sa.Column("made_with", sa.String(32), nullable=True),
        sa.Column("rules", sa.Integer, nullable=True),
    ]


def upgrade() -> None:
    existing = sa.inspect(op.get_bind())
    if existing.has_table("tables"):
        have = {column["name"] for column in existing.get_columns("tables")}
        with op.batch_alter_table("tables") as batch:
            for column in _table_columns():
                if column.name not in have and column.nullable:
                    batch.add_column(column)
    else:
        op.create_table("tables", *_table_columns())
    if not existing.has_table("steps"):
        op.create_table(
            "steps",
            sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
            sa.Column("index", sa.Integer, primary_key=True),
            sa.Column("by", sa.Integer, nullable=False),
            sa.Column("action", sa.Text, nullable=False),
            sa.Column("events", sa.JSON, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("steps")
    op.drop_table("tables")
