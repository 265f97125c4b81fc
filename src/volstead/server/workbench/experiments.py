"""The workbench's experiments as stored (the `experiments` table, store.py's ExperimentRow): what
was asked, by which client, its status in the queue and its progress. runs.py runs them."""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from volstead.engine.errors import VolsteadError

from ..store import ExperimentRow, Store

QUEUED, RUNNING, DONE, CANCELLED, FAILED = "queued", "running", "done", "cancelled", "failed"
LIVE = (QUEUED, RUNNING)
RECENT = 20  # experiments a client's list shows (the newest)


class NoSuchExperiment(VolsteadError):
    pass


@dataclass(frozen=True)
class Experiment:
    id: str
    client: str
    game: str
    base_set: str
    variant_id: str
    labels: dict[str, str]
    config: dict[str, Any]  # bots, bots2, seats, games, seed
    status: str
    done_games: int
    total_games: int
    message: str
    created: dt.datetime
    started: dt.datetime | None
    finished: dt.datetime | None
    folder: str

    def summary(self) -> dict[str, Any]:
        """What the API answers of it (without the comparison; runs.py adds eta_s and position)."""
        return {
            "id": self.id,
            "game": self.game,
            "status": self.status,
            "done": self.done_games,
            "total": self.total_games,
            "eta_s": None,
            "position": None,
            "message": self.message,
            "base": self.base_set,
            "variant_id": self.variant_id,
            "labels": dict(self.labels),
            "config": dict(self.config),
            "created": self.created.isoformat(),
            "started": None if self.started is None else self.started.isoformat(),
            "finished": None if self.finished is None else self.finished.isoformat(),
            "report_url": f"/api/workbench/experiments/{self.id}/report.md" if self.status == DONE else None,
        }


def _utc(t: dt.datetime | None) -> dt.datetime | None:
    return t if t is None or t.tzinfo is not None else t.replace(tzinfo=dt.UTC)  # SQLite keeps no zone


def _experiment(row: ExperimentRow) -> Experiment:
    return Experiment(
        row.id,
        row.client,
        row.game,
        row.base_set,
        row.variant_id,
        dict(row.labels),
        dict(row.config),
        row.status,
        row.done_games,
        row.total_games,
        row.message,
        _utc(row.created) or row.created,
        _utc(row.started),
        _utc(row.finished),
        row.folder,
    )


def new_id() -> str:
    return secrets.token_urlsafe(9)


class Experiments:
    """The experiments of every client, in the server's database."""

    def __init__(self, store: Store):
        self.engine = store.engine

    def add(
        self,
        experiment_id: str,
        client: str,
        game: str,
        base_set: str,
        variant_id: str,
        labels: dict[str, str],
        config: dict[str, Any],
        total: int,
        folder: str,
    ) -> Experiment:
        row = ExperimentRow(
            id=experiment_id,
            client=client,
            game=game,
            base_set=base_set,
            variant_id=variant_id,
            labels=labels,
            config=config,
            status=QUEUED,
            done_games=0,
            total_games=total,
            message="",
            created=dt.datetime.now(dt.UTC),
            started=None,
            finished=None,
            folder=folder,
        )
        with Session(self.engine) as s, s.begin():
            s.add(row)
            s.flush()
            return _experiment(row)

    def get(self, experiment_id: str) -> Experiment:
        with Session(self.engine) as s:
            ok = isinstance(experiment_id, str) and len(experiment_id) <= 16
            row = s.get(ExperimentRow, experiment_id) if ok else None
            if row is None:
                raise NoSuchExperiment(f"no experiment {str(experiment_id)[:20]!r}")
            return _experiment(row)

    def of_client(self, client: str, game: str | None = None) -> list[Experiment]:
        """The client's newest experiments (of `game`), newest first."""
        with Session(self.engine) as s:
            query = select(ExperimentRow).where(ExperimentRow.client == client)
            if game is not None:
                query = query.where(ExperimentRow.game == game)
            rows = s.scalars(query.order_by(ExperimentRow.created.desc()).limit(RECENT)).all()
            return [_experiment(r) for r in rows]

    def live_count(self, client: str) -> int:
        """The client's experiments queued or running."""
        with Session(self.engine) as s:
            query = select(func.count()).where(ExperimentRow.client == client, ExperimentRow.status.in_(LIVE))
            return int(s.scalar(query) or 0)

    def live(self) -> list[Experiment]:
        """Every experiment queued or running, oldest first."""
        with Session(self.engine) as s:
            rows = s.scalars(select(ExperimentRow).where(ExperimentRow.status.in_(LIVE)).order_by(ExperimentRow.created)).all()
            return [_experiment(r) for r in rows]

    def set(self, experiment_id: str, **values: Any) -> None:
        """Change some columns of an experiment (status, done_games, message, started, finished)."""
        with Session(self.engine) as s, s.begin():
            s.execute(update(ExperimentRow).where(ExperimentRow.id == experiment_id).values(**values))
