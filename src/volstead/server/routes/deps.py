"""What the routes share: the hub and the store of the app, seat tokens, request bodies."""

from __future__ import annotations

import json
from typing import Any

from fastapi import HTTPException, Request, WebSocket

from ..hub import Hub, LiveGame
from ..messages import BadMessage, Body, parse
from ..store import Store


def hub_of(conn: Request | WebSocket) -> Hub:
    return conn.app.state.hub


def store_of(conn: Request | WebSocket) -> Store:
    return conn.app.state.store


def live_or_404(hub: Hub, game_id: str) -> LiveGame:
    live = hub.games.get(game_id)
    if live is None:
        raise HTTPException(404, f"no game {game_id[:40]!r}")
    return live


def who(store: Store, live: LiveGame, token: str | None) -> tuple[int | None, bool]:
    """(seat, table) a token opens; (None, False) without a token; 403 for a bad one."""
    if not token:
        return None, False
    seat = store.seat_of_token(live.id, token)
    if seat is None:
        raise HTTPException(403, "this seat link is not valid for this game (bad token)")
    if seat == "table":
        return None, True
    return int(seat), False


def table_seat(hub: Hub, live: LiveGame) -> int:
    """The seat a hot-seat table plays now; -1 when no human seat is deciding (commit refuses it)."""
    seat = hub.table_seat(live)
    return -1 if seat is None else seat


def error_body(e: Exception) -> dict[str, Any]:
    return {"type": "error", "error": type(e).__name__, "message": str(e)}


MAX_BODY = 64 * 1024  # bytes: a request body (a game's options, a decide) is far smaller
MAX_MESSAGE = 16 * 1024  # characters of one WebSocket message


async def json_object(request: Request) -> dict[str, Any]:
    """The request body as a JSON object, or a 400 that says it must be one (413 when too large)."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise HTTPException(413, f"the body is too large (at most {MAX_BODY} bytes)")
    try:
        body = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError):
        raise HTTPException(400, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return body


async def body_of(request: Request, model: type[Body]) -> Any:
    """The request body as `model`, or a 400 naming the first bad field."""
    try:
        return parse(model, await json_object(request))
    except BadMessage as e:
        raise HTTPException(400, str(e)) from None
