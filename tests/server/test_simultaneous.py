"""The server in a secret simultaneous phase and with numbered decisions (issue 10 §4–5), on the
platform's test game (tests/platform_game): several seats decide at once, privately; every
decide names the decision it answers; stale or doubled decides change nothing."""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor

import pytest
from server_helpers import wait_for

from volstead.server.live import LiveGame


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def create(client, **body):
    r = client.post("/api/games", json={"game": "prize_bids", **body})
    assert r.status_code == 201, r.text
    return r.json()


def state(client, gid, token=None):
    return client.get(f"/api/games/{gid}/state", params={"token": token} if token else {}).json()


def decide(client, gid, token, s, option):
    return client.post(f"/api/games/{gid}/decide", json={"token": token, "option": option, "decision": s["decision"]["number"]})


def test_two_people_and_a_bot_bid_at_once_and_nobody_sees_anothers_bid(client):
    g = create(client, seats=["human", "human", "random"], seed=4, options={"cards": 4, "negotiation": False})
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    wait_for(lambda: state(client, gid)["pending"] == [0, 1])  # the bot has bid and confirmed already
    a, b, spectator = state(client, gid, t0), state(client, gid, t1), state(client, gid)
    assert a["simultaneous"] and a["decision"]["simultaneous"] and a["decision"]["seat"] == 0
    assert b["decision"]["seat"] == 1 and b["decision"]["kind"] == "bid"
    assert spectator["decision"] is None and spectator["pending"] == [0, 1]
    assert [e["text"] for e in a["log"] if e["seat"] == 2] == ["decided in private."]
    assert a["meta"]["decisions"] == spectator["meta"]["decisions"] == 0  # the bot's two steps: nobody's business
    # seat 1 bids and confirms first; seat 0's pending decision does not move
    r = decide(client, gid, t1, b, "bid:4")
    assert r.status_code == 200, r.text
    b2 = r.json()
    assert b2["decision"]["kind"] == "confirm" and b2["decision"]["number"] == b["decision"]["number"] + 1
    assert b2["meta"]["decisions"] == 1 and state(client, gid, t0)["meta"]["decisions"] == 0
    assert [e["i"] for e in b2["log"] if e["seat"] == 1] == [None]  # unnumbered: no count of others' steps
    a2 = state(client, gid, t0)
    assert a2["decision"] == a["decision"]
    assert a2["view"]["seats"][1]["bidding"] == "deciding" and "my_bid" in a2["view"]
    seen_by_0 = json.dumps([a2["view"], a2["log"], a2["meta"]])
    assert a2["view"]["my_bid"] is None and "bid:4" not in seen_by_0 and "Bid 4" not in seen_by_0
    assert "Bid 4" not in json.dumps(state(client, gid))
    assert decide(client, gid, t1, b2, "confirm").status_code == 200
    assert state(client, gid, t1)["decision"] is None  # done: waits for seat 0
    r = decide(client, gid, t0, a, "bid:1")
    assert r.status_code == 200
    assert decide(client, gid, t0, r.json(), "confirm").status_code == 200
    after = state(client, gid)
    assert after["view"]["last_reveal"]["bids"][:2] == [1, 4] and after["view"]["round"] == 2


def test_a_stale_decide_is_refused_and_changes_nothing(client):
    g = create(client, seats=["human", "random"], seed=5, options={"cards": 3})
    gid, tok = g["id"], g["seats"][0]["token"]
    s = wait_for(lambda: (x := state(client, gid, tok))["decision"] and x)
    assert decide(client, gid, tok, s, "bid:3").status_code == 200
    before = state(client, gid, tok)
    r = decide(client, gid, tok, s, "bid:3")  # the same decide sent again: answers a decision that is gone
    assert r.status_code == 409 and r.json()["error"] == "StaleDecision"
    assert f"decision {s['decision']['number']} of seat 0 is no longer pending" in r.json()["message"]
    assert state(client, gid, tok) == before
    r = client.post(f"/api/games/{gid}/decide", json={"token": tok, "option": "confirm"})
    assert r.status_code == 400 and "field 'decision': Field required" in r.json()["message"]


def test_a_forced_decision_is_taken_by_the_server_and_never_shown(client):
    g = create(client, seats=["human", "random"], seed=6, options={"cards": 3})
    gid, tok = g["id"], g["seats"][0]["token"]
    s = wait_for(lambda: (x := state(client, gid, tok))["decision"] and x)
    s = decide(client, gid, tok, s, "bid:2").json()
    s = decide(client, gid, tok, s, "back").json()  # a bid taken back: the next confirm is the only option
    s = decide(client, gid, tok, s, "bid:1").json()
    assert s["decision"] is None or s["decision"]["kind"] != "confirm"
    assert any(e["text"].endswith("(only option)") and e["seat"] == 0 for e in s["log"])


def test_doubled_decides_sent_together_apply_once(client):
    g = create(client, seats=["human", "human"], seed=7, options={"cards": 13, "negotiation": False})
    gid, tokens = g["id"], [g["seats"][0]["token"], g["seats"][1]["token"]]
    applied = 0
    with ThreadPoolExecutor(max_workers=2) as pool:
        for k in range(40):
            tok = tokens[k % 2]
            s = state(client, gid, tok)
            if s["decision"] is None:
                continue
            option = s["decision"]["options"][0]["id"]
            before = s["meta"]["decisions"]
            codes = sorted(f.result().status_code for f in [pool.submit(decide, client, gid, tok, s, option) for _ in range(2)])
            assert codes == [200, 409], codes
            assert state(client, gid, tok)["meta"]["decisions"] == before + 1
            applied += 1
    assert applied >= 30


def test_a_bot_whose_decision_was_taken_while_the_runner_waited_is_skipped(client, monkeypatch):
    """The bot runner asks the pending bots after telling the table they think (an await): if another
    task moved the game on meanwhile (a time-out deciding for a person, the instant bots after it),
    a bot with nothing pending any more is skipped; before, asking it stopped the game
    ("WrongSeatError: seat 2 cannot decide now")."""
    hub = client.app.state.hub
    tell_thinking = LiveGame.send_thinking
    moved: list[int] = []

    async def moving_on(live):
        if not moved:  # once: the bot's whole secret turn is taken by someone else
            async with live.lock:
                seat = next(s for s in live.pending() if live.kinds[s] != "human")
                while seat in live.pending():
                    live.apply(seat, live.state.decision(seat).option_ids[0], persist=True)
                moved.append(seat)
        await tell_thinking(live)

    monkeypatch.setattr(LiveGame, "send_thinking", moving_on)
    g = create(client, seats=["human", "human", "random"], seed=4, options={"cards": 4, "negotiation": False})
    gid = g["id"]
    wait_for(lambda: state(client, gid)["pending"] == [0, 1])
    live = hub.games[gid]
    wait_for(lambda: live.bot_task is not None and live.bot_task.done())
    assert moved == [2] and live.error is None
    assert live.taken[2] == 2  # its bid and confirm, once each
