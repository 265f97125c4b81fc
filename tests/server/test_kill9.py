"""`kill -9` during play (issue 11): no decision any client saw is lost, and the games resume
with their bots when the server starts again."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(db: str, port: int) -> subprocess.Popen:
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
            "0.01",
            "--think",
            "1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    for _ in range(300):
        try:
            httpx2.get(f"http://127.0.0.1:{port}/api/info", timeout=1)
            return proc
        except httpx2.HTTPError:
            time.sleep(0.05)
    proc.kill()
    raise AssertionError("the server did not start")


def test_kill_9_loses_no_decision_a_client_saw_and_bots_go_on(tmp_path):
    db, port = f"sqlite:///{tmp_path / 'v.db'}", free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start(db, port)
    seen: dict[str, int] = {}
    try:
        games = [
            httpx2.post(base + "/api/games", json={"seats": ["human", "random", "random", "random"]}).json() for _ in range(3)
        ]
        deadline = time.monotonic() + 3
        while time.monotonic() < deadline:  # people answer as fast as they can while the bots play
            for g in games:
                s = httpx2.get(f"{base}/api/games/{g['id']}/state", params={"token": g["seats"][0]["token"]}).json()
                seen[g["id"]] = max(seen.get(g["id"], 0), s["meta"]["decisions"])
                d = s["decision"]
                if d and d.get("options") and not s["view"]["over"]:
                    r = httpx2.post(
                        f"{base}/api/games/{g['id']}/decide",
                        json={"token": g["seats"][0]["token"], "option": d["options"][0]["id"], "decision": d["number"]},
                    )
                    if r.status_code == 200:
                        seen[g["id"]] = max(seen[g["id"]], r.json()["meta"]["decisions"])
    finally:
        proc.kill()  # SIGKILL: no shutdown at all
        proc.wait(10)
    proc = start(db, port)
    try:
        for g in games:
            after = httpx2.get(f"{base}/api/games/{g['id']}").json()["decisions"]
            assert after >= seen[g["id"]] > 0
        # the bots carry on: each game moves again (to the person's next decision, or further)
        for g in games:
            tok = g["seats"][0]["token"]
            end = time.monotonic() + 20
            while time.monotonic() < end:
                s = httpx2.get(f"{base}/api/games/{g['id']}/state", params={"token": tok}).json()
                if s["view"]["over"] or (s["decision"] and s["decision"].get("options")):
                    break
                time.sleep(0.05)
            else:
                raise AssertionError("the game did not resume")
            if not s["view"]["over"]:
                before = s["meta"]["decisions"]
                r = httpx2.post(
                    f"{base}/api/games/{g['id']}/decide",
                    json={"token": tok, "option": s["decision"]["options"][0]["id"], "decision": s["decision"]["number"]},
                )
                assert r.status_code == 200 and r.json()["meta"]["decisions"] > before
    finally:
        proc.kill()
        proc.wait(10)
