"""A server open to strangers (issue 11): bot budgets within the server's bounds, limits on
what a request or a message may carry, short errors that never echo large input, no 500s and
no silent socket closes."""

from __future__ import annotations

import json

import pytest
from server_helpers import human_turn, pick, run_async


@pytest.mark.parametrize(
    "spec, message",
    [
        ("ismcts:999999999999", "seat 1: bad budget '999999999999' for bot 'ismcts': iterations must be 1 to 20000"),
        ("ismcts:infms", "seat 1: bad budget 'infms' for bot 'ismcts'"),
        ("ismcts:nanms", "seat 1: bad budget 'nanms' for bot 'ismcts'"),
        ("ismcts:6000ms", "seat 1: bad budget '6000ms' for bot 'ismcts': milliseconds must be above 0 and at most 5000"),
        ("greedy:0", "seat 1: bad budget '0' for bot 'greedy': samples must be 1 to 8"),
        ("greedy:-3", "seat 1: bad budget '-3' for bot 'greedy': samples must be 1 to 8"),
    ],
)
def test_bot_budgets_outside_the_servers_bounds_are_refused_with_422(client, spec, message):
    r = client.post("/api/games", json={"seats": ["human", spec]})
    assert r.status_code == 422 and r.json()["message"].startswith(message)
    assert client.get("/api/games").json() == []


def test_a_search_never_thinks_past_the_servers_think_time(make_client):
    import time

    from volstead.bots import ask_bot, get_bot
    from volstead.games import get_game

    # A think time far below what the server's largest iteration budget takes (20,000 iterations:
    # ~0.4 s compiled on a quick host, several seconds interpreted), so that the cap, not the
    # budget, ends the search on any machine.
    client = make_client(think_s=0.05)
    bot = get_bot("ismcts:20000", 1, client.app.state.hub.limits)  # accepted: the iteration bound
    state = get_game("scarface1920").new_game(3, 4)
    start = time.perf_counter()
    ask_bot(bot, state)
    assert time.perf_counter() - start < 0.5 and bot.last_iterations < 20000


def test_bad_bodies_and_messages_get_short_errors_naming_the_problem(client):
    g = client.post("/api/games", json={"seats": ["human", "random"], "seed": 2}).json()
    gid, tok = g["id"], g["seats"][0]["token"]
    s = human_turn(client, gid, tok)
    cases = [
        ({"token": 5, **pick(s)}, "field 'token': Input should be a valid string, not 5"),
        ({"token": [tok], **pick(s)}, "field 'token': Input should be a valid string"),
        ({"token": tok, "option": "x" * 300, "decision": 0}, "field 'option': String should have at most 200"),
    ]
    for body, message in cases:
        r = client.post(f"/api/games/{gid}/decide", json=body)
        assert r.status_code == 400 and r.json()["message"].startswith(message), r.text
        assert len(r.text) < 400
    r = client.post(f"/api/games/{gid}/decide", json={"token": tok, "option": "x" * 1_000_000, "decision": 0})
    assert r.status_code == 413 and len(r.text) < 200
    r = client.post("/api/games", json={"game": [], "seats": ["human", "random"]})
    assert r.status_code == 400 and r.json()["message"].startswith("field 'game': Input should be a valid string")
    r = client.post(
        f"/api/games/{gid}/decide",
        json={"token": tok, "option": "no-such-option-" + "y" * 150, "decision": s["decision"]["number"]},
    )
    assert r.status_code == 409 and len(r.json()["message"]) < 400


def next_answer(ws) -> dict:
    """The next message that is not a state broadcast (the game's bots may be playing)."""
    while (m := ws.receive_json())["type"] in ("state", "thinking"):
        pass
    return m


def test_websocket_frames_that_are_not_json_text_get_an_error_and_the_socket_stays_open(client):
    g = client.post("/api/games", json={"seats": ["human", "random"], "seed": 2}).json()
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][0]['token']}") as ws:
        ws.receive_json()
        ws.send_bytes(b"\x00\x01binary")
        e = next_answer(ws)
        assert e["error"] == "MalformedMessage" and "text" in e["message"]
        ws.send_text("[" * 8_000 + "]" * 8_000)  # nested deep, within the message limit (a larger one: test_edges.py)
        e = next_answer(ws)
        assert e["error"] == "MalformedMessage" and len(e["message"]) < 300
        ws.send_text(json.dumps({"type": "decide", "option": "z" * 10_000, "decision": 0}))
        e = next_answer(ws)
        assert e["error"] == "MalformedMessage" and len(e["message"]) < 300
        ws.send_json({"type": "ping"})
        assert next_answer(ws)["type"] == "pong"  # still open


def test_a_request_body_over_the_limit_is_refused_before_it_is_read(client):
    r = client.post("/api/games", content=b"{" + b" " * 5_000_000 + b"}", headers={"content-type": "application/json"})
    assert r.status_code == 413 and "too large" in r.json()["message"]


def test_a_broadcast_carries_only_the_last_log_entries_a_new_connection_the_whole_tail(client):
    from volstead.server.live import LOG_TAIL, LOG_UPDATE

    g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 4}).json()
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    for _ in range(30):  # both seats play their first options for a while
        for tok in (t0, t1):
            s = client.get(f"/api/games/{g['id']}/state", params={"token": tok}).json()
            if s["decision"] and "options" in s["decision"]:
                client.post(f"/api/games/{g['id']}/decide", json={"token": tok, **pick(s)})
    with client.websocket_connect(f"/ws/games/{g['id']}?token={t0}") as ws:
        full = ws.receive_json()
        assert len(full["log"]) > LOG_UPDATE and len(full["log"]) <= LOG_TAIL
        ks = [e["k"] for e in full["log"]]
        assert ks == sorted(ks)
        states = {tok: client.get(f"/api/games/{g['id']}/state", params={"token": tok}).json() for tok in (t0, t1)}
        tok, s = next((t, x) for t, x in states.items() if x["decision"] and "options" in x["decision"])
        assert client.post(f"/api/games/{g['id']}/decide", json={"token": tok, **pick(s)}).status_code == 200
        update = ws.receive_json()
        assert update["type"] == "state" and 0 < len(update["log"]) <= LOG_UPDATE
        assert update["log"][-1]["k"] > ks[-1]


def test_one_games_bots_cannot_hold_every_bot_worker_and_a_queued_bot_thinks_its_full_time(
    make_client, monkeypatch, prize_bids, tmp_path
):
    """Two bot workers, so a game may hold one (BotPool.per_table): Prize Bids' three bots bid at
    once and take turns on it, while a Scarface bot game keeps the other; no bot runs out of time,
    though each waits for a worker longer than the think time. The bots note when they think in a
    file (they run in worker processes)."""
    import time

    import volstead.bots as bots

    notes = tmp_path / "thinking.txt"

    class SlowBot:
        instant = False

        def __init__(self, seed=None):
            self.game = str(seed).split("/")[0]  # the hub seeds a bot "{game seed}/{seat}/{kind}/{number}"

        def choose(self, view, decision, sampler=None):
            start = time.monotonic()
            time.sleep(0.12)
            with notes.open("a") as f:
                f.write(f"{self.game} {start} {time.monotonic()}\n")
            return 0

    monkeypatch.setitem(bots._BOTS, "slow", SlowBot)
    client = make_client(think_s=0.3, bot_workers=2, cheap_workers=0)
    bids = client.post("/api/games", json={"game": "prize_bids", "seats": ["slow"] * 3, "seed": 101}).json()
    scarface = client.post("/api/games", json={"seats": ["slow", "slow"], "seed": 202}).json()
    time.sleep(2.5)
    hub = client.app.state.hub
    for g in (bids, scarface):
        live = hub.games[g["id"]]
        assert live.state.decisions_made >= 6
        assert not [e for e in live.log if "ran out of thinking time" in e.get("note", "")]
    spans: dict[str, list[tuple[float, float]]] = {}
    for line in notes.read_text().splitlines():
        game, start, end = line.split()
        spans.setdefault(game, []).append((float(start), float(end)))
    for game in ("101", "202"):  # a game's bots never thought at once: Prize Bids' three bidders took turns
        ordered = sorted(spans[game])
        assert len(ordered) >= 3
        assert all(a[1] <= b[0] for a, b in zip(ordered, ordered[1:]))


def test_with_instant_bots_a_person_gets_one_state_per_decision_and_it_is_their_turn_again(client):
    """Random bots move in the same save and broadcast as the decision that made them pending
    (LiveGame.play_instant_bots): each decide is answered by exactly one state, already back at the
    person's turn — never a state in which a bot is still to move, never a 'thinking' message."""
    g = client.post("/api/games", json={"seats": ["random", "human", "random", "random"], "seed": 17}).json()
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['seats'][1]['token']}") as ws:
        state = ws.receive_json()
        for _ in range(25):
            assert state["type"] == "state"
            if state["view"]["over"]:
                break
            assert state["pending"] == [1] and state["decision"]["seat"] == 1 and state["decision"]["options"]
            ws.send_json(
                {"type": "decide", "option": state["decision"]["options"][-1]["id"], "decision": state["decision"]["number"]}
            )
            state = ws.receive_json()
        ws.send_json({"type": "ping"})
        assert ws.receive_json()["type"] == "pong"  # nothing else was sent in between


@pytest.mark.parametrize(
    "seed, message",
    [
        (2**31, "field 'seed': Input should be less than 2147483648, not 2147483648"),
        (2**63, "field 'seed': Input should be less than 2147483648, not 9223372036854775808"),
        (-1, "field 'seed': Input should be greater than or equal to 0, not -1"),
    ],
)
def test_a_seed_outside_the_stored_range_is_refused_and_nothing_is_created(client, seed, message):
    r = client.post("/api/games", json={"seats": ["human", "random"], "seed": seed})
    assert r.status_code == 400 and r.json()["message"] == message
    assert client.get("/api/games").json() == []


def test_a_client_gone_during_a_broadcast_is_dropped_quietly_and_the_others_are_served(client, caplog):
    """A socket that fails to send is an ordinary disconnect: detached, nothing logged as an
    error, the other connections still get the state."""

    hub = client.app.state.hub
    g = client.post("/api/games", json={"seats": ["human", "human"], "seed": 4}).json()
    live = hub.games[g["id"]]

    class Gone:
        async def send_text(self, text):
            raise RuntimeError('Cannot call "send" once a close message has been sent.')

    class Listening:
        def __init__(self):
            self.got = []

        async def send_text(self, text):
            self.got.append(json.loads(text))

    listening = Listening()
    gone = live.attach(Gone(), 0, False)
    live.attach(listening, 1, False)
    with caplog.at_level("WARNING", logger="volstead"):
        run_async(live.broadcast())
    assert gone not in live.conns and len(live.conns) == 1
    assert [m["type"] for m in listening.got] == ["state"] and listening.got[0]["you"] == 1
    assert not caplog.records
