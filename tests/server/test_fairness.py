"""Provably fair games (issue 11): the server draws the seed and publishes only its commitment;
the finished game's record opens it, and `volstead verify` checks it and replays the record. A
seed chosen by the creator makes a practice game, marked as such."""

from __future__ import annotations

import json

from server_helpers import wait_for
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.fairness import commitment


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
    assert rec["commitment"] == g["commitment"] == commitment(rec["seed"], rec["salt"]) and rec["practice"] is False
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(app, ["verify", str(path)])
    assert r.exit_code == 0, r.output
    assert "fair: the seed matches the commitment" in r.output and "drawn by the server" in r.output
    # a record whose seed was changed after the fact does not verify
    path.write_text(json.dumps({**rec, "seed": rec["seed"] + 1}))
    r = CliRunner().invoke(app, ["verify", str(path)])
    assert r.exit_code == 2 and "do not match the commitment published when the game was created" in r.output


def test_a_chosen_seed_is_a_practice_game_marked_as_such(client, tmp_path):
    g = finished(client, seed=7)
    assert g["practice"] is True and client.get(f"/api/games/{g['id']}").json()["practice"] is True
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["practice"] is True and rec["seed"] == 7
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(app, ["verify", str(path)])
    assert r.exit_code == 0 and "a practice game" in r.output
    r = client.post("/api/games", json={"seats": ["human", "random"], "seed": 2**40})
    assert r.status_code == 400 and "field 'seed': Input should be less than 2147483648" in r.json()["message"]
