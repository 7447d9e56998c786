"""The first revision: the schema of the databases written before migrations (tables, players, actions,
records, imports).

A database written by the code before migrations has these tables but no ``alembic_version``: this
revision then adds only the columns that database may lack (those that code added when it opened an
older file: ``tables.salt``, ``tables.practice``, ``players.invite``), and keeps every row.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "v1"
down_revision = None
branch_labels = None
depends_on = None

_TABLES: dict[str, Callable[[], list[sa.schema.SchemaItem]]] = {
    "tables": lambda: [
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.Text, nullable=False, server_default="playing"),
        sa.Column("salt", sa.Text),
        sa.Column("practice", sa.Integer),
    ],
    "players": lambda: [
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("player", sa.Integer, nullable=False),
        sa.Column("kind", sa.Text, nullable=False),
        sa.Column("bot", sa.Text),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("token", sa.Text),
        sa.Column("invite", sa.Text),
        sa.PrimaryKeyConstraint("table_id", "player"),
    ],
    "actions": lambda: [
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("n", sa.Integer, nullable=False),
        sa.Column("hand", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("table_id", "n"),
    ],
    "records": lambda: [
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("record", sa.Text, nullable=False),
    ],
    "imports": lambda: [
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("format", sa.Text, nullable=False),
        sa.Column("name", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    ],
}


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    have = set(inspector.get_table_names())
    for name, parts in _TABLES.items():
        if name not in have:
            op.create_table(name, *parts())
            continue
        # A database from before migrations: only columns can be missing (nullable ones, by design).
        present = {column["name"] for column in inspector.get_columns(name)}
        for part in parts():
            if isinstance(part, sa.Column) and part.name not in present:
                op.add_column(name, part)


def downgrade() -> None:
    for name in reversed(list(_TABLES)):
        op.drop_table(name)
