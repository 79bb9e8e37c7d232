"""Ratings: rated tables, the once-only result of each, ratings and their changes.

Revision ID: 0003
Revises: 0002
Created: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a table already there (a database whose alembic_version was lost, taken for one
    # from before revisions) is kept as it is
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "rated_tables" not in existing:
        op.create_table(
            "rated_tables",
            sa.Column("table_id", sa.String(16), primary_key=True),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("mode", sa.String(24), nullable=False),
            sa.Column("requested", sa.Float, nullable=False),
        )
    if "rating_results" not in existing:
        op.create_table(
            "rating_results",
            sa.Column("table_id", sa.String(16), primary_key=True),
            sa.Column("rated", sa.Boolean, nullable=False),
            sa.Column("finished", sa.Float, nullable=False),
        )
    if "ratings" not in existing:
        op.create_table(
            "ratings",
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("game", sa.String(16), primary_key=True),
            sa.Column("mode", sa.String(24), primary_key=True),
            sa.Column("mu", sa.Float, nullable=False),
            sa.Column("sigma", sa.Float, nullable=False),
            sa.Column("games", sa.Integer, nullable=False),
        )
    if "rating_changes" not in existing:
        op.create_table(
            "rating_changes",
            sa.Column("table_id", sa.String(16), primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), primary_key=True),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("game", sa.String(16), nullable=False),
            sa.Column("mode", sa.String(24), nullable=False),
            sa.Column("result", sa.String(8), nullable=False),
            sa.Column("place", sa.Integer, nullable=False),
            sa.Column("mu_before", sa.Float, nullable=False),
            sa.Column("sigma_before", sa.Float, nullable=False),
            sa.Column("mu_after", sa.Float, nullable=False),
            sa.Column("sigma_after", sa.Float, nullable=False),
            sa.Column("finished", sa.Float, nullable=False),
        )
        op.create_index("ix_rating_changes_user_id", "rating_changes", ["user_id"])


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_table("ratings")
    op.drop_table("rating_results")
    op.drop_table("rated_tables")
