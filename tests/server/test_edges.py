"""The server's edges, as strict as its middle (issue 35, items 4 and 5): game options of the wrong
JSON type, bodies that are not UTF-8, the seat-count message, `Allow` on a 405, the statuses the
OpenAPI schema lists, and the limits a real socket meets (serving.py, limits.py): an over-long URL
(414), a request head or body that never ends (408), a chunked body over the limit (413), a
WebSocket message over the limit (1009) and a WebSocket handshake the WebSocket protocol cannot
parse (400). Each answer comes with the usual error body, in well under the time it used to hang."""

from __future__ import annotations

import json
import sys

import httpx2
import pytest
from live_server import live_server, raw
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from volstead.games import game_names, get_game
from volstead.server.limits import MAX_BODY, MAX_MESSAGE, MAX_REQUEST_LINE


# ------------------------------------------------------------------ options, bodies, messages
def wrong_json_types(schema: dict) -> list[tuple[str, object]]:
    """(option, value) pairs of the wrong JSON type for each boolean, integer and list option."""
    cases = []
    for name, prop in schema.get("properties", {}).items():
        types = {prop.get("type")} | {alt.get("type") for alt in prop.get("anyOf", [])}
        if "boolean" in types:
            cases += [(name, "yes"), (name, "true"), (name, 1), (name, 0)]
        if "integer" in types:
            cases += [(name, "1"), (name, 1.0), (name, True)]
        if "array" in types:
            cases += [(name, "random")]
    return cases


@pytest.mark.parametrize("game", game_names())
def test_options_of_the_wrong_json_type_are_refused_naming_the_option(client, game):
    g = get_game(game)
    seats = ["human"] + ["random"] * (g.max_seats - 1)
    cases = wrong_json_types(g.options_schema())
    assert cases, "the game has options of these types"
    for name, value in cases:
        r = client.post("/api/games", json={"game": game, "seats": seats, "options": {name: value}})
        assert r.status_code == 400, (name, value, r.text)
        assert r.json()["message"].startswith(f"bad options: option {name!r}: "), r.text
    assert client.get("/api/games").json() == []  # nothing was created


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32", "latin-1"])
def test_a_body_that_is_not_utf8_is_refused_with_400_naming_the_problem(client, encoding):
    body = json.dumps({"seats": ["human", "random"], "options": {}, "game": "scarface1920é"}, ensure_ascii=False)
    r = client.post("/api/games", content=body.encode(encoding), headers={"content-type": "application/json"})
    assert r.status_code == 400
    assert r.json() == {
        "type": "error",
        "error": "HTTPError",
        "message": "the body is not UTF-8 text: a JSON body is UTF-8 (not UTF-16, not Latin-1)",
    }
    assert client.get("/api/games").json() == []
    r = client.post(
        "/api/games", content=json.dumps({"seats": ["human", "random"]}).encode(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 201  # the same body in UTF-8


def test_the_seat_count_message_counts_seats_in_the_plural(client):
    r = client.post("/api/games", json={"game": "mafia_chronicles", "seats": ["human"]})
    assert r.status_code == 400 and r.json()["message"] == "seats: The Mafia Chronicles takes 4 seats, not 1"
    r = client.post("/api/games", json={"game": "prohibition", "seats": ["human"] * 5})
    assert r.status_code == 400 and r.json()["message"] == "seats: Prohibition takes 2–4 seats, not 5"


@pytest.mark.parametrize(
    "method, path, allow",
    [
        ("DELETE", "/api/games", "GET, POST"),
        ("PUT", "/api/games", "GET, POST"),
        ("GET", "/api/games/abc/decide", "POST"),
        ("DELETE", "/api/games/abc", "GET"),
        ("POST", "/api/info", "GET"),
    ],
)
def test_a_405_names_every_method_the_path_takes_in_allow(client, method, path, allow):
    r = client.request(method, path)
    assert r.status_code == 405 and r.headers["allow"] == allow
    assert r.json() == {"type": "error", "error": "HTTPError", "message": "Method Not Allowed"}


def test_the_openapi_schema_lists_each_routes_statuses_with_the_error_model(client):
    paths = client.get("/openapi.json").json()["paths"]
    statuses = {(m.upper(), p): sorted(op["responses"]) for p, ops in paths.items() for m, op in ops.items()}
    assert statuses == {
        ("GET", "/api/info"): ["200"],
        ("GET", "/api/catalog/{game_name}"): ["200", "404"],
        ("GET", "/api/games"): ["200"],
        ("POST", "/api/games"): ["201", "400", "408", "413", "422"],
        ("GET", "/api/games/{game_id}"): ["200", "404"],
        ("GET", "/api/games/{game_id}/state"): ["200", "403", "404"],
        ("POST", "/api/games/{game_id}/decide"): ["200", "400", "403", "404", "408", "409", "413"],
        ("POST", "/api/games/{game_id}/undo"): ["200", "400", "403", "404", "408", "409", "413"],
        ("POST", "/api/games/{game_id}/chat"): ["200", "400", "403", "404", "408", "413", "429"],
        ("GET", "/api/games/{game_id}/record"): ["200", "404", "409"],
        ("GET", "/api/games/{game_id}/replay"): ["200", "400", "404", "409"],
        ("GET", "/api/workbench/games"): ["200"],
        ("GET", "/api/workbench/{game_name}/sets"): ["200", "404"],
        ("GET", "/api/workbench/{game_name}/sets/{set_id}"): ["200", "404"],
        ("POST", "/api/workbench/{game_name}/check"): ["200", "400", "404", "408", "413", "422"],
        ("POST", "/api/workbench/{game_name}/variants"): ["201", "400", "404", "408", "409", "413", "422"],
        ("PUT", "/api/workbench/variants/{variant_id}"): ["200", "400", "404", "408", "409", "413", "422"],
        ("DELETE", "/api/workbench/variants/{variant_id}"): ["204", "404"],
        ("GET", "/api/workbench/variants/{variant_id}/export"): ["200", "404"],
        ("POST", "/api/workbench/{game_name}/import"): ["201", "400", "404", "408", "409", "413", "422"],
        ("POST", "/api/workbench/experiments"): ["201", "400", "404", "408", "413", "422", "429"],
        ("GET", "/api/workbench/experiments"): ["200", "400"],
        ("GET", "/api/workbench/experiments/{experiment_id}"): ["200", "404"],
        ("POST", "/api/workbench/experiments/{experiment_id}/cancel"): ["200", "403", "404", "409"],
        ("GET", "/api/workbench/experiments/{experiment_id}/report.md"): ["200", "404", "409"],
    }
    error = paths["/api/games/{game_id}/decide"]["post"]["responses"]["409"]["content"]["application/json"]["schema"]
    assert error == {"$ref": "#/components/schemas/ErrorBody"}


def test_a_chunked_body_over_the_limit_is_refused_with_413(client):
    def chunks():
        for _ in range(MAX_BODY // 1024 + 1):
            yield b" " * 1024

    r = client.post("/api/games", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["message"] == f"the body is too large (at most {MAX_BODY} bytes)"
    r = client.post(
        "/api/games", content=iter([b'{"seats": ', b'["human", "random"]}']), headers={"content-type": "application/json"}
    )
    assert r.status_code == 201  # a chunked body within the limit is read as any other


def test_a_websocket_message_over_the_limit_closes_the_socket_with_1009_and_the_reason(client):
    from starlette.websockets import WebSocketDisconnect

    g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "chat", "text": "x" * MAX_MESSAGE}))
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert (closed.value.code, closed.value.reason) == (1009, f"message too big (at most {MAX_MESSAGE} bytes)")


# ------------------------------------------------------------------ on a real socket
def status_and_message(answer: bytes) -> tuple[int, str]:
    head, _, body = answer.partition(b"\r\n\r\n")
    assert b"connection: close" in head.lower(), head
    return int(head.split()[1]), json.loads(body)["message"]


HANDSHAKE = (
    "upgrade: websocket\r\nconnection: upgrade\r\nsec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server with short timeouts for the tests below (1 s for a head, 1 s for a body)."""
    with live_server(f"sqlite:///{tmp_path_factory.mktemp('edges') / 'v.db'}", header_timeout=1.0, body_timeout=1.0) as hp:
        yield hp


@pytest.mark.parametrize("kind", ["http", "websocket handshake", "unfinished"])
def test_an_over_long_url_is_answered_414_at_once(server, kind):
    url = b"/ws/games/abc?token=" if kind == "websocket handshake" else b"/api/games/abc/state?token="
    url += b"a" * (MAX_REQUEST_LINE + 200)
    request = b"GET " + url
    if kind != "unfinished":
        request += b" HTTP/1.1\r\nhost: x\r\n" + (HANDSHAKE.encode() if kind == "websocket handshake" else b"") + b"\r\n"
    answer, took = raw(*server, request)
    assert status_and_message(answer) == (414, f"the URL is too long (a request line of at most {MAX_REQUEST_LINE} bytes)")
    assert took < 0.9  # at once, not at a timeout


def test_a_url_within_the_limit_is_served(server):
    url = "/api/games/abc/state?token=" + "a" * (MAX_REQUEST_LINE - 100)
    r = httpx2.get(f"http://{server[0]}:{server[1]}{url}")
    assert r.status_code == 404  # routed as any other (no such game)


def test_an_unfinished_request_head_is_answered_408_within_the_header_timeout(server):
    answer, took = raw(*server, b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: appl")
    assert status_and_message(answer) == (408, "the request's head did not arrive within 1 seconds")
    assert 0.9 < took < 3


def test_a_kept_alive_connections_next_unfinished_head_is_answered_408_too(server):
    first = b"GET /api/games HTTP/1.1\r\nhost: x\r\n\r\n"
    answer, took = raw(*server, first, then=b"GET /api/ga", pause=1.5)  # after the keep-alive answer, a head begun
    ok, _, rest = answer.partition(b"\r\n\r\n[]")
    assert ok.startswith(b"HTTP/1.1 200 OK") and status_and_message(rest) == (
        408,
        "the request's head did not arrive within 1 seconds",
    )
    assert 2.4 < took < 4.5


def test_a_connection_that_sends_nothing_is_closed_within_the_header_timeout(server):
    answer, took = raw(*server, b"")
    assert answer == b"" and 0.9 < took < 3


def test_an_unfinished_body_is_answered_408_within_the_body_timeout(server):
    head = b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n"
    for framing, part in [
        (b"content-length: 100\r\n\r\n", b'{"seats"'),
        (b"transfer-encoding: chunked\r\n\r\n", b'8\r\n{"seats"\r\n'),
    ]:
        answer, took = raw(*server, head + framing + part)
        assert status_and_message(answer) == (408, "the body did not arrive within 1 seconds")
        assert 0.9 < took < 3


def test_a_chunked_body_over_the_limit_gets_413_not_a_reset(server):
    chunk = b" " * 4096
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(2_000)) + b"0\r\n\r\n"  # 8 MB
    head = b"POST /api/games HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
    answer, took = raw(*server, head + body)  # sent whole before the answer is read: no reset for what was not read
    assert status_and_message(answer) == (413, f"the body is too large (at most {MAX_BODY} bytes)")
    assert took < 3


def test_a_websocket_handshake_the_websocket_protocol_cannot_parse_is_answered_400(server):
    request = f"GET /ws/games/abc HTTP/1.1\r\nhost: x\r\nx-long: {'a' * 9_000}\r\n{HANDSHAKE}\r\n".encode()
    answer, took = raw(*server, request)
    status, message = status_and_message(answer)
    assert status == 400 and message.startswith("bad WebSocket handshake: ") and took < 0.9


@pytest.mark.parametrize("size", [MAX_MESSAGE + 1, 20_000_000])
def test_a_websocket_message_over_the_limit_is_closed_with_1009_and_a_reason(server, size):
    host, port = server
    g = httpx2.post(f"http://{host}:{port}/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
    with connect(f"ws://{host}:{port}/ws/games/{g['id']}?token={g['seats'][0]['token']}", max_size=None) as ws:
        assert json.loads(ws.recv())["type"] == "state"
        ws.send(json.dumps({"type": "ping"}))
        assert json.loads(ws.recv()) == {"type": "pong"}
        text = json.dumps({"type": "chat", "text": "x"})
        ws.send(text + " " * (size - len(text)))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv()
    rcvd = closed.value.rcvd
    assert rcvd is not None and rcvd.code == 1009  # a close frame, not a dropped connection (1006)
    assert rcvd.reason.endswith(f"exceeds limit of {MAX_MESSAGE} bytes")


@pytest.mark.skipif(sys.platform == "win32", reason="uvloop is not built for Windows (pyproject's marker)")
def test_the_server_runs_on_uvloop():
    """uvloop is a dependency and uvicorn's event loop (its tail latency at 2,000 tables was a third
    shorter than asyncio's: benchmarks/README.md, load_server.py --plain-asyncio pairs them)."""
    from volstead.server.serving import server_config

    loop = server_config(None, "127.0.0.1", 0).get_loop_factory()()
    try:
        assert type(loop).__module__.split(".")[0] == "uvloop"
    finally:
        loop.close()
