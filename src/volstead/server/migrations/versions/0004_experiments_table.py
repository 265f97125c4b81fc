"""experiments table: the workbench's experiments (issue 38)

Each row is one experiment: two card sets of a game (the built-in one or saved variants) played by
the same bots from the same seeds in `volstead sim` subprocesses, its queue status and progress,
and the folder of its runs and comparison. `client` (a keyed hash of the address) holds each
client to its limits and lists its experiments.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28 23:40:00
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "experiments",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("client", sa.String(length=64), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("base_set", sa.String(length=16), nullable=False),
        sa.Column("variant_id", sa.String(length=16), nullable=False),
        sa.Column("labels", sa.JSON(), nullable=False),
        sa.Column("config", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(length=16), nullable=False),
        sa.Column("done_games", sa.Integer(), nullable=False),
        sa.Column("total_games", sa.Integer(), nullable=False),
        sa.Column("message", sa.String(length=300), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("started", sa.DateTime(timezone=True), nullable=True),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=True),
        sa.Column("folder", sa.String(length=1000), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    with op.batch_alter_table("experiments", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_experiments_client"), ["client"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("experiments", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_experiments_client"))
    op.drop_table("experiments")
