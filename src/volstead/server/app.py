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
  GET  /workbench[/{game}]       the designer's workbench page; /api/workbench/...: its card sets and
                                 experiments (routes/workbench.py, routes/experiments.py; docs/server.md)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException  # also the router's own 404 and 405
from starlette.routing import Match, Route

from .bot_pool import ClientLimits, client_secret
from .hub import CONNS_PER_CLIENT, CONNS_PER_GAME, Hub, NoSuchGame
from .limits import BODY_TIMEOUT, BodyLimit
from .routes import experiments, lobby, pages, play, replays, workbench
from .routes.deps import validation_message
from .routes.replays import import_record
from .store import Store
from .workbench.runs import RunLimits, WorkbenchRuns

DB_ENV = "VOLSTEAD_DB"
CONNS_ENV = "VOLSTEAD_CONNS_PER_CLIENT"

__all__ = ["create_app", "default_db_url", "import_record"]


def default_db_url() -> str:
    """$VOLSTEAD_DB, else SQLite in the user's data folder."""
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("volstead"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'volstead.db'}"


def variants_root(db_url: str) -> Path:
    """Where saved card sets are written for games to load (server/workbench/variants.py `materialize`):
    beside a SQLite database, else in the user's data folder."""
    if db_url.startswith("sqlite:///") and db_url != "sqlite:///:memory:":
        return Path(db_url.removeprefix("sqlite:///")).parent / "variants"
    from platformdirs import user_data_dir

    return Path(user_data_dir("volstead")) / "variants"


def workbench_root(db_url: str) -> Path:
    """Where the workbench's experiments run (a folder each: its runs, comparison and log): beside
    the saved card sets' folders."""
    return variants_root(db_url).parent / "workbench"


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
    body_timeout: float = BODY_TIMEOUT,
    conns_per_game: int = CONNS_PER_GAME,
    conns_per_client: int | None = None,
    workbench_limits: RunLimits | None = None,
) -> FastAPI:
    """The app; `bot_workers` worker processes think for the bots (None: one a core but one), and
    `cheap_workers` more only for cheap bots (None: a quarter as many, at least one);
    `conns_per_client` defaults to $VOLSTEAD_CONNS_PER_CLIENT, else CONNS_PER_CLIENT (a load test
    from one host raises it); `workbench_limits`: the workbench's experiment queue (workbench/runs.py)."""
    db_url = db_url or default_db_url()
    store = Store(db_url)
    if conns_per_client is None:
        conns_per_client = int(os.environ.get(CONNS_ENV) or CONNS_PER_CLIENT)
    hub = Hub(
        store,
        bot_delay=bot_delay,
        think_s=think_s,
        auto_single=auto_single,
        workers=bot_workers,
        conns_per_game=conns_per_game,
        conns_per_client=conns_per_client,
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
            live.kick()
        runs.start()
        yield
        await asyncio.to_thread(runs.close)
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

    @app.exception_handler(NoSuchGame)
    async def no_game(request: Request, exc: NoSuchGame) -> JSONResponse:
        return JSONResponse({"type": "error", "error": "HTTPError", "message": str(exc)}, status_code=404)

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException) -> JSONResponse:
        headers = dict(exc.headers or {})
        if exc.status_code == 405:  # the router's Allow names one route's methods: name every route's of the path
            headers["Allow"] = allowed_methods(request)
        return JSONResponse(
            {"type": "error", "error": "HTTPError", "message": exc.detail}, status_code=exc.status_code, headers=headers
        )

    app.state.variants_root = hub.variants_root = variants_root(db_url)
    runs = app.state.workbench_runs = WorkbenchRuns(store, workbench_root(db_url), workbench_limits)
    modules = (lobby, play, replays, pages, experiments, workbench)  # experiments first: /api/workbench/experiments/...
    for module in modules:
        app.include_router(module.router)
    # every route, as its router lists it (included without a prefix): what the path of a 405 takes
    app.state.leaf_routes = [*app.routes, *(route for module in modules for route in module.router.routes)]
    app.mount("/static", StaticFiles(directory=pages.WEB_DIR), name="static")
    app.add_middleware(BodyLimit, body_timeout=body_timeout)
    app.openapi = lambda: documented_statuses(app)  # type: ignore[method-assign]
    return app


def allowed_methods(request: Request) -> str:
    """The methods some route takes at the request's path (the `Allow` of a 405)."""
    methods: set[str] = set()
    for route in request.app.state.leaf_routes:
        if not isinstance(route, Route):  # APIRoute is one; a mount or an included router is not
            continue
        match, _ = route.matches(request.scope)
        if match is Match.PARTIAL:
            methods |= route.methods or set()
    return ", ".join(sorted(methods))


def documented_statuses(app: FastAPI) -> dict[str, Any]:
    """The OpenAPI schema with each route's statuses as it answers them: FastAPI documents a 422 for
    every route with parameters, but a bad field is a 400 here (`bad_request`); only the routes that
    name a 422 in their `responses` (a bot budget out of bounds) keep it."""
    if app.openapi_schema is None:
        schema = get_openapi(title=app.title, version=app.version, routes=app.routes)
        declared = {
            (method, route.path_format): route.responses
            for route in app.state.leaf_routes
            if isinstance(route, APIRoute)
            for method in route.methods or ()
        }
        for path, operations in schema["paths"].items():
            for method, operation in operations.items():
                if 422 not in declared.get((method.upper(), path), {}):
                    operation["responses"].pop("422", None)
        components = schema.get("components", {}).get("schemas", {})
        if "HTTPValidationError" in components and "HTTPValidationError" not in json.dumps(schema["paths"]):
            components.pop("HTTPValidationError")
            components.pop("ValidationError", None)
        app.openapi_schema = schema
    return app.openapi_schema
