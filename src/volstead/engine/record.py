"""Game records: the JSON equivalent of a chess PGN.

A record holds what is needed to rebuild a game exactly: the game's name,
the engine version that wrote it, the game options, the seed, the number of
seats and every decision as `[seat, option id]` (format 2; format 1 records,
whose decisions are bare option ids, still load). Replaying applies the
decisions one by one; the first that is not legal says where the record and
the rules part. `make_record` is the one place a record is built.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr, ValidationError

from .errors import RecordError, VolsteadError

RECORD_FORMAT = 2
READABLE_FORMATS = (1, 2)
MAX_OPTION_ID = 200  # characters; longer ids are no option of any game


class GameRecord(BaseModel):
    """The shape of a record file (extra keys, such as a server's, are kept)."""

    model_config = ConfigDict(extra="allow")

    format: StrictInt
    game: StrictStr
    version: StrictStr
    options: dict[str, Any]
    seed: Annotated[StrictInt, Field(ge=0)]
    seats: Annotated[StrictInt, Field(ge=1)]
    decisions: list[
        tuple[StrictInt, Annotated[StrictStr, Field(max_length=MAX_OPTION_ID)]]
        | Annotated[StrictStr, Field(max_length=MAX_OPTION_ID)]
    ]


def make_record(
    state=None,
    *,
    game: str | None = None,
    options: dict | None = None,
    seed: int | None = None,
    seats: int | None = None,
    decisions: list | None = None,
) -> dict:
    """The record of `state`, or of a game given by its parts (a server's stored game)."""
    from volstead import __version__

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


def validate_record(record: Any) -> dict:
    if not isinstance(record, dict):
        raise RecordError(f"a game record must be a JSON object, got {type(record).__name__}")
    for key in GameRecord.model_fields:
        if key not in record:
            raise RecordError(f"the game record has no {key!r} field")
    try:
        GameRecord.model_validate(record)
    except ValidationError as e:
        raise RecordError(_first_error(e)) from None
    if record["format"] not in READABLE_FORMATS:
        raise RecordError(
            f"record format {record['format']} is not supported (this Volstead reads formats "
            f"{', '.join(map(str, READABLE_FORMATS))})"
        )
    for i, d in enumerate(record["decisions"]):
        if isinstance(d, str) != (record["format"] == 1):
            want = "an option id string" if record["format"] == 1 else "a [seat, option id] pair"
            raise RecordError(f"decision #{i} of the record must be {want}, got {d!r}"[:300])
    return record


def decision_pairs(record: dict) -> list[tuple[int | None, str]]:
    """A validated record's decisions as (seat, option id); the seat is None in format 1."""
    return [(None, d) if isinstance(d, str) else (d[0], d[1]) for d in record["decisions"]]


def replay(record: dict, upto: int | None = None):
    """Rebuild the state a record describes (optionally only its first `upto` decisions)."""
    from volstead.games import get_game

    record = validate_record(record)
    try:
        game = get_game(record["game"])
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    try:
        options = game.options_from_json(record["options"])
        state = game.new_game(seed=record["seed"], seats=record["seats"], options=options)
    except RecordError:
        raise
    except (VolsteadError, ValueError, TypeError) as e:
        raise RecordError(f"the record's setup is invalid: {e}") from None
    decisions = decision_pairs(record)
    for i, (seat, option_id) in enumerate(decisions if upto is None else decisions[:upto]):
        if state.is_over():
            raise RecordError(f"decision #{i} ({option_id!r}) comes after the game ended")
        try:
            state.apply(option_id, seat)
        except VolsteadError as e:
            raise RecordError(f"decision #{i} does not match the game: {e}") from None
    return state


def undo(state, steps: int = 1):
    """The state as it was `steps` decisions ago (replayed from the seed)."""
    record = state.record()
    n = len(record["decisions"])
    if steps > n:
        raise RecordError(f"cannot undo {steps} decisions: only {n} were taken")
    return replay(record, upto=n - steps)


def save_record(record: dict, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, indent=1) + "\n")


def load_record(path: str | Path) -> dict:
    try:
        text = Path(path).read_text()
    except OSError as e:
        raise RecordError(f"cannot read the record {path}: {e.strerror}") from None
    try:
        return validate_record(json.loads(text))
    except json.JSONDecodeError as e:
        raise RecordError(f"{path} is not valid JSON: {e}") from None
