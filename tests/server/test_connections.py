"""Connections within limits: caps per game and per client (spectators included), a game that
takes no spectators, and one encoding of the state per distinct view per broadcast."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect


def refused(client, url):
    """The error message and the close (code, reason) a refused WebSocket gets."""
    with client.websocket_connect(url) as ws:
        error = ws.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    return error, closed.value.code, closed.value.reason


def test_websockets_are_capped_per_game_and_per_client(make_client):
    client = make_client(conns_per_game=3, conns_per_client=5)
    g1 = client.post("/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
    g2 = client.post("/api/games", json={"seats": ["human", "human"], "seed": 2}).json()
    t1 = g1["seats"][0]["token"]
    with (
        client.websocket_connect(f"/ws/games/{g1['id']}?token={t1}") as a,
        client.websocket_connect(f"/ws/games/{g1['id']}") as b,
        client.websocket_connect(f"/ws/games/{g1['id']}") as c,
    ):
        for ws in (a, b, c):
            assert ws.receive_json()["type"] == "state"
        # the game's fourth, a seat's as well as a spectator's
        for url in (f"/ws/games/{g1['id']}", f"/ws/games/{g1['id']}?token={t1}"):
            error, code, reason = refused(client, url)
            assert error["error"] == "TooManyConnections" and code == 4429
            assert reason == error["message"] == "this game has 3 connections already: try again later"
        with (
            client.websocket_connect(f"/ws/games/{g2['id']}") as d,
            client.websocket_connect(f"/ws/games/{g2['id']}") as e,
        ):
            assert d.receive_json()["type"] == e.receive_json()["type"] == "state"
            error, code, reason = refused(client, f"/ws/games/{g2['id']}")  # the client's sixth
            assert code == 4429 and reason == "you have 5 connections to this server open already: close some first"
    # every socket closed: each counts no more
    assert client.app.state.hub.client_conns == {}
    with client.websocket_connect(f"/ws/games/{g1['id']}") as ws:
        assert ws.receive_json()["type"] == "state"


def test_a_game_created_without_spectators_takes_none_even_after_a_restart(make_client, db_url):
    client = make_client()
    g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 1, "spectators": False}).json()
    assert g["spectator_url"] is None
    gid, token = g["id"], g["seats"][0]["token"]
    for c in (client, make_client(db_url)):  # the second: the server started again on the same database
        assert c.get(f"/api/games/{gid}").json()["spectators"] is False
        r = c.get(f"/api/games/{gid}/state")
        assert r.status_code == 403 and "takes no spectators" in r.json()["message"]
        error, code, reason = refused(c, f"/ws/games/{gid}")
        assert error["error"] == "NoSpectators" and code == 4403 and "takes no spectators" in reason
        assert c.get(f"/api/games/{gid}/state", params={"token": token}).json()["you"] == 0  # seats play on
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert ws.receive_json()["you"] == 0
    other = client.post("/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
    assert other["spectator_url"] == f"/game/{other['id']}"
    assert client.get(f"/api/games/{other['id']}/state").json()["you"] is None
    r = client.post("/api/games", json={"seats": ["human", "human"], "spectators": "no"})
    assert r.status_code == 400 and "spectators" in r.json()["message"]


def test_a_broadcast_builds_and_encodes_each_distinct_view_once(client, monkeypatch):
    """Six spectators and two connections of seat 0: one state built for the spectators, one for
    seat 0, the same text sent to each of their connections."""
    from volstead.server import live as live_module

    g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 4}).json()
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    built: list[int | None] = []
    payload = live_module.LiveGame.payload

    def counted(self, seat, table=False, log_tail=live_module.LOG_TAIL):
        built.append(seat)
        return payload(self, seat, table, log_tail)

    urls = [f"/ws/games/{gid}"] * 6 + [f"/ws/games/{gid}?token={t0}"] * 2
    with contextlib_stack(client, urls) as sockets:
        for ws in sockets:
            ws.receive_json()
        monkeypatch.setattr(live_module.LiveGame, "payload", counted)
        encoded: list[str] = []
        to_text = live_module.to_text
        monkeypatch.setattr(live_module, "to_text", lambda m: encoded.append(m["type"]) or to_text(m))
        s = client.get(f"/api/games/{gid}/state", params={"token": t1}).json()
        built.clear()
        d = s["decision"] if s["decision"] and "options" in s["decision"] else None
        tok = t1
        if d is None:
            s, tok = client.get(f"/api/games/{gid}/state", params={"token": t0}).json(), t0
            d = s["decision"]
        assert (
            client.post(
                f"/api/games/{gid}/decide", json={"token": tok, "option": d["options"][0]["id"], "decision": d["number"]}
            ).status_code
            == 200
        )
        # the REST decide's own answer is one more state, of the seat that decided
        assert built.count(None) == 1 and built.count(0) == (2 if tok == t0 else 1) and len(built) == 3
        assert encoded == ["state", "state"]  # one encoding for the six spectators, one for seat 0's two
        texts = [ws.receive_text() for ws in sockets]
        assert len(set(texts[:6])) == 1 and len(set(texts[6:])) == 1 and texts[0] != texts[6]


def contextlib_stack(client, urls):
    import contextlib

    @contextlib.contextmanager
    def opened():
        with contextlib.ExitStack() as stack:
            yield [stack.enter_context(client.websocket_connect(u)) for u in urls]

    return opened()
