"""Game records: the JSON equivalent of a chess PGN.

A record holds what is needed to rebuild a game exactly: the game's name,
the engine version that wrote it, the game options, the seed, the number of
seats and the decisions as option ids. Replaying applies the ids one by one;
the first id that is not legal says where the record and the rules part.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import RecordError, VolsteadError

RECORD_FORMAT = 1
_REQUIRED = {"format": int, "game": str, "version": str, "options": dict, "seed": int, "seats": int, "decisions": list}


def make_record(state) -> dict:
    from volstead import __version__

    return {
        "format": RECORD_FORMAT,
        "game": state.game_name,
        "version": __version__,
        "options": state.options_json(),
        "seed": state.seed,
        "seats": state.seats,
        "decisions": state.decision_ids(),
    }


def validate_record(record: Any) -> dict:
    if not isinstance(record, dict):
        raise RecordError(f"a game record must be a JSON object, got {type(record).__name__}")
    for key, typ in _REQUIRED.items():
        if key not in record:
            raise RecordError(f"the game record has no {key!r} field")
        value = record[key]
        if not isinstance(value, typ) or (typ is int and isinstance(value, bool)):
            raise RecordError(f"the game record's {key!r} must be a {typ.__name__}, got {type(value).__name__}")
    if record["format"] != RECORD_FORMAT:
        raise RecordError(f"record format {record['format']} is not supported (this Volstead reads format {RECORD_FORMAT})")
    for i, d in enumerate(record["decisions"]):
        if not isinstance(d, str):
            raise RecordError(f"decision #{i} of the record must be an option id string, got {d!r}")
    return record


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
    decisions = record["decisions"] if upto is None else record["decisions"][:upto]
    for i, option_id in enumerate(decisions):
        if state.is_over():
            raise RecordError(f"decision #{i} ({option_id!r}) comes after the game ended")
        try:
            state.apply(option_id)
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
