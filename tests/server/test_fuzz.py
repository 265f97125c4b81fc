"""Property-based fuzzing of the server (issue 11): schemathesis over the OpenAPI schema (no
input gives a 500 or a status, content type or body the schema does not list), hypothesis over WebSocket messages
(every one is answered, never with a silent close)."""

from __future__ import annotations

import json
import tempfile

import pytest
import schemathesis
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import content_type_conformance, response_schema_conformance, status_code_conformance

from volstead.server import create_app

APP = create_app(f"sqlite:///{tempfile.mkdtemp(prefix='volstead-fuzz-')}/fuzz.db")
schema = schemathesis.openapi.from_asgi("/openapi.json", APP)


# What each answer is checked against: no 500, a status the route's `responses` list (issue 35),
# a content type and a body its schema allows (an error is the ErrorBody model).
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
def test_no_request_gives_a_server_error_or_an_answer_the_schema_does_not_list(case):
    response = case.call()
    case.validate_response(response, checks=CHECKS)
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


@pytest.fixture(scope="module")
def app_client():
    """One running app for every example (its start replays every game stored so far: started an
    example, it took most of the test's time); each example opens a game and a WebSocket of its own."""
    with TestClient(APP) as client:
        yield client


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(messages, min_size=1, max_size=5))
def test_every_websocket_message_is_answered(app_client, texts):
    g = app_client.post("/api/games", json={"seats": ["human", "human"], "seed": 1}).json()
    with app_client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
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
