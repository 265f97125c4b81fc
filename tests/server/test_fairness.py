"""Provably fair games (issues 11 and 35): the server draws the seed and publishes only a
commitment to everything fixed at creation; every state message carries the decision log's
running hash; the finished game's record opens the commitment, and `volstead verify` checks it
against what a player saw and replays the record. A seed chosen by the creator makes a practice
game, marked as such, and never called fair."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient
from server_helpers import wait_for
from sqlalchemy import update
from sqlalchemy.orm import Session
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.fairness import commitment, created_text, log_hashes, seed_commitment
from volstead.server import create_app
from volstead.server.store import FairnessRow


def finished(client, **body):
    g = client.post("/api/games", json={"seats": ["random", "random"], **body}).json()
    wait_for(lambda: client.get(f"/api/games/{g['id']}").json()["status"] == "finished", timeout=60)
    return g


def test_nothing_reachable_mid_game_tells_the_seed_only_its_commitment(client):
    g = client.post("/api/games", json={"seats": ["human", "random"]}).json()
    meta = client.get(f"/api/games/{g['id']}").json()
    assert not meta["practice"] and len(meta["commitment"]) == 64 and meta["commitment"] == g["commitment"]
    state = client.get(f"/api/games/{g['id']}/state", params={"token": g["seats"][0]["token"]}).json()
    stored = client.app.state.store.load(g["id"])
    for text in (json.dumps(meta), json.dumps(state), json.dumps(client.get("/api/games").json())):
        assert f'"seed": {stored.seed}' not in text and stored.salt not in text
    assert client.get(f"/api/games/{g['id']}/record").status_code == 409


def test_the_record_opens_the_commitment_and_verify_replays_it(client, tmp_path):
    g = finished(client)
    rec = client.get(f"/api/games/{g['id']}/record").json()
    stored = client.app.state.store.load(g["id"])
    fields = dict(game=stored.game, options=stored.options, kinds=["random", "random"], practice=False)
    assert rec["created"] == created_text(stored.created) and rec["kinds"] == fields["kinds"]
    assert (
        rec["commitment"] == g["commitment"] == commitment(seed=rec["seed"], salt=rec["salt"], created=rec["created"], **fields)
    )
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(app, ["verify", str(path), "--commitment", g["commitment"]])
    assert r.exit_code == 0, r.output
    assert "fair: the seed was drawn by the server and committed to before the first decision." in r.output
    # a record whose seed was changed after the fact does not verify
    path.write_text(json.dumps({**rec, "seed": rec["seed"] + 1}))
    r = CliRunner().invoke(app, ["verify", str(path)])
    assert r.exit_code == 2 and "the record does not open its commitment" in r.output


def test_a_chosen_seed_is_a_practice_game_marked_as_such(client, tmp_path):
    g = finished(client, seed=7)
    assert g["practice"] is True and client.get(f"/api/games/{g['id']}").json()["practice"] is True
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["practice"] is True and rec["seed"] == 7
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(app, ["verify", str(path), "--commitment", g["commitment"]])
    assert r.exit_code == 3 and "practice game: the creator chose the seed — not a fair draw." in r.output
    r = client.post("/api/games", json={"seats": ["human", "random"], "seed": 2**40})
    assert r.status_code == 400 and "field 'seed': Input should be less than 2147483648" in r.json()["message"]


def ws_play(client, gid, token):
    """Play a seat over its WebSocket, always taking the first option, to the end of the game; the
    state messages it received."""
    states = []
    with client.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
        while True:
            m = ws.receive_json()
            if m["type"] == "error":  # a state already overtaken: ask for the current one
                assert m["error"] == "StaleDecision", m
                ws.send_json({"type": "refresh"})
                continue
            if m["type"] != "state":
                continue
            states.append(m)
            if m["result"] is not None:
                return states
            d = m["decision"]
            if d and "options" in d:
                ws.send_json({"type": "decide", "option": d["options"][0]["id"], "decision": d["number"]})


def verify(tmp_path, rec, *args):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    return CliRunner().invoke(app, ["verify", str(path), *args])


def test_a_played_game_verifies_against_the_commitment_and_last_hash_its_page_saw(client, prize_bids, tmp_path):
    g = client.post("/api/games", json={"game": "prize_bids", "seats": ["human", "random"], "options": {"cards": 4}}).json()
    states = ws_play(client, g["id"], g["seats"][0]["token"])
    rec = client.get(f"/api/games/{g['id']}/record").json()
    chain = log_hashes(rec["commitment"], rec["salt"], rec["decisions"])
    assert all(s["log_hash"] in chain for s in states) and states[-1]["log_hash"] == chain[-1]
    n = len(rec["decisions"])
    r = verify(tmp_path, rec, "--commitment", g["commitment"], "--log-hash", states[-1]["log_hash"])
    assert r.exit_code == 0, r.output
    out = " ".join(r.output.split())
    assert f"The decision log matches the hash you saw after decision {n}: all {n} decisions are covered." in out
    assert "fair: the seed was drawn by the server and committed to before the first decision." in out
    # the record with a decision of the human seat taken otherwise is caught by the hash it saw
    k = next(i for i, (seat, _) in enumerate(rec["decisions"]) if seat == 0)
    other = {**rec, "decisions": [*rec["decisions"][:k], [0, "no-such-option"], *rec["decisions"][k + 1 :]]}
    r = verify(tmp_path, other, "--commitment", g["commitment"], "--log-hash", states[-1]["log_hash"])
    assert r.exit_code == 2 and "its decisions do not match the log hash you saw" in r.output


def test_a_rivals_private_steps_do_not_move_the_hash_the_others_see(client, prize_bids):
    g = client.post(
        "/api/games", json={"game": "prize_bids", "seats": ["human", "human"], "options": {"cards": 4, "negotiation": False}}
    ).json()
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]

    def state(token=None):
        return client.get(f"/api/games/{gid}/state", params={"token": token} if token else {}).json()

    def decide(token, option):
        s = state(token)
        r = client.post(f"/api/games/{gid}/decide", json={"token": token, "option": option, "decision": s["decision"]["number"]})
        assert r.status_code == 200, r.text
        return r.json()

    before = state()["log_hash"]
    assert state(t0)["log_hash"] == state(t1)["log_hash"] == before
    decide(t1, "bid:4")
    decide(t1, "back")  # takes the bid back: private steps nobody else may count
    mine = decide(t1, "bid:3")  # its confirmation, the one option left, is taken by the server
    assert mine["decision"] is None and state()["pending"] == [0]
    assert mine["log_hash"] == state(t0)["log_hash"] == state()["log_hash"] == before
    decide(t0, "bid:1")
    after = decide(t0, "confirm")  # the phase closes: the hash moves once, for everyone
    assert after["log_hash"] != before and state(t1)["log_hash"] == state()["log_hash"] == after["log_hash"]
    live = client.app.state.hub.games[gid]
    assert after["log_hash"] == log_hashes(g["commitment"], live.stored.salt, live.stored.decisions)[-1]


def test_a_game_made_before_issue_35_plays_on_and_verifies_as_old_style(db_url, prize_bids, tmp_path):
    """A game stored by the server of issue 11 (its commitment covers the seed and salt alone),
    still playing when the server is upgraded: the new server resumes it, its log hash starts from
    the old commitment, and verify says what that commitment proves."""
    with TestClient(create_app(db_url)) as c:
        g = c.post("/api/games", json={"game": "prize_bids", "seats": ["human", "random"], "options": {"cards": 3}}).json()
        store = c.app.state.store
        stored = store.load(g["id"])
        old = seed_commitment(stored.seed, stored.salt)
        with Session(store.engine) as s, s.begin():
            s.execute(update(FairnessRow).where(FairnessRow.game_id == g["id"]).values(commitment=old))
    with TestClient(create_app(db_url)) as c:
        states = ws_play(c, g["id"], g["seats"][0]["token"])
        assert states[0]["meta"]["commitment"] == old
        rec = c.get(f"/api/games/{g['id']}/record").json()
    r = verify(tmp_path, rec, "--commitment", old, "--log-hash", states[-1]["log_hash"])
    assert r.exit_code == 3, r.output
    out = " ".join(r.output.split())
    assert f"old-style commitment: covers the seed only ({old[:16]}…)" in out
    n = len(rec["decisions"])
    assert f"all {n} decisions are covered" in out and "not shown fair" in out


def test_a_resumed_game_shows_the_same_log_hash(db_url, prize_bids):
    with TestClient(create_app(db_url)) as c:
        g = c.post("/api/games", json={"game": "prize_bids", "seats": ["human", "random"]}).json()
        gid, token = g["id"], g["seats"][0]["token"]
        s = c.get(f"/api/games/{gid}/state", params={"token": token}).json()
        c.post(f"/api/games/{gid}/decide", json={"token": token, "option": s["decision"]["options"][0]["id"], "decision": 0})
        seen = c.get(f"/api/games/{gid}/state", params={"token": token}).json()["log_hash"]
    with TestClient(create_app(db_url)) as c:
        assert c.get(f"/api/games/{gid}/state", params={"token": token}).json()["log_hash"] == seen


def test_an_imported_record_is_a_practice_game(client):
    """A record imported to replay: whoever wrote it chose its seed, so its record is never called fair."""
    from volstead.server.app import import_record

    g = finished(client)
    rec = client.get(f"/api/games/{g['id']}/record").json()
    again = client.app.state.store.load(import_record(client.app.state.store, rec))
    assert again.practice is True
