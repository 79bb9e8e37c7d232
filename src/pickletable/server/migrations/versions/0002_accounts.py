"""Accounts: users, their sessions, and the seats they hold.

Revision ID: 0002
Revises: 0001
Created: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a table already there (a database whose alembic_version was lost, taken for one
    # from before revisions) is kept as it is
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "users" not in existing:
        op.create_table(
            "users",
            sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("name", sa.String(24), nullable=True),
            sa.Column("name_key", sa.String(24), nullable=True, unique=True),
            sa.Column("password_hash", sa.String(200), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("deleted", sa.Boolean, nullable=False),
        )
    if "user_sessions" not in existing:
        op.create_table(
            "user_sessions",
            sa.Column("token_hash", sa.String(64), primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
            sa.Column("csrf", sa.String(64), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("seen", sa.Float, nullable=False),
        )
        op.create_index("ix_user_sessions_user_id", "user_sessions", ["user_id"])
    if "account_seats" not in existing:
        op.create_table(
            "account_seats",
            sa.Column("table_id", sa.String(16), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id"), nullable=False),
        )
        op.create_index("ix_account_seats_user_id", "account_seats", ["user_id"])


def downgrade() -> None:
    op.drop_table("account_seats")
    op.drop_table("user_sessions")
    op.drop_table("users")
