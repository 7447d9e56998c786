"""Tournaments on the server: each one's ``Tournament.to_dict()`` JSON with its name, ruleset, organiser
(the account that created it, the only one who may change it) and creation time, and a version counted up
by every change, so a change made from a stale copy is refused (optimistic concurrency)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v5"
down_revision = "v4"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("organiser", sa.Integer, sa.ForeignKey("accounts.id", name="tournaments_organiser"),
                  nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("state", sa.Text, nullable=False),
    )
    op.create_index("tournaments_created", "tournaments", ["created"])


def downgrade() -> None:
    op.drop_index("tournaments_created", "tournaments")
    op.drop_table("tournaments")
