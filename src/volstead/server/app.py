"""The FastAPI app: lobby API, live play over WebSockets, replays, and the static browser client.

Routes (see docs/server.md):
  GET  /                         lobby page; /game/{id}, /replay/{id}: the client pages
  GET  /api/info                 games, bots and their strengths
  GET  /api/catalog/{game}       names and texts of the game's components
  GET  /api/games                every game (open ones first); POST: create a game
  GET  /api/games/{id}           a game's public description
  GET  /api/games/{id}/state     what a seat (?token=) or a spectator sees now
  GET  /api/games/{id}/record    the record of a finished game
  GET  /api/games/{id}/replay    a finished game after `upto` decisions, as `seat` saw it
  WS   /ws/games/{id}?token=     live play: {"type": "decide", "option": ID} in, states and errors out
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from volstead.bots import bot_names
from volstead.engine import VolsteadError, replay
from volstead.engine.record import decision_pairs, make_record, validate_record
from volstead.games import DEFAULT_GAME, game_names, get_game

from .catalog import catalog
from .hub import Hub, LiveGame, LobbyError
from .logtext import entry_text, is_public
from .messages import BadMessage, CreateGame, Decide, WsPing, WsRefresh, parse, parse_ws
from .store import Store

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
DB_ENV = "VOLSTEAD_DB"

# What the lobby offers for each bot (spec passed to get_bot), weakest first.
BOT_STRENGTHS = [
    {"spec": "random", "label": "Random (beginner)"},
    {"spec": "greedy", "label": "Greedy (easy)"},
    {"spec": "ismcts:300ms", "label": "ISMCTS 0.3 s (medium)"},
    {"spec": "ismcts:1500ms", "label": "ISMCTS 1.5 s (hard)"},
]


def parse_body(model: type, data: dict):
    """`data` as the request model `model`, or a 400 naming the first bad field."""
    try:
        return parse(model, data)
    except BadMessage as e:
        raise HTTPException(400, str(e)) from None


async def json_object(request: Request) -> dict:
    """The request body as a JSON object, or a 400 that says it must be one."""
    try:
        body = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise HTTPException(400, "the body must be a JSON object") from None
    if not isinstance(body, dict):
        raise HTTPException(400, "the body must be a JSON object")
    return body

def default_db_url() -> str:
    """$VOLSTEAD_DB, else SQLite in the user's data folder."""
    if os.environ.get(DB_ENV):
        return os.environ[DB_ENV]
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("volstead"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'volstead.db'}"


def error_body(e: Exception) -> dict:
    return {"type": "error", "error": type(e).__name__, "message": str(e)}


def create_app(db_url: str | None = None, *, bot_delay: float = 0.0, think_s: float = 5.0,
               auto_single: bool = True) -> FastAPI:
    store = Store(db_url or default_db_url())
    hub = Hub(store, bot_delay=bot_delay, think_s=think_s, auto_single=auto_single)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI):
        hub.load_all()
        for live in hub.games.values():
            hub.kick(live)
        yield
        await hub.close()
        store.close()

    app = FastAPI(title="Volstead", lifespan=lifespan)
    app.state.hub = hub
    app.state.store = store

    def live_or_404(game_id: str) -> LiveGame:
        live = hub.games.get(game_id)
        if live is None:
            raise HTTPException(404, f"no game {game_id!r}")
        return live

    def who(live: LiveGame, token: str | None) -> tuple[int | None, bool]:
        """(seat, table) a token opens; (None, False) without a token; 403 for a bad one."""
        if not token:
            return None, False
        seat = store.seat_of_token(live.id, token)
        if seat is None:
            raise HTTPException(403, "this seat link is not valid for this game (bad token)")
        if seat == "table":
            return None, True
        return int(seat), False

    @app.exception_handler(HTTPException)
    async def http_error(request: Request, exc: HTTPException):
        return JSONResponse({"type": "error", "error": "HTTPError", "message": exc.detail}, status_code=exc.status_code)

    # ------------------------------------------------------------ lobby API
    @app.get("/api/info")
    def info() -> dict:
        games = [get_game(name).describe() for name in game_names()]
        return {"games": games, "default_game": DEFAULT_GAME, "bots": bot_names(), "strengths": BOT_STRENGTHS}

    @app.get("/api/catalog/{game_name}")
    def get_catalog(game_name: str) -> dict:
        try:
            return catalog(game_name)
        except KeyError as e:
            raise HTTPException(404, str(e.args[0])) from None

    @app.get("/api/games")
    def list_games() -> list[dict]:
        games = sorted(hub.games.values(), key=lambda g: (g.state.is_over(), -g.stored.created.timestamp()))
        return [hub.meta(g) for g in games]

    @app.post("/api/games")
    async def create(request: Request) -> JSONResponse:
        body = parse_body(CreateGame, await json_object(request))
        try:
            live, tokens = hub.create_game(body.game or DEFAULT_GAME, body.seats, body.options, body.seed, body.hotseat)
        except LobbyError as e:
            raise HTTPException(400, str(e)) from None
        hub.kick(live)
        return JSONResponse(links(live, tokens), status_code=201)

    @app.get("/api/games/{game_id}")
    def get_meta(game_id: str) -> dict:
        return hub.meta(live_or_404(game_id))

    @app.get("/api/games/{game_id}/state")
    def get_state(game_id: str, token: str | None = None) -> dict:
        live = live_or_404(game_id)
        seat, table = who(live, token)
        if table:
            from .hub import Conn

            seat = hub.shown_seat(live, Conn(None, None, True))
        return hub.payload(live, seat, table)

    @app.post("/api/games/{game_id}/decide")
    async def decide_rest(game_id: str, request: Request) -> dict:
        live = live_or_404(game_id)
        body = parse_body(Decide, await json_object(request))
        seat, table = who(live, body.token)
        if seat is None and not table:
            raise HTTPException(403, "a seat token is needed to decide (spectators cannot)")
        if table:
            seat = table_seat(live)
        try:
            await hub.commit(live, seat, body.option, body.decision)
        except VolsteadError as e:
            return JSONResponse(error_body(e), status_code=409)
        return hub.payload(live, seat)

    def table_seat(live: LiveGame) -> int:
        seat = hub.table_seat(live)
        return -1 if seat is None else seat  # commit answers "seat -1 cannot decide now"

    def links(live: LiveGame, tokens) -> dict:
        seats = []
        for i, kind in enumerate(live.kinds):
            item: dict[str, Any] = {"seat": i, "kind": kind}
            if i in tokens.seats:
                item["token"] = tokens.seats[i]
                item["url"] = f"/game/{live.id}?token={tokens.seats[i]}"
            seats.append(item)
        out = {"id": live.id, "game": live.stored.game, "seats": seats, "spectator_url": f"/game/{live.id}",
               "replay_url": f"/replay/{live.id}"}
        if tokens.table:
            out["hotseat_url"] = f"/game/{live.id}?token={tokens.table}"
            out["hotseat_token"] = tokens.table
        return out

    # -------------------------------------------------------------- replays
    def finished_record(game_id: str) -> dict:
        stored = store.load(game_id)
        if stored is None:
            raise HTTPException(404, f"no game {game_id!r}")
        if stored.status == "playing":
            raise HTTPException(409, "the game is still being played: its record (which tells every hidden card) "
                                     "is shown once it is finished")
        rec = make_record(game=stored.game, options=stored.options, seed=stored.seed, seats=stored.seats,
                          decisions=stored.decisions)
        return {**rec, "kinds": stored.kinds}

    @app.get("/api/games/{game_id}/record")
    def get_record(game_id: str) -> dict:
        rec = finished_record(game_id)
        rec.pop("kinds")
        return rec

    @app.get("/api/games/{game_id}/replay")
    def get_replay(game_id: str, upto: int | None = Query(None, ge=0), seat: int | None = Query(None, ge=0)) -> dict:
        rec = finished_record(game_id)
        kinds = rec.pop("kinds")
        total = len(rec["decisions"])
        upto = total if upto is None else min(upto, total)
        if seat is not None and seat >= rec["seats"]:
            raise HTTPException(400, f"seat must be 0–{rec['seats'] - 1}")
        state = replay(rec, upto=0)
        log = []
        pairs = decision_pairs(rec)
        for n, (decider, option_id) in enumerate(pairs[:upto]):
            d = state.decision(decider)
            i = d.index_of(option_id)
            entry = {"i": n + 1, "seat": d.seat, "kind": d.kind, "label": d.options[i].label,
                     "public": is_public(rec["game"], d.kind)}
            log.append({"i": n + 1, "seat": d.seat, "text": entry_text(entry, seat, everything=seat is None)})
            state.apply_index(i, seat=d.seat)
        decision = None
        if not state.is_over():
            d = state.decision(pairs[upto][0] if upto < total else None)  # the decision the record takes next
            decision = {"seat": d.seat, "kind": d.kind}
            if d.lane and seat is not None and seat != d.seat:
                decision = None  # a rival's private step: its seat's view of the replay does not show it
            elif seat is None or seat == d.seat:
                decision["prompt"] = d.prompt
                decision["options"] = [{"id": o.id, "label": o.label} for o in d.options]
                if upto < total:
                    decision["taken"] = pairs[upto][1]
        meta = {"id": game_id, "game": rec["game"], "title": get_game(rec["game"]).title, "seats": rec["seats"],
                "kinds": kinds, "decisions": total, "options": rec["options"], "seed": rec["seed"]}
        return {"type": "replay", "meta": meta, "upto": upto, "total": total, "you": seat, "view": state.view(seat),
                "decision": decision, "log": log[-LOG_TAIL_REPLAY:],
                "result": state.result().to_json() if state.is_over() else None}

    # ------------------------------------------------------------ websocket
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, token: str | None = None):
        await websocket.accept()
        live = hub.games.get(game_id)
        if live is None:
            await websocket.send_json({"type": "error", "error": "NotFound", "message": f"no game {game_id!r}"})
            await websocket.close(code=4404)
            return
        seat, table = None, False
        if token:
            found = store.seat_of_token(game_id, token)
            if found is None:
                await websocket.send_json({"type": "error", "error": "BadToken",
                                           "message": "this seat link is not valid for this game (bad token)"})
                await websocket.close(code=4403)
                return
            seat, table = (None, True) if found == "table" else (int(found), False)
        conn = hub.attach(live, websocket, seat, table)
        try:
            await websocket.send_json(hub.payload(live, hub.shown_seat(live, conn), table))
            while True:
                text = await websocket.receive_text()
                await handle_message(live, conn, text)
        except WebSocketDisconnect:
            pass
        finally:
            hub.detach(live, conn)

    async def handle_message(live: LiveGame, conn, text: str) -> None:
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
            await ws.send_json(hub.payload(live, hub.shown_seat(live, conn), conn.table))
            return
        if conn.seat is None and not conn.table:
            await ws.send_json({"type": "error", "error": "NoSeat",
                                "message": "spectators cannot decide: open your seat link to play"})
            return
        seat = table_seat(live) if conn.table else conn.seat
        try:
            await hub.commit(live, seat, msg.option, msg.decision)
        except VolsteadError as e:
            await ws.send_json(error_body(e))

    # ------------------------------------------------------- static client
    @app.get("/", include_in_schema=False)
    @app.get("/game/{game_id}", include_in_schema=False)
    @app.get("/replay/{game_id}", include_in_schema=False)
    def page(game_id: str | None = None) -> FileResponse:
        return FileResponse(WEB_DIR / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/games/{game_name}/{path:path}", include_in_schema=False)
    def game_file(game_name: str, path: str) -> FileResponse:
        return FileResponse(game_web_file(game_name, path), headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=WEB_DIR), name="static")
    return app


GAME_WEB_SUFFIXES = frozenset({".js", ".css", ".svg", ".png", ".webp", ".woff2", ".json"})


def game_web_file(game_name: str, path: str) -> Path:
    """A file of a game's browser module: only under the game package's `web/` folder, only
    static kinds; 404 for anything else (unknown game, `..`, a Python file)."""
    try:
        web = (get_game(game_name).package_dir / "web").resolve()
    except KeyError:
        raise HTTPException(404, f"unknown game {game_name!r}") from None
    file = (web.parent / path).resolve()
    if not file.is_relative_to(web) or file.suffix not in GAME_WEB_SUFFIXES or not file.is_file():
        raise HTTPException(404, "no such file")
    return file


LOG_TAIL_REPLAY = 400


def import_record(store: Store, record: dict) -> str:
    """Store a record file as a game to replay in the browser; its id."""
    rec = validate_record(record)
    replay(rec)  # a record that does not match the rules is rejected (RecordError)
    game_id, _ = store.create_game(rec["game"], rec["options"], rec["seed"], ["?"] * rec["seats"])
    state = replay(rec, upto=0)
    for n, (seat, option_id) in enumerate(decision_pairs(rec)):
        seat = state.decision(seat).seat  # format 1 records name no seat
        state.apply(option_id, seat)
        store.add_decision(game_id, n, seat, option_id)
    store.set_status(game_id, "record")
    return game_id
