"""Storage of games through SQLAlchemy: SQLite by default, any database URL (PostgreSQL).

Tables: `games` (what is needed to set a game up again), `seats` (who plays
each seat, and the hash of its secret token), `decisions` (every option id
taken, in order), `fairness` (the game's commitment), `time_limits` (a game's
time limit per turn or phase, if it has one), `no_spectators` (a game created with
`spectators: false`) and `chat` (the table's talk: stored with the game, never in its record). A game is rebuilt by replaying its
decisions. Tokens are never stored, only their SHA-256. `games.client` is who
created the game: a keyed hash of its address, for the per-client bot limits.

The schema is versioned with Alembic (server/migrations/): a change to these models comes with a
revision (docs/server.md, "Schema migrations"), and opening a Store upgrades an older database.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import NamedTuple

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from volstead.engine.fairness import commitment, created_text, new_salt

from .migrations import ensure_current


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(Integer)
    seats: Mapped[int] = mapped_column(Integer)
    hotseat: Mapped[bool] = mapped_column(Boolean, default=False)
    table_token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    status: Mapped[str] = mapped_column(String(16), default="playing")  # playing | finished
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # who created it: a keyed hash of the client's address (bot_pool.client_key), for the per-client
    # limits on bot tables (None: made before clients were kept, or not over HTTP)
    client: Mapped[str | None] = mapped_column(String(64), nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(64))  # "human" or a bot spec (random, ismcts:500ms, ...)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class FairnessRow(Base):
    """The game's commitment (published at creation: its seed, salt, game, options, seats' kinds,
    practice flag and creation time; a game made before issue 35, its seed and salt alone) and the
    salt (revealed with the record at the end); `practice`: a seed chosen by whoever created the
    game (engine/fairness.py)."""

    __tablename__ = "fairness"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    salt: Mapped[str] = mapped_column(String(64))
    commitment: Mapped[str] = mapped_column(String(64))
    practice: Mapped[bool] = mapped_column(Boolean, default=False)


class DecisionRow(Base):
    __tablename__ = "decisions"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    option_id: Mapped[str] = mapped_column(String(200))


class TimeLimitRow(Base):
    __tablename__ = "time_limits"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seconds: Mapped[int] = mapped_column(Integer)


class NoSpectatorsRow(Base):
    """A game whose spectator link was turned off at creation (a row: no spectators)."""

    __tablename__ = "no_spectators"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)


class ChatRow(Base):
    __tablename__ = "chat"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    idx: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(String(400))
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class VariantRow(Base):
    """A designer's saved card set (the workbench, server/workbench/variants.py): every file's TOML text."""

    __tablename__ = "variants"
    __table_args__ = (UniqueConstraint("game", "name"),)
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    name: Mapped[str] = mapped_column(String(80))
    note: Mapped[str] = mapped_column(String(2000))
    author: Mapped[str] = mapped_column(String(80))
    files: Mapped[dict] = mapped_column(JSON)  # file name -> TOML text
    base_digest: Mapped[str] = mapped_column(String(64))  # the embedded set it was made from (sha256)
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    updated: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class ExperimentRow(Base):
    """A workbench experiment (server/workbench/): two card sets played by the same bots from the
    same seeds in `volstead sim` subprocesses, queued, run and compared."""

    __tablename__ = "experiments"
    id: Mapped[str] = mapped_column(String(16), primary_key=True)
    client: Mapped[str] = mapped_column(String(64), index=True)  # who asked: a keyed hash of its address
    game: Mapped[str] = mapped_column(String(64))
    base_set: Mapped[str] = mapped_column(String(16))  # "base" (the built-in set) or a variant's id
    variant_id: Mapped[str] = mapped_column(String(16))  # the set compared with it ("base" too)
    labels: Mapped[dict] = mapped_column(JSON)  # {"a": the base set's name, "b": the variant's}
    config: Mapped[dict] = mapped_column(JSON)  # {bots, bots2, seats, games, seed}
    status: Mapped[str] = mapped_column(String(16))  # queued | running | done | cancelled | failed
    done_games: Mapped[int] = mapped_column(Integer)
    total_games: Mapped[int] = mapped_column(Integer)
    message: Mapped[str] = mapped_column(String(300))
    created: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    started: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    finished: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    folder: Mapped[str] = mapped_column(String(1000))  # its runs, comparison and log


class ChatLine(NamedTuple):
    """One line of the table's talk: who said it (a seat), what, and when (UTC)."""

    seat: int
    text: str
    at: dt.datetime


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class StoredGame:
    id: str
    game: str
    options: dict
    seed: int
    seats: int
    kinds: list[str]
    hotseat: bool
    status: str
    created: dt.datetime
    decisions: list[tuple[int, str]] = field(default_factory=list)  # (seat, option id), in order
    salt: str = ""
    commitment: str = ""
    practice: bool = False
    token_hashes: dict[int, str] = field(default_factory=dict)  # human seat -> its token's SHA-256
    table_token_hash: str | None = None
    time_limit: int | None = None  # seconds a turn or a simultaneous phase may take (None: no limit)
    chat: list[ChatLine] = field(default_factory=list)
    spectators: bool = True  # False: only seat (and hot-seat) links open the game
    client: str | None = None  # a keyed hash of the creator's address (GameRow.client)

    def seat_of_token(self, token: str) -> int | str | None:
        """The seat a token opens, "table" for the hot-seat token, None when it opens nothing
        (checked in memory: a connection costs no database read)."""
        h = hash_token(token)
        for seat, known in self.token_hashes.items():
            if hmac.compare_digest(known, h):
                return seat
        if self.table_token_hash is not None and hmac.compare_digest(self.table_token_hash, h):
            return "table"
        return None


class Batch(NamedTuple):
    """A game's decisions to store in one go: (index, seat, option id) rows and its new status."""

    game_id: str
    rows: list[tuple[int, int, str]]
    status: str | None = None


@dataclass
class NewGameTokens:
    seats: dict[int, str]  # human seat -> token
    table: str | None  # hot-seat token (every human seat), if hot-seat


class Store:
    def __init__(self, url: str):
        kwargs = {}
        if url.startswith("sqlite"):
            kwargs["connect_args"] = {"check_same_thread": False}
        self.url = url
        self.engine = create_engine(url, future=True, **kwargs)
        if url.startswith("sqlite"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        try:
            ensure_current(self.engine)
        except BaseException:
            self.engine.dispose()
            raise

    def close(self) -> None:
        self.engine.dispose()

    # ------------------------------------------------------------ writing
    def create_game(
        self, game: str, options: dict, seed: int, kinds: list[str], hotseat: bool = False, practice: bool = False
    ) -> tuple[str, NewGameTokens]:
        stored, tokens = self.new_game(game, options, seed, kinds, hotseat, practice)
        return stored.id, tokens

    def new_game(
        self,
        game: str,
        options: dict,
        seed: int,
        kinds: list[str],
        hotseat: bool = False,
        practice: bool = False,
        time_limit: int | None = None,
        spectators: bool = True,
        client: str | None = None,
    ) -> tuple[StoredGame, NewGameTokens]:
        """Store a new game; returns it as `load` would, and its seats' secret tokens."""
        tokens = {i: new_token() for i, k in enumerate(kinds) if k == "human"}
        table = new_token() if hotseat else None
        salt = new_salt()
        created = dt.datetime.now(dt.UTC)
        # committed to: everything fixed at creation (engine/fairness.py; the bytes in docs/server.md)
        fixed = commitment(
            seed=seed, salt=salt, game=game, options=options, kinds=list(kinds), practice=practice, created=created_text(created)
        )
        stored = StoredGame(
            secrets.token_hex(6),
            game,
            options,
            seed,
            len(kinds),
            list(kinds),
            hotseat,
            "playing",
            created,
            [],
            salt,
            fixed,
            practice,
            {i: hash_token(t) for i, t in tokens.items()},
            hash_token(table) if table else None,
            time_limit,
            spectators=spectators,
            client=client,
        )
        with Session(self.engine) as s, s.begin():
            s.add(
                GameRow(
                    id=stored.id,
                    game=game,
                    options=options,
                    seed=seed,
                    seats=len(kinds),
                    hotseat=hotseat,
                    table_token_hash=stored.table_token_hash,
                    status="playing",
                    created=stored.created,
                    client=client,
                )
            )
            s.flush()
            for i, kind in enumerate(kinds):
                s.add(SeatRow(game_id=stored.id, seat=i, kind=kind, token_hash=stored.token_hashes.get(i)))
            s.add(FairnessRow(game_id=stored.id, salt=salt, commitment=stored.commitment, practice=practice))
            if time_limit is not None:
                s.add(TimeLimitRow(game_id=stored.id, seconds=time_limit))
            if not spectators:
                s.add(NoSpectatorsRow(game_id=stored.id))
        return stored, NewGameTokens(tokens, table)

    def add_chat(self, game_id: str, idx: int, line: ChatLine) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(ChatRow(game_id=game_id, idx=idx, seat=line.seat, text=line.text, at=line.at))

    def add_decision(self, game_id: str, idx: int, seat: int, option_id: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.add(DecisionRow(game_id=game_id, idx=idx, seat=seat, option_id=option_id))

    def add_decisions(self, game_id: str, rows: list[tuple[int, int, str]], status: str | None = None) -> None:
        """Store (index, seat, option id) rows, and the game's new status if given, in one transaction."""
        self.add_batches([Batch(game_id, rows, status)])

    def add_batches(self, batches: list[Batch]) -> None:
        """Store several games' decisions (and new statuses) in one transaction (server/writer.py)."""
        rows = [{"game_id": b.game_id, "idx": idx, "seat": seat, "option_id": oid} for b in batches for idx, seat, oid in b.rows]
        with self.engine.begin() as c:
            if rows:
                c.execute(insert(DecisionRow), rows)
            for b in batches:
                if b.status is not None:
                    c.execute(update(GameRow).where(GameRow.id == b.game_id).values(status=b.status))

    def replace_decisions(self, game_id: str, first: int, rows: list[tuple[int, int, str]]) -> None:
        """A take-back: the decisions from index `first` on are replaced by `rows` ((index, seat,
        option id), indices from `first`), in one transaction: the record keeps only what stood."""
        with self.engine.begin() as c:
            c.execute(delete(DecisionRow).where(DecisionRow.game_id == game_id, DecisionRow.idx >= first))
            if rows:
                c.execute(
                    insert(DecisionRow), [{"game_id": game_id, "idx": i, "seat": seat, "option_id": oid} for i, seat, oid in rows]
                )

    def set_status(self, game_id: str, status: str) -> None:
        with Session(self.engine) as s, s.begin():
            s.execute(update(GameRow).where(GameRow.id == game_id).values(status=status))

    # ------------------------------------------------------------ reading
    def seat_of_token(self, game_id: str, token: str) -> int | str | None:
        """The seat a token opens, "table" for a hot-seat token, None when it opens nothing."""
        h = hash_token(token)
        with Session(self.engine) as s:
            seat = s.scalar(select(SeatRow.seat).where(SeatRow.game_id == game_id, SeatRow.token_hash == h))
            if seat is not None:
                return seat
            row = s.get(GameRow, game_id)
            if row is not None and row.table_token_hash == h:
                return "table"
        return None

    def load(self, game_id: str) -> StoredGame | None:
        with Session(self.engine) as s:
            row = s.get(GameRow, game_id)
            return None if row is None else self._stored(s, row)

    def load_all(self) -> list[StoredGame]:
        with Session(self.engine) as s:
            return [self._stored(s, row) for row in s.scalars(select(GameRow).order_by(GameRow.created))]

    def _stored(self, s: Session, row: GameRow) -> StoredGame:
        kinds = [k for _, k in sorted(s.execute(select(SeatRow.seat, SeatRow.kind).where(SeatRow.game_id == row.id)))]
        decisions = [
            (seat, oid)
            for seat, oid in s.execute(
                select(DecisionRow.seat, DecisionRow.option_id).where(DecisionRow.game_id == row.id).order_by(DecisionRow.idx)
            )
        ]
        created = row.created if row.created.tzinfo else row.created.replace(tzinfo=dt.UTC)
        fair = s.get(FairnessRow, row.id)  # None for a game stored before seeds were committed to
        hashes = dict(
            s.execute(
                select(SeatRow.seat, SeatRow.token_hash).where(SeatRow.game_id == row.id, SeatRow.token_hash.is_not(None))
            ).all()
        )
        limit = s.get(TimeLimitRow, row.id)
        chat = [
            ChatLine(seat, text, at if at.tzinfo else at.replace(tzinfo=dt.UTC))
            for seat, text, at in s.execute(
                select(ChatRow.seat, ChatRow.text, ChatRow.at).where(ChatRow.game_id == row.id).order_by(ChatRow.idx)
            )
        ]
        return StoredGame(
            row.id,
            row.game,
            dict(row.options),
            row.seed,
            row.seats,
            kinds,
            row.hotseat,
            row.status,
            created,
            decisions,
            fair.salt if fair else "",
            fair.commitment if fair else "",
            fair.practice if fair else True,
            hashes,
            row.table_token_hash,
            limit.seconds if limit else None,
            chat,
            s.get(NoSpectatorsRow, row.id) is None,
            row.client,
        )


def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """Write-ahead log: readers never wait for the writer, and a commit appends to the log.
    synchronous=NORMAL syncs the log at checkpoints, not at every commit: a committed decision
    survives the server being killed (the log is in the OS's hands), not a power cut."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()
