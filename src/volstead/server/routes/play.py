"""Playing a game: its public description, what a seat sees, decides over REST and WebSocket.

Every decide names the decision it answers (`decision`, the number the state gave with it):
a stale one is refused with 409 and changes nothing."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse

from volstead.engine import VolsteadError

from ..chat import ChatTooFast
from ..hub import Conn, LiveGame, NoSuchGame, TooManyConnections
from ..limits import MAX_MESSAGE
from ..messages import BadMessage, Decide, Say, Undo, WsPing, WsRefresh, WsSay, WsUndo, parse_ws
from .deps import BODY_ERRORS, NO_SPECTATORS, error_body, errors, hub_of, table_seat, who

router = APIRouter()
TOO_BIG_REASON = f"message too big (at most {MAX_MESSAGE} bytes)"
# Routes that read a live game are coroutines: they run on the event loop, between the bot runner's
# moves. A plain `def` route runs in a worker thread and could read a state halfway through a move.


@router.get("/api/games/{game_id}", responses=errors(404))
async def get_meta(request: Request, game_id: str) -> dict[str, Any]:
    return hub_of(request).get(game_id).meta()


@router.get("/api/games/{game_id}/state", responses=errors(403, 404))
async def get_state(request: Request, game_id: str, token: str | None = None) -> dict[str, Any]:
    live = hub_of(request).get(game_id)
    seat, table = who(live, token, watching=True)
    if table:
        seat = live.shown_seat(Conn(None, None, True))
    return live.payload(seat, table)


@router.post("/api/games/{game_id}/decide", response_model=None, responses=errors(*BODY_ERRORS, 403, 404, 409))
async def decide_rest(request: Request, game_id: str, body: Decide) -> dict[str, Any] | JSONResponse:
    live = hub_of(request).get(game_id)
    seat, table = who(live, body.token)
    if seat is None and not table:
        raise HTTPException(403, "a seat token is needed to decide (spectators cannot)")
    if table:
        seat = table_seat(live)
    assert seat is not None
    try:
        await live.commit(seat, body.option, body.decision)
    except VolsteadError as e:
        return JSONResponse(error_body(e), status_code=409)
    return live.payload(seat)


@router.post("/api/games/{game_id}/undo", response_model=None, responses=errors(*BODY_ERRORS, 403, 404, 409))
async def undo_rest(request: Request, game_id: str, body: Undo) -> dict[str, Any] | JSONResponse:
    """Take back the seat's last decision (a hot-seat table token: the newest human decision that
    can be), while nothing new became known since it was made (docs/server.md, "Take-back"):
    `decision` is the number the state's `undo` gives. 409 with the reason when the window is closed
    or the number stale; nothing changes then. Answers the seat's new state."""
    live = hub_of(request).get(game_id)
    seat, table = who(live, body.token)
    if seat is None and not table:
        raise HTTPException(403, "a seat token is needed to take back a decision (spectators cannot)")
    try:
        seat = await live.take_back(-1 if seat is None else seat, body.decision, table=table)
    except VolsteadError as e:
        return JSONResponse(error_body(e), status_code=409)
    return live.payload(seat, table)


@router.post("/api/games/{game_id}/chat", response_model=None, responses=errors(*BODY_ERRORS, 403, 404, 429))
async def say_rest(request: Request, game_id: str, body: Say) -> dict[str, Any] | JSONResponse:
    """A seat says a line to the table (spectators read only)."""
    live = hub_of(request).get(game_id)
    seat, table = who(live, body.token)
    if seat is None and not table:
        raise HTTPException(403, "a seat token is needed to talk (spectators read only)")
    if table:
        seat = live.shown_seat(Conn(None, None, True))
    assert seat is not None
    try:
        return await live.say(seat, body.text)
    except VolsteadError as e:
        return JSONResponse(error_body(e), status_code=429 if isinstance(e, ChatTooFast) else 400)


async def refuse(websocket: WebSocket, error: str, message: str, code: int) -> None:
    """Answer a WebSocket that is not taken: an error message, then a close with its reason."""
    await websocket.send_json({"type": "error", "error": error, "message": message})
    await websocket.close(code=code, reason=message[:120])


@router.websocket("/ws/games/{game_id}")
async def ws_game(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
    """Live play: the seat's state whenever what it may see changes; decides in, errors out (never
    a silent close). Refused (an error, then a close with the reason): an unknown game (4404), a bad
    token or a spectator of a game that takes none (4403), over the connection caps (4429)."""
    hub = hub_of(websocket)
    await websocket.accept()
    try:
        live = hub.get(game_id)
    except NoSuchGame as e:
        await refuse(websocket, "NotFound", str(e), 4404)
        return
    seat, table = None, False
    if token:
        found = live.stored.seat_of_token(token)
        if found is None:
            await refuse(websocket, "BadToken", "this seat link is not valid for this game (bad token)", 4403)
            return
        seat, table = (None, True) if found == "table" else (int(found), False)
    elif not live.stored.spectators:
        await refuse(websocket, "NoSpectators", NO_SPECTATORS, 4403)
        return
    try:
        conn = hub.connect(live, websocket, seat, table, websocket.client.host if websocket.client else None)
    except TooManyConnections as e:
        await refuse(websocket, "TooManyConnections", str(e), 4429)
        return
    try:
        await websocket.send_text(live.full_state(conn))
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                await websocket.send_json(
                    {"type": "error", "error": "MalformedMessage", "message": "messages are JSON text frames, not binary ones"}
                )
            elif len(text) > MAX_MESSAGE // 4 and len(text.encode()) > MAX_MESSAGE:
                # As uvicorn does with a larger frame (its ws_max_size, serving.py): the socket is closed
                # with 1009 and the reason, whichever server runs the app (docs/server.md, "Limits").
                await websocket.close(code=1009, reason=TOO_BIG_REASON)
                break
            else:
                await handle_message(live, conn, text)
    except (WebSocketDisconnect, RuntimeError):
        pass  # a client leaving (or gone while we answered) is an ordinary event
    finally:
        live.detach(conn)


async def handle_message(live: LiveGame, conn: Conn, text: str) -> None:
    ws = conn.ws
    try:
        msg = parse_ws(text)
    except BadMessage as e:
        await ws.send_json({"type": "error", "error": "MalformedMessage", "message": str(e)})
        return
    if isinstance(msg, WsPing):
        await ws.send_json({"type": "pong"})
        return
    if isinstance(msg, WsRefresh):
        await ws.send_text(live.full_state(conn))
        return
    if conn.seat is None and not conn.table:
        what = (
            "talk (they read the table's talk)"
            if isinstance(msg, WsSay)
            else "take back decisions"
            if isinstance(msg, WsUndo)
            else "decide"
        )
        await ws.send_json(
            {"type": "error", "error": "NoSeat", "message": f"spectators cannot {what}: open your seat link to play"}
        )
        return
    if isinstance(msg, WsSay):
        try:
            await live.say(live.shown_seat(conn) if conn.table else conn.seat, msg.text)
        except VolsteadError as e:
            await ws.send_json(error_body(e))
        return
    if isinstance(msg, WsUndo):
        try:
            await live.take_back(-1 if conn.seat is None else conn.seat, msg.decision, table=conn.table)
        except VolsteadError as e:
            await ws.send_json(error_body(e))
        return
    seat = table_seat(live) if conn.table else conn.seat
    try:
        await live.commit(seat, msg.option, msg.decision)
    except VolsteadError as e:
        await ws.send_json(error_body(e))
