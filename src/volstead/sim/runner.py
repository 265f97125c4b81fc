"""Run many bot games: deterministic per-game seeds, rotated seats, resumable output.

Output folder layout:

- `sim.json`: the configuration (game, seats, seed, options); a resumed run
  must match it;
- `results.jsonl`: one line per finished game, in game-index order;
- `records.jsonl`: each game's record, a line a game in index order (`records.py`; `volstead
  replay RUN --game N` reads it), unless the run was told not to write them (`SimConfig.records`,
  `--no-records`). Workers send each record's line to the parent with the result row, and the
  parent writes both.

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
from collections.abc import Callable, Iterable, Iterator
from contextlib import nullcontext
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import orjson

from volstead.bots import get_bot
from volstead.games import get_game

from .loop import play_to_end
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
    # may do without: a record costs a short random game a tenth of its time).
    records: bool = True

    def to_json(self) -> dict:
        d = asdict(self)
        d["seats"] = list(self.seats)
        return d


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
    plays = play_to_end(game, state, bots)
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
    }
    if len(scores) > n:
        row["automa"] = {"scores": scores[n:], "won": any(w >= n for w in winners)}
    return row, (_record_line(index, state) if with_record else None)


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
    rows = []
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


def _prepare(config: SimConfig, out: Path) -> set[int]:
    out.mkdir(parents=True, exist_ok=True)
    cfg_path = out / CONFIG
    if cfg_path.exists():
        old = json.loads(cfg_path.read_text())
        mine = config.to_json()
        for key in ("game", "seats", "seed", "options"):
            if old.get(key) != mine[key]:
                raise ValueError(f"{out} holds a run with {key}={old.get(key)!r}, not {mine[key]!r}; "
                                 f"use another --out to start a new run")
    else:
        cfg_path.write_text(json.dumps({**config.to_json(), "cards": card_universe(config)}, indent=1) + "\n")
    rows = load_results(out)
    # rewrite the file without a possibly cut last line
    path = out / RESULTS
    if path.exists():
        path.write_bytes(b"".join(result_line(r) for r in rows))
    done = {r["index"] for r in rows}
    keep_finished(out, done)
    return done


Played = tuple[dict, bytes | None]  # a game's result row and its line of records.jsonl (or None)


def _local(config: SimConfig, todo: list[int], workers: int) -> Iterator[Played]:
    if workers <= 1:
        for i in todo:
            yield play_with_record(config, i, config.records)
        return
    import multiprocessing as mp

    ctx = mp.get_context("spawn" if os.name == "nt" else "fork")
    # The parent's objects (modules, the card set) leave the collector's reach before the fork, so a
    # worker's collections never write to them, and their pages stay shared instead of being copied
    # into every worker (the gc module's advice for fork without exec).
    gc.freeze()
    try:
        with ctx.Pool(workers) as pool:
            yield from pool.imap_unordered(_play_task, [(config, i) for i in todo], chunksize=_chunk(len(todo), workers))
    finally:
        gc.unfreeze()


def _chunk(games: int, workers: int) -> int:
    """Games a worker is sent at a time: up to 8, at least 16 sends a worker. One game a send cost
    the parent about 1.7 ms of CPU a random game in pickling and pool threads (a third of the game
    itself, on a core the workers need); with at least 16 sends a worker, the last ones still
    share out the end of a run whose games are slow (bots that search)."""
    return max(1, min(8, games // (16 * workers)))


def _play_task(args) -> Played:
    config, index = args
    return play_with_record(config, index, config.records)


def run_sim(config: SimConfig, games: int, out: str | Path, workers: int = 1, backend: str = "local",
            address: str | None = None, on_result: Callable[[dict], Any] | None = None,
            on_start: Callable[[int, int], Any] | None = None, first_game: int = 0) -> list[dict]:
    """Play games first_game..games-1 not already in `out`; return every result row, in index order.

    `first_game` splits one long run between machines: each plays its own range of indices into
    its own folder (the same games as one run would play), and the balance scripts pool the folders.

    Rows are appended to results.jsonl (and records to records.jsonl) in index order as soon as
    every earlier game is in (a few finished games wait in memory at most), so the files are the
    same whatever the number of workers, and an interrupted run keeps a prefix that `run_sim`
    resumes from.
    """
    if not 0 <= first_game < games:
        raise ValueError(f"the first game ({first_game}) must be at least 0 and below the number of games ({games})")
    out = Path(out)
    done = _prepare(config, out)
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
    waiting: dict[int, Played] = {}
    pending = iter(todo)
    next_index = next(pending, None)
    records_file = open(out / RECORDS_FILE, "ab") if config.records else nullcontext()
    with open(out / RESULTS, "ab") as results, records_file as records:
        for row, record in stream:
            waiting[row["index"]] = (row, record)
            while next_index is not None and next_index in waiting:
                done_row, done_record = waiting.pop(next_index)
                if records is not None and done_record is not None:
                    records.write(done_record)  # before the results line: a resume keeps only games in both
                    records.flush()
                results.write(result_line(done_row))
                results.flush()
                next_index = next(pending, None)
            if on_result is not None:
                on_result(row)
    return sorted(load_results(out), key=lambda r: r["index"])
