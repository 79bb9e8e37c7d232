"""The moves taken back at a table (undo at casual web tables): a JSON list per table.

Each entry is what a record's ``meta.undone`` keeps of one undo (`core.undo.undo_note`):
who asked, the step taken back from, and the moves that went. NULL (an older row) reads
as none.

Revision ID: 0006
Revises: 0005
Created: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    have = {column["name"] for column in sa.inspect(op.get_bind()).get_columns("tables")}
    if "undone" not in have:
        with op.batch_alter_table("tables") as batch:
            batch.add_column(sa.Column("undone", sa.JSON, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("undone")
