"""The ladder and the drills: whether a table is rated (null before this revision: not), each player's
ladder entry per ruleset (accounts and the rated bots), the rated games booked (one row per player and
game: a table is rated once), drill questions asked, the answers and goals of accounts."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v4"
down_revision = "v3"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Integer, nullable=True))
    op.create_table(
        "ladder",
        sa.Column("rules", sa.Text, nullable=False),
        # the ladder's key of the player: "account:ID" (seats are bound to ids) or "bot:NAME"
        sa.Column("player", sa.Text, nullable=False),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="ladder_account")),
        sa.Column("bot", sa.Text),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("grade", sa.Integer, nullable=False),
        sa.Column("pro_dan", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float),
        sa.Column("sigma", sa.Float),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("places", sa.Text, nullable=False),
        sa.PrimaryKeyConstraint("rules", "player"),
    )
    op.create_table(
        "ladder_games",
        sa.Column("table_id", sa.Text, sa.ForeignKey("tables.id", name="ladder_games_table"), nullable=False),
        sa.Column("player", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("award", sa.Integer, nullable=False),
        sa.Column("points", sa.Integer, nullable=False),
        sa.Column("grade_before", sa.Integer, nullable=False),
        sa.Column("grade_after", sa.Integer, nullable=False),
        sa.Column("mu", sa.Float),
        sa.Column("sigma", sa.Float),
        sa.PrimaryKeyConstraint("table_id", "player"),
    )
    op.create_index("ladder_games_player", "ladder_games", ["rules", "player"])
    op.create_table(
        "drill_questions",
        sa.Column("id", sa.Text, primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_questions_account")),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("answered", sa.Float),
    )
    op.create_table(
        "drill_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_answers_account"),
                  nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("drill", sa.Text, nullable=False),
        sa.Column("rules", sa.Text, nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("correct", sa.Integer, nullable=False),
        sa.Column("source", sa.Text, nullable=False),
    )
    op.create_index("drill_answers_account", "drill_answers", ["account"])
    op.create_table(
        "drill_goals",
        sa.Column("account", sa.Integer, sa.ForeignKey("accounts.id", name="drill_goals_account"),
                  nullable=False),
        sa.Column("drill", sa.Text, nullable=False),
        sa.Column("target", sa.Float, nullable=False),
        sa.Column("by_date", sa.Text),
        sa.PrimaryKeyConstraint("account", "drill"),
    )


def downgrade() -> None:
    op.drop_table("drill_goals")
    op.drop_index("drill_answers_account", "drill_answers")
    op.drop_table("drill_answers")
    op.drop_table("drill_questions")
    op.drop_index("ladder_games_player", "ladder_games")
    op.drop_table("ladder_games")
    op.drop_table("ladder")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("rated")
