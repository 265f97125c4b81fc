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
        # forked bot workers know what a test registered (its bots, its games); the server's own
        # forkserver workers are tested in test_bot_pool.py
        kwargs.setdefault("bot_start", "fork")
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
