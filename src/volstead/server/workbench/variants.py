"""A designer's saved card sets (the workbench, issue 38): stored whole in the `variants` table,
checked as the game loads a `cards` folder, exported and imported as a zip of the game's TOML files.

A variant is every file of its game's card set as TOML text (`engine/card_sets.py`), so what is
saved is exactly what a designer would edit by hand, comments and all; `materialize` writes it to a
folder a game can be set up with (`Game.card_set_option`), named by the variant and its content so
an edit never reuses a stale folder.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import re
import secrets
import zipfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from volstead.engine import card_sets
from volstead.engine.contract import Game
from volstead.engine.errors import ContentError, VolsteadError

from ..store import Store, VariantRow

NAME = re.compile(r"^[\w][\w .,'()+-]{0,79}$")  # a variant's name: shown in the lobby and in links
MAX_NOTE = 2000
MAX_AUTHOR = 80
MAX_ZIP = 4 << 20  # an imported zip's bytes (the largest set's files are ~200 kB)


class VariantError(VolsteadError):
    """A variant refused: a bad name, note or file set (the message names it)."""


class NoSuchVariant(VariantError):
    pass


class VariantNameTaken(VariantError):
    pass


@dataclass(frozen=True)
class Variant:
    id: str
    game: str
    name: str
    note: str
    author: str
    files: dict[str, str]
    base_digest: str
    created: dt.datetime
    updated: dt.datetime

    def summary(self) -> dict[str, Any]:
        """What a list of sets shows (no files)."""
        return {
            "id": self.id,
            "name": self.name,
            "note": self.note,
            "author": self.author,
            "created": self.created.isoformat(),
            "updated": self.updated.isoformat(),
            "builtin": False,
        }


def set_digest(cards: Mapping[str, str]) -> str:
    """sha256 of a set's files, in name order (what a variant was made from; a folder's name)."""
    h = hashlib.sha256()
    for name in sorted(cards):
        h.update(name.encode() + b"\0" + cards[name].encode() + b"\0")
    return h.hexdigest()


def check_fields(name: str, note: str, author: str) -> None:
    if not isinstance(name, str) or not NAME.match(name):
        raise VariantError(
            "name: 1–80 letters, digits, spaces and . , ' ( ) + - _, starting with a letter or digit"
            + (f", not {name[:40]!r}" if isinstance(name, str) else "")
        )
    if not isinstance(note, str) or len(note) > MAX_NOTE:
        raise VariantError(f"note: text of at most {MAX_NOTE} characters")
    if not isinstance(author, str) or len(author) > MAX_AUTHOR:
        raise VariantError(f"author: text of at most {MAX_AUTHOR} characters")


def _variant(row: VariantRow) -> Variant:
    return Variant(
        row.id, row.game, row.name, row.note, row.author, dict(row.files), row.base_digest, _utc(row.created), _utc(row.updated)
    )


def _utc(t: dt.datetime) -> dt.datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=dt.UTC)  # SQLite keeps no zone


class Variants:
    """The saved variants of every game, in the server's database."""

    def __init__(self, store: Store):
        self.engine = store.engine

    def list(self, game: str) -> list[Variant]:
        with Session(self.engine) as s:
            rows = s.scalars(select(VariantRow).where(VariantRow.game == game).order_by(VariantRow.name)).all()
            return [_variant(r) for r in rows]

    def get(self, variant_id: str) -> Variant:
        with Session(self.engine) as s:
            row = s.get(VariantRow, variant_id) if isinstance(variant_id, str) and len(variant_id) <= 16 else None
            if row is None:
                raise NoSuchVariant(f"no saved card set {variant_id[:20]!r}")
            return _variant(row)

    def by_name(self, game: str, name: str) -> Variant | None:
        with Session(self.engine) as s:
            row = s.scalars(select(VariantRow).where(VariantRow.game == game, VariantRow.name == name)).first()
            return None if row is None else _variant(row)

    def save(
        self, game: Game, name: str, note: str, author: str, files: Mapping[str, str], variant_id: str | None = None
    ) -> Variant:
        """A new variant (or `variant_id` replaced): the fields and the set checked first (a
        VariantError or ContentError changes nothing); a name its game already has: VariantNameTaken."""
        check_fields(name, note, author)
        card_sets.check_set(game, files)
        now = dt.datetime.now(dt.UTC)
        digest = set_digest(card_sets.embedded_set(game))
        try:
            with Session(self.engine) as s, s.begin():
                if variant_id is None:
                    row = VariantRow(
                        id=secrets.token_urlsafe(9),
                        game=game.name,
                        name=name,
                        note=note,
                        author=author,
                        files=dict(files),
                        base_digest=digest,
                        created=now,
                        updated=now,
                    )
                    s.add(row)
                else:
                    row = s.get(VariantRow, variant_id)
                    if row is None or row.game != game.name:
                        raise NoSuchVariant(f"no saved card set {variant_id[:20]!r} of {game.title}")
                    row.name, row.note, row.author, row.files, row.updated = name, note, author, dict(files), now
                s.flush()
                saved = _variant(row)
        except IntegrityError:
            raise VariantNameTaken(f"{game.title} already has a card set named {name!r}") from None
        return saved

    def delete(self, variant_id: str) -> None:
        self.get(variant_id)
        with Session(self.engine) as s, s.begin():
            s.execute(delete(VariantRow).where(VariantRow.id == variant_id))


def materialize(variant: Variant, root: Path) -> Path:
    """The variant's files in `root/<game>/<id>-<digest8>/` (written once): the folder a game with
    this set is set up from."""
    folder = Path(root) / variant.game / f"{variant.id}-{set_digest(variant.files)[:8]}"
    if not folder.is_dir():
        tmp = folder.with_name(folder.name + f".tmp{secrets.token_hex(3)}")
        card_sets.write_set(variant.files, tmp)
        tmp.replace(folder)
    return folder


# ------------------------------------------------------------------ zip export and import
def export_zip(variant: Variant, game: Game) -> bytes:
    """The variant as a zip of the game's TOML files, with a variant.json of its name and note."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name in game.card_set_files():
            z.writestr(name, variant.files[name])
        about = {"game": game.name, "name": variant.name, "note": variant.note, "author": variant.author}
        z.writestr("variant.json", json.dumps(about, indent=1) + "\n")
    return out.getvalue()


def files_from_zip(data: bytes, game: Game) -> dict[str, str]:
    """The card-set files of a zip (at its top or in one folder), each UTF-8 TOML; anything else in
    it is ignored, a missing file or a bad zip named (a VariantError or ContentError)."""
    if len(data) > MAX_ZIP:
        raise VariantError(f"the zip is larger than {MAX_ZIP >> 20} MB")
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
        members = {Path(i.filename).name: i for i in z.infolist() if not i.is_dir()}
        files: dict[str, str] = {}
        for name in game.card_set_files():
            info = members.get(name)
            if info is None:
                raise ContentError(f"{name}: missing from the zip")
            if info.file_size > MAX_ZIP:
                raise VariantError(f"{name}: larger than {MAX_ZIP >> 20} MB")
            try:
                files[name] = z.read(info).decode("utf-8")
            except UnicodeDecodeError:
                raise ContentError(f"{name}: not UTF-8 text") from None
        return files
    except (zipfile.BadZipFile, EOFError, OSError, NotImplementedError, RuntimeError) as e:
        raise VariantError(f"not a readable zip file: {str(e)[:80]}") from None
