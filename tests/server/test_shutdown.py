"""SIGTERM and SIGINT stop a server with bot games running within a few seconds, with nothing
lost and no flood of bot failures in its log (issue 11)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time

import httpx2
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_stops_a_server_with_bot_games_running(tmp_path, sig):
    port, db = free_port(), f"sqlite:///{tmp_path / 'v.db'}"
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "volstead.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            db,
            "--bot-delay",
            "0",
            "--think",
            "2",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                httpx2.get(base + "/api/info", timeout=1)
                break
            except httpx2.HTTPError:
                time.sleep(0.05)
        for seed in range(3):
            r = httpx2.post(
                base + "/api/games", json={"seats": ["ismcts:1500ms", "greedy", "random", "ismcts:800ms"], "seed": seed}
            )
            assert r.status_code == 201, r.text
        time.sleep(1.0)  # the bots are thinking
        before = {g["id"]: g["decisions"] for g in httpx2.get(base + "/api/games").json()}
        start = time.monotonic()
        proc.send_signal(sig)
        out, _ = proc.communicate(timeout=15)
        assert time.monotonic() - start < 8
        assert out.count("failed") == 0, out[-2000:]
    finally:
        if proc.poll() is None:
            proc.kill()
    from volstead.server.store import Store

    stored = {g.id: len(g.decisions) for g in Store(db).load_all()}
    assert all(stored[gid] >= n for gid, n in before.items())  # nothing a client saw is lost
