"""The workbench's experiments (issue 38; docs/server.md "The workbench"): two card sets of a game
played by the same bots from the same seeds in the background (server/workbench/runs.py: a queue
fair across clients, each held to its share), followed live over a WebSocket, cancelled, and
compared (the simulator's compare.json and compare.md). No game is named here.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import PlainTextResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from volstead.bots import BotError, bot_names, check_bot_table, get_bot
from volstead.engine.contract import SEED_LIMIT, Game, SetupError

from ..workbench.experiments import LIVE
from ..workbench.runs import ExperimentLimit, ExperimentOver, NoSuchExperiment, WorkbenchRuns
from .deps import BODY_ERRORS, errors, hub_of
from .play import refuse
from .workbench import BASE, _card_game, _variant_of

router = APIRouter()
MAX_GAMES = 5000  # games a set an experiment may ask for
PROGRESS_S = 1.0  # how often a follower is told the progress
BUILT_IN = "built-in set"  # the built-in set's name in a comparison


class ExperimentBody(BaseModel):
    """An experiment: the same games played with two card sets of `game`."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(max_length=64)
    base: str = Field(BASE, max_length=16, description='the set compared with: "base" (the built-in set) or a variant\'s id')
    variant: str = Field(max_length=16, description="the set compared: a variant's id (or base)")
    bots: list[str] = Field(min_length=1, max_length=16, description="a bot a seat, rotated every game as the simulator does")
    bots2: list[str] | None = Field(None, max_length=16, description="a second strength of play: a bot a seat, or null")
    seats: int = Field(ge=1, le=16)
    games: int = Field(ge=1, le=MAX_GAMES, description="games a set (and a strength)")
    seed: int = Field(1, ge=0, lt=SEED_LIMIT)


def runs_of(conn: Request | WebSocket) -> WorkbenchRuns:
    return conn.app.state.workbench_runs


def _client(request: Request) -> str:
    return hub_of(request).client_key(request.client.host if request.client else None)


def _bots(request: Request, game: Game, specs: list[str], seats: int, field: str) -> list[str]:
    """The bots of a seat each, checked as the lobby checks them (the server's bounds on budgets)."""
    if len(specs) != seats:
        raise HTTPException(400, f"{field}: one bot a seat ({seats} seats, {len(specs)} bots)")
    limits = hub_of(request).limits
    options = game.resolve_options(None)
    out = []
    for i, raw in enumerate(specs):
        spec = raw.strip().lower()[:64]
        try:
            bot = get_bot(spec, 0, limits)
            check_bot_table(bot, game, seats, options)
        except BotError as e:  # a known bot that cannot play here (learned:PATH, a policy of another game)
            raise HTTPException(400, f"{field}[{i}]: {e}") from None
        except KeyError as e:
            if spec.partition(":")[0] in bot_names():
                raise HTTPException(422, f"{field}[{i}]: {e.args[0]}") from None
            raise HTTPException(400, f"{field}[{i}]: {e.args[0]}") from None
        out.append(spec)
    return out


def _set(request: Request, game: Game, set_id: str) -> tuple[tuple[str, dict[str, str] | None], str]:
    """((the set's id, its files' texts; None for the built-in set), its name)."""
    if set_id == BASE:
        return (BASE, None), BUILT_IN
    variant = _variant_of(request, game, set_id)
    return (variant.id, dict(variant.files)), variant.name


@router.post("/api/workbench/experiments", status_code=201, responses=errors(*BODY_ERRORS, 404, 422, 429))
def start_experiment(request: Request, body: ExperimentBody) -> dict[str, Any]:
    """Queue an experiment; 429 when the client already has its share of the queue."""
    game = _card_game(body.game)
    if not game.card_set_option:
        raise HTTPException(400, f"{game.title} cannot play another card set")
    if body.base == body.variant:
        raise HTTPException(400, "base and variant are the same set: compare two different sets")
    try:
        game.check_seats(body.seats, game.resolve_options(None))
    except SetupError as e:
        raise HTTPException(400, str(e)) from None
    bots = _bots(request, game, body.bots, body.seats, "bots")
    bots2 = None if body.bots2 is None else _bots(request, game, body.bots2, body.seats, "bots2")
    base, label_a = _set(request, game, body.base)
    variant, label_b = _set(request, game, body.variant)
    config = {"bots": bots, "bots2": bots2, "seats": body.seats, "games": body.games, "seed": body.seed}
    try:
        return runs_of(request).submit(_client(request), game.name, (base, variant), (label_a, label_b), config)
    except ExperimentLimit as e:
        raise HTTPException(429, str(e)) from None


@router.get("/api/workbench/experiments", responses=errors(400))
def list_experiments(request: Request, game: str | None = Query(None, max_length=64)) -> list[dict[str, Any]]:
    """The client's recent experiments (of `game`), newest first."""
    return runs_of(request).of_client(_client(request), game)


def _view(request: Request, experiment_id: str) -> dict[str, Any]:
    try:
        return runs_of(request).view(experiment_id)
    except NoSuchExperiment as e:
        raise HTTPException(404, str(e)) from None


@router.get("/api/workbench/experiments/{experiment_id}", responses=errors(404))
def get_experiment(request: Request, experiment_id: str) -> dict[str, Any]:
    """An experiment's status and progress, and its comparison (compare.json) once done."""
    out = _view(request, experiment_id)
    out["comparison"] = runs_of(request).comparison(experiment_id)
    return out


@router.post("/api/workbench/experiments/{experiment_id}/cancel", responses=errors(403, 404, 409))
def cancel_experiment(request: Request, experiment_id: str) -> dict[str, Any]:
    """Take a queued experiment off the queue, or stop a running one (its client only)."""
    runs = runs_of(request)
    try:
        if runs.experiments.get(experiment_id).client != _client(request):
            raise HTTPException(403, "only the client that started an experiment may cancel it")
        return runs.cancel(experiment_id)
    except NoSuchExperiment as e:
        raise HTTPException(404, str(e)) from None
    except ExperimentOver as e:
        raise HTTPException(409, str(e)) from None


@router.get(
    "/api/workbench/experiments/{experiment_id}/report.md",
    response_class=Response,
    responses={200: {"content": {"text/markdown": {}}, "description": "compare.md"}, **errors(404, 409)},
)
def experiment_report(request: Request, experiment_id: str) -> Response:
    """The comparison as the CLI writes it (compare.md)."""
    x = _view(request, experiment_id)
    text = runs_of(request).report(experiment_id)
    if text is None:
        raise HTTPException(409, f"the experiment has no report: it is {x['status']}")
    return PlainTextResponse(text, media_type="text/markdown; charset=utf-8")


@router.websocket("/ws/workbench/experiments/{experiment_id}")
async def follow_experiment(websocket: WebSocket, experiment_id: str) -> None:
    """{type: progress, status, done, total, eta_s, position} about once a second while the
    experiment is queued or running, then {type: done, status, message, comparison} and a close.
    Refused: an unknown experiment (4404), over the client's connections (4429)."""
    runs, hub = runs_of(websocket), hub_of(websocket)
    host = websocket.client.host if websocket.client else None
    await websocket.accept()
    try:
        view = await asyncio.to_thread(runs.view, experiment_id)
    except NoSuchExperiment as e:
        await refuse(websocket, "NotFound", str(e), 4404)
        return
    if hub.client_conns[host] >= hub.conns_per_client:
        message = f"you have {hub.conns_per_client} connections to this server open already: close some first"
        await refuse(websocket, "TooManyConnections", message, 4429)
        return
    hub.client_conns[host] += 1
    try:
        while view["status"] in LIVE:
            keys = ("status", "done", "total", "eta_s", "position")
            await websocket.send_json({"type": "progress", **{k: view[k] for k in keys}})
            await asyncio.sleep(PROGRESS_S)
            view = await asyncio.to_thread(runs.view, experiment_id)
        comparison = await asyncio.to_thread(runs.comparison, experiment_id)
        await websocket.send_json(
            {"type": "done", "status": view["status"], "message": view["message"], "done": view["done"], "comparison": comparison}
        )
        await websocket.close()
    except (WebSocketDisconnect, RuntimeError, OSError, NoSuchExperiment):
        pass  # the page went away
    finally:
        left = hub.client_conns[host] - 1
        if left > 0:
            hub.client_conns[host] = left
        else:
            hub.client_conns.pop(host, None)
