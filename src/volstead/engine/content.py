"""Loading a game's data files (its card set, one TOML file per deck), the part every game shares.

A game's `content/loader.py` reads each file with `load_file` into its pydantic model, then checks
and indexes what only it knows (`Content`). Every defect is a `ContentError` whose message starts
with the file's name and names the entry (by its `id`) and the field, in one shape for every game:

    associates.toml: card 'brewmaster': stars: Input should be a valid integer (got 'three')
    feds.toml: fed id 'raid' appears twice

Content loads once per folder (each game caches its `default_content`), never on the hot path:
these helpers favour clear messages over speed.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from .errors import ContentError

M = TypeVar("M", bound=BaseModel)

MAX_PROBLEMS = 3  # validation errors a message lists; the rest are counted
MAX_SHOWN = 60  # characters of an offending value a message repeats


def read_toml(path: Path) -> dict[str, Any]:
    """The parsed TOML file; a missing, unreadable, non-UTF-8 or malformed file is a ContentError."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ContentError(f"{path.name}: file not found in {path.parent}") from None
    except OSError as e:  # a folder, no permission
        raise ContentError(f"{path.name}: cannot be read: {e.strerror or e}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        column = e.start - (data.rfind(b"\n", 0, e.start) + 1) + 1
        raise ContentError(
            f"{path.name}: not UTF-8 text: byte {data[e.start]:#04x} at line {line}, column {column} (save it as UTF-8)"
        ) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ContentError(f"{path.name}: not valid TOML: {e}") from None


def load_file(path: Path, model: type[M], entry_names: Mapping[str, str] | None = None) -> M:
    """One data file, parsed and validated into `model`.

    A validation error names each bad entry of a top-level list by its `id` (`card 'brewmaster'`),
    or by the field `entry_names` gives for that list (`{"setups": "gangs"}`: `setup with gangs = 3`),
    or by its place (`cards[3]`) when it has neither; then the field's path inside it."""
    raw = read_toml(path)
    try:
        return model.model_validate(raw)
    except ValidationError as e:
        raise ContentError(f"{path.name}: {describe_problems(e, raw, entry_names or {})}") from None


def describe_problems(e: ValidationError, raw: Mapping[str, Any], entry_names: Mapping[str, str]) -> str:
    """The first `MAX_PROBLEMS` errors of a file's validation, each `where: what (got value)`."""
    errors = e.errors()
    problems = []
    for err in errors[:MAX_PROBLEMS]:
        loc = list(err["loc"])
        key, index = (loc[0], loc[1]) if len(loc) >= 2 else (None, None)
        where = _entry(key, index, raw, entry_names) if isinstance(key, str) and isinstance(index, int) else None
        path = ".".join(str(x) for x in (loc[2:] if where else loc))
        where = ": ".join(part for part in (where, path) if part)
        got = err.get("input")
        shown = ""
        if isinstance(got, (str, int, float, bool)) and err["type"] != "missing":
            value = repr(got)
            shown = f" (got {value if len(value) <= MAX_SHOWN else value[: MAX_SHOWN - 3] + '...'})"
        problems.append(f"{where}: {err['msg']}{shown}" if where else f"{err['msg']}{shown}")
    more = len(errors) - MAX_PROBLEMS
    return "; ".join(problems) + (f"; and {more} more" if more > 0 else "")


def _entry(key: str, index: int, raw: Mapping[str, Any], entry_names: Mapping[str, str]) -> str | None:
    """How a message names entry `index` of the top-level list `key`, or None if `key` is no list."""
    items = raw.get(key)
    if not isinstance(items, list) or index >= len(items):
        return None
    item = items[index]
    if isinstance(item, dict):
        if isinstance(item.get("id"), str):
            return f"{singular(key)} {item['id']!r}"
        field = entry_names.get(key)
        if field is not None and field in item:
            return f"{singular(key)} with {field} = {item[field]!r}"
    return f"{key}[{index}]"


def singular(key: str) -> str:
    """The word for one entry of a list named `key` in a data file ("businesses" -> "business",
    "reference_cards" -> "reference card")."""
    word = key.replace("_", " ")
    if word.endswith("ies"):
        return word[:-3] + "y"
    if word.endswith(("sses", "shes", "ches", "xes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def unique(file: str, what: str, ids: Iterable[str]) -> None:
    """Each id once in the file: `feds.toml: fed id 'raid' appears twice`."""
    unique_across(what, [(file, ids)])


def unique_across(what: str, files: Sequence[tuple[str, Iterable[str]]]) -> None:
    """Each id once over several files that share one id space (e.g. every card a player can hold);
    the message names the file of the second use and, if another, the file of the first."""
    first: dict[str, str] = {}
    for file, ids in files:
        for i in ids:
            other = first.get(i)
            if other == file:
                raise ContentError(f"{file}: {what} id {i!r} appears twice")
            if other is not None:
                raise ContentError(f"{file}: {what} id {i!r} is also used in {other}")
            first[i] = file


def content_folder(data_dir: str, default: Path) -> Path:
    """The folder a game loads its content from: its own (`default`) when `data_dir` is "", else a
    designer's card-set folder, which must exist."""
    if not data_dir:
        return default
    folder = Path(data_dir)
    if not folder.is_dir():
        raise ContentError(f"card set folder {data_dir!r} {'is not a folder' if folder.exists() else 'does not exist'}")
    return folder
