"""The designer's workbench API (issue 38; docs/server.md "The workbench"): a game's card sets — the
built-in one and the saved variants — their files with the schema that validates each, the game's
card tables, the changes from the built-in set; checking an edit with the loader's own message,
saving, exporting and importing a variant. No game is named here: everything comes from the
contract's card-set hooks (`Game.card_set_files`, `card_set_folder`, `check_card_set`).
"""

from __future__ import annotations

import re
import tempfile
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from volstead.engine import card_sets
from volstead.engine.contract import Game
from volstead.engine.errors import ContentError, VolsteadError
from volstead.games import game_names, get_game

from ..workbench.variants import NoSuchVariant, Variant, VariantNameTaken, Variants, export_zip, files_from_zip, materialize
from .deps import BODY_ERRORS, errors, store_of

router = APIRouter()
BASE = "base"  # the built-in set's id in every game
MAX_FILES_JSON = 2 << 20  # characters of one file's data as JSON a request may send


class SetFiles(BaseModel):
    """A card set as the page edits it: the set it starts from, and the files it changes, each as
    its whole data (the TOML parsed, as JSON)."""

    model_config = ConfigDict(extra="forbid")
    base: str = Field(BASE, max_length=16, description='"base" (the built-in set) or a saved variant\'s id')
    files: dict[str, dict[str, Any]] = Field(default_factory=dict, description="file name -> the file's whole data")


class SaveVariant(SetFiles):
    name: str = Field(max_length=80)
    note: str = Field("", max_length=2000)
    author: str = Field("", max_length=80)


def _card_game(game_name: str) -> Game:
    if game_name not in game_names():
        raise HTTPException(404, f"no game {game_name[:40]!r}")
    game = get_game(game_name)
    if not game.card_set_files():
        raise HTTPException(404, f"{game.title} has no card set")
    return game


def _variants(request: Request) -> Variants:
    return Variants(store_of(request))


def _root(request: Request) -> Path:
    return Path(request.app.state.variants_root)


def _variant_of(request: Request, game: Game, set_id: str) -> Variant:
    try:
        variant = _variants(request).get(set_id)
    except NoSuchVariant as e:
        raise HTTPException(404, str(e)) from None
    if variant.game != game.name:
        raise HTTPException(404, f"no saved card set {set_id[:20]!r} of {game.title}")
    return variant


def _texts(request: Request, game: Game, set_id: str) -> dict[str, str]:
    return card_sets.embedded_set(game) if set_id == BASE else _variant_of(request, game, set_id).files


def _edited(request: Request, game: Game, body: SetFiles) -> dict[str, str]:
    """The set `body` describes, as file texts: its base's files, each one it sends rewritten."""
    texts = dict(_texts(request, game, body.base))
    for name, data in body.files.items():
        if name not in texts:
            raise ContentError(f"{name[:60]}: not a file of the card set of {game.title} ({', '.join(texts)})")
        texts[name] = card_sets.rewritten(texts[name], data, name)
    return texts


ENTRY = re.compile(r"^(\w[\w ]* '[^']*'|\w+\[\d+\]|\w[\w ]* with \w+ = .+)$")


def content_error(e: ContentError) -> JSONResponse:
    """422 with the loader's message and, where it names them, the file, the entry and the field
    (so the page can show it beside the field)."""
    message = str(e)[:300]
    parts = message.split(": ")
    file = parts[0] if parts[0].endswith(".toml") else None
    entry = parts[1] if file and len(parts) > 2 and ENTRY.match(parts[1]) else None
    field = parts[2] if entry and len(parts) > 3 else None
    body = {"type": "error", "error": "ContentError", "message": message, "file": file, "entry": entry, "field": field}
    return JSONResponse(body, status_code=422)


def _tables(request: Request, game: Game, set_id: str) -> list[dict[str, Any]]:
    """The game's card tables of the set (as `volstead cards` shows them); the built-in set's only
    for a game whose options take no card-set folder."""
    options = None
    if set_id != BASE:
        if not game.card_set_option:
            return []
        folder = materialize(_variant_of(request, game, set_id), _root(request))
        options = game.options_from_json({game.card_set_option: str(folder)})
    return _table_rows(game, options)


def _edited_tables(game: Game, texts: dict[str, str]) -> list[dict[str, Any]]:
    """The card tables of an edited set not saved yet (from a scratch folder; [] for a game whose
    options take no card-set folder)."""
    if not game.card_set_option:
        return []
    with tempfile.TemporaryDirectory(prefix="volstead-workbench-") as tmp:
        folder = card_sets.write_set(texts, Path(tmp) / "set")
        return _table_rows(game, game.options_from_json({game.card_set_option: str(folder)}))


def _table_rows(game: Game, options: Any) -> list[dict[str, Any]]:
    return [
        {"deck": t.deck, "title": t.title, "columns": list(t.columns), "rows": [list(r) for r in t.rows], "total": t.total}
        for t in game.card_tables(options)
    ]


@router.get("/api/workbench/games")
def workbench_games() -> list[dict[str, Any]]:
    """The games with a card set a designer can edit, and their files."""
    out = []
    for name in game_names():
        game = get_game(name)
        files = list(game.card_set_files())
        if files:
            out.append({"name": name, "title": game.title, "files": files, "playable_variants": bool(game.card_set_option)})
    return out


@router.get("/api/workbench/{game_name}/sets", responses=errors(404))
def list_sets(request: Request, game_name: str) -> list[dict[str, Any]]:
    game = _card_game(game_name)
    builtin = {"id": BASE, "name": f"{game.title}: the built-in set", "builtin": True}
    return [builtin, *(v.summary() for v in _variants(request).list(game.name))]


@router.get("/api/workbench/{game_name}/sets/{set_id}", responses=errors(404))
def get_set(request: Request, game_name: str, set_id: str) -> dict[str, Any]:
    """A set's files (each with its schema and data), its card tables and its changes from the base."""
    game = _card_game(game_name)
    base = card_sets.embedded_set(game)
    texts = base if set_id == BASE else _variant_of(request, game, set_id).files
    models = game.card_set_files()
    about: dict[str, Any] = {"id": BASE, "name": f"{game.title}: the built-in set", "builtin": True, "note": "", "author": ""}
    if set_id != BASE:
        about = _variant_of(request, game, set_id).summary()
    return {
        **about,
        "game": game.name,
        "files": [
            {"file": name, "schema": models[name].model_json_schema(), "data": tomllib.loads(texts[name])} for name in models
        ],
        "tables": _tables(request, game, set_id),
        "diff": [_change(c) for c in card_sets.diff_sets(base, texts)],
    }


def _change(c: card_sets.Change) -> dict[str, Any]:
    return {"file": c.file, "entry": c.entry, "field": c.field, "before": c.before, "after": c.after, "text": c.text}


@router.post("/api/workbench/{game_name}/check", response_model=None, responses=errors(*BODY_ERRORS, 404, 422))
def check_set(request: Request, game_name: str, body: SetFiles) -> dict[str, Any] | JSONResponse:
    """Whether the edited set loads, with the loader's message if not; its changes from the base and
    its card tables (the edited values) if it does."""
    game = _card_game(game_name)
    try:
        texts = _edited(request, game, body)
        card_sets.check_set(game, texts)
        tables = _edited_tables(game, texts)
    except ContentError as e:
        return content_error(e)
    diff = [_change(c) for c in card_sets.diff_sets(card_sets.embedded_set(game), texts)]
    return {"ok": True, "diff": diff, "tables": tables}


def _stored(game: Game, save: Callable[[], Variant]) -> dict[str, Any] | JSONResponse:
    """The variant `save` stores, or its refusal: a set that does not load 422 (with the loader's
    message), a name taken 409, no such variant 404, a bad name, note or zip 400."""
    try:
        saved = save()
    except ContentError as e:
        return content_error(e)
    except VariantNameTaken as e:
        raise HTTPException(409, str(e)) from None
    except NoSuchVariant as e:
        raise HTTPException(404, str(e)) from None
    except VolsteadError as e:
        raise HTTPException(400, str(e)) from None
    return {**saved.summary(), "game": game.name, "link": f"/workbench/v/{saved.id}"}


def _save(request: Request, game: Game, body: SaveVariant, variant_id: str | None) -> dict[str, Any] | JSONResponse:
    return _stored(
        game,
        lambda: _variants(request).save(game, body.name, body.note, body.author, _edited(request, game, body), variant_id),
    )


@router.post(
    "/api/workbench/{game_name}/variants", status_code=201, response_model=None, responses=errors(*BODY_ERRORS, 404, 409, 422)
)
def save_variant(request: Request, game_name: str, body: SaveVariant) -> dict[str, Any] | JSONResponse:
    """Save the edited set as a new variant (its name unique in its game)."""
    return _save(request, _card_game(game_name), body, None)


@router.put("/api/workbench/variants/{variant_id}", response_model=None, responses=errors(*BODY_ERRORS, 404, 409, 422))
def update_variant(request: Request, variant_id: str, body: SaveVariant) -> dict[str, Any] | JSONResponse:
    """Replace a saved variant's name, note, author and files (`base` is usually the variant itself)."""
    try:
        game = _card_game(_variants(request).get(variant_id).game)
    except NoSuchVariant as e:
        raise HTTPException(404, str(e)) from None
    return _save(request, game, body, variant_id)


@router.delete("/api/workbench/variants/{variant_id}", status_code=204, responses=errors(404))
def delete_variant(request: Request, variant_id: str) -> Response:
    try:
        _variants(request).delete(variant_id)
    except NoSuchVariant as e:
        raise HTTPException(404, str(e)) from None
    return Response(status_code=204)


@router.get(
    "/api/workbench/variants/{variant_id}/export",
    response_class=Response,
    responses={200: {"content": {"application/zip": {}}, "description": "a zip of the TOML files"}, **errors(404)},
)
def export_variant(request: Request, variant_id: str) -> Response:
    """The variant as a zip of its game's TOML files (and variant.json: its name, note, author)."""
    try:
        variant = _variants(request).get(variant_id)
    except NoSuchVariant as e:
        raise HTTPException(404, str(e)) from None
    game = _card_game(variant.game)
    safe = re.sub(r"[^\w.-]+", "-", variant.name).strip("-") or variant.id
    return Response(
        export_zip(variant, game),
        media_type="application/zip",
        headers={"Content-Disposition": f'attachment; filename="{game.name}-{safe}.zip"'},
    )


@router.post(
    "/api/workbench/{game_name}/import", status_code=201, response_model=None, responses=errors(*BODY_ERRORS, 404, 409, 422)
)
async def import_variant(
    request: Request,
    game_name: str,
    name: str = Query(max_length=80),
    note: str = Query("", max_length=2000),
    author: str = Query("", max_length=80),
) -> dict[str, Any] | JSONResponse:
    """A zip of the game's TOML files (the body, as an export gives it) saved as a new variant."""
    game = _card_game(game_name)
    data = await request.body()
    return _stored(game, lambda: _variants(request).save(game, name, note, author, files_from_zip(data, game)))
