"""Records and step-by-step replays of finished games (a game's record tells every hidden card:
nothing of it is served while the game is played), and importing a record file to replay."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query, Request

from volstead.engine.decision import option_json
from volstead.engine.fairness import created_text
from volstead.engine.record import decision_pairs, make_record, validate_record
from volstead.games import get_game, replay_record

from ..logtext import entry_text, is_public
from ..store import Store
from .deps import errors, store_of

router = APIRouter()
LOG_TAIL_REPLAY = 400


def finished_record(store: Store, game_id: str) -> dict[str, Any]:
    stored = store.load(game_id)
    if stored is None:
        raise HTTPException(404, f"no game {game_id[:40]!r}")
    if stored.status == "playing":
        raise HTTPException(
            409, "the game is still being played: its record (which tells every hidden card) is shown once it is finished"
        )
    rec = make_record(game=stored.game, options=stored.options, seed=stored.seed, seats=stored.seats, decisions=stored.decisions)
    # the commitment published at creation, the salt that opens it and the other fields it covers
    # (engine/fairness.py)
    fair = {
        "commitment": stored.commitment,
        "salt": stored.salt,
        "practice": stored.practice,
        "created": created_text(stored.created),
    }
    return {**rec, **(fair if stored.commitment else {}), "kinds": stored.kinds}


@router.get("/api/games/{game_id}/record", responses=errors(404, 409))
def get_record(request: Request, game_id: str) -> dict[str, Any]:
    return finished_record(store_of(request), game_id)


@router.get("/api/games/{game_id}/replay", responses=errors(400, 404, 409))
def get_replay(
    request: Request, game_id: str, upto: int | None = Query(None, ge=0), seat: int | None = Query(None, ge=0)
) -> dict[str, Any]:
    rec = finished_record(store_of(request), game_id)
    kinds = rec.pop("kinds")
    total = len(rec["decisions"])
    upto = total if upto is None else min(upto, total)
    if seat is not None and seat >= rec["seats"]:
        raise HTTPException(400, f"seat must be 0–{rec['seats'] - 1}")
    state = replay_record(rec, upto=0)
    state.tell_story()  # the game's story of each decision, as the live log told it
    log = []
    pairs = decision_pairs(rec)
    for n, (decider, option_id) in enumerate(pairs[:upto]):
        d = state.decision(decider)
        i = d.index_of(option_id)
        said, hidden = d.log_texts(i)
        entry = {
            "i": n + 1,
            "seat": d.seat,
            "kind": d.kind,
            "label": d.options[i].label,
            "said": said,
            "hidden": hidden,
            "public": is_public(rec["game"], d.kind),
        }
        log.append({"i": n + 1, "seat": d.seat, "text": entry_text(entry, seat, everything=seat is None)})
        state.apply_index(i, seat=d.seat)
        # a line told to one seat is read by that seat (and, the game being over, the public view)
        log.extend(
            {"i": None, "seat": to, "text": text} for text, to in state.take_story() if to is None or seat is None or to == seat
        )
    decision = None
    if not state.is_over():
        d = state.decision(pairs[upto][0] if upto < total else None)  # the decision the record takes next
        decision = {"seat": d.seat, "kind": d.kind}
        if d.lane and seat is not None and seat != d.seat:
            decision = None  # a rival's private step: its seat's view of the replay does not show it
        elif seat is None or seat == d.seat:
            decision["prompt"] = d.prompt
            decision["options"] = [option_json(o) for o in d.options]
            if upto < total:
                decision["taken"] = pairs[upto][1]
    meta = {
        "id": game_id,
        "game": rec["game"],
        "title": get_game(rec["game"]).title,
        "seats": rec["seats"],
        "kinds": kinds,
        "seat_names": get_game(rec["game"]).seat_names(state),
        "decisions": total,
        "options": rec["options"],
        "seed": rec["seed"],
    }
    return {
        "type": "replay",
        "meta": meta,
        "upto": upto,
        "total": total,
        "you": seat,
        "view": state.view(seat),
        "decision": decision,
        "log": log[-LOG_TAIL_REPLAY:],
        "result": state.result().to_json() if state.is_over() else None,
    }


def import_record(store: Store, record: dict) -> str:
    """Store a record file as a game to replay in the browser; its id."""
    rec = validate_record(record)
    replay_record(rec)  # a record that does not match the rules is rejected (RecordError)
    # practice: whoever wrote the record chose its seed (the server committed to nothing before it)
    game_id, _ = store.create_game(rec["game"], rec["options"], rec["seed"], ["?"] * rec["seats"], practice=True)
    state = replay_record(rec, upto=0)
    rows = []
    for n, (seat, option_id) in enumerate(decision_pairs(rec)):
        seat = state.decision(seat).seat  # format 1 records name no seat
        state.apply(option_id, seat)
        rows.append((n, seat, option_id))
    store.add_decisions(game_id, rows, "record")
    return game_id
