"""The database schema's versions (Alembic): versions/NNNN_*.py, one revision a file, numbered in
order. `Store` brings every database it opens to the newest (`ensure_current`):
- one already there costs two reads and imports no Alembic;
- a new one (no `games` table) is created from store.py's models and stamped with the newest
  revision (Alembic's recipe for a new database: a test checks that the revisions, run from
  empty, make the same schema);
- an older one runs the revisions it lacks; one made before migrations (tables, no
  alembic_version) starts at the first, which creates only the tables it lacks.

A maintainer adds a revision after changing store.py's models (docs/server.md):
    python -m volstead.server.migrations revision -m "games: the client that made it"
and checks that the models and the revisions agree with
    python -m volstead.server.migrations check
"""

from __future__ import annotations

import contextlib
import functools
import logging
from collections.abc import Iterator
from pathlib import Path

from sqlalchemy import Connection, Engine, inspect, text

from volstead.engine.errors import VolsteadError

FOLDER = Path(__file__).parent
LOCK_KEY = 0x766F6C73  # PostgreSQL advisory lock held while a server upgrades ("vols"): two at once wait their turn

log = logging.getLogger("volstead.server")


@functools.cache
def head(folder: Path = FOLDER) -> str:
    """The newest revision: the highest number among versions/NNNN_*.py (a test checks that it
    is Alembic's one head), found without importing Alembic."""
    return max(p.name[:4] for p in (folder / "versions").glob("[0-9][0-9][0-9][0-9]_*.py"))


def current_revision(conn: Connection) -> str | None:
    """The database's revision; None for an empty database or one made before migrations."""
    if not inspect(conn).has_table("alembic_version"):
        return None
    return conn.execute(text("SELECT version_num FROM alembic_version")).scalar()


def ensure_current(engine: Engine) -> None:
    """Bring the database to the newest revision (Store's constructor calls this)."""
    with engine.connect() as conn:
        if current_revision(conn) == head():
            return
    with _transaction(engine) as conn:
        if inspect(conn).has_table("games"):
            moved = _upgrade(conn, FOLDER)
        else:
            from alembic.runtime.migration import MigrationContext

            from volstead.server.store import Base

            Base.metadata.create_all(conn)
            MigrationContext.configure(conn).stamp(_scripts(FOLDER), "head")
            moved = None
    _report(moved)


def upgrade(engine: Engine, folder: Path = FOLDER) -> None:
    """Run the revisions the database lacks (from `folder`'s versions), in one transaction."""
    with _transaction(engine) as conn:
        moved = _upgrade(conn, folder)
    _report(moved)


@contextlib.contextmanager
def _transaction(engine: Engine) -> Iterator[Connection]:
    """One transaction for the whole upgrade, DDL included, held by one process at a time:
    PostgreSQL under an advisory lock (two servers starting together upgrade once); SQLite under
    BEGIN IMMEDIATE, its write lock, begun here because the sqlite3 module begins a transaction
    before data changes only, so each CREATE or ALTER would otherwise stand alone."""
    with engine.connect() as conn:
        if conn.dialect.name != "sqlite":
            with conn.begin():
                if conn.dialect.name == "postgresql":
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": LOCK_KEY})
                yield conn
            return
        raw = conn.connection.driver_connection
        level = raw.isolation_level
        raw.isolation_level = None  # the module begins nothing: this BEGIN and the COMMIT below are the transaction
        try:
            conn.exec_driver_sql("BEGIN IMMEDIATE")
            yield conn
            conn.commit()
        except BaseException:
            conn.rollback()
            raise
        finally:
            raw.isolation_level = level


def _upgrade(conn: Connection, folder: Path) -> tuple[str | None, str | None]:
    from alembic import command

    before = current_revision(conn)
    if before is not None and before not in {script.revision for script in _scripts(folder).walk_revisions()}:
        raise VolsteadError(
            f"the database's schema is at revision {before}, which this Volstead does not know "
            f"(its newest is {head(folder)}): run a newer Volstead with this database"
        )
    cfg = config(folder)
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")
    return before, current_revision(conn)


def _report(moved: tuple[str | None, str | None] | None) -> None:
    if moved is not None and moved[0] != moved[1]:
        log.info("database schema upgraded from revision %s to %s", moved[0] or "(none)", moved[1])


@functools.cache
def _scripts(folder: Path):
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(config(folder))


def config(folder: Path = FOLDER):
    """Alembic's configuration for `folder` (no alembic.ini: env.py takes the connection from
    `attributes["connection"]`)."""
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(folder))
    cfg.set_main_option("file_template", "%%(rev)s_%%(slug)s")
    return cfg
