"""Accounts: players' names and password hashes, the server's settings (the session secret), and the
account a seat is bound to (null: a guest's seat, as every seat before this revision)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v2"
down_revision = "v1"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.Text, nullable=False),
        # The name as compared (NFKC, case-folded): ``Ann`` and ``ann`` are one account.
        sa.Column("name_key", sa.Text, nullable=False, unique=True),
        sa.Column("password", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "settings",
        sa.Column("key", sa.Text, primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("account", sa.Integer,
                                   sa.ForeignKey("accounts.id", name="players_account"), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("account")
    op.drop_table("settings")
    op.drop_table("accounts")
