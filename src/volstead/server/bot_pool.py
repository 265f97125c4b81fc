"""Bots think in worker processes, shared fairly across tables and clients (docs/server.md).

The server's process runs the event loop and never a search: a bot that thinks (greedy,
ismcts) is asked in a worker process; an instant bot (random) still answers inline.

What reaches a worker is the game's set-up and its decisions so far (`ThinkJob`: game, options,
seed, seats, every (seat, option id) taken), not the state: the worker replays them, keeping the
last states it built (`CACHED_GAMES`) so the next ask of a table it served applies only the new
decisions. Pickling the state instead costs the event loop's process 1.3–3 ms a bot move
(40–130 KB) and a compiled (mypyc) state does not unpickle at all; a decision list of 800 entries
pickles in 0.1 ms, and a full replay in a worker costs 1–40 ms of that worker's time.

A bot is built in the worker for each decision from (kind, seed, limits), seeded with
`bot_seed(seed, seat, kind, number)`: its move does not depend on which worker runs it.

The scheduler (`BotPool`) hands a free worker to the next *client* in turn, then to that client's
next table in turn, then to that table's oldest ask (round-robin, not first come first served): a
client with a hundred tables gets the share of a client with one. A table holds at most
`per_table` workers at once. A bot's think time counts from when the worker starts thinking
(`Ticket.started`), never from when it queued. `cheap_workers` extra workers run only cheap bots
(greedy: milliseconds a decision) so searches of several seconds cannot starve them; cheap bots
also take any free worker.

Per-client limits (`ClientLimits`): a client (a keyed hash of its address, stored with each game
it creates) may run at most `max_bot_tables` live bot tables and use `think_per_minute` worker
seconds a minute; creating a bot table beyond either is refused (HTTP 429). A client over its
think time is not stopped mid-game: its asks wait until no client within its budget is waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import itertools
import logging
import multiprocessing
import os
import secrets
import signal
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from volstead.bots import BotLimits, ask_bot, get_bot
from volstead.engine import VolsteadError, replay
from volstead.engine.record import make_record
from volstead.games import get_game

from .live import HISTORY_KEPT

log = logging.getLogger("volstead.server")

CHEAP_BOTS = frozenset({"greedy", "learned"})  # bot kinds whose decision costs milliseconds: they may use the cheap lane
CACHED_GAMES = 32  # states a worker keeps (one a table it served lately)
THINK_WINDOW = 60.0  # seconds over which a client's think time is counted
IDLE_S = 600.0  # a bot table waiting this long on a person does not count as live (see live_bot_tables)
KEY_ENV = "VOLSTEAD_CLIENT_KEY"


def default_workers() -> int:
    """Bot workers when none are asked for: one a core but the one the event loop needs. On a
    2-core machine, 1,000 tables of people with 100 tables of searching bots answered a decide
    with p99 227 ms with one worker against 585 ms with two, at 88 % of their bot moves
    (benchmarks/README.md, load_server.py --search-tables)."""
    return max(1, (os.cpu_count() or 1) - 1)


WORKER_NICE = 10  # workers yield the CPU to the server's process: its requests are answered at once
SHARE_PER_WORKER = 30.0  # seconds of thinking a minute a client may use, per worker (half of it)


def bot_seed(seed: int, seat: int, kind: str, number: int) -> str:
    """The seed of the bot that takes `seat`'s decision `number`: the same on every worker."""
    return f"{seed}/{seat}/{kind}/{number}"


def lane_of(kind: str) -> str:
    return "cheap" if kind.partition(":")[0] in CHEAP_BOTS else "search"


def build_bot(kind: str, seed: str, limits: BotLimits) -> Any:
    try:
        return get_bot(kind, seed, limits)
    except KeyError:  # stored under other bounds: the same bot at its default budget (as Hub._make_bots)
        return get_bot(kind.partition(":")[0], seed, limits)


@dataclass(frozen=True)
class ThinkJob:
    """One bot decision, as a worker needs it: the game to rebuild and whose bot asks what."""

    game_id: str
    game: str
    options: dict
    seed: int
    seats: int
    decisions: tuple[tuple[int, str], ...]  # every decision taken so far, in order
    seat: int
    kind: str
    number: int  # the seat's decision number (its count of decisions taken)
    options_count: int  # how many options the pending decision has (a check that the replay agrees)
    limits: BotLimits


@dataclass(frozen=True)
class Answer:
    index: int
    pid: int  # the worker process that thought
    seconds: float  # from when the worker started thinking


class BotFailed(Exception):
    """A bot raised in its worker (`kind`: the name of what it raised), or its worker died."""

    def __init__(self, message: str, kind: str = "BotFailed"):
        super().__init__(message)
        self.kind = kind


class BotLimitError(VolsteadError):
    """A client over one of its limits asks for another bot table (HTTP 429)."""


# ------------------------------------------------------------------ worker side
# game id -> (state, the decisions applied to it)
_states: OrderedDict[str, tuple[Any, tuple[tuple[int, str], ...]]] = OrderedDict()


def _state_for(job: ThinkJob) -> Any:
    """The state after `job.decisions`: a cached state of the table carried on when the decisions it
    has applied begin them — all of them, compared, not counted: a person's take-back replaces a
    decision with another, and a state with the taken-back one must never be reused."""
    cached = _states.pop(job.game_id, None)
    if cached is not None and job.decisions[: len(cached[1])] == cached[1]:
        state, done = cached[0], len(cached[1])
    else:
        record = make_record(game=job.game, options=job.options, seed=job.seed, seats=job.seats)
        state, done = replay(get_game(job.game), record), 0
    for seat, option_id in job.decisions[done:]:
        state.apply_index(state.decision(seat).index_of(option_id), seat=seat)
    state.compact_history(HISTORY_KEPT)  # as much history as a live game keeps
    _states[job.game_id] = (state, job.decisions)
    while len(_states) > CACHED_GAMES:
        _states.popitem(last=False)
    return state


def think(job: ThinkJob, started: Any = None) -> int:
    """The index `job`'s bot takes (in a worker; `started()` is called when it starts thinking)."""
    state = _state_for(job)
    if job.seat not in state.pending_seats() or len(state.decision(job.seat).codes) != job.options_count:
        _states.pop(job.game_id, None)
        raise BotFailed(f"the replayed game does not have seat {job.seat}'s decision pending")
    bot = build_bot(job.kind, bot_seed(job.seed, job.seat, job.kind, job.number), job.limits)
    if started is not None:
        started()
    return ask_bot(bot, state.clone(), seat=job.seat)


def _worker_main(conn: Connection) -> None:
    """A worker's loop: (token, job) in; ("start", token), then ("done", token, index, seconds)
    or ("fail", token, message) out; None or a closed pipe ends it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the server's to handle: it ends us
    with contextlib.suppress(OSError):  # the event loop's process comes first for the cores
        os.nice(WORKER_NICE)
    pid, parent = os.getpid(), os.getppid()
    conn.send(("ready", pid))
    while True:
        try:
            while not conn.poll(1.0):
                if os.getppid() != parent:  # the server was killed (a forked sibling may hold our pipe open)
                    return
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        token, job = message
        begun = time.perf_counter()

        def started(token: int = token) -> None:
            nonlocal begun
            begun = time.perf_counter()
            conn.send(("start", token))

        try:
            index = think(job, started)
            conn.send(("done", token, index, time.perf_counter() - begun))
        except Exception as e:
            with contextlib.suppress(Exception):
                conn.send(("fail", token, f"{type(e).__name__}: {e}"[:300], type(e).__name__))


# ------------------------------------------------------------------ server side
@dataclass(eq=False)
class Ticket:
    """One queued ask: `started` is set when a worker starts thinking, `answer` when it is done."""

    job: ThinkJob
    client: str
    table: str
    lane: str
    started: asyncio.Future
    answer: asyncio.Future
    token: int = 0
    worker: Worker | None = None
    start_time: float | None = None


@dataclass(eq=False)
class Worker:
    process: Any
    conn: Connection
    cheap_only: bool
    pid: int | None = None
    ticket: Ticket | None = None
    kill_handle: asyncio.TimerHandle | None = None
    dead: bool = False


@dataclass
class ClientUse:
    """A client's think time: finished asks' (end, seconds) in the window, and its running asks."""

    done: deque = field(default_factory=deque)
    running: set = field(default_factory=set)

    def used(self, now: float) -> float:
        while self.done and self.done[0][0] < now - THINK_WINDOW:
            self.done.popleft()
        return sum(s for _, s in self.done) + sum(now - t.start_time for t in self.running if t.start_time is not None)


@dataclass(frozen=True)
class ClientLimits:
    """What one client may run: live bot tables, worker seconds of thinking a minute (None: no limit)."""

    max_bot_tables: int | None = 8
    think_per_minute: float | None = 60.0

    @classmethod
    def for_workers(cls, workers: int | None, max_bot_tables: int = 8, think_per_minute: float | None = None) -> ClientLimits:
        """The limits of a server with `workers` bot workers (None: `default_workers`): by default, a
        client may keep half of them thinking (30 s a minute a worker); 0 turns a limit off."""
        n = workers or default_workers()
        think = SHARE_PER_WORKER * n if think_per_minute is None else think_per_minute
        return cls(max_bot_tables or None, think or None)

    def check(self, bot_tables: int, think_used: float) -> None:
        """Raise BotLimitError when a client with `bot_tables` live bot tables, whose bots used
        `think_used` seconds in the last minute, may not start another bot table."""
        if self.max_bot_tables is not None and bot_tables >= self.max_bot_tables:
            raise BotLimitError(
                f"you already have {bot_tables} live tables with thinking bots, the most one client may run "
                f"({self.max_bot_tables}): finish one first (tables of people and random bots are not limited)"
            )
        if self.think_per_minute is not None and think_used >= self.think_per_minute:
            raise BotLimitError(
                f"your bots thought for {think_used:.0f} s in the last minute, the most one client may use "
                f"({self.think_per_minute:g} s a minute): wait a minute before starting another table with thinking bots"
            )


class BotPool:
    """Worker processes and the fair scheduler that shares them (see the module's text)."""

    def __init__(
        self,
        workers: int | None = None,
        cheap_workers: int | None = None,
        per_table: int | None = None,
        think_per_minute: float | None = None,
        start_method: str | None = None,
    ):
        self.workers = workers or default_workers()
        self.cheap_workers = max(1, self.workers // 4) if cheap_workers is None else max(0, cheap_workers)
        self.per_table = per_table or max(1, self.workers // 2)
        self.think_per_minute = think_per_minute  # over it, a client's asks yield to others'
        self.pool: list[Worker] = []
        self.starting = {False: 0, True: 0}  # workers being started, general and cheap-only
        # client -> table -> its queued tickets; both rings rotate as they are served
        self.queue: OrderedDict[str, OrderedDict[str, deque[Ticket]]] = OrderedDict()
        self.running: dict[str, int] = {}  # table -> workers it holds
        self.use: dict[str, ClientUse] = {}
        self.tokens = itertools.count(1)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.closed = False
        self.hard_limit = 30.0  # seconds: a worker that has not answered by then is ended (set from the think time)
        self.context = _context(start_method)

    # ------------------------------------------------------------ asking
    def submit(self, job: ThinkJob, client: str | None, think_s: float) -> Ticket:
        """Queue `job` for `client` (its table: job.game_id); the ticket's futures follow it."""
        if self.closed:
            raise asyncio.CancelledError
        loop = asyncio.get_running_loop()
        if self.loop is not loop:  # first ask (or an app started again on another loop): workers are bound to it
            self._drop_workers()
            self.loop = loop
        ticket = Ticket(job, client or "", job.game_id, lane_of(job.kind), loop.create_future(), loop.create_future())
        ticket.answer.add_done_callback(_read_late)
        self.hard_limit = 2 * think_s + 10
        self.enqueue(ticket)
        self._dispatch()
        return ticket

    def enqueue(self, ticket: Ticket) -> None:
        """Queue a ticket behind its table's others (no worker is handed out: see `_dispatch`)."""
        ticket.token = next(self.tokens)
        self.queue.setdefault(ticket.client, OrderedDict()).setdefault(ticket.table, deque()).append(ticket)

    def withdraw(self, ticket: Ticket) -> None:
        """Forget a ticket no worker has started (its asker stopped waiting)."""
        tables = self.queue.get(ticket.client)
        if tables is None or ticket.table not in tables:
            return
        with contextlib.suppress(ValueError):
            tables[ticket.table].remove(ticket)
        if not tables[ticket.table]:
            del tables[ticket.table]
        if not tables:
            del self.queue[ticket.client]

    def think_used(self, client: str | None) -> float:
        use = self.use.get(client or "")
        return 0.0 if use is None else use.used(time.monotonic())

    # ------------------------------------------------------------ scheduling
    def next_ticket(self, cheap_only: bool) -> Ticket | None:
        """Take the next ticket a free worker runs (round-robin: clients, then their tables)."""
        now = time.monotonic()
        over = set()
        if self.think_per_minute is not None:
            over = {c for c in self.queue if self.think_used(c) >= self.think_per_minute and c in self.use}
        for within in (True, False):  # clients within their think time first
            for client, tables in self.queue.items():
                if (client in over) == within:
                    continue
                for table, tickets in tables.items():
                    if self.running.get(table, 0) >= self.per_table:
                        continue
                    ticket = next((t for t in tickets if not cheap_only or t.lane == "cheap"), None)
                    if ticket is None:
                        continue
                    tickets.remove(ticket)
                    tables.move_to_end(table)
                    self.queue.move_to_end(client)
                    if not tickets:
                        del tables[table]
                    if not tables:
                        del self.queue[client]
                    ticket.start_time = now
                    return ticket
        return None

    def _dispatch(self) -> None:
        while self.queue and not self.closed:
            worker = self._free_worker()
            if worker is None:
                return
            ticket = self.next_ticket(worker.cheap_only)
            if ticket is None and worker.cheap_only:  # nothing cheap waits: a general worker may take a search
                worker = self._free_worker(general=True)
                ticket = None if worker is None else self.next_ticket(False)
            if ticket is None or worker is None:
                return
            self._send(worker, ticket)

    def _free_worker(self, general: bool = False) -> Worker | None:
        """A free worker (a general one for a search); when the pool is short, one is started (off
        the event loop: `_dispatch` runs again once it is up) and None returned."""
        free = [w for w in self.pool if w.ticket is None and not w.dead and not (general and w.cheap_only)]
        if not general:  # the cheap lane's workers first, so general ones stay for searches
            free.sort(key=lambda w: not w.cheap_only)
        if free:
            return free[0]
        general_n = sum(1 for w in self.pool if not w.cheap_only) + self.starting[False]
        if general_n < self.workers:
            self._spawn(cheap_only=False)
        elif not general and self._cheap_waiting():
            if len(self.pool) + self.starting[True] - general_n < self.cheap_workers:
                self._spawn(cheap_only=True)
        return None

    def _cheap_waiting(self) -> bool:
        return any(t.lane == "cheap" for tables in self.queue.values() for ts in tables.values() for t in ts)

    def _send(self, worker: Worker, ticket: Ticket) -> None:
        worker.ticket, ticket.worker = ticket, worker
        self.running[ticket.table] = self.running.get(ticket.table, 0) + 1
        self.use.setdefault(ticket.client, ClientUse()).running.add(ticket)
        assert self.loop is not None
        worker.kill_handle = self.loop.call_later(self.hard_limit, self._end_worker, worker, "it did not answer in time")
        try:
            worker.conn.send((ticket.token, ticket.job))
        except OSError as e:
            self._end_worker(worker, f"its pipe broke ({e})")

    def _finish(self, worker: Worker) -> Ticket | None:
        """The worker is free again: its ticket's think time is counted and its table may go on."""
        ticket, worker.ticket = worker.ticket, None
        if worker.kill_handle is not None:
            worker.kill_handle.cancel()
            worker.kill_handle = None
        if ticket is None:
            return None
        n = self.running.get(ticket.table, 1) - 1
        if n:
            self.running[ticket.table] = n
        else:
            self.running.pop(ticket.table, None)
        use = self.use.setdefault(ticket.client, ClientUse())
        use.running.discard(ticket)
        now = time.monotonic()
        use.done.append((now, now - (ticket.start_time or now)))
        return ticket

    # ------------------------------------------------------------ workers
    def _spawn(self, cheap_only: bool) -> None:
        """Start a worker on a thread: the first start waits for the forkserver to load the games
        (a second or two), which the event loop must not."""
        assert self.loop is not None
        self.starting[cheap_only] += 1
        future = self.loop.run_in_executor(None, self._new_process)
        future.add_done_callback(lambda f: self._spawned(f, cheap_only))

    def _new_process(self) -> tuple[Any, Connection]:
        ours, theirs = self.context.Pipe()
        process = self.context.Process(target=_worker_main, args=(theirs,), daemon=True, name="volstead-bot")
        process.start()
        theirs.close()
        return process, ours

    def _spawned(self, future: asyncio.Future, cheap_only: bool) -> None:
        self.starting[cheap_only] -= 1
        if future.cancelled() or future.exception() is not None:
            if not self.closed:
                log.error("a bot worker cannot be started: %r", None if future.cancelled() else future.exception())
                assert self.loop is not None
                self.loop.call_later(1.0, self._dispatch)  # tried again: the bots wait, they do not fail
            return
        process, ours = future.result()
        if self.closed:
            process.kill()
            ours.close()
            return
        worker = Worker(process, ours, cheap_only)
        self.pool.append(worker)
        threading.Thread(target=self._read, args=(worker, self.loop), daemon=True, name="volstead-bot-reader").start()
        self._dispatch()

    def _read(self, worker: Worker, loop: asyncio.AbstractEventLoop) -> None:
        """A worker's messages, handed to the event loop (a thread a worker: any event loop, any
        platform); it closes the pipe once the worker has ended."""
        try:
            while not worker.dead:
                try:
                    if not worker.conn.poll(0.5):
                        continue
                    message = worker.conn.recv()
                except (EOFError, OSError):
                    message = ("ended",)
                try:
                    loop.call_soon_threadsafe(self._on_message, worker, message)
                except RuntimeError:  # the event loop is closed
                    return
                if message[0] == "ended":
                    return
        finally:
            worker.conn.close()

    def _on_message(self, worker: Worker, message: tuple) -> None:
        kind = message[0]
        if kind == "ended":
            self._end_worker(worker, "its process ended")
            return
        if kind == "ready":
            worker.pid = message[1]
            return
        ticket = worker.ticket
        if ticket is None or ticket.token != message[1]:
            return  # cannot happen: one ask at a time per worker
        if kind == "start":
            ticket.start_time = time.monotonic()
            if not ticket.started.done():
                ticket.started.set_result(None)
            return
        self._finish(worker)
        if not ticket.started.done():
            ticket.started.set_result(None)
        if not ticket.answer.done():
            if kind == "done":
                ticket.answer.set_result(Answer(message[2], worker.pid or 0, message[3]))
            else:
                ticket.answer.set_exception(BotFailed(message[2], message[3]))
        self._dispatch()

    def _end_worker(self, worker: Worker, why: str) -> None:
        """Stop a worker that died or hangs; its ask fails (the bot plays a random option)."""
        if worker.dead:
            return
        worker.dead = True  # its reader thread stops and closes the pipe
        with contextlib.suppress(Exception):
            worker.process.kill()
        if worker in self.pool:
            self.pool.remove(worker)
        ticket = self._finish(worker)
        if ticket is not None and self.closed:  # the server is stopping: nobody waits for the answer
            ticket.started.cancel()
            ticket.answer.cancel()
        elif ticket is not None:
            log.warning("bot worker %s ended: %s", worker.pid, why)
            if not ticket.started.done():
                ticket.started.set_result(None)
            if not ticket.answer.done():
                ticket.answer.set_exception(BotFailed(f"its worker ended: {why}", "worker ended"))
        if not self.closed:
            self._dispatch()

    def _drop_workers(self) -> None:
        for worker in list(self.pool):
            self._end_worker(worker, "the pool was moved to another event loop")

    def shutdown(self) -> None:
        """End every worker now (a search under way is cut short: the server is stopping)."""
        self.closed = True
        for worker in list(self.pool):
            self._end_worker(worker, "the server is stopping")
        for tables in self.queue.values():
            for tickets in tables.values():
                for t in tickets:
                    t.started.cancel()
                    t.answer.cancel()
        self.queue.clear()


def _read_late(future: asyncio.Future) -> None:
    """An answer nobody awaits any more (its bot ran out of time) is read, not logged as lost."""
    if not future.cancelled():
        future.exception()


def _context(method: str | None) -> Any:
    """Workers start from a clean server (forkserver, its modules loaded once), not forked from
    the event loop's process with its threads; spawn where there is no forkserver. Tests ask for
    "fork": their workers know the bots and games the test registered."""
    if method is not None:
        return multiprocessing.get_context(method)
    if "forkserver" in multiprocessing.get_all_start_methods():
        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["volstead.server.bot_pool", "volstead.games"])
        return ctx
    return multiprocessing.get_context("spawn")


# ------------------------------------------------------------------ clients
def client_secret(db_url: str | None) -> bytes:
    """The key of the clients' hashes: $VOLSTEAD_CLIENT_KEY, else a key file beside an SQLite
    database file (made on first use), else a key for this process alone (limits then start
    afresh at a restart)."""
    if os.environ.get(KEY_ENV):
        return os.environ[KEY_ENV].encode()
    path = _sqlite_file(db_url)
    if path is not None:
        key_file = Path(f"{path}.client-key")
        try:
            if not key_file.exists():
                fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
                with os.fdopen(fd, "w") as f:
                    f.write(secrets.token_hex(32))
            return key_file.read_text().strip().encode()
        except OSError as e:
            log.warning("no client key file %s (%s): client limits start afresh at a restart", key_file, e)
    return secrets.token_bytes(32)


def _sqlite_file(db_url: str | None) -> str | None:
    if not db_url or not db_url.startswith("sqlite:///"):
        return None
    path = db_url.removeprefix("sqlite:///").partition("?")[0]
    return None if not path or path == ":memory:" else path


def client_key(secret: bytes, host: str | None) -> str:
    """What the server keeps of a client: a keyed hash of its address (never the address)."""
    return hmac.new(secret, (host or "").encode(), hashlib.sha256).hexdigest()


def live_bot_tables(games: Iterable[Any], client: str, instant: Any) -> int:
    """How many of `games` (live games) `client` made that have a thinking bot (`instant(kind)` is
    False), are not over, and are not waiting on a person for more than IDLE_S seconds."""
    now = time.monotonic()
    n = 0
    for live in games:
        if live.stored.client != client or live.error or live.state.is_over():
            continue
        if not any(k != "human" and not instant(k) for k in live.kinds):
            continue
        pending = live.pending()
        if pending and all(live.kinds[s] == "human" for s in pending) and now - live.clock.started > IDLE_S:
            continue
        n += 1
    return n
