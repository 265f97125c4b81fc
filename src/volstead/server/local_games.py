"""The games `volstead play` started on this machine, so that `volstead play` again resumes one.

A seat's token is stored on the server only as a hash, so the link to your seat lives here: a
JSON file in your data folder (`play-links.json`, yours alone), one entry per game: the database
it is stored in, the game, its id and the path of your seat's page (with its token).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TypedDict

FILE_NAME = "play-links.json"
KEEP = 50  # entries kept (the newest)


class LocalGame(TypedDict):
    db: str
    game: str
    id: str
    path: str  # "/game/ID?token=..." (the seat or hot-seat link)


def links_file() -> Path:
    from platformdirs import user_data_dir

    return Path(os.environ.get("VOLSTEAD_DATA") or user_data_dir("volstead")) / FILE_NAME


def load() -> list[LocalGame]:
    """The entries, newest first; [] when the file is missing or unreadable (it is only a memo)."""
    try:
        data = json.loads(links_file().read_text())
    except (OSError, ValueError):
        return []
    if not isinstance(data, list):
        return []
    keys = LocalGame.__annotations__
    return [e for e in data if isinstance(e, dict) and all(isinstance(e.get(k), str) for k in keys)]


def remember(entry: LocalGame) -> None:
    path = links_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    entries = [entry, *(e for e in load() if e["id"] != entry["id"])][:KEEP]
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(entries, indent=1))
    os.chmod(tmp, 0o600)  # the links play your seats
    tmp.replace(path)


def unfinished(db: str, game: str, status_of) -> LocalGame | None:
    """The newest game of `game` in database `db` that is still being played (`status_of(id)`:
    its status in the store, None if it is not there)."""
    for e in load():
        if e["db"] == db and e["game"] == game and status_of(e["id"]) == "playing":
            return e
    return None
