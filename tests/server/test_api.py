"""The lobby API, live play over WebSockets, errors, bots, persistence and replays."""

from __future__ import annotations

import time
from collections import Counter

import pytest
from server_helpers import human_turn, pick, wait_for

from volstead.games.scarface1920.words import HIDDEN

FOUR = ["human", "random", "random", "random"]


def create(client, seats=FOUR, seed=7, **extra):
    r = client.post("/api/games", json={"game": "scarface1920", "seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def test_info_and_catalog(client):
    info = client.get("/api/info").json()
    assert "scarface1920" in [g["name"] for g in info["games"]] and "random" in info["bots"]
    assert info["default_game"] == "scarface1920"
    assert {"spec", "label"} <= set(info["strengths"][0])
    cat = client.get("/api/catalog/scarface1920").json()
    assert len(cat["districts"]) == 7 and cat["districts"][0]["name"] == "Far North Side"
    assert cat["cards"]["moonshiner"]["name"] == "Moonshiner"
    assert len(cat["enforcer_cards"]) == 36 and len(cat["enforcer_cards"]["a01"]["actions"]) == 4  # solo: his cards
    assert client.get("/api/catalog/chess").status_code == 404


def test_each_game_has_its_lobby_tile_and_the_picture_is_served(client):
    """Issue 36 §5: each game's tile (describe(): blurb, play_time, table_picture); the picture is a
    WebP in the game's web/ folder, small (80 KB at most), served where describe() says."""
    info = client.get("/api/info").json()
    for g in info["games"]:
        assert g["blurb"] and g["play_time"].endswith(" min"), g["name"]
        assert g["table_picture"] == f"/games/{g['name']}/web/table.webp"
        r = client.get(g["table_picture"])
        assert r.status_code == 200 and r.content[:4] == b"RIFF" and r.content[8:12] == b"WEBP", g["name"]
        assert len(r.content) <= 80 * 1024, (g["name"], len(r.content))


def test_create_lists_and_links(client):
    g = create(client)
    assert [s["kind"] for s in g["seats"]] == FOUR
    assert "token" in g["seats"][0] and "token" not in g["seats"][1]
    assert g["seats"][0]["url"] == f"/game/{g['id']}?token={g['seats'][0]['token']}"
    games = client.get("/api/games").json()
    assert [x["id"] for x in games] == [g["id"]]
    assert games[0]["status"] == "playing" and "token" not in str(games[0])
    assert client.get(f"/api/games/{g['id']}").json()["kinds"] == FOUR
    assert client.get("/api/games/nope").status_code == 404
    for page in ("/", f"/game/{g['id']}", f"/replay/{g['id']}"):
        r = client.get(page)
        assert r.status_code == 200 and "<html" in r.text.lower()


@pytest.mark.parametrize(
    "body, message",
    [
        ({"game": "chess", "seats": ["human", "random"]}, "unknown game 'chess'"),
        ({"seats": ["human", "genius"]}, "seat 1 is 'genius', which is not a player kind"),
        ({"seats": ["human"]}, "takes 2–4 seats, not 1"),
        ({"seats": "human,random"}, "field 'seats': Input should be a valid list, not 'human,random'"),
        (
            {"seats": ["human", "random"], "options": {"variant": "nope"}},
            "bad options: option 'variant': Input should be 'published' or 'rulebook-wip', not 'nope'",
        ),
        ({"seats": ["human", "random"], "options": {"colour": 1}}, "bad options: option 'colour': unknown option"),
        ({"seats": ["human", "random"], "options": {"cards": "/etc"}}, "option 'cards' cannot be set from the lobby"),
        ({"seats": ["human", "random"], "seed": -1}, "field 'seed': Input should be greater than or equal to 0, not -1"),
    ],
)
def test_create_rejects_bad_requests(client, body, message):
    r = client.post("/api/games", json=body)
    assert r.status_code == 400
    assert message in r.json()["message"]


def test_create_rejects_non_json(client):
    r = client.post("/api/games", content=b"{oops", headers={"content-type": "application/json"})
    assert r.status_code == 400 and "JSON object" in r.json()["message"]
    assert client.post("/api/games", json=[1]).status_code == 400


def test_bots_play_until_the_human_and_views_are_private(client):
    g = create(client)
    tok = g["seats"][0]["token"]
    s = human_turn(client, g["id"], tok)
    assert s["you"] == 0 and s["decision"]["seat"] == 0 and s["decision"]["options"]
    me, rivals = s["view"]["players"][0], s["view"]["players"][1:]
    assert me["money"] is not None and me["hand"] is not None
    assert all(p["money"] is None and p["hand"] is None for p in rivals)
    # spectators: the public view, no options
    pub = client.get(f"/api/games/{g['id']}/state").json()
    assert pub["you"] is None and "options" not in pub["decision"] and "prompt" not in pub["decision"]
    assert all(p["money"] is None and p["hand"] is None for p in pub["view"]["players"])
    assert client.get(f"/api/games/{g['id']}/state", params={"token": "forged"}).status_code == 403


def test_websocket_play_and_errors_change_nothing(client):
    g = create(client, seats=["human", "human", "random"])
    t0, t1 = g["seats"][0]["token"], g["seats"][1]["token"]
    gid = g["id"]
    for _ in range(5):  # setup goes right to left: seat 1 sets up before seat 0
        s1 = human_turn(client, gid, t1)
        if s1["decision"]["seat"] != 1:
            break
        client.post(f"/api/games/{gid}/decide", json={"token": t1, **pick(s1, 0)})
    assert human_turn(client, gid, t0)["decision"]["seat"] == 0
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/games/{gid}?token={t1}") as ws1,
        client.websocket_connect(f"/ws/games/{gid}") as spec,
    ):
        s0, s1, sp = ws0.receive_json(), ws1.receive_json(), spec.receive_json()
        assert s0["decision"]["seat"] == 0 and s0["decision"]["options"]
        assert "options" not in s1["decision"] and "options" not in sp["decision"]
        n = s0["meta"]["decisions"]
        errors = []
        num = s0["decision"]["number"]
        for ws, msg in [
            (ws0, {"type": "decide", "option": "no-such-option", "decision": num}),
            (ws1, {"type": "decide", **pick(s0, 0)}),
            (spec, {"type": "decide", **pick(s0, 0)}),
            (ws0, {"type": "decide", "option": 3, "decision": num}),
            (ws0, {"type": "dance"}),
        ]:
            ws.send_json(msg)
            errors.append(ws.receive_json())
        ws0.send_text("{not json")
        errors.append(ws0.receive_json())
        assert [e["type"] for e in errors] == ["error"] * 6
        assert [e["error"] for e in errors] == [
            "IllegalOptionError",
            "WrongSeatError",
            "NoSeat",
            "MalformedMessage",
            "MalformedMessage",
            "MalformedMessage",
        ]
        assert "is not legal now" in errors[0]["message"] and "seat 1 cannot decide now" in errors[1]["message"]
        assert client.get(f"/api/games/{gid}").json()["decisions"] == n
        # a legal option: every connection gets its own state, nobody else's options
        ws0.send_json({"type": "decide", **pick(s0, 0)})
        a, b, c = ws0.receive_json(), ws1.receive_json(), spec.receive_json()
        assert a["meta"]["decisions"] == b["meta"]["decisions"] == c["meta"]["decisions"] == n + 1
        assert a["view"]["players"][1]["money"] is None and b["view"]["players"][0]["money"] is None
        assert b["view"]["players"][1]["money"] is not None
        assert a["log"][-1]["mine"] and a["log"][-1]["seat"] == 0
        ws0.send_json({"type": "ping"})
        assert ws0.receive_json()["type"] == "pong"


def test_websocket_bad_token_and_unknown_game(client):
    g = create(client)
    with client.websocket_connect(f"/ws/games/{g['id']}?token=forged") as ws:
        e = ws.receive_json()
        assert e["error"] == "BadToken" and "not valid" in e["message"]
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["error"] == "NotFound"


def test_rest_decide(client):
    g = create(client, seats=["human", "random"])
    tok, gid = g["seats"][0]["token"], g["id"]
    s = human_turn(client, gid, tok)
    r = client.post(f"/api/games/{gid}/decide", json={"token": tok, "option": "bogus", "decision": s["decision"]["number"]})
    assert r.status_code == 409 and r.json()["error"] == "IllegalOptionError"
    assert client.post(f"/api/games/{gid}/decide", json={"option": "x", "decision": 0}).status_code == 403
    r = client.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s, 0)})
    assert r.status_code == 200 and r.json()["meta"]["decisions"] == s["meta"]["decisions"] + 1


def play_out(client, gid, token, limit=3000):
    """Play the human seat by always taking the first option until the game ends."""
    for _ in range(limit):
        s = human_turn(client, gid, token)
        if s["view"]["over"]:
            return s
        r = client.post(f"/api/games/{gid}/decide", json={"token": token, **pick(s, 0)})
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_all_bot_game_finishes_then_record_and_replay(client):
    g = create(client, seats=["random", "random"], seed=3)
    gid = g["id"]  # (its record is hidden while it plays: test_fairness; bots alone may finish at once)
    wait_for(lambda: client.get(f"/api/games/{gid}").json()["status"] == "finished", timeout=60)
    rec = client.get(f"/api/games/{gid}/record").json()
    from volstead import replay

    assert replay(rec).is_over() and rec["seed"] == 3
    r = client.get(f"/api/games/{gid}/replay", params={"upto": 10, "seat": 1}).json()
    assert r["upto"] == 10 and r["total"] == len(rec["decisions"]) and len([e for e in r["log"] if e["i"]]) == 10
    # the replay tells the game's story too: up to just after the first Raid (a log short of the
    # page's tail), each seat reads its own private lines and the public view (game over) all
    state, upto = replay(rec, upto=0), 0
    state.tell_story()
    while not any(t.startswith("Raid! ") for t, _ in state.take_story()):
        seat_, oid = rec["decisions"][upto]
        state.apply(oid, seat_)
        upto += 1
    upto += 5
    ends = {
        seat: client.get(f"/api/games/{gid}/replay", params={"upto": upto, **({"seat": seat} if seat is not None else {})}).json()
        for seat in (0, 1, None)
    }
    raid_lines = {k: [e["text"] for e in v["log"] if e["text"].startswith("The Raid ")] for k, v in ends.items()}
    assert any(e["text"].startswith("Raid! ") for e in ends[None]["log"]) and len(ends[None]["log"]) < 400
    assert len(raid_lines[None]) == len(raid_lines[0]) + len(raid_lines[1])
    assert r["view"]["players"][1]["money"] is not None and r["view"]["players"][0]["money"] is None
    pub = client.get(f"/api/games/{gid}/replay").json()
    assert pub["view"]["over"] and pub["view"]["result"]["scores"]
    assert client.get(f"/api/games/{gid}/replay", params={"seat": 5}).status_code == 400


def test_restart_resumes_every_game(make_client, db_url):
    c1 = make_client(db_url)
    g = create(c1, seats=["human", "random", "random"], seed=11)
    tok, gid = g["seats"][0]["token"], g["id"]
    for _ in range(5):
        s = human_turn(c1, gid, tok)
        c1.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s, -1)})
    before = human_turn(c1, gid, tok)
    c1.__exit__(None, None, None)
    c2 = make_client(db_url)
    after = c2.get(f"/api/games/{gid}/state", params={"token": tok}).json()
    assert after["meta"]["decisions"] == before["meta"]["decisions"]
    assert after["view"] == before["view"] and after["decision"] == before["decision"]
    assert [e["text"] for e in after["log"]] == [e["text"] for e in before["log"]]


def test_slow_bot_times_out_and_does_not_stall_other_games(make_client, monkeypatch):
    import volstead.bots as bots

    class SlowBot:
        instant = False

        def __init__(self, seed=None):
            pass

        def choose(self, view, decision, sampler=None):
            time.sleep(2.0)
            return 0

    monkeypatch.setitem(bots._BOTS, "slow", SlowBot)
    client = make_client(think_s=0.2)
    slow = create(client, seats=["human", "slow"], seed=1)
    fast = create(client, seats=["random", "random"], seed=2)
    start = time.monotonic()
    wait_for(lambda: client.get(f"/api/games/{fast['id']}").json()["status"] == "finished", timeout=60)
    assert time.monotonic() - start < 30
    s = human_turn(client, slow["id"], slow["seats"][0]["token"])
    assert any("ran out of thinking time" in e["text"] for e in s["log"])


def test_hotseat_table_link_plays_every_human_seat(client):
    g = create(client, seats=["human", "human"], hotseat=True, seed=5)
    table, gid = g["hotseat_token"], g["id"]
    seen = set()
    for _ in range(8):
        s = human_turn(client, gid, table)
        assert s["table"] and s["you"] == s["decision"]["seat"]
        seen.add(s["you"])
        other = s["view"]["players"][1 - s["you"]]
        assert other["money"] is None and other["hand"] is None
        r = client.post(f"/api/games/{gid}/decide", json={"token": table, **pick(s, 0)})
        assert r.status_code == 200
    assert seen == {0, 1}


def test_log_hides_rivals_private_choices(client):
    g = create(client, seats=["human", "random", "random"], seed=9)
    tok, gid = g["seats"][0]["token"], g["id"]
    for _ in range(40):
        s = human_turn(client, gid, tok)
        if s["view"]["over"]:
            break
        client.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s, -1)})
    s = client.get(f"/api/games/{gid}/state", params={"token": tok}).json()
    # a rival's hidden choice reads as the game's sentence for the question (Step.hidden_said), or "decided: <kind>"
    asked = set(HIDDEN.values())
    hidden = [e for e in s["log"] if e["seat"] not in (0, None) and (e["text"] in asked or e["text"].startswith("decided:"))]
    assert hidden, "private decisions of rivals are summarised"
    hands = {c for p in client.get(f"/api/games/{gid}/state").json()["view"]["players"] for c in (p["hand"] or [])}
    assert not hands


def test_the_log_tells_the_story_and_each_seat_reads_only_its_own_private_lines(client):
    """The game's story (GameState.tell) goes into the log: public lines for everyone, a line told to
    one seat (what a Raid cost it) to that seat alone — not to rivals, not to spectators."""
    g = create(client, seats=["human", "random"], seed=8)
    play_out(client, g["id"], g["seats"][0]["token"])
    hub = client.app.state.hub
    live = hub.games[g["id"]]
    story = [e for e in live.log if e.get("story")]
    assert any(e["note"].startswith("Raid! ") and e["seat"] is None for e in story)
    private = [e for e in story if e["private"]]
    assert {e["seat"] for e in private} == {0, 1}
    texts = {seat: [e["text"] for e in live.payload(seat, log_tail=10**6)["log"]] for seat in (0, 1, None)}
    assert all(e["note"] in texts[e["seat"]] for e in private)  # each seat reads its own
    assert not {e["note"] for e in private} & set(texts[None])  # spectators read none of them
    for seat in (0, 1):  # a seat reads its own private lines (a Raid's or a skill's money) and no rival's
        own = Counter(e["note"] for e in private if e["seat"] == seat)
        assert Counter(t for t in texts[seat] if t.startswith(("The Raid ", "That "))) == own
