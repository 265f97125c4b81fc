"""The workbench's experiments (issue 38; server/workbench/runs.py, routes/experiments.py): a real
tiny experiment with random bots from the API to the comparison, followed over the WebSocket;
cancel; resume after a restart; each client's share of the queue (429) and the queue's fairness
across clients; and every bad request a short 4xx that queues nothing."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest
from starlette.websockets import WebSocketDisconnect

from volstead.build_info import compiled_in_use
from volstead.server.store import Store
from volstead.server.workbench.experiments import Experiments
from volstead.server.workbench.runs import RunLimits, WorkbenchRuns

GAME = "prohibition"
RANDOM2 = {"bots": ["random", "random"], "seats": 2}


def wait_for(what, timeout=120.0, step=0.1):
    """`what()` once it is true (the test fails after `timeout` seconds)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        got = what()
        if got:
            return got
        time.sleep(step)
    pytest.fail(f"still not true after {timeout} s: {what}")


def cheap_padlock(client) -> str:
    body = client.get(f"/api/workbench/{GAME}/sets/base").json()
    feds = next(f for f in body["files"] if f["file"] == "feds.toml")["data"]
    feds["feds"][1]["levels"][0]["bribe"] = 5
    made = client.post(f"/api/workbench/{GAME}/variants", json={"name": "Cheap padlock", "files": {"feds.toml": feds}})
    assert made.status_code == 201, made.text
    return made.json()["id"]


def start(client, variant, games, **more):
    r = client.post(
        "/api/workbench/experiments", json={"game": GAME, "base": "base", "variant": variant, "games": games, **RANDOM2, **more}
    )
    assert r.status_code == 201, r.text
    return r.json()


def status(client, eid):
    return client.get(f"/api/workbench/experiments/{eid}").json()


def group_gone(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return True
    return False


def results(folder: Path, run: str) -> list[int]:
    return [json.loads(line)["index"] for line in (folder / run / "results.jsonl").read_text().splitlines()]


def test_a_tiny_experiment_runs_to_its_comparison_followed_over_the_websocket(make_client):
    client = make_client(workbench_limits=RunLimits(workers=1))
    vid = cheap_padlock(client)
    made = start(client, vid, 3, seed=7)
    assert (made["status"], made["done"], made["total"], made["position"]) == ("queued", 0, 6, 1)
    assert made["labels"] == {"a": "built-in set", "b": "Cheap padlock"} and made["variant_id"] == vid
    assert made["config"] == {"bots": ["random", "random"], "bots2": None, "seats": 2, "games": 3, "seed": 7}
    messages = []
    with client.websocket_connect(f"/ws/workbench/experiments/{made['id']}") as ws:
        while not messages or messages[-1]["type"] != "done":
            messages.append(ws.receive_json())
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()  # closed after "done"
    progress = [m for m in messages if m["type"] == "progress"]
    assert progress and all(m["status"] in ("queued", "running") and m["total"] == 6 for m in progress)
    assert [m["done"] for m in progress] == sorted(m["done"] for m in progress)
    done = messages[-1]
    assert (done["status"], done["done"], done["message"]) == ("done", 6, "")
    comparison = done["comparison"]
    assert comparison["games"] == {"a": 3, "b": 3} and comparison["labels"] == {"a": "built-in set", "b": "Cheap padlock"}
    assert comparison["seats"] == ["random", "random"] and comparison["fragile"] == [] and comparison["seats2"] is None
    got = status(client, made["id"])
    assert got["comparison"] == comparison and got["report_url"] == f"/api/workbench/experiments/{made['id']}/report.md"
    assert (got["status"], got["done"], got["eta_s"], got["position"]) == ("done", 6, None, None)
    report = client.get(got["report_url"])
    assert report.status_code == 200 and report.headers["content-type"].startswith("text/markdown")
    assert report.text.startswith("# Card-set comparison: built-in set → Cheap padlock\n")
    assert [x["id"] for x in client.get(f"/api/workbench/experiments?game={GAME}").json()] == [made["id"]]
    assert client.get("/api/workbench/experiments?game=scarface1920").json() == []
    # the two runs: the same seeds, one game a line each
    folder = Path(client.app.state.workbench_runs.experiments.get(made["id"]).folder)
    assert results(folder, "base") == results(folder, "b") == [0, 1, 2]
    assert json.loads((folder / "b" / "sim.json").read_text())["options"]["cards"] == str(folder / "sets" / "b")


def test_a_second_strength_plays_the_games_again_and_counts_in_the_total(make_client):
    client = make_client(workbench_limits=RunLimits(workers=1))
    made = start(client, cheap_padlock(client), 2, bots2=["greedy", "random"])
    assert made["total"] == 8
    done = wait_for(lambda: (x := status(client, made["id"]))["status"] == "done" and x)
    assert done["done"] == 8 and done["comparison"]["seats2"] == ["greedy", "random"]


def test_a_running_experiment_is_cancelled_its_processes_stopped_and_its_folder_removed(make_client):
    client = make_client(workbench_limits=RunLimits(workers=2))
    made = start(client, cheap_padlock(client), 5000)
    runs = client.app.state.workbench_runs
    wait_for(lambda: status(client, made["id"])["done"] > 0)
    run = runs.running[made["id"]]
    folder = Path(run.experiment.folder)
    cancelled = client.post(f"/api/workbench/experiments/{made['id']}/cancel")
    assert cancelled.status_code == 200 and cancelled.json()["status"] == "cancelled"
    wait_for(lambda: made["id"] not in runs.running)
    assert run.proc.returncode is not None and not folder.exists()
    wait_for(lambda: group_gone(run.proc.pid), timeout=10)  # its workers too
    again = client.post(f"/api/workbench/experiments/{made['id']}/cancel")
    assert again.status_code == 409 and again.json()["message"] == "the experiment has already ended (cancelled)"
    assert client.get(f"/api/workbench/experiments/{made['id']}/report.md").status_code == 409


# Games a set for the restart test: enough that the server stops in the middle of the run. The
# compiled build plays ~500 random two-seat games a second, so 300 (plenty interpreted) could end
# between two looks at its progress (every POLL_S) and the test never saw it half done.
RESTART_GAMES = 3000 if compiled_in_use() else 300


def test_an_experiment_resumes_after_a_restart_without_playing_a_game_twice(make_client, db_url):
    games, total = RESTART_GAMES, 2 * RESTART_GAMES
    first = make_client(db_url, workbench_limits=RunLimits(workers=1))
    made = start(first, cheap_padlock(first), games)
    wait_for(lambda: 0 < status(first, made["id"])["done"] < games)
    first.__exit__(None, None, None)  # the server stops: its experiment stays "running" in the database
    store = Store(db_url)
    try:
        stopped = Experiments(store).get(made["id"])
    finally:
        store.close()
    assert stopped.status == "running" and 0 < stopped.done_games < total
    second = make_client(db_url, workbench_limits=RunLimits(workers=1))
    resumed = status(second, made["id"])
    assert resumed["status"] in ("queued", "running") and resumed["message"] == "resumed after the server restarted"
    assert resumed["done"] > 0
    done = wait_for(lambda: (x := status(second, made["id"]))["status"] == "done" and x)
    assert done["done"] == total
    folder = Path(second.app.state.workbench_runs.experiments.get(made["id"]).folder)
    assert results(folder, "base") == results(folder, "b") == list(range(games))
    assert "resuming:" in (folder / "log.txt").read_text()


def test_a_client_has_one_running_and_two_waiting_then_429(make_client):
    client = make_client(workbench_limits=RunLimits(running=0))  # nothing starts: the queue stays as asked
    vid = cheap_padlock(client)
    made = [start(client, vid, 10, seed=s) for s in range(3)]
    assert [m["position"] for m in made] == [1, 2, 3]
    r = client.post("/api/workbench/experiments", json={"game": GAME, "variant": vid, "games": 10, **RANDOM2})
    assert r.status_code == 429
    assert r.json()["message"] == (
        "you have 3 experiments queued or running, the most one client may (1 running and 2 waiting): "
        "wait for one to end or cancel one"
    )
    assert len(client.get("/api/workbench/experiments").json()) == 3
    # a cancelled one frees its place
    assert client.post(f"/api/workbench/experiments/{made[0]['id']}/cancel").json()["status"] == "cancelled"
    assert [status(client, m["id"])["position"] for m in made[1:]] == [1, 2]
    assert start(client, vid, 10)["position"] == 3


FAKE_SIM = """
import json, pathlib, sys, time
args = sys.argv[3:]  # after "-m volstead.cli": sim GAME --seats ... as runs.py gives them
out = pathlib.Path(args[args.index("--out") + 1])
games = int(args[args.index("--games") + 1])
at = args.index("--compare")
time.sleep(0.3)
for s in args[at + 1 : at + 3]:
    run = out / pathlib.Path(s).name
    run.mkdir(parents=True, exist_ok=True)
    (run / "results.jsonl").write_text("".join(json.dumps({"index": i}) + "\\n" for i in range(games)))
(out / "compare.json").write_text(json.dumps({"fake": True}))
(out / "compare.md").write_text("# fake\\n")
"""


@pytest.fixture
def fake_python(tmp_path) -> str:
    """An executable that runs FAKE_SIM instead of `python -m volstead.cli sim ...`: a queue's test
    needs no games played."""
    (tmp_path / "fake_sim.py").write_text(FAKE_SIM)
    exe = tmp_path / "fake-python"
    exe.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{tmp_path / "fake_sim.py"}" "$0" "$@"\n')
    exe.chmod(exe.stat().st_mode | stat.S_IXUSR)
    return str(exe)


def test_the_queue_is_fair_across_clients(db_url, tmp_path, fake_python):
    store = Store(db_url)
    runs = WorkbenchRuns(store, tmp_path / "wb", RunLimits(workers=1), python=fake_python)
    config = {"bots": ["random", "random"], "bots2": None, "seats": 2, "games": 3, "seed": 1}
    sets = (("base", None), ("v1", {"x.toml": "# a set\n"}))
    try:
        a1, a2 = (runs.submit("A", GAME, sets, ("x", "y"), config)["id"] for _ in range(2))
        b1 = runs.submit("B", GAME, sets, ("x", "y"), config)["id"]
        # before it starts: A's first, then B's (served longest ago: never), then A's second
        assert [runs.view(x)["position"] for x in (a1, b1, a2)] == [1, 2, 3]
        runs.start()
        wait_for(lambda: all(runs.view(x)["status"] == "done" for x in (a1, a2, b1)), timeout=60)
    finally:
        runs.close()
        store.close()
    started = {x: runs.experiments.get(x).started for x in (a1, a2, b1)}
    assert sorted(started, key=started.__getitem__) == [a1, b1, a2]
    assert runs.comparison(a1) == {"fake": True} and runs.report(a1) == "# fake\n"
    assert runs.view(a1)["done"] == 6


@pytest.mark.parametrize(
    ("change", "status", "message"),
    [
        ({"game": "chess"}, 404, "no game 'chess'"),
        ({"variant": "nope"}, 404, "no saved card set 'nope'"),
        ({"base": "VID"}, 400, "base and variant are the same set: compare two different sets"),
        ({"bots": ["random"]}, 400, "bots: one bot a seat (2 seats, 1 bots)"),
        ({"bots": ["random", "human"]}, 400, "bots[1]: unknown bot 'human'"),
        ({"bots": ["random", "ismcts:999999"]}, 422, "bots[1]: "),
        ({"bots2": ["random"]}, 400, "bots2: one bot a seat (2 seats, 1 bots)"),
        ({"bots": ["random"] * 5, "seats": 5}, 400, "seats: Prohibition takes 2–4 seats, not 5"),
        ({"games": 0}, 400, "field 'games': Input should be greater than or equal to 1"),
        ({"games": 5001}, 400, "field 'games': Input should be less than or equal to 5000"),
        ({"games": "many"}, 400, "field 'games': Input should be a valid integer"),
        ({"seed": -1}, 400, "field 'seed'"),
        ({"colour": "red"}, 400, "field 'colour': unknown field"),
    ],
)
def test_bad_experiments_are_refused_and_queue_nothing(make_client, change, status, message):
    client = make_client(workbench_limits=RunLimits(running=0))
    vid = cheap_padlock(client)
    body = {"game": GAME, "base": "base", "variant": vid, "games": 10, **RANDOM2, **change}
    body = {k: (vid if v == "VID" else v) for k, v in body.items()}
    r = client.post("/api/workbench/experiments", json=body)
    assert r.status_code == status, r.text
    assert r.json()["message"].startswith(message), r.json()
    assert client.get("/api/workbench/experiments").json() == []


def test_unknown_experiments_and_other_clients(make_client):
    from fastapi.testclient import TestClient

    client = make_client(workbench_limits=RunLimits(running=0))
    for path in ("/api/workbench/experiments/nope", "/api/workbench/experiments/nope/report.md"):
        r = client.get(path)
        assert (r.status_code, r.json()["message"]) == (404, "no experiment 'nope'")
    r = client.post("/api/workbench/experiments/nope/cancel")
    assert (r.status_code, r.json()["message"]) == (404, "no experiment 'nope'")
    with client.websocket_connect("/ws/workbench/experiments/nope") as ws:
        assert ws.receive_json() == {"type": "error", "error": "NotFound", "message": "no experiment 'nope'"}
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
    assert closed.value.code == 4404
    made = start(client, cheap_padlock(client), 10)
    other = TestClient(client.app, client=("10.0.0.9", 4000))  # another address: another client
    r = other.post(f"/api/workbench/experiments/{made['id']}/cancel")
    assert (r.status_code, r.json()["message"]) == (403, "only the client that started an experiment may cancel it")
    assert other.get("/api/workbench/experiments").json() == []  # a client lists its own
    assert other.get(f"/api/workbench/experiments/{made['id']}").json()["status"] == "queued"  # the id is its link
    r = client.get(f"/api/workbench/experiments/{made['id']}/report.md")
    assert (r.status_code, r.json()["message"]) == (409, "the experiment has no report: it is queued")


def test_an_experiment_is_a_niced_sim_compare_on_this_machine_or_a_ray_cluster(tmp_path, monkeypatch):
    """Issue 38 §2: the games go to worker processes on this machine, or to a Ray cluster when the
    server was started with one (`volstead serve --ray ADDRESS`)."""
    import shutil

    from volstead.server.workbench.runs import NICE, sim_command

    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/nice" if name == "nice" else None)
    config = {"bots": ["greedy", "random"], "bots2": ["random", "random"], "games": 50, "seed": 9}
    sets, labels = ("base", str(tmp_path / "v")), ("built-in", "Cheap padlock")
    local = sim_command("py", GAME, config, sets, labels, tmp_path / "out", RunLimits(workers=3))
    assert local == [
        *("/usr/bin/nice", "-n", str(NICE), "py", "-m", "volstead.cli", "sim", GAME, "--seats", "greedy,random"),
        *("--games", "50", "--seed", "9", "--workers", "3", "--out", str(tmp_path / "out")),
        *("--compare", "base", str(tmp_path / "v"), "--labels", "built-in", "Cheap padlock", "--no-report", "--no-records"),
        *("--seats2", "random,random"),
    ]
    on_ray = sim_command("py", GAME, config, sets, labels, tmp_path / "out", RunLimits(workers=3, ray_address="ray://head:10001"))
    assert on_ray == [*local, "--backend", "ray", "--address", "ray://head:10001"]
