"""Help for people (`Game.rules_help`) from `data/help.toml`, loaded and checked by the platform
(`engine/help.py`)."""

from __future__ import annotations

from typing import Any

from volstead.engine.help import load_rules_help

from .content.loader import DATA_DIR


def rules_help() -> dict[str, Any]:
    return load_rules_help(DATA_DIR / "help.toml")
