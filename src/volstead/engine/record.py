"""Game records: the JSON equivalent of a chess PGN.

A record holds what is needed to rebuild a game exactly: the game's name,
the Volstead version that wrote it, the game options, the seed, the number of
seats and every decision as `[seat, option id]` (format 2; format 1 records,
whose decisions are bare option ids, still load). `make_record` is the one
place a record is built; `validate_record` the one place its shape is checked
(replay.py rebuilds the game a record describes). Every way a record can be
malformed — not UTF-8, not JSON, nested too deep, a field of the wrong type,
a newer Volstead's — is a `RecordError` naming the problem.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from .errors import RecordError
from .rng import SEED_LIMIT
from .version import __version__

RECORD_FORMAT = 2
READABLE_FORMATS = (1, 2)
MAX_OPTION_ID = 200  # characters; longer ids are no option of any game
MAX_RECORD_BYTES = 64 * 1024 * 1024  # a record file larger than this is no game's (a long game is ~100 kB)
# "0.1.0", "1.2.3.dev4", "1.2.3+local": the three numbers decide what a Volstead can replay.
VERSION = re.compile(r"(\d{1,6})\.(\d{1,6})\.(\d{1,6})(?:[.+-][0-9A-Za-z.+-]{0,40})?")

OptionId = Annotated[StrictStr, Field(max_length=MAX_OPTION_ID)]


class GameRecord(BaseModel):
    """The shape of a record file (extra keys, such as a server's commitment, are kept)."""

    model_config = ConfigDict(extra="allow")

    format: StrictInt
    game: Annotated[StrictStr, Field(max_length=100)]
    version: Annotated[StrictStr, Field(max_length=60)]
    options: dict[str, Any]
    seed: Annotated[StrictInt, Field(ge=0, lt=SEED_LIMIT)]
    seats: Annotated[StrictInt, Field(ge=1, le=64)]
    decisions: list[tuple[Annotated[StrictInt, Field(ge=0)], OptionId] | OptionId]


def make_record(
    state: Any = None,
    *,
    game: str | None = None,
    options: dict | None = None,
    seed: int | None = None,
    seats: int | None = None,
    decisions: list | None = None,
) -> dict:
    """The record of `state`, or of a game given by its parts (a server's stored game)."""
    if state is not None:
        game, options, seed, seats = state.game_name, state.options_json(), state.seed, state.seats
        pairs: list[list[Any] | str] = state.record_pairs()  # not copied again
    else:
        pairs = [list(d) if not isinstance(d, str) else d for d in decisions or []]
    return {
        "format": RECORD_FORMAT,
        "game": game,
        "version": __version__,
        "options": options,
        "seed": seed,
        "seats": seats,
        "decisions": pairs,
    }


def _first_error(e: ValidationError) -> str:
    err = e.errors()[0]
    where = ".".join(str(x) for x in err["loc"][:2]) or "record"
    return f"the game record's {where!r} is invalid: {err['msg']}"


def version_numbers(version: str) -> tuple[int, int, int] | None:
    """The three numbers of a Volstead version string ("0.1.0" -> (0, 1, 0)); None if it is not one."""
    m = VERSION.fullmatch(version)
    return (int(m[1]), int(m[2]), int(m[3])) if m else None


def check_version(version: str) -> None:
    """A RecordError unless `version` is a Volstead version no newer than this one (a newer Volstead's
    record may need rules this one does not have)."""
    numbers = version_numbers(version)
    if numbers is None:
        raise RecordError(f"the game record's 'version' is not a Volstead version: {version[:60]!r}")
    ours = version_numbers(__version__)
    assert ours is not None
    if numbers > ours:
        raise RecordError(f"the game record was written by Volstead {version}, newer than this one ({__version__})")


def validate_record(record: Any) -> dict:
    """`record` if it has a record's shape (every field of its type, a readable format, a version no
    newer than this Volstead); a RecordError naming the first problem otherwise."""
    if not isinstance(record, dict):
        raise RecordError(f"a game record must be a JSON object, got {type(record).__name__}")
    for key in GameRecord.model_fields:
        if key not in record:
            raise RecordError(f"the game record has no {key!r} field")
    try:
        GameRecord.model_validate(record)
    except ValidationError as e:
        raise RecordError(_first_error(e)) from None
    except RecursionError:
        raise RecordError("the game record is nested too deeply") from None
    if record["format"] not in READABLE_FORMATS:
        raise RecordError(
            f"record format {record['format']} is not supported (this Volstead reads formats "
            f"{', '.join(map(str, READABLE_FORMATS))})"
        )
    check_version(record["version"])
    for i, d in enumerate(record["decisions"]):
        if isinstance(d, str) != (record["format"] == 1):
            want = "an option id string" if record["format"] == 1 else "a [seat, option id] pair"
            raise RecordError(f"decision #{i} of the record must be {want}, got {d!r}"[:300])
    return record


def decision_pairs(record: dict) -> list[tuple[int | None, str]]:
    """A validated record's decisions as (seat, option id); the seat is None in format 1."""
    return [(None, d) if isinstance(d, str) else (d[0], d[1]) for d in record["decisions"]]


def parse_record(data: str | bytes, source: str = "the record") -> dict:
    """A record read from JSON text (or UTF-8 bytes), validated; a RecordError naming `source` and
    the problem (not UTF-8, not JSON, nested too deep, not a record's shape)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"{source} is not UTF-8 text (byte {e.start})") from None
    try:
        parsed = json.loads(data)
    except json.JSONDecodeError as e:
        raise RecordError(f"{source} is not valid JSON: {e}") from None
    except RecursionError:
        raise RecordError(f"{source} is nested too deeply to be a game record") from None
    return validate_record(parsed)


def save_record(record: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n")


def load_record(path: str | Path) -> dict:
    """The record in the file at `path`, validated (`parse_record`); a RecordError if it cannot be read."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordError(f"cannot read the record {path}: {e.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordError(f"{path} is larger than {MAX_RECORD_BYTES // 2**20} MiB: no game record is")
    return parse_record(data, str(path))
