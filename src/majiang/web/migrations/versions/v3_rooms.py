"""Rooms by number (房号): each table's short number, unique among the unfinished tables (a finished
table's number is free again); null for the tables stored before."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v3"
down_revision = "v2"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("room", sa.Text, nullable=True))
    # A partial index: the number is unique where the table is still being played.
    playing = sa.text("status = 'playing'")
    op.create_index("tables_room_playing", "tables", ["room"], unique=True, sqlite_where=playing,
                    postgresql_where=playing)


def downgrade() -> None:
    op.drop_index("tables_room_playing", "tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("room")
