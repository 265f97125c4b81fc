"""A simulator run's game records: `records.jsonl` in the run's folder, one line a game.

Each line is the game's record (`engine/record.py`, what `volstead replay` reads) with the game's
`index` as its first key, in index order, written by the parent beside the game's line of
results.jsonl. One file a run, not one a game: creating a file cost a game about as much as its
record (0.05–0.3 ms of system and library time; a tenth to a quarter of a short random game), and a
run of ten thousand games was ten thousand files. Runs written before this file existed hold
`records/game-NNNNNN.json`, a file a game; the readers here read both.

    volstead replay RUN_FOLDER --game 17        # or RUN_FOLDER/records.jsonl --game 17
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from volstead.engine.errors import RecordError
from volstead.engine.record import load_record, validate_record

if TYPE_CHECKING:
    from volstead.engine.contract import Game
    from volstead.engine.state import GameState

RECORDS_FILE = "records.jsonl"
RECORDS_FOLDER = "records"  # the older layout: records/game-NNNNNN.json

_INDEX = re.compile(rb'\{"index":(\d+),')


def record_line(index: int, record: dict) -> bytes:
    """Game `index`'s line of records.jsonl: its index first (so a reader finds a game without
    parsing every line), then the record."""
    return orjson.dumps({"index": index, **record}, option=orjson.OPT_APPEND_NEWLINE)


def line_index(line: bytes) -> int | None:
    """The game index of a whole line of records.jsonl; None for a line cut by an interruption or
    one this module did not write."""
    found = _INDEX.match(line)
    return int(found.group(1)) if found is not None and line.endswith(b"\n") else None


def keep_finished(out: Path, finished: set[int]) -> None:
    """Drop from `out`'s records.jsonl the lines of games not in results.jsonl: a game whose record
    was written just before an interruption cut its results line (it is played again), or a line
    cut itself. The file is rewritten only when a line goes."""
    path = out / RECORDS_FILE
    if not path.exists():
        return
    with open(path, "rb") as f:
        if all(line_index(line) in finished for line in f):
            return
    tmp = out / (RECORDS_FILE + ".tmp")
    with open(path, "rb") as f, open(tmp, "wb") as kept:
        for line in f:
            if line_index(line) in finished:
                kept.write(line)
    os.replace(tmp, path)


def _parse(line: bytes, where: Path, index: int) -> dict:
    try:
        record = orjson.loads(line)
    except orjson.JSONDecodeError as e:
        raise RecordError(f"game {index}'s line of {where} is not valid JSON: {e}") from None
    record.pop("index", None)
    return validate_record(record)


def read_run_record(where: str | Path, index: int) -> dict:
    """The record of game `index` of a simulator run: `where` is the run's folder or its
    records.jsonl."""
    where = Path(where)
    if not where.exists():
        raise RecordError(f"{where} does not exist")
    path = where / RECORDS_FILE if where.is_dir() else where
    old = where / RECORDS_FOLDER / f"game-{index:06d}.json"
    if where.is_dir() and old.exists():
        return load_record(old)
    if not path.exists():
        if (where / RECORDS_FOLDER).is_dir():
            raise RecordError(f"{where} has no record of game {index}")
        raise RecordError(f"{where} holds no game records (a run made with --no-records, or not a simulator run)")
    seen: list[int] = []
    try:
        with open(path, "rb") as f:
            for line in f:
                at = line_index(line)
                if at == index:
                    return _parse(line, path, index)
                if at is not None:
                    seen.append(at)
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    held = "no game" if not seen else f"game {seen[0]}" if len(seen) == 1 else f"games {min(seen)}–{max(seen)}"
    raise RecordError(f"{path} has no record of game {index} (it holds {held})")


def iter_run_records(folder: str | Path) -> Iterator[tuple[int, dict]]:
    """Every record of a simulator run as (game index, record): records.jsonl's, in index order,
    then those of the older layout's records/game-NNNNNN.json (a run resumed across the change
    holds both)."""
    folder = Path(folder)
    path = folder / RECORDS_FILE
    if path.exists():
        with open(path, "rb") as f:
            for line in f:
                at = line_index(line)
                if at is not None:
                    yield at, _parse(line, path, at)
    for old in sorted((folder / RECORDS_FOLDER).glob("game-*.json")):
        yield int(old.stem.removeprefix("game-")), load_record(old)


def replayed_finals(game: Game, folders: Iterable[str | Path]) -> Iterator[GameState]:
    """The final state of every game of these run folders that has a record, replayed (under the
    record's own options, its card set included) as the iteration reaches it: what a game's
    `report_sections` reads beyond the results. RecordError, naming the game and the folder, for a
    record of another game or one that no longer replays."""
    from volstead.engine import replay

    for folder in folders:
        for index, record in iter_run_records(folder):
            if record["game"] != game.name:
                raise RecordError(f"game {index} of {folder} is a record of {record['game']!r}, not of {game.name!r}")
            try:
                state = replay(game, record)
            except RecordError as e:
                raise RecordError(
                    f"game {index} of {folder} does not replay under the run's options ({e}); "
                    f"was the game or its card set changed since the run?"
                ) from None
            yield state
