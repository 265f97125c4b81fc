"""The lobby API: games, bots and their options; listing and creating games."""

from __future__ import annotations

import functools
import json
import logging
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.encoders import jsonable_encoder
from fastapi.responses import JSONResponse, Response

from volstead.bots import BotError, bot_names
from volstead.bots.learned import shipped_policy
from volstead.games import DEFAULT_GAME, game_names, get_game

from ..bot_pool import BotLimitError
from ..catalog import catalog
from ..hub import BotSpecError, LiveGame, LobbyError
from ..messages import CreateGame
from ..store import NewGameTokens
from .deps import BODY_ERRORS, errors, hub_of

router = APIRouter()
log = logging.getLogger(__name__)

# What the lobby offers for each bot (spec passed to get_bot), weakest first: the bots and budgets each
# game's Elo ladder rates (docs/bots.md; a game's describe()["bot_ratings"], shown beside each).
BOT_STRENGTHS = [
    {"spec": "random", "label": "Random (beginner)"},
    {"spec": "greedy", "label": "Greedy (easy)"},
    # The searches' labels say how long each thinks, not how strong it is: the ladders measured no
    # game where 200 ms or 1 s a decision beats 50 ms (docs/bots.md, "Ratings the lobby shows"), so
    # the Elo beside each says it.
    {"spec": "ismcts:50ms", "label": "ISMCTS 0.05 s"},
    {"spec": "ismcts:200ms", "label": "ISMCTS 0.2 s"},
    {"spec": "ismcts:1000ms", "label": "ISMCTS 1 s"},
    # the policy network a game ships (bots/learned.py): offered only for a game whose describe() has
    # "learned_policy" true; its strength is the game's (its Elo, where rated, is shown beside it)
    {"spec": "learned", "label": "Learned (trained network)"},
]


@router.get("/api/info")
def info() -> dict[str, Any]:
    """Each game's description (seats, options schema, factions, browser module), bots, strengths."""
    # The same bytes until a game is added: built once (6.5 ms of CPU a request otherwise, which a
    # busy machine stretches to 100+ ms); a Response is sent as it is, the schema stays the dict's.
    return Response(_info_body(tuple(game_names())), media_type="application/json")  # type: ignore[return-value]


@functools.lru_cache(maxsize=4)
def _info_body(names: tuple[str, ...]) -> bytes:
    games = [with_learned_seats(get_game(name)) for name in names]
    info = {"games": games, "default_game": DEFAULT_GAME, "bots": bot_names(), "strengths": BOT_STRENGTHS}
    return json.dumps(jsonable_encoder(info), separators=(",", ":")).encode()


def with_learned_seats(game: Any) -> dict[str, Any]:
    """The game's description and, where it ships a learned policy, the number of seats that policy
    plays (`learned_seats`: the lobby offers the learned bot at tables of that size only). A policy
    file that cannot be read offers no learned bot."""
    described = game.describe()
    if described["learned_policy"]:
        try:
            described["learned_seats"] = shipped_policy(game).meta["seats"]
        except BotError:
            log.exception("%s: its learned policy cannot be read", game.name)
            described["learned_policy"] = False
    return described


@router.get("/api/catalog/{game_name}", responses=errors(404))
def get_catalog(game_name: str) -> dict[str, Any]:
    try:
        return catalog(game_name)
    except KeyError as e:
        raise HTTPException(404, str(e.args[0])) from None


@router.get("/api/games")
async def list_games(request: Request) -> list[dict[str, Any]]:
    hub = hub_of(request)
    games = sorted(hub.games.values(), key=lambda g: (g.state.is_over(), -g.stored.created.timestamp()))
    return [g.meta() for g in games]


@router.post("/api/games", status_code=201, responses=errors(*BODY_ERRORS, 422))
async def create(request: Request, body: CreateGame) -> JSONResponse:
    hub = hub_of(request)
    client = hub.client_key(request.client.host if request.client else None)
    try:
        live, tokens = await hub.open_game(
            body.game or DEFAULT_GAME,
            body.seats,
            body.options,
            body.seed,
            body.hotseat,
            body.time_limit,
            client,
            spectators=body.spectators,
            card_set=body.card_set,
        )
    except BotLimitError as e:
        raise HTTPException(429, str(e)) from None
    except BotSpecError as e:
        raise HTTPException(422, str(e)) from None
    except LobbyError as e:
        raise HTTPException(400, str(e)) from None
    live.kick()
    return JSONResponse(links(live, tokens), status_code=201)


def links(live: LiveGame, tokens: NewGameTokens) -> dict[str, Any]:
    """The new game's secret seat links, the hot-seat link and the spectators' link (None when the
    game takes no spectators)."""
    seats = []
    for i, kind in enumerate(live.kinds):
        item: dict[str, Any] = {"seat": i, "kind": kind}
        if i in tokens.seats:
            item["token"] = tokens.seats[i]
            item["url"] = f"/game/{live.id}?token={tokens.seats[i]}"
        seats.append(item)
    out = {
        "id": live.id,
        "game": live.stored.game,
        "seats": seats,
        "spectator_url": f"/game/{live.id}" if live.stored.spectators else None,
        "replay_url": f"/replay/{live.id}",
        "commitment": live.stored.commitment,
        "practice": live.stored.practice,
    }
    if tokens.table:
        out["hotseat_url"] = f"/game/{live.id}?token={tokens.table}"
        out["hotseat_token"] = tokens.table
    return out
