"""The workbench's experiment queue: each experiment runs as a `volstead sim --compare` subprocess
(the server does not import the simulator), in a process group of its own, niced, so that the
tables people play on keep the event loop and the bot pool.

- A queue, fair across clients: at most `RunLimits.running` experiments run at once (one by
  default); when one ends, the client served longest ago goes next (round robin), its oldest first.
- Each client may have `per_client_running` running and `per_client_queued` waiting; one more is
  refused (ExperimentLimit: HTTP 429).
- Progress: the lines of the runs' results.jsonl (the simulator appends one a game) over the
  experiment's total; the time left from the games played since it (re)started.
- Cancel: a queued experiment leaves the queue; a running one's process group is stopped
  (SIGTERM, then SIGKILL) and its folder removed.
- Resume: the queue lives in the database; at start the experiments left running (a restart, a
  crash) are queued again, first, and their `volstead sim` resumes its folders from results.jsonl.

One thread polls the subprocesses (POLL_S); the routes call `submit`, `cancel` and `view`.
"""

from __future__ import annotations

import datetime as dt
import json
import logging
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from volstead.engine import card_sets
from volstead.engine.errors import VolsteadError

from ..store import Store
from .experiments import CANCELLED, DONE, FAILED, LIVE, QUEUED, RUNNING, Experiment, Experiments, NoSuchExperiment, new_id

log = logging.getLogger("volstead.server")

POLL_S = 0.5  # how often the subprocesses are looked at
SAVE_S = 2.0  # how often a running experiment's progress is written to the database
STOP_S = 5.0  # seconds a stopped run has to end before it is killed
NICE = 10
BASE = "base"
COMPARISON = "compare.json"
REPORT = "compare.md"
LOG = "log.txt"
PID = "pid"


def default_workers() -> int:
    """One worker process a core but one (the server's), at least one."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True)
class RunLimits:
    running: int = 1  # experiments running at once, every client's together
    per_client_running: int = 1
    per_client_queued: int = 2
    workers: int = field(default_factory=default_workers)  # each `volstead sim`'s --workers
    ray_address: str | None = None  # run the games on this Ray cluster (`--backend ray`)


SetToRun = tuple[str, Mapping[str, str] | None]  # a set's id, and its files' texts (None: the built-in set)


class ExperimentLimit(VolsteadError):
    """A client over its share of the queue (HTTP 429)."""


class ExperimentOver(VolsteadError):
    """An experiment that has already ended cannot be cancelled (HTTP 409)."""


class Running:
    """A running experiment: its subprocess and what has been seen of its progress."""

    def __init__(self, experiment: Experiment, proc: subprocess.Popen):
        self.experiment = experiment
        self.proc = proc
        self.counter = LineCounter(Path(experiment.folder))
        self.started = time.monotonic()
        self.done = self.done_at_start = self.counter.count()  # a resumed run's games already played
        self.saved_at = 0.0
        self.stop_sent: float | None = None  # when a cancel or a shutdown stopped it

    def eta_s(self) -> float | None:
        played = self.done - self.done_at_start
        if played <= 0:
            return None
        rate = played / max(1e-6, time.monotonic() - self.started)
        return max(0.0, (self.experiment.total_games - self.done) / rate)


class LineCounter:
    """Lines of the results.jsonl files of an experiment's runs, read as they grow (each file from
    where it was last read; from its start again when the simulator rewrote it shorter)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.seen: dict[Path, tuple[int, int]] = {}  # path -> (bytes read, lines in them)

    def count(self) -> int:
        total = 0
        for path in [*self.folder.glob("*/results.jsonl"), *self.folder.glob("strength2/*/results.jsonl")]:
            try:
                size = path.stat().st_size
                read, lines = self.seen.get(path, (0, 0))
                if size < read:
                    read, lines = 0, 0
                if size > read:
                    with open(path, "rb") as f:
                        f.seek(read)
                        lines += f.read(size - read).count(b"\n")
                    read = size
            except OSError:
                continue
            self.seen[path] = (read, lines)
            total += lines
        return total


def sim_command(
    python: str,
    game: str,
    config: Mapping[str, Any],
    sets: tuple[str, str],
    labels: tuple[str, str],
    folder: Path,
    limits: RunLimits,
) -> list[str]:
    """The `volstead sim --compare` an experiment runs (niced where `nice` exists)."""
    cmd = [python, "-m", "volstead.cli", "sim", game, "--seats", ",".join(config["bots"])]
    cmd += ["--games", str(config["games"]), "--seed", str(config["seed"]), "--workers", str(limits.workers)]
    cmd += ["--out", str(folder), "--compare", *sets, "--labels", *labels, "--no-report", "--no-records"]
    if config.get("bots2"):
        cmd += ["--seats2", ",".join(config["bots2"])]
    if limits.ray_address:
        cmd += ["--backend", "ray", "--address", limits.ray_address]
    nice = shutil.which("nice")
    return [nice, "-n", str(NICE), *cmd] if nice else cmd


ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def last_words(log_file: Path) -> str:
    """The last line a failed run wrote (its error), without terminal colours."""
    try:
        with open(log_file, "rb") as f:
            f.seek(max(0, f.seek(0, os.SEEK_END) - 4000))
            tail = f.read().decode("utf-8", "replace")
    except OSError:
        return ""
    lines = [ANSI.sub("", line).strip() for line in tail.splitlines()]
    lines = [line for line in lines if line]
    return lines[-1][:200] if lines else ""


class WorkbenchRuns:
    """The experiments' queue and their subprocesses (module doc)."""

    def __init__(self, store: Store, root: Path, limits: RunLimits | None = None, python: str = sys.executable):
        self.experiments = Experiments(store)
        self.root = Path(root)
        self.limits = limits or RunLimits()
        self.python = python
        self.lock = threading.RLock()
        self.queue: list[Experiment] = []  # queued, oldest first
        self.running: dict[str, Running] = {}
        self.served: dict[str, int] = {}  # client -> the turn it was last served (round robin)
        self.turn = 0
        self.wake = threading.Event()
        self.closing = False
        self.thread: threading.Thread | None = None

    # ------------------------------------------------------------ life
    def start(self) -> None:
        """Queue again what was left running (a restart), then poll in a thread."""
        with self.lock:
            self.closing = False
            self.queue, self.served = [], {}
            for x in self.experiments.live():
                if x.status == RUNNING:  # first again: its client as if never served
                    stop_orphan(Path(x.folder))
                    self.experiments.set(x.id, status=QUEUED, message="resumed after the server restarted")
                    x = self.experiments.get(x.id)
                    self.served[x.client] = -2
                self.queue.append(x)
        self.thread = threading.Thread(target=self._loop, name="workbench-runs", daemon=True)
        self.thread.start()

    def close(self) -> None:
        """Stop polling and stop the running experiments, whose status stays `running`: the next
        start queues them again, and they resume."""
        with self.lock:
            self.closing = True
            for run in self.running.values():
                self._signal(run, signal.SIGTERM)
        self.wake.set()
        if self.thread is not None:
            self.thread.join(STOP_S + 5)
        with self.lock:
            for run in self.running.values():
                self._reap(run, STOP_S)
                self.experiments.set(run.experiment.id, done_games=run.counter.count())
            self.running.clear()
            self.queue.clear()

    def _loop(self) -> None:
        while True:
            self.wake.wait(POLL_S)
            self.wake.clear()
            with self.lock:
                if self.closing:
                    return
                try:
                    self._tick()
                except Exception:  # a database hiccup must not end the queue
                    log.exception("workbench: polling the experiments failed")

    # ------------------------------------------------------------ asking
    def submit(
        self, client: str, game: str, sets: tuple[SetToRun, SetToRun], labels: tuple[str, str], config: dict[str, Any]
    ) -> dict[str, Any]:
        """Queue an experiment of `game`: `sets` the two card sets ((id, file texts), None texts for
        the built-in set), each played with `config` (bots, bots2, seats, games, seed)."""
        with self.lock:
            live = sum(x.client == client for x in self.queue) + sum(r.experiment.client == client for r in self.running.values())
            most = self.limits.per_client_running + self.limits.per_client_queued
            if live >= most:
                raise ExperimentLimit(
                    f"you have {live} experiments queued or running, the most one client may "
                    f"({self.limits.per_client_running} running and {self.limits.per_client_queued} waiting): "
                    "wait for one to end or cancel one"
                )
            experiment_id = new_id()
            folder = self.root / experiment_id
            for name, (_, texts) in zip(("a", "b"), sets, strict=True):
                if texts is not None:
                    card_sets.write_set(texts, folder / "sets" / name)
            runs = 4 if config.get("bots2") else 2
            x = self.experiments.add(
                experiment_id,
                client,
                game,
                sets[0][0],
                sets[1][0],
                {"a": labels[0], "b": labels[1]},
                config,
                runs * int(config["games"]),
                str(folder),
            )
            self.queue.append(x)
            shown = self.view(experiment_id)
        self.wake.set()
        return shown

    def cancel(self, experiment_id: str) -> dict[str, Any]:
        with self.lock:
            x = self.experiments.get(experiment_id)
            if x.status not in LIVE:
                raise ExperimentOver(f"the experiment has already ended ({x.status})")
            now = dt.datetime.now(dt.UTC)
            self.queue = [q for q in self.queue if q.id != experiment_id]
            run = self.running.get(experiment_id)
            if run is not None:
                self._signal(run, signal.SIGTERM)
            self.experiments.set(experiment_id, status=CANCELLED, finished=now, message="cancelled")
        self.wake.set()
        return self.view(experiment_id)

    def view(self, experiment_id: str) -> dict[str, Any]:
        """The experiment as the API shows it: its status, games done of total, time left (running),
        place in the queue (queued: 1 starts next)."""
        with self.lock:  # the row and the queue as one moment
            x = self.experiments.get(experiment_id)
            out = x.summary()
            run = self.running.get(experiment_id)
            if run is not None and x.status == RUNNING:
                out["done"], out["eta_s"] = run.done, run.eta_s()
            elif x.status == QUEUED:
                order = self._order()
                out["position"] = order.index(experiment_id) + 1 if experiment_id in order else None
        return out

    def of_client(self, client: str, game: str | None) -> list[dict[str, Any]]:
        return [self.view(x.id) for x in self.experiments.of_client(client, game)]

    def comparison(self, experiment_id: str) -> dict[str, Any] | None:
        """compare.json of a finished experiment (None before)."""
        x = self.experiments.get(experiment_id)
        if x.status != DONE:
            return None
        try:
            return json.loads((Path(x.folder) / COMPARISON).read_text())
        except (OSError, ValueError):
            return None

    def report(self, experiment_id: str) -> str | None:
        """compare.md of a finished experiment (None before)."""
        x = self.experiments.get(experiment_id)
        if x.status != DONE:
            return None
        try:
            return (Path(x.folder) / REPORT).read_text()
        except OSError:
            return None

    # ------------------------------------------------------------ the queue
    def _order(self) -> list[str]:
        """The queued experiments in the order they would start: round robin over the clients
        (the one served longest ago first), each client's oldest first."""
        served = dict(self.served)
        running = {c: sum(r.experiment.client == c for r in self.running.values()) for c in served}
        waiting = list(self.queue)
        order, turn = [], self.turn
        while waiting:
            ready = [x for x in waiting if running.get(x.client, 0) < self.limits.per_client_running]
            pool = ready or waiting  # a client's second waits for its first: after the others
            x = min(pool, key=lambda q: (served.get(q.client, -1), q.created))
            order.append(x.id)
            waiting.remove(x)
            turn += 1
            served[x.client] = turn
        return order

    def _tick(self) -> None:
        now = time.monotonic()
        for run in list(self.running.values()):
            code = run.proc.poll()
            run.done = run.counter.count()
            if code is None:
                if run.stop_sent is not None and now - run.stop_sent > STOP_S:
                    self._signal(run, signal.SIGKILL)
                elif now - run.saved_at > SAVE_S:
                    self.experiments.set(run.experiment.id, done_games=run.done)
                    run.saved_at = now
                continue
            self._ended(run, code)
            del self.running[run.experiment.id]
        while len(self.running) < self.limits.running:
            order = self._order()
            pick = next(
                (
                    x
                    for x in (next(q for q in self.queue if q.id == i) for i in order)
                    if sum(r.experiment.client == x.client for r in self.running.values()) < self.limits.per_client_running
                ),
                None,
            )
            if pick is None:
                return
            self.queue.remove(pick)
            self._launch(pick)

    def _launch(self, x: Experiment) -> None:
        folder = Path(x.folder)
        sets = tuple(
            BASE if set_id == BASE else str(folder / "sets" / name) for name, set_id in (("a", x.base_set), ("b", x.variant_id))
        )
        labels = (x.labels["a"], x.labels["b"])
        cmd = sim_command(self.python, x.game, x.config, (sets[0], sets[1]), labels, folder, self.limits)
        self.turn += 1
        self.served[x.client] = self.turn
        started = dt.datetime.now(dt.UTC)
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with open(folder / LOG, "ab") as out:
                proc = subprocess.Popen(
                    cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=folder
                )
            (folder / PID).write_text(str(proc.pid))
        except OSError as e:
            self.experiments.set(x.id, status=FAILED, finished=started, message=f"the simulator did not start: {e}"[:300])
            return
        self.running[x.id] = Running(x, proc)
        self.experiments.set(x.id, status=RUNNING, started=x.started or started, message="")

    def _ended(self, run: Running, code: int) -> None:
        x = self.experiments.get(run.experiment.id)
        folder = Path(x.folder)
        (folder / PID).unlink(missing_ok=True)
        now = dt.datetime.now(dt.UTC)
        if x.status == CANCELLED:
            shutil.rmtree(folder, ignore_errors=True)
        elif code == 0 and (folder / COMPARISON).is_file():
            self.experiments.set(x.id, status=DONE, done_games=run.done, finished=now, message="")
        else:
            why = last_words(folder / LOG)
            message = f"the simulator stopped (exit code {code})" + (f": {why}" if why else "")
            self.experiments.set(x.id, status=FAILED, done_games=run.done, finished=now, message=message[:300])

    def _signal(self, run: Running, sig: int) -> None:
        if run.stop_sent is None:
            run.stop_sent = time.monotonic()
        try:
            os.killpg(run.proc.pid, sig)  # the simulator and its workers
        except (ProcessLookupError, PermissionError, AttributeError):
            try:
                run.proc.send_signal(sig)
            except OSError:
                pass

    def _reap(self, run: Running, wait_s: float) -> None:
        try:
            run.proc.wait(wait_s)
        except subprocess.TimeoutExpired:
            self._signal(run, signal.SIGKILL)
            run.proc.wait()


def stop_orphan(folder: Path) -> None:
    """Kill the `volstead sim` a crashed server left running for this experiment (its process
    group), where /proc shows it is that command: a restart must not run two into one folder."""
    try:
        pid = int((folder / PID).read_text())
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
    except (OSError, ValueError):
        return
    if str(folder).encode() in cmdline and b"volstead.cli" in cmdline:
        try:
            os.killpg(pid, signal.SIGKILL)
        except OSError:
            pass


__all__ = ["ExperimentLimit", "ExperimentOver", "NoSuchExperiment", "RunLimits", "WorkbenchRuns"]
