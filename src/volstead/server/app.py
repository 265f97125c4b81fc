"""The FastAPI app: the hub and the store, and the routes of `routes/` (see docs/server.md).

Routes:
  GET  /                         lobby page; /game/{id}, /replay/{id}: the browser shell's pages
  GET  /games/{game}/web/...     a game's browser module (its board and panels)
  GET  /api/info                 every game's description (seats, options schema...), bots, strengths
  GET  /api/catalog/{game}       names and texts of the game's components
  GET  /api/games                every game (open ones first); POST: create a game
  GET  /api/games/{id}           a game's public description
  GET  /api/games/{id}/state     what a seat (?token=) or a spectator sees now
  POST /api/games/{id}/decide    {token, option, decision}: take an option of the seat's decision
  GET  /api/games/{id}/record    the record of a finished game
  GET  /api/games/{id}/replay    a finished game after `upto` decisions, as `seat` saw it
  WS   /ws/games/{id}?token=     live play: {"type": "decide", "option": ID, "decision": N} in, states out
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException  # also the router's own 404 and 405

from .bot_pool import ClientLimits, client_secret
from .hub import Hub
from .limits import BodyLimit
from .routes import lobby, pages, play, replays
from .routes.deps import validation_message
from .routes.replays import import_record
from .store import Store

DB_ENV = "VOLSTEAD_DB"

__all__ = ["create_app", "default_db_url", "import_record"]


def default_db_url() -> str:
    """$VOLSTEAD_DB, else SQLite in the user's data folder."""
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("volstead"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'volstead.db'}"


def create_app(
    db_url: str | None = None,
    *,
    bot_delay: float = 0.0,
    think_s: float = 5.0,
    auto_single: bool = True,
    bot_workers: int | None = None,
    cheap_workers: int | None = None,
    client_limits: ClientLimits | None = None,
    bot_start: str | None = None,
) -> FastAPI:
    """The app; `bot_workers` worker processes think for the bots (None: one a core), and
    `cheap_workers` more only for cheap bots (None: a quarter as many, at least one)."""
    db_url = db_url or default_db_url()
    store = Store(db_url)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        think_s=think_s,
        auto_single=auto_single,
        workers=bot_workers,
        cheap_workers=cheap_workers,
        client_limits=client_limits,
        client_secret=client_secret(db_url),
        bot_start=bot_start,
    )

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if hub.closing:
            hub.start()
        hub.load_all()
        for live in hub.games.values():
            hub.kick(live)
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="Volstead", lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(
            {"type": "error", "error": "HTTPError", "message": validation_message(list(exc.errors()))}, status_code=400
        )

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        return JSONResponse({"type": "error", "error": "HTTPError", "message": exc.detail}, status_code=exc.status_code)

    for module in (lobby, play, replays, pages):
        app.include_router(module.router)
    app.mount("/static", StaticFiles(directory=pages.WEB_DIR), name="static")
    app.add_middleware(BodyLimit)
    return app
