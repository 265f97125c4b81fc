"""A card set named on the command line: a folder, `base` (the built-in set), or the name (or id)
of a variant saved in the designer's workbench (server/workbench/variants.py), looked up in the local
database — `$VOLSTEAD_DB`, else the one `volstead play` and `serve` use — and written to its folder
(`variants.materialize`). So `volstead sim GAME -o cards="Cheap padlock"` and
`--compare base "Cheap padlock"` play what the workbench saved.
"""

from __future__ import annotations

from pathlib import Path

from volstead.engine.contract import Game

from .common import fail

BUILT_IN = "base"


def resolve_card_set(game: Game, value: str) -> str:
    """The folder for `game`'s card-set option: "" for the built-in set."""
    if value in ("", BUILT_IN):
        return ""
    if Path(value).is_dir():
        return value
    from volstead.server.app import default_db_url, variants_root
    from volstead.server.store import Store
    from volstead.server.workbench.variants import NoSuchVariant, Variants, materialize

    url = default_db_url()
    store = Store(url)
    try:
        variants = Variants(store)
        found = variants.by_name(game.name, value)
        if found is None:
            try:
                found = variants.get(value)
            except NoSuchVariant:
                found = None
        if found is None or found.game != game.name:
            saved = ", ".join(repr(v.name) for v in variants.list(game.name)) or "none"
            raise fail(f"card set {value[:60]!r}: not a folder, nor a saved variant of {game.title} (saved: {saved})")
        return str(materialize(found, variants_root(url)))
    finally:
        store.close()
