"""Property-based fuzzing of the server (issue 11): schemathesis over the OpenAPI schema (no
input gives a 500 or an answer the schema does not allow), hypothesis over WebSocket messages
(every one is answered, never with a silent close)."""

from __future__ import annotations

import json
import tempfile

import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from volstead.server import create_app

APP = create_app(f"sqlite:///{tempfile.mkdtemp(prefix='volstead-fuzz-')}/fuzz.db")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gives_a_server_error(case):
    response = case.call()
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        body = response.json()
        assert body["type"] == "error" and len(body["message"]) <= 300


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.one_of(
    st.text(max_size=200),
    json_values.map(json.dumps),
    st.fixed_dictionaries(
        {"type": st.sampled_from(["decide", "ping", "refresh", "x"])}, optional={"option": json_values, "decision": json_values}
    ).map(json.dumps),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(messages, min_size=1, max_size=5))
def test_every_websocket_message_is_answered(texts):
    with TestClient(APP) as client:
        g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
        with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
            first = ws.receive_json()
            for text in texts:
                ws.send_text(text)
                answer = ws.receive_json()
                assert answer["type"] in ("state", "error", "pong")
                if answer["type"] == "error":
                    assert len(answer["message"]) <= 300
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["type"] == "pong"
            assert first["type"] == "state"
