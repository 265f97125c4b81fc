"""The browser shell's pages (one page, routed in the browser), the designer's workbench page and each
game's browser module files."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse

from volstead.games import get_game

router = APIRouter()

WEB_DIR = Path(__file__).resolve().parents[2] / "web"
GAME_WEB_SUFFIXES = frozenset({".js", ".css", ".svg", ".png", ".webp", ".woff2", ".json"})
NO_CACHE = {"Cache-Control": "no-cache"}


@router.get("/", include_in_schema=False)
@router.get("/game/{game_id}", include_in_schema=False)
@router.get("/replay/{game_id}", include_in_schema=False)
def page(game_id: str | None = None) -> FileResponse:
    return FileResponse(WEB_DIR / "index.html", headers=NO_CACHE)


@router.get("/workbench", include_in_schema=False)
@router.get("/workbench/{game_name}", include_in_schema=False)
@router.get("/workbench/v/{variant_id}", include_in_schema=False)
def workbench_page(game_name: str | None = None, variant_id: str | None = None) -> FileResponse:
    """The designer's workbench (one page: it reads the path; /workbench/v/ID opens a saved set read-only)."""
    return FileResponse(WEB_DIR / "workbench.html", headers=NO_CACHE)


@router.get("/games/{game_name}/{path:path}", include_in_schema=False)
def game_file(game_name: str, path: str) -> FileResponse:
    return FileResponse(game_web_file(game_name, path), headers=NO_CACHE)


def game_web_file(game_name: str, path: str) -> Path:
    """A file of a game's browser module: only under the game package's `web/` folder, only
    static kinds; 404 for anything else (unknown game, `..`, a Python file)."""
    try:
        web = (get_game(game_name).package_dir / "web").resolve()
    except KeyError:
        raise HTTPException(404, f"unknown game {game_name[:40]!r}") from None
    file = (web.parent / path).resolve()
    if not file.is_relative_to(web) or file.suffix not in GAME_WEB_SUFFIXES or not file.is_file():
        raise HTTPException(404, "no such file")
    return file
