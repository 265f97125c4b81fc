"""The schema when migrations began (issue 35)

Tables games, seats, fairness, decisions, time_limits and chat. A database made before then has
no alembic_version: it has all of these tables, or (a file from before some of them existed)
some, each with today's columns (tables were only ever added, by `create_all`). This revision
creates the tables it lacks and leaves the others as they are, so such a database ends at this
revision like a new one.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[tuple[str, list]]:
    """Each table's columns and constraints, frozen here (store.py's models may change after)."""
    return [
        (
            "games",
            [
                sa.Column("id", sa.String(32), primary_key=True),
                sa.Column("game", sa.String(64), nullable=False),
                sa.Column("options", sa.JSON(), nullable=False),
                sa.Column("seed", sa.Integer(), nullable=False),
                sa.Column("seats", sa.Integer(), nullable=False),
                sa.Column("hotseat", sa.Boolean(), nullable=False),
                sa.Column("table_token_hash", sa.String(64), nullable=True),
                sa.Column("status", sa.String(16), nullable=False),
                sa.Column("created", sa.DateTime(timezone=True), nullable=False),
            ],
        ),
        (
            "seats",
            [
                sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
                sa.Column("seat", sa.Integer(), primary_key=True),
                sa.Column("kind", sa.String(64), nullable=False),
                sa.Column("token_hash", sa.String(64), nullable=True),
            ],
        ),
        (
            "fairness",
            [
                sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
                sa.Column("salt", sa.String(64), nullable=False),
                sa.Column("commitment", sa.String(64), nullable=False),
                sa.Column("practice", sa.Boolean(), nullable=False),
            ],
        ),
        (
            "decisions",
            [
                sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
                sa.Column("idx", sa.Integer(), primary_key=True),
                sa.Column("seat", sa.Integer(), nullable=False),
                sa.Column("option_id", sa.String(200), nullable=False),
            ],
        ),
        (
            "time_limits",
            [
                sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
                sa.Column("seconds", sa.Integer(), nullable=False),
            ],
        ),
        (
            "chat",
            [
                sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
                sa.Column("idx", sa.Integer(), primary_key=True),
                sa.Column("seat", sa.Integer(), nullable=False),
                sa.Column("text", sa.String(400), nullable=False),
                sa.Column("at", sa.DateTime(timezone=True), nullable=False),
            ],
        ),
    ]


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    for name, columns in _tables():
        if name not in existing:
            op.create_table(name, *columns)


def downgrade() -> None:
    for name, _ in reversed(_tables()):
        op.drop_table(name)
