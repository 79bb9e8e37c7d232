"""Finished post-game reviews, one row per (table, seat) (`server.review_store`).

Each row holds one seat's review as JSON with the seed, the budget and the pickletable
version that made it, so a restarted server or another worker answers it without
weighing the moves again.

Revision ID: 0007
Revises: 0006
Created: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    if "reviews" in sa.inspect(op.get_bind()).get_table_names():
        return
    op.create_table(
        "reviews",
        sa.Column("table_id", sa.String(16), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("seed", sa.Integer, nullable=False),
        sa.Column("budget", sa.Integer, nullable=False),
        sa.Column("made_with", sa.String(32), nullable=False),
        sa.Column("review", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
