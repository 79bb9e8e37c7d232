"""The quick-match queue.

Revision ID: 0004
Revises: 0003
Created: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a table already there (a database whose alembic_version was lost, taken for one
    # from before revisions) is kept as it is
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "match_queue" not in existing:
        op.create_table(
            "match_queue",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("mode", sa.String(24), nullable=False),
            sa.Column("players", sa.Integer, nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("rating", sa.Float, nullable=False),
            sa.Column("since", sa.Float, nullable=False),
            sa.Column("bots", sa.Boolean, nullable=False),
            sa.Column("table_id", sa.String(16), nullable=True),
            sa.Column("token", sa.String(64), nullable=True),
        )


def downgrade() -> None:
    op.drop_table("match_queue")
