import os
import time

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient  # noqa: E402

from volstead.server import create_app  # noqa: E402


@pytest.fixture
def db_url(tmp_path):
    return f"sqlite:///{tmp_path / 'volstead.db'}"


@pytest.fixture
def make_client(db_url):
    clients = []

    def make(url=None, **kwargs):
        c = TestClient(create_app(url or db_url, **kwargs))
        c.__enter__()
        clients.append(c)
        return c

    yield make
    for c in clients:
        c.__exit__(None, None, None)


@pytest.fixture
def client(make_client):
    return make_client()


def wait_for(pred, timeout=20.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = pred()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out waiting")


def human_turn(client, game_id, token):
    """Wait until the seat of `token` has options to choose (or the game is over); its state."""
    def ready():
        s = client.get(f"/api/games/{game_id}/state", params={"token": token}).json()
        if s["view"]["over"] or (s["decision"] and "options" in s["decision"]) or (
                s["decision"] and s["meta"]["kinds"][s["decision"]["seat"]] == "human" and s["decision"]["seat"] != s["you"]):
            return s
        return None

    return wait_for(ready)


def postgres_url():
    return os.environ.get("DATABASE_URL")
