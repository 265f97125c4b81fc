"""A game's card set as the texts of its data files: read, write, edit an entry, compare, check.

The designer's workbench (issue 38) and `volstead sim --compare` work on card sets without knowing
a game: a set is `{file name: TOML text}` over the files the game names (`Game.card_set_files`).
Edits go through tomlkit, which keeps everything of a file that an edit does not touch — its
comments (each file says it is this project's own set), its order, its layout — so an exported
variant reads like the file it came from. A set is checked by writing it to a folder and loading
that folder as the game loads a `cards` folder at setup (`Game.check_card_set`): the messages are
the loader's own (`engine/content.py`), the same a designer gets from a file.

Never on the hot path: clarity over speed.
"""

from __future__ import annotations

import tempfile
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

import tomlkit
import tomlkit.exceptions

from .content import singular
from .errors import ContentError

if TYPE_CHECKING:
    from .contract import Game

CardSet = dict[str, str]  # data file name -> its TOML text
MAX_SHOWN = 40  # characters of a value a change repeats


class Change(NamedTuple):
    """One difference between two card sets: in `file`, entry `entry` ("card 'brewmaster'", or ""
    for a top-level value), field `field` ("" when the whole entry was added or removed)."""

    file: str
    entry: str
    field: str
    before: Any
    after: Any

    @property
    def text(self) -> str:
        """`associates.toml: card 'brewmaster': cost 3 → 2`, `…: card 'x' added`."""
        if not self.field:
            what = "added" if self.before is None else "removed" if self.after is None else "changed"
            return f"{self.file}: {self.entry} {what}"
        where = ": ".join(part for part in (self.file, self.entry, self.field) if part)
        return f"{where} {shown(self.before)} → {shown(self.after)}"


def shown(value: Any) -> str:
    """A value as a change shows it: TOML-like, cut to MAX_SHOWN characters; "(none)" if absent."""
    if value is None:
        return "(none)"
    if isinstance(value, bool):
        text = "true" if value else "false"
    elif isinstance(value, str):
        text = repr(value)
    else:
        text = str(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


# ------------------------------------------------------------------ reading and writing
def read_folder(game: Game, folder: Path) -> CardSet:
    """The texts of `game`'s card-set files in `folder` (a missing or unreadable file: ContentError)."""
    out: CardSet = {}
    for name in game.card_set_files():
        path = Path(folder) / name
        try:
            out[name] = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ContentError(f"{name}: file not found in {folder}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise ContentError(f"{name}: cannot be read: {e}") from None
    return out


def embedded_set(game: Game) -> CardSet:
    """The game's own card set (its package's data files); a ContentError if it has none."""
    folder = game.card_set_folder()
    if folder is None:
        raise ContentError(f"{game.title} has no card set")
    return read_folder(game, folder)


def write_set(cards: Mapping[str, str], folder: Path) -> Path:
    """Each file of `cards` written into `folder` (made if missing); the folder."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in cards.items():
        if Path(name).name != name or not name.endswith(".toml"):
            raise ContentError(f"{name!r} is not a card-set file name (a plain name ending in .toml)")
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def parsed(cards: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """Each file's data (TOML parsed); a ContentError naming the file that is not valid TOML."""
    out: dict[str, dict[str, Any]] = {}
    for name, text in cards.items():
        try:
            out[name] = tomllib.loads(text)
        except tomllib.TOMLDecodeError as e:
            raise ContentError(f"{name}: not valid TOML: {e}") from None
    return out


def check_set(game: Game, cards: Mapping[str, str]) -> None:
    """Load `cards` (every file of the game's set) as the game loads a `cards` folder at setup: a
    ContentError with the loader's message if it would not load. Files the game does not name are
    refused, and a missing file is named."""
    known = game.card_set_files()
    for name in cards:
        if name not in known:
            raise ContentError(f"{name}: not a file of the card set of {game.title} ({', '.join(known)})")
    for name in known:
        if name not in cards:
            raise ContentError(f"{name}: missing from the card set")
    with tempfile.TemporaryDirectory(prefix="volstead-cards-") as tmp:
        game.check_card_set(write_set(cards, Path(tmp)))


# ------------------------------------------------------------------ editing one entry
def _entries(doc: Any, list_key: str, file: str) -> Any:
    entries = doc.get(list_key)
    if not isinstance(entries, list):
        raise ContentError(f"{file}: has no list {list_key!r}")
    return entries


def _position(entries: Any, where: str | int, list_key: str, file: str) -> int:
    """The place of entry `where` (its id, or its place) in a file's list."""
    if isinstance(where, int):
        if not 0 <= where < len(entries):
            raise ContentError(f"{file}: {list_key} has {len(entries)} entries, no entry {where}")
        return where
    for i, entry in enumerate(entries):
        if isinstance(entry, Mapping) and entry.get("id") == where:
            return i
    raise ContentError(f"{file}: no {singular(list_key)} with id {where!r}")


def _table(entry: Mapping[str, Any]) -> Any:
    table = tomlkit.table()
    for key, value in entry.items():
        table[key] = value
    return table


def replace_entry(text: str, list_key: str, where: str | int, entry: Mapping[str, Any], file: str = "") -> str:
    """`text` with the entry `where` (id or place) of its list `list_key` replaced by `entry`; the
    fields an entry keeps keep their place and comments, the rest of the file is untouched."""
    doc = tomlkit.parse(text)
    entries = _entries(doc, list_key, file)
    _update(entries[_position(entries, where, list_key, file)], entry)
    return tomlkit.dumps(doc)


def _update(table: Any, entry: Mapping[str, Any]) -> None:
    """`table` (a tomlkit table) made equal to `entry`, touching only the fields that differ: the
    others keep their place, layout and comments."""
    for key in [k for k in table if k not in entry]:
        del table[key]
    for key, value in entry.items():
        if key not in table or table[key] != value:
            table[key] = value


def add_entry(text: str, list_key: str, entry: Mapping[str, Any], after: str | int | None = None, file: str = "") -> str:
    """`text` with `entry` added to its list `list_key`: after the entry `after` (id or place),
    else at the end."""
    doc = tomlkit.parse(text)
    entries = _entries(doc, list_key, file)
    at = len(entries) if after is None else _position(entries, after, list_key, file) + 1
    entries.insert(at, _table(entry))
    return tomlkit.dumps(doc)


def remove_entry(text: str, list_key: str, where: str | int, file: str = "") -> str:
    """`text` without the entry `where` (id or place) of its list `list_key`."""
    doc = tomlkit.parse(text)
    entries = _entries(doc, list_key, file)
    del entries[_position(entries, where, list_key, file)]
    return tomlkit.dumps(doc)


def rewritten(text: str, data: Mapping[str, Any], file: str = "") -> str:
    """`text` changed to hold `data` (the whole file's data, as JSON gives it), touching only what
    differs: an entry of a list kept by its `id` keeps its place and comments (`replace_entry`), a
    new one is added after the entry before it, a gone one removed; other top-level values set.
    The result parses to `data` (a file whose lists have no ids has such a list replaced whole).
    Data TOML cannot hold (a null, a nesting too deep) is a ContentError naming the file."""
    try:
        return _rewritten(text, data)
    except (TypeError, ValueError, RecursionError, tomlkit.exceptions.TOMLKitError) as e:
        raise ContentError(f"{file or 'the file'}: cannot be written as TOML: {str(e)[:120]}") from None


def _rewritten(text: str, data: Mapping[str, Any]) -> str:
    doc = tomlkit.parse(text)
    for key in [k for k in doc if k not in data]:
        del doc[key]
    for key, value in data.items():
        old = doc.get(key)
        if old is not None and _is_entry_list(value) and _is_entry_list(old) and _has_ids(value) and _has_ids(old):
            _rewrite_entries(old, value)
        elif key not in doc or doc[key] != value:
            doc[key] = value
    return tomlkit.dumps(doc)


def _has_ids(entries: list[Any]) -> bool:
    ids = [e.get("id") for e in entries]
    return all(isinstance(i, str) for i in ids) and len(set(ids)) == len(ids)


def _rewrite_entries(old: Any, new: list[Mapping[str, Any]]) -> None:
    """`old` (a tomlkit array of tables) made equal to `new`, entry by entry by id, in `new`'s order."""
    wanted = {e["id"] for e in new}
    for i in reversed(range(len(old))):
        if old[i]["id"] not in wanted:
            del old[i]
    for at, entry in enumerate(new):
        ids = [e["id"] for e in old]
        if entry["id"] in ids:
            i = ids.index(entry["id"])
            if i != at:  # moved: taken out and put back where `new` has it
                table = old[i]
                del old[i]
                old.insert(at, table)
            _update(old[at], entry)
        else:
            old.insert(at, _table(entry))


# ------------------------------------------------------------------ comparing two sets
def diff_sets(base: Mapping[str, str], variant: Mapping[str, str]) -> list[Change]:
    """What `variant` changes from `base`, file by file in the base's order: each list of entries
    matched by `id` (by place where entries have none), each field compared (nested tables by
    their dotted path, a list of tables item by item as `levels.0.bribe`; a list of numbers or words
    as one value), entries added or removed, and
    top-level values."""
    a, b = parsed(base), parsed(variant)
    out: list[Change] = []
    for file in list(a) + [f for f in b if f not in a]:
        out += _diff_file(file, a.get(file, {}), b.get(file, {}))
    return out


def _diff_file(file: str, a: Mapping[str, Any], b: Mapping[str, Any]) -> list[Change]:
    out: list[Change] = []
    for key in list(a) + [k for k in b if k not in a]:
        va, vb = a.get(key), b.get(key)
        if _is_entry_list(va) or _is_entry_list(vb):
            out += _diff_entries(file, key, va or [], vb or [])
        else:
            out += [Change(file, "", path, x, y) for path, x, y in _diff_values(key, va, vb)]
    return out


def _is_entry_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(x, Mapping) for x in value)


def _entry_names(key: str, entries: list[Mapping[str, Any]]) -> list[str]:
    by_id = all(isinstance(e.get("id"), str) for e in entries)
    return [f"{singular(key)} {e['id']!r}" if by_id else f"{key}[{i}]" for i, e in enumerate(entries)]


def _diff_entries(file: str, key: str, a: list[Mapping[str, Any]], b: list[Mapping[str, Any]]) -> list[Change]:
    names_a, names_b = _entry_names(key, a), _entry_names(key, b)
    old = dict(zip(names_a, a))
    new = dict(zip(names_b, b))
    out: list[Change] = []
    for name in names_a:
        if name not in new:
            out.append(Change(file, name, "", dict(old[name]), None))
            continue
        out += [Change(file, name, path, x, y) for path, x, y in _diff_values("", old[name], new[name])]
    out += [Change(file, name, "", None, dict(new[name])) for name in names_b if name not in old]
    return out


def _diff_values(path: str, a: Any, b: Any) -> list[tuple[str, Any, Any]]:
    """(dotted path, before, after) of each difference between two values; tables recursed."""
    if isinstance(a, Mapping) and isinstance(b, Mapping):
        out: list[tuple[str, Any, Any]] = []
        for key in list(a) + [k for k in b if k not in a]:
            out += _diff_values(f"{path}.{key}" if path else str(key), a.get(key), b.get(key))
        return out
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and any(isinstance(x, Mapping) for x in a):
        out = []  # a list of tables (a card's rows): item by item, named by place as the loader names them
        for i, (x, y) in enumerate(zip(a, b)):
            out += _diff_values(f"{path}.{i}" if path else str(i), x, y)
        return out
    return [] if a == b else [(path, a, b)]
