"""Schema migrations (server/migrations/, Alembic): a database made before them is taken up and
its games resume; the revisions, run from empty, make exactly the schema of store.py's models (a
model changed without its revision fails here); a later revision upgrades an older database; a
database newer than the code is refused. On SQLite and, where DATABASE_URL names one (CI starts
it), on a fresh database of a real PostgreSQL server."""

from __future__ import annotations

import dataclasses
import secrets
import shutil

import pytest
from server_helpers import human_turn, pick, postgres_url
from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    inspect,
    make_url,
    select,
    text,
)

from volstead.engine.errors import VolsteadError
from volstead.server import migrations
from volstead.server.store import Base, Store


def legacy_metadata() -> MetaData:
    """The schema as store.py made it before migrations (create_all, no alembic_version), frozen
    here: what a database made by that code holds."""
    md = MetaData()
    Table(
        "games",
        md,
        Column("id", String(32), primary_key=True),
        Column("game", String(64), nullable=False),
        Column("options", JSON, nullable=False),
        Column("seed", Integer, nullable=False),
        Column("seats", Integer, nullable=False),
        Column("hotseat", Boolean, nullable=False),
        Column("table_token_hash", String(64), nullable=True),
        Column("status", String(16), nullable=False),
        Column("created", DateTime(timezone=True), nullable=False),
    )
    Table(
        "seats",
        md,
        Column("game_id", ForeignKey("games.id"), primary_key=True),
        Column("seat", Integer, primary_key=True),
        Column("kind", String(64), nullable=False),
        Column("token_hash", String(64), nullable=True),
    )
    Table(
        "fairness",
        md,
        Column("game_id", ForeignKey("games.id"), primary_key=True),
        Column("salt", String(64), nullable=False),
        Column("commitment", String(64), nullable=False),
        Column("practice", Boolean, nullable=False),
    )
    Table(
        "decisions",
        md,
        Column("game_id", ForeignKey("games.id"), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("option_id", String(200), nullable=False),
    )
    Table(
        "time_limits",
        md,
        Column("game_id", ForeignKey("games.id"), primary_key=True),
        Column("seconds", Integer, nullable=False),
    )
    Table(
        "chat",
        md,
        Column("game_id", ForeignKey("games.id"), primary_key=True),
        Column("idx", Integer, primary_key=True),
        Column("seat", Integer, nullable=False),
        Column("text", String(400), nullable=False),
        Column("at", DateTime(timezone=True), nullable=False),
    )
    return md


LEGACY = legacy_metadata()


def backends():
    return [
        pytest.param("sqlite", id="sqlite"),
        pytest.param(
            "postgres",
            id="postgresql",
            marks=pytest.mark.skipif(
                not postgres_url(), reason="DATABASE_URL is not set (.ci/run starts a PostgreSQL server and sets it)"
            ),
        ),
    ]


@pytest.fixture(params=backends())
def empty_url(request, tmp_path):
    """The URL of an empty database: a new SQLite file, or a new database on the PostgreSQL server
    (dropped after; the server's shared test database already has the tables)."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'empty.db'}"
        return
    server = create_engine(postgres_url(), isolation_level="AUTOCOMMIT")
    name = f"volstead_migration_{secrets.token_hex(4)}"
    with server.connect() as c:
        c.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(postgres_url()).set(database=name).render_as_string(hide_password=False)
    finally:
        with server.connect() as c:
            c.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        server.dispose()


def version_of(url: str) -> str | None:
    engine = create_engine(url)
    try:
        with engine.connect() as c:
            return migrations.current_revision(c)
    finally:
        engine.dispose()


def load(url: str, game_id: str):
    store = Store(url)
    try:
        return store.load(game_id)
    finally:
        store.close()


def schema_drift(url: str) -> list:
    """What Alembic's autogenerate finds between store.py's models and the database ([]: none)."""
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    engine = create_engine(url)
    try:
        with engine.connect() as c:
            return compare_metadata(MigrationContext.configure(c), Base.metadata)
    finally:
        engine.dispose()


def make_legacy_copy(source_url: str, url: str, tables: list[str] | None = None) -> None:
    """At `url`, the database the code before migrations would have made: its tables (or those of
    `tables`) created by `create_all` from the frozen schema, and `source_url`'s rows copied in."""
    source, target = create_engine(source_url), create_engine(url)
    try:
        chosen = [t for t in LEGACY.sorted_tables if tables is None or t.name in tables]
        LEGACY.create_all(target, tables=chosen)
        with source.connect() as src, target.begin() as dst:
            for table in chosen:
                rows = [dict(r._mapping) for r in src.execute(select(*table.columns))]
                if rows:
                    dst.execute(table.insert(), rows)
    finally:
        source.dispose()
        target.dispose()


def test_a_database_made_before_migrations_is_taken_up_and_its_game_resumes_exactly(make_client, db_url, empty_url):
    # a game with a time limit, decisions and chat, played through the server
    c1 = make_client(db_url)
    g = c1.post("/api/games", json={"seats": ["human", "random"], "seed": 21, "time_limit": 600}).json()
    tok, gid = g["seats"][0]["token"], g["id"]
    for k in range(4):
        s = human_turn(c1, gid, tok)
        c1.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s, k % len(s["decision"]["options"]))})
        if k == 1:
            assert c1.post(f"/api/games/{gid}/chat", json={"token": tok, "text": "before the upgrade"}).status_code == 200
    before = human_turn(c1, gid, tok)
    c1.__exit__(None, None, None)
    stored_before = load(db_url, gid)
    assert len(stored_before.decisions) >= 4 and stored_before.time_limit == 600 and len(stored_before.chat) == 1

    make_legacy_copy(db_url, empty_url)
    assert version_of(empty_url) is None  # as the code before migrations left it

    c2 = make_client(empty_url)  # `volstead serve` on it: create_app opens a Store, which upgrades
    after = c2.get(f"/api/games/{gid}/state", params={"token": tok}).json()
    for key in ("view", "meta", "decision", "chat"):
        assert after[key] == before[key], key
    assert version_of(empty_url) == migrations.head()
    assert schema_drift(empty_url) == []
    # every field: seats, token hashes, commitment, time limit, chat (the creator's client came later: 0002)
    assert load(empty_url, gid) == dataclasses.replace(stored_before, client=None)
    # and the game goes on
    s = human_turn(c2, gid, tok)
    assert c2.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s)}).status_code == 200
    assert len(load(empty_url, gid).decisions) > len(stored_before.decisions)


def test_a_file_older_still_gains_the_tables_it_lacks(db_url, tmp_path):
    """A file from before fairness, time limits and chat were stored: those tables are created (as
    create_all did), its games load (as practice games: no commitment)."""
    store = Store(db_url)
    gid, _ = store.create_game("scarface1920", {}, 5, ["human", "random"])
    store.add_decisions(gid, [(0, 0, "x")])
    store.close()
    old = f"sqlite:///{tmp_path / 'older.db'}"
    make_legacy_copy(db_url, old, tables=["games", "seats", "decisions"])
    store = Store(old)
    try:
        assert set(inspect(store.engine).get_table_names()) == set(Base.metadata.tables) | {"alembic_version"}
        g = store.load(gid)
        assert (g.decisions, g.practice, g.commitment, g.chat, g.time_limit) == ([(0, "x")], True, "", [], None)
    finally:
        store.close()
    assert version_of(old) == migrations.head() and schema_drift(old) == []


def test_the_revisions_from_empty_make_the_models_schema(empty_url):
    """A model changed without its revision fails here (docs/server.md says how to add one)."""
    engine = create_engine(empty_url)
    try:
        migrations.upgrade(engine)
    finally:
        engine.dispose()
    assert version_of(empty_url) == migrations.head()
    assert schema_drift(empty_url) == []


def test_a_new_database_is_made_from_the_models_at_the_newest_revision(empty_url):
    Store(empty_url).close()
    assert version_of(empty_url) == migrations.head()
    assert schema_drift(empty_url) == []


def test_the_maintainers_check_command_agrees(capsys):
    from volstead.server.migrations.__main__ import main

    assert main(["check"]) == 0
    assert f"newest: {migrations.head()}" in capsys.readouterr().out


def test_head_is_alembics_only_head_and_the_history_is_a_line():
    from alembic.script import ScriptDirectory

    scripts = ScriptDirectory.from_config(migrations.config())
    assert scripts.get_heads() == [migrations.head()]
    numbers = [s.revision for s in scripts.walk_revisions()][::-1]  # oldest first
    assert numbers == [f"{i:04d}" for i in range(1, len(numbers) + 1)]


def later_revision(tmp_path, upgrade_body: str):
    """A copy of the migrations folder with one revision after the newest, whose upgrade runs
    `upgrade_body`; (the folder, the new revision's number)."""
    folder = tmp_path / "migrations"
    shutil.copytree(migrations.FOLDER, folder, ignore=shutil.ignore_patterns("__pycache__"))
    current = migrations.head()
    nxt = f"{int(current) + 1:04d}"
    body = "\n".join("    " + line for line in upgrade_body.strip().splitlines())
    (folder / "versions" / f"{nxt}_test_revision.py").write_text(
        f'''"""A test's revision"""

import sqlalchemy as sa
from alembic import op

revision = "{nxt}"
down_revision = "{current}"
branch_labels = None
depends_on = None


def upgrade() -> None:
{body}


def downgrade() -> None:
    pass
'''
    )
    return folder, nxt


ADD_NOTE = """
with op.batch_alter_table("games") as batch:
    batch.add_column(sa.Column("note", sa.String(40), nullable=False, server_default="none"))
"""


def test_a_later_revision_upgrades_an_older_database(empty_url, tmp_path):
    """A revision after the newest (written here, in a copy of the migrations) runs on a database
    at today's newest and on one made before migrations, and keeps their rows."""
    folder, nxt = later_revision(tmp_path, ADD_NOTE)
    current = migrations.head()
    store = Store(empty_url)
    gid, _ = store.create_game("scarface1920", {"variant": "published"}, 9, ["human", "random"])
    store.add_decisions(gid, [(0, 0, "a"), (1, 1, "b")])
    stored = store.load(gid)
    engine = store.engine
    try:
        with engine.connect() as c:
            assert migrations.current_revision(c) == current
        migrations.upgrade(engine, folder)
        with engine.connect() as c:
            assert migrations.current_revision(c) == nxt
            assert c.execute(text("SELECT note FROM games WHERE id = :id"), {"id": gid}).scalar() == "none"
        assert store.load(gid) == stored
    finally:
        store.close()

    # and from a database made before migrations: the first revision, then this one
    legacy = f"sqlite:///{tmp_path / 'legacy.db'}"
    make_legacy_copy(empty_url, legacy)
    engine = create_engine(legacy)
    try:
        migrations.upgrade(engine, folder)
        with engine.connect() as c:
            assert migrations.current_revision(c) == nxt
            assert c.execute(text("SELECT id, note FROM games")).all() == [(gid, "none")]
    finally:
        engine.dispose()


def test_a_revision_that_fails_midway_changes_nothing(empty_url, tmp_path):
    """The upgrade is one transaction, DDL included (SQLite too): a revision that adds a column
    and a table, then fails, leaves the database as it was, at its revision."""
    folder, nxt = later_revision(
        tmp_path,
        ADD_NOTE + 'op.create_table("extra", sa.Column("id", sa.Integer(), primary_key=True))\nraise RuntimeError("midway")',
    )
    store = Store(empty_url)
    try:
        gid, _ = store.create_game("scarface1920", {}, 3, ["human", "random"])
        with pytest.raises(RuntimeError, match="midway"):
            migrations.upgrade(store.engine, folder)
        with store.engine.connect() as c:
            assert migrations.current_revision(c) == migrations.head()
            assert "note" not in {col["name"] for col in inspect(c).get_columns("games")}
            assert not inspect(c).has_table("extra")
        assert store.load(gid).seed == 3
    finally:
        store.close()
    assert schema_drift(empty_url) == []


def test_a_database_newer_than_this_volstead_is_refused_and_left_alone(db_url):
    Store(db_url).close()
    engine = create_engine(db_url)
    with engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(VolsteadError, match=r"revision 9999, which this Volstead does not know .*newest is \d{4}"):
        Store(db_url)
    assert version_of(db_url) == "9999"


@pytest.mark.parametrize("command", [["serve"], ["play", "--no-browser"]])
def test_volstead_serve_and_play_say_why_a_newer_database_cannot_be_used(db_url, monkeypatch, command):
    from typer.testing import CliRunner

    import volstead.server.commands as commands
    from volstead.cli import app

    Store(db_url).close()
    engine = create_engine(db_url)
    with engine.begin() as c:
        c.execute(text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    monkeypatch.setattr(commands, "_run", lambda *a, **k: pytest.fail("the server started"))
    r = CliRunner().invoke(app, [*command, "--db", db_url])
    assert r.exit_code == 1, r.output
    assert f"Cannot use the database {db_url}: the database's schema is at revision 9999" in " ".join(r.output.split())
