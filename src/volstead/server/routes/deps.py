"""What the routes share: the hub and the store of the app, seat tokens, request bodies."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import HTTPException, Request, WebSocket
from pydantic import BaseModel

from ..hub import Hub, LiveGame
from ..store import Store

NO_SPECTATORS = "this game takes no spectators (its creator turned the spectator link off): open your seat link"


def hub_of(conn: Request | WebSocket) -> Hub:
    return conn.app.state.hub


def store_of(conn: Request | WebSocket) -> Store:
    return conn.app.state.store


def who(live: LiveGame, token: str | None, watching: bool = False) -> tuple[int | None, bool]:
    """(seat, table) a token opens; (None, False) without a token (403 when `watching` a game that
    takes no spectators); 403 for a bad one."""
    if not token:
        if watching and not live.stored.spectators:
            raise HTTPException(403, NO_SPECTATORS)
        return None, False
    seat = live.stored.seat_of_token(token)
    if seat is None:
        raise HTTPException(403, "this seat link is not valid for this game (bad token)")
    if seat == "table":
        return None, True
    return int(seat), False


def table_seat(live: LiveGame) -> int:
    """The seat a hot-seat table plays now; -1 when no human seat is deciding (commit refuses it)."""
    seat = live.table_seat()
    return -1 if seat is None else seat


def error_body(e: Exception) -> dict[str, Any]:
    return {"type": "error", "error": type(e).__name__, "message": str(e)}


def validation_message(errors: list[dict[str, Any]]) -> str:
    """A short message naming the first bad field of a request (never echoing large input)."""
    err = errors[0]
    loc = [str(x) for x in err.get("loc", ()) if x != "body"]
    if err.get("type") == "json_invalid" or not loc and err.get("type") in ("model_attributes_type", "dict_type"):
        return "the body must be a JSON object"
    if err.get("type") == "missing" and not loc:
        return "the body must be a JSON object"
    msg = str(err.get("msg", "invalid"))
    if err.get("type") == "extra_forbidden":
        msg = "unknown field"
    elif err.get("type") not in ("missing", "value_error"):
        shown = repr(err.get("input"))
        msg += f", not {shown if len(shown) <= 40 else shown[:37] + '...'}"
    return f"field {'.'.join(loc) or 'body'!r}: {msg}"[:300]


class ErrorBody(BaseModel):
    """Every error the server answers (HTTP 4xx, and a WebSocket's `error` message)."""

    type: Literal["error"]
    error: str  # the kind: HTTPError, or the refusal's own (StaleDecision, ChatTooFast, ...)
    message: str  # at most 300 characters, naming the problem, never echoing large input


ERROR_STATUSES = {
    400: "a bad request: a field, a parameter or the body (not UTF-8, not JSON) named in the message",
    403: "a bad seat token, a spectator doing what only a seat may, or another client's experiment cancelled",
    404: "no such game (or catalog, or saved card set)",
    408: "the body did not arrive in time",
    409: (
        "refused: a stale or illegal decide, a take-back the window does not allow, a game not finished yet, "
        "a card-set name taken, or an experiment that has ended (cancel) or not ended yet (its report)"
    ),
    413: "the body is too large",
    422: (
        "a bot's budget outside the server's bounds, or a card set that does not load (the loader's message, "
        "and the file, entry and field it names)"
    ),
    429: "too fast (the table's talk), or a client's share of the workbench's experiments taken",
}


def errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The `responses=` of a route that answers these error statuses, each with the error body."""
    return {status: {"model": ErrorBody, "description": ERROR_STATUSES[status]} for status in statuses}


BODY_ERRORS = (400, 408, 413)  # what any route with a body may answer (limits.BodyLimit, validation)
