"""variants table: a designer's saved card sets (the workbench, issue 38)

Each row is a whole card set: every file of the game's set as its TOML text, with a name unique
in its game, a note, an author and the digest of the embedded set it was made from.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-28 21:23:17.856659
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "variants",
        sa.Column("id", sa.String(length=16), nullable=False),
        sa.Column("game", sa.String(length=64), nullable=False),
        sa.Column("name", sa.String(length=80), nullable=False),
        sa.Column("note", sa.String(length=2000), nullable=False),
        sa.Column("author", sa.String(length=80), nullable=False),
        sa.Column("files", sa.JSON(), nullable=False),
        sa.Column("base_digest", sa.String(length=64), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("game", "name"),
    )


def downgrade() -> None:
    op.drop_table("variants")
