"""no_spectators table, games.client column (issue 35)

`no_spectators`: a game created with `spectators: false` (its spectator link is off).
`games.client`: a keyed hash of the creator's address, for the per-client bot limits
(server/bot_pool.py); NULL for games made before it.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-28 11:28:04.450803
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "no_spectators",
        sa.Column("game_id", sa.String(length=32), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
        ),
        sa.PrimaryKeyConstraint("game_id"),
    )
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.add_column(sa.Column("client", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games", schema=None) as batch_op:
        batch_op.drop_column("client")

    op.drop_table("no_spectators")
