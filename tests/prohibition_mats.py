"""Prohibition card-set folders for tests whose worked example needs a mat the embedded set no longer has
(its bonus keys stay for designers' sets): a copy of the data folder with one mat's entry edited."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from volstead.games.prohibition.content.loader import DATA_DIR


def mat_with_bonuses(tmp_path: Path, mat: str, bonuses: str, fees: str | None = None) -> str:
    """A copy of the embedded card set whose mat `mat` has exactly these bonuses (TOML inline-table body,
    e.g. "bribe_discount = 5") and, if given, this fee table (a TOML array): a folder for `Options(cards=...)`."""
    folder = tmp_path / f"set-{mat}"
    shutil.copytree(DATA_DIR, folder)
    mats = folder / "mats.toml"
    text = mats.read_text()
    at = text.index(f'id = "{mat}"')
    tail = re.sub(r"bonuses = \{[^}]*\}", f"bonuses = {{ {bonuses} }}", text[at:], count=1)
    if fees is not None:
        tail = re.sub(r"fees = \[[^\n]*", f"fees = {fees}", tail, count=1)
    mats.write_text(text[:at] + tail)
    return str(folder)
