"""Run many bot games: deterministic per-game seeds, rotated seats, resumable output.

Output folder layout:

- `sim.json`: the configuration (game, seats, seed, options); a resumed run
  must match it;
- `results.jsonl`: one line per finished game, in game-index order;
- `records.jsonl`: each game's record, a line a game in index order (`records.py`; `volstead
  replay RUN --game N` reads it), unless the run was told not to write them (`SimConfig.records`,
  `--no-records`). Workers send each game's two lines to the parent, serialized (bytes pickle
  for the cost of a copy, a nested row does not), and the parent writes them in index order, a
  batch at a time (`Batches`).

Game `i` is seeded by `game_seed(seed, i)` and its bots by that seed, the seat
and the bot name, so a game's result depends only on `--seed` and its index,
never on the number of workers or on which worker ran it (bots with a
millisecond budget excepted: they think for as long as the clock says).
Seat `k` of game `i` takes bot `(k + i) mod n` of the list, so over every `n`
consecutive games each bot sits once in each position.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import time
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from itertools import repeat
from pathlib import Path
from typing import Any, cast

import orjson

from volstead.bots import get_bot
from volstead.games import get_game

from .loop import play_and_count
from .records import RECORDS_FILE, keep_finished, record_line

RESULTS = "results.jsonl"
CONFIG = "sim.json"


@dataclass(frozen=True)
class SimConfig:
    game: str
    seats: tuple[str, ...]
    seed: int = 1
    options: dict = field(default_factory=dict)  # the game's Options as JSON
    # Each game's record written to records.jsonl (a run of many thousands for the balance figures
    # may do without, unless its game's own figures replay the games: a record costs a short random
    # game a tenth of its time).
    records: bool = True

    def to_json(self) -> dict:
        d = asdict(self)
        d["seats"] = list(self.seats)
        return d


# A played game as a worker sends it: its index, its line of results.jsonl, its line of records.jsonl
# (None when the run writes no records).
Played = tuple[int, bytes, bytes | None]


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a run seeded `seed` (31 bits, from SHA-256)."""
    digest = hashlib.sha256(f"volstead-sim/{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & 0x7FFFFFFF


def seat_bots(seats: tuple[str, ...], index: int) -> list[str]:
    """The bot at each seat of game `index`: the list rotated by the index."""
    n = len(seats)
    return [seats[(k + index) % n] for k in range(n)]


def play_game(config: SimConfig, index: int) -> dict:
    """Play game `index` to the end; return its result row."""
    return play_with_record(config, index, False)[0]


def play_with_record(config: SimConfig, index: int, with_record: bool) -> tuple[dict, bytes | None]:
    """Play game `index` to the end; return its result row and, if asked, its line of
    records.jsonl."""
    game = get_game(config.game)
    seed = game_seed(config.seed, index)
    names = seat_bots(tuple(config.seats), index)
    options = game.options_from_json(config.options) if config.options else None
    state = game.new_game(seed=seed, seats=len(names), options=options)
    bots = [get_bot(name, f"{seed}/{k}/{name}") for k, name in enumerate(names)]
    plays, kinds, notes = play_and_count(game, state, bots)
    result = state.result()
    n = len(names)
    scores, winners = list(result.scores), list(result.winners)
    factions = list(result.factions) or [None] * len(scores)
    row = {
        "index": index,
        "seed": seed,
        "bots": names,
        "factions": factions[:n],
        # Seats beyond the bots' are a game's automa (a solo mode's opponent): kept apart,
        # so a bot's win rate in a solo run is how often it beats the automa.
        "scores": scores[:n],
        "winners": [w for w in winners if w < n],
        "decisions": state.decisions_made,
        "stats": game.stats(state),
        "plays": plays,
        "kinds": kinds[:n],  # per seat: the kinds of the decisions it took with a choice
        "notes": notes[:n],  # per seat: the game's notes on its choices (Game.play_note)
    }
    if len(scores) > n:
        row["automa"] = {"scores": scores[n:], "won": any(w >= n for w in winners)}
    return row, (_record_line(index, state) if with_record else None)


def play_lines(config: SimConfig, index: int) -> Played:
    """Play game `index` to the end; return its index and its lines of results.jsonl and (unless the
    run writes none) records.jsonl: what a worker sends the parent."""
    row, record = play_with_record(config, index, config.records)
    return index, result_line(row), record


def _record_line(index: int, state: Any) -> bytes:
    """Game `index`'s line of records.jsonl. The record is a list a decision: built with the cycle
    collector paused (they hold no cycles, and are freed with the line written), else the
    allocations set off collections that took nearly half of the record's time."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        return record_line(index, state.record())
    finally:
        if collecting:
            gc.enable()


def card_universe(config: SimConfig) -> list[str]:
    """Ids of every card of the game's card set (for 'never played'), if the game has cards."""
    game = get_game(config.game)
    options = game.options_from_json(config.options) if config.options else None
    return list(game.card_ids(options))


# ------------------------------------------------------------ resume / output
def load_results(out: str | Path) -> list[dict]:
    path = Path(out) / RESULTS
    rows: list[dict] = []
    if not path.exists():
        return rows
    for line in path.read_bytes().splitlines():
        line = line.strip()
        if not line:
            continue
        try:
            rows.append(orjson.loads(line))  # orjson: a run reads its rows back at the end (run_sim)
        except orjson.JSONDecodeError:
            break  # a line cut by an interruption: everything before it is kept
    return rows


def result_line(row: dict) -> bytes:
    """A result row as its line of results.jsonl: keys sorted, so the file is the same whatever the
    workers. orjson: the parent writes every row, and with 16 workers the `json` module's 30–50 µs a
    row was a fifth to a third of the parent's time, the one process that does not scale."""
    return orjson.dumps(row, option=orjson.OPT_SORT_KEYS | orjson.OPT_APPEND_NEWLINE)


def _prepare(config: SimConfig, out: Path) -> list[dict]:
    """Check `out` against the run's configuration (or write it); return the result rows of the
    games already finished there, after dropping a cut last line and records beyond them."""
    out.mkdir(parents=True, exist_ok=True)
    cfg_path = out / CONFIG
    if cfg_path.exists():
        old = json.loads(cfg_path.read_text())
        mine = config.to_json()
        for key in ("game", "seats", "seed", "options"):
            if old.get(key) != mine[key]:
                raise ValueError(
                    f"{out} holds a run with {key}={old.get(key)!r}, not {mine[key]!r}; use another --out to start a new run"
                )
    else:
        cfg_path.write_text(json.dumps({**config.to_json(), "cards": card_universe(config)}, indent=1) + "\n")
    rows = load_results(out)
    # rewrite the file without a possibly cut last line
    path = out / RESULTS
    if path.exists():
        path.write_bytes(b"".join(result_line(r) for r in rows))
    keep_finished(out, {r["index"] for r in rows})
    return rows


def _local(config: SimConfig, todo: list[int], workers: int) -> Iterator[Played]:
    if workers <= 1:
        for i in todo:
            yield play_lines(config, i)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    ctx = mp.get_context("spawn" if os.name == "nt" else "fork")
    quick = all(get_bot(name).instant for name in config.seats)
    # concurrent.futures, not multiprocessing.Pool: a Pool's worker-handler thread waits on the
    # result pipe as well as on the workers, so it spins while a result waits there for the
    # result-handler thread (in a toy pool: 84 µs of the parent's CPU an item at 8 items a send,
    # against 23 µs for the executor, whose one manager thread reads the results itself).
    executor = ProcessPoolExecutor(workers, mp_context=ctx)  # its workers are forked at the first send
    # The parent's objects (modules, the card set) leave the collector's reach before the fork, so a
    # worker's collections never write to them, and their pages stay shared instead of being copied
    # into every worker (the gc module's advice for fork without exec).
    gc.freeze()
    # in index order: results.jsonl is written in that order anyway; a generator (typeshed says Iterator)
    results = cast(
        Generator[Played, None, None],
        executor.map(play_lines, repeat(config, len(todo)), todo, chunksize=_chunk(len(todo), workers, quick)),
    )
    finished = False
    try:
        for played in results:  # noqa: UP028 (not `yield from`: an interruption reaches the workers before
            yield played  # `results` is closed, which cancels the games not yet started)
        finished = True
    finally:
        if not finished:  # interrupted (Ctrl-C, an error): the workers are stopped now, as a Pool's
            _stop_workers(executor)  # exit did; their games in hand are played again on resume
        executor.shutdown(wait=finished, cancel_futures=True)
        results.close()
        gc.unfreeze()


def _stop_workers(executor: Any) -> None:
    terminate = getattr(executor, "terminate_workers", None)  # Python 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((executor._processes or {}).values()):  # before 3.14, no public way
        process.terminate()
    # The executor's thread then fails every game sent and not finished. Python 3.11's raised
    # InvalidStateError there (printed as "Exception in thread") for a game the map had cancelled
    # meanwhile: wait for it before `results` cancels anything (a moment: the workers are gone).
    manager = getattr(executor, "_executor_manager_thread", None)
    if manager is not None:
        manager.join(timeout=5)


def _chunk(games: int, workers: int, quick: bool = False) -> int:
    """Games a worker is sent at a time: up to 32 when every seat is an instant bot (`quick`: a
    random game takes a millisecond or two), up to 8 otherwise, and at least 16 sends a worker. Each
    send costs the parent (pickling, the executor's thread, waking the main one): one game a send
    cost about 1.7 ms of CPU a random game (a third of the game itself, on a core the workers need),
    8 a send 65 µs a game, 32 a send 44 µs. With at least 16 sends a worker, the last ones still
    share out the end of a run whose games are slow (bots that search)."""
    return max(1, min(32 if quick else 8, games // (16 * workers)))


def run_sim(
    config: SimConfig,
    games: int,
    out: str | Path,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    on_game: Callable[[int], Any] | None = None,
    on_start: Callable[[int, int], Any] | None = None,
    first_game: int = 0,
) -> list[dict]:
    """Play games first_game..games-1 not already in `out`; return every result row, in index order.
    `on_game(index)` is called as each game comes in, `on_start(total, already done)` once first.

    `first_game` splits one long run between machines: each plays its own range of indices into
    its own folder (the same games as one run would play), and `volstead balance` pools the folders.

    Lines are appended to results.jsonl (and records to records.jsonl) in index order, a batch at a
    time (`Batches`), so the files are the same whatever the number of workers, and an interrupted
    run keeps a prefix that `run_sim` resumes from.
    """
    if not 0 <= first_game < games:
        raise ValueError(f"the first game ({first_game}) must be at least 0 and below the number of games ({games})")
    out = Path(out)
    rows = _prepare(config, out)
    done = {r["index"] for r in rows}
    todo = [i for i in range(first_game, games) if i not in done]
    if on_start is not None:
        on_start(games - first_game, games - first_game - len(todo))
    if backend == "local":
        stream: Iterable[Played] = _local(config, todo, workers)
    elif backend == "ray":
        from .ray_backend import run_ray

        stream = run_ray(config, todo, address=address, workers=workers)
    else:
        raise ValueError(f"unknown backend {backend!r}; use local or ray")
    waiting: dict[int, tuple[bytes, bytes | None]] = {}
    pending = iter(todo)
    next_index = next(pending, None)
    try:
        with Batches(out, config.records) as batches:
            for index, line, record in stream:
                waiting[index] = (line, record)
                while next_index is not None and next_index in waiting:
                    batches.add(*waiting.pop(next_index))
                    next_index = next(pending, None)
                # read back now, while the workers play: at the end it was the run's one serial
                # stretch (orjson, ~9 µs a row of the shortest random games: 0.2 s of a 2.5 s run on 16 workers)
                rows.append(orjson.loads(line))
                if on_game is not None:
                    on_game(index)
    finally:
        close = getattr(stream, "close", None)
        if close is not None:  # an interrupted run's workers stop now, not when its traceback is freed
            close()
    return sorted(rows, key=lambda r: r["index"])


class Batches:
    """The parent's writer of results.jsonl and records.jsonl: games' lines, added in index order,
    written a batch at a time — when a batch holds `max_bytes`, when `max_seconds` have passed since
    the last write, and at the end (also when the run is interrupted). Two flushed writes a game
    were the parent's largest cost after the pool's own (with 16 workers of short random games,
    ~16,000 a second, the parent, the one process that does not scale, has ~60 µs a game).

    A batch's records go to disk before its results: a resume keeps only the games that are in
    results.jsonl and drops records beyond them (`records.keep_finished`), so no interruption
    leaves a result without its record."""

    def __init__(self, out: Path, records: bool, max_bytes: int = 1 << 20, max_seconds: float = 0.5):
        self.results = open(out / RESULTS, "ab")
        self.records = open(out / RECORDS_FILE, "ab") if records else None
        self.max_bytes, self.max_seconds = max_bytes, max_seconds
        self.lines: list[bytes] = []
        self.record_lines: list[bytes] = []
        self.size = 0
        self.written_at = time.monotonic()

    def add(self, line: bytes, record: bytes | None) -> None:
        self.lines.append(line)
        self.size += len(line)
        if record is not None:
            self.record_lines.append(record)
            self.size += len(record)
        if self.size >= self.max_bytes or time.monotonic() - self.written_at >= self.max_seconds:
            self.write()

    def write(self) -> None:
        if self.records is not None and self.record_lines:
            self.records.write(b"".join(self.record_lines))
            self.records.flush()
        if self.lines:
            self.results.write(b"".join(self.lines))
            self.results.flush()
        self.lines.clear()
        self.record_lines.clear()
        self.size = 0
        self.written_at = time.monotonic()

    def __enter__(self) -> Batches:
        return self

    def __exit__(self, *exc: object) -> None:
        try:
            self.write()
        finally:
            self.results.close()
            if self.records is not None:
                self.records.close()
