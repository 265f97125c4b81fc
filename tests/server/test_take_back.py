"""Taking back a decision (docs/server.md, "Take-back"): over REST and WebSocket, only by the seat
whose decision it was (or the hot-seat table), only while nothing new became known since; the
store, the state, the log and its hash go back to what they were before it; bots never see it."""

from __future__ import annotations

import time

import pytest
from server_helpers import wait_for

from volstead.engine import replay
from volstead.engine.record import make_record
from volstead.games import get_game
from volstead.server.bot_pool import ThinkJob, _state_for
from volstead.server.store import Store

TWO_PEOPLE = ["human", "human"]


def create(client, game="scarface1920", seats=TWO_PEOPLE, seed=7, **extra):
    r = client.post("/api/games", json={"game": game, "seats": seats, "seed": seed, **extra})
    assert r.status_code == 201, r.text
    g = r.json()
    return g, [s.get("token") for s in g["seats"]]


def state(client, gid, token=None):
    return client.get(f"/api/games/{gid}/state", params={"token": token} if token else {}).json()


def decide(client, gid, token, k=0):
    s = state(client, gid, token)
    d = s["decision"]
    r = client.post(f"/api/games/{gid}/decide", json={"token": token, "option": d["options"][k]["id"], "decision": d["number"]})
    assert r.status_code == 200, r.text
    return r.json()


def undo(client, gid, token, number):
    return client.post(f"/api/games/{gid}/undo", json={"token": token, "decision": number})


def stable(s):
    """A state message without what moves on its own (the clock)."""
    return {k: v for k, v in s.items() if k != "clock"}


def replayed(client, gid):
    """The live game's stored decisions (read from the database) replayed: its view for everyone."""
    st = client.app.state.hub.games[gid].stored
    decisions = Store(client.app.state.store.url).load(gid).decisions
    rec = make_record(game=st.game, options=st.options, seed=st.seed, seats=st.seats, decisions=decisions)
    return replay(get_game(st.game), rec), decisions


def test_a_seat_takes_back_its_decision_over_rest_and_everything_is_as_before_it(client):
    g, (t0, t1) = create(client)
    gid = g["id"]
    before = state(client, gid, t1)
    assert before["decision"]["kind"] == "starting_district" and before["undo"] is None
    spectator_before = state(client, gid)
    after = decide(client, gid, t1, 2)
    assert after["undo"] == {"seat": 1, "decisions": 1, "number": 0}
    assert after["log_size"] == 1 and state(client, gid)["log_size"] == 1
    assert state(client, gid, t0)["undo"] is None  # only the seat itself learns it may take back

    time.sleep(0.01)
    r = undo(client, gid, t1, 0)
    assert r.status_code == 200, r.text
    back = r.json()
    assert stable(back) == stable(before)  # the view, the decision, the log, its hash: as before it
    assert back["clock"]["since"] > after["clock"]["since"]  # the round timer starts again
    assert stable(state(client, gid)) == stable(spectator_before)
    live = client.app.state.hub.games[gid]
    assert live.stored.decisions == [] and live.state.decisions_made == 0
    rows = client.app.state.store.load(gid).decisions  # the database keeps only what stood
    assert rows == []
    # and play goes on: another choice, stored and replayed to the same state
    decide(client, gid, t1, 0)
    decide(client, gid, t1, 1)
    stored = client.app.state.store.load(gid).decisions
    assert [s for s, _ in stored] == [1, 1]
    rebuilt = replay(
        get_game("scarface1920"), make_record(game="scarface1920", options=live.stored.options, seed=7, seats=2, decisions=stored)
    )
    assert rebuilt.view(1) == live.state.view(1) and rebuilt.decision().option_ids == live.state.decision().option_ids


def test_two_decisions_in_a_row_are_taken_back_one_at_a_time(client):
    g, (t0, t1) = create(client)
    gid = g["id"]
    first = state(client, gid, t1)
    decide(client, gid, t1, 2)
    second = state(client, gid, t1)
    after = decide(client, gid, t1, 0)
    assert after["undo"] == {"seat": 1, "decisions": 2, "number": 1}
    assert stable(undo(client, gid, t1, 1).json()) == stable(second)
    # a doubled request names the decision already taken back: stale, nothing changes
    r = undo(client, gid, t1, 1)
    assert r.status_code == 409 and r.json()["error"] == "StaleDecision"
    assert r.json()["message"] == (
        "decision 1 of seat 1 cannot be taken back: the one that can is number 0 (nothing was changed)"
    )
    assert stable(state(client, gid, t1)) == stable(second)
    assert stable(undo(client, gid, t1, 0).json()) == stable(first)


@pytest.mark.parametrize("who", ["rival", "nothing", "spectator", "bad token"])
def test_a_take_back_the_window_does_not_allow_is_refused_with_its_reason_and_changes_nothing(client, who):
    g, (t0, t1) = create(client)
    gid = g["id"]
    decide(client, gid, t1, 2)
    decide(client, gid, t1, 0)
    decide(client, gid, t0, 0)  # seat 0 decides after seat 1's two set-up decisions
    seen = {t: stable(state(client, gid, t)) for t in (t0, t1, None)}
    stored = list(client.app.state.hub.games[gid].stored.decisions)
    if who == "rival":
        r = undo(client, gid, t1, 1)
        assert (r.status_code, r.json()["message"]) == (409, "cannot take back: another seat has decided since")
    elif who == "nothing":
        g2, (_, u1) = create(client)
        r = undo(client, g2["id"], u1, 0)
        assert (r.status_code, r.json()["message"]) == (409, "cannot take back: nothing to take back")
    elif who == "spectator":
        r = undo(client, gid, None, 0)
        assert (r.status_code, r.json()["message"]) == (403, "a seat token is needed to take back a decision (spectators cannot)")
    else:
        r = undo(client, gid, "nope", 0)
        assert r.status_code == 403
    assert {t: stable(state(client, gid, t)) for t in (t0, t1, None)} == seen
    assert client.app.state.hub.games[gid].stored.decisions == stored


def test_a_die_rolled_since_closes_the_window_and_the_option_said_so_before_the_click(client, prize_bids):
    """Prize Bids: a blind bid draws a card at random from the seat's own stream."""
    g, (t0, t1) = create(client, "prize_bids", seed=3, options={"negotiation": False})
    gid = g["id"]
    s = state(client, gid, t0)
    blind = next(o for o in s["decision"]["options"] if o["id"] == "bid:blind")
    assert blind["final"] == "dice are rolled or a card is drawn"
    assert all("final" not in o for o in s["decision"]["options"] if o["id"] != "bid:blind")
    client.post(f"/api/games/{gid}/decide", json={"token": t0, "option": "bid:blind", "decision": 0})
    after = state(client, gid, t0)
    assert after["undo"] is None
    r = undo(client, gid, t0, 0)
    assert (r.status_code, r.json()["message"]) == (409, "cannot take back: a die was rolled or a card drawn since")
    assert stable(state(client, gid, t0)) == stable(after)


def test_a_private_step_is_taken_back_while_the_phase_is_open_and_a_rivals_view_does_not_move(client, prize_bids):
    g, (t0, t1) = create(client, "prize_bids", seed=3, options={"negotiation": False})
    gid = g["id"]
    s0 = state(client, gid, t0)
    card = s0["decision"]["options"][0]["id"]
    client.post(f"/api/games/{gid}/decide", json={"token": t0, "option": card, "decision": 0})
    rival = state(client, gid, t1)
    bid1 = rival["decision"]["options"][0]["id"]
    client.post(f"/api/games/{gid}/decide", json={"token": t1, "option": bid1, "decision": 0})  # a rival's private step
    rival = state(client, gid, t1)
    assert state(client, gid, t0)["undo"] == {"seat": 0, "decisions": 1, "number": 0}
    hash_before = state(client, gid)["log_hash"]
    r = undo(client, gid, t0, 0)
    assert r.status_code == 200, r.text
    assert stable(r.json()) == stable(s0) | {"log_hash": s0["log_hash"]}
    assert stable(state(client, gid, t1)) == stable(rival)  # seat 1 sees nothing of it
    assert state(client, gid)["log_hash"] == hash_before
    live = client.app.state.hub.games[gid]
    assert live.stored.decisions == [(1, bid1)] and client.app.state.store.load(gid).decisions == [(1, bid1)]
    rebuilt, _ = replayed(client, gid)
    assert rebuilt.view(1) == live.state.view(1) and rebuilt.view(0) == live.state.view(0)


def test_over_a_websocket_every_connection_gets_its_new_state(client):
    g, (t0, t1) = create(client)
    gid = g["id"]
    with (
        client.websocket_connect(f"/ws/games/{gid}?token={t1}") as me,
        client.websocket_connect(f"/ws/games/{gid}") as watcher,
        client.websocket_connect(f"/ws/games/{gid}?token={t0}") as rival,
    ):
        first = me.receive_json()
        watcher.receive_json()
        rival.receive_json()
        me.send_json({"type": "decide", "option": first["decision"]["options"][2]["id"], "decision": 0})
        mine = me.receive_json()
        assert mine["undo"] == {"seat": 1, "decisions": 1, "number": 0}
        assert watcher.receive_json()["log_size"] == 1 and rival.receive_json()["undo"] is None
        watcher.send_json({"type": "undo", "decision": 0})
        assert watcher.receive_json()["message"] == "spectators cannot take back decisions: open your seat link to play"
        rival.send_json({"type": "undo", "decision": 0})
        assert rival.receive_json()["message"] == "cannot take back: nothing to take back"
        me.send_json({"type": "undo", "decision": 0})
        back = me.receive_json()
        assert back["type"] == "state" and back["undo"] is None and back["log"] == [] and back["log_size"] == 0
        assert stable(back)["decision"] == first["decision"]
        w = watcher.receive_json()
        assert w["log_size"] == 0 and w["meta"]["decisions"] == 0
        assert rival.receive_json()["log_size"] == 0


def test_the_hot_seat_table_takes_back_the_seat_whose_decision_it_was(client):
    g = client.post("/api/games", json={"game": "scarface1920", "seats": TWO_PEOPLE, "seed": 7, "hotseat": True}).json()
    gid, table = g["id"], g["hotseat_token"]
    s = state(client, gid, table)
    for _ in range(3):  # seat 1's two set-up decisions, then seat 0's first
        s = client.post(
            f"/api/games/{gid}/decide",
            json={"token": table, "option": s["decision"]["options"][0]["id"], "decision": s["decision"]["number"]},
        ).json()
        s = state(client, gid, table)
    assert s["you"] == 0 and s["undo"] == {"seat": 0, "decisions": 1, "number": 0}
    back = undo(client, gid, table, 0).json()
    # seat 0's first decision is gone; seat 1's before it are firm: seat 0 had decided after them
    assert back["you"] == 0 and back["undo"] is None
    assert back["decision"]["kind"] == "starting_district" and back["decision"]["number"] == 0
    r = undo(client, gid, table, 1)
    assert (r.status_code, r.json()["message"]) == (409, "cannot take back: another seat has decided since")


def test_a_bot_asked_before_a_take_back_has_its_answer_refused_and_decides_on_the_state_without_it(make_client, monkeypatch):
    import volstead.bots as bots

    class SlowBot:
        instant = False

        def __init__(self, seed=None):
            pass

        def choose(self, view, decision, sampler=None):
            time.sleep(1.0)
            return 0

    monkeypatch.setitem(bots._BOTS, "slow", SlowBot)
    client = make_client(think_s=5.0, bot_workers=1, cheap_workers=0)
    g, (_, t1) = create(client, seats=["slow", "human"])
    gid = g["id"]
    decide(client, gid, t1, 2)
    s = decide(client, gid, t1, 0)  # seat 0, the bot, is to decide now: it thinks (a second)
    live = client.app.state.hub.games[gid]
    assert s["pending"] == [0] and s["undo"] == {"seat": 1, "decisions": 2, "number": 1}
    wait_for(lambda: live.thinking == {0})
    r = undo(client, gid, t1, 1)
    assert r.status_code == 200 and r.json()["pending"] == [1]
    other = r.json()["decision"]["options"][1]["id"]
    redo = decide(client, gid, t1, 1)  # another choice
    assert redo["pending"] == [0]
    wait_for(lambda: live.pending() == (1,) and not live.thinking, timeout=15)  # the bot's set-up is done
    stored = live.stored.decisions
    assert [seat for seat, _ in stored[:3]] == [1, 1, 0] and stored[1] == (1, other)
    bot_entries = [e for e in live.log if e.get("seat") == 0 and "kind" in e]
    # the answer thought on the taken-back choice was never applied: every bot move in the log is stored
    assert len(bot_entries) == len([1 for seat, _ in stored if seat == 0])
    rebuilt, decisions = replayed(client, gid)
    assert rebuilt.view(None) == live.state.view(None) and decisions == live.stored.decisions


def test_a_bot_worker_never_reuses_a_state_with_a_decision_taken_back():
    game = get_game("scarface1920")
    options = game.options_from_json({}).to_json()
    state = game.new_game(seed=7, seats=2, options=game.options_from_json({}))
    d = state.decision()
    first = ((d.seat, d.option_ids[0]),)
    other = ((d.seat, d.option_ids[1]),)

    def job(decisions):
        return ThinkJob("take-back", "scarface1920", options, 7, 2, decisions, 1, "greedy", 1, 0, None)

    a = _state_for(job(first))
    b = _state_for(job(other))  # as many decisions as the cached state, another last one
    assert a is not b and b.decision_ids() == [other[0][1]]
    assert _state_for(job(other)) is b  # the same decisions: carried on


def test_a_game_with_take_backs_finishes_and_its_record_verifies_against_the_last_hash_seen(client, prize_bids, tmp_path):
    import json

    from typer.testing import CliRunner

    from volstead.cli import app
    from volstead.engine.fairness import log_hashes

    g, (t0, t1) = create(client, "prize_bids", seed=None, options={"cards": 3, "negotiation": False})
    gid, hashes = g["id"], []
    for _ in range(60):
        s = state(client, gid, t0)
        if s["result"]:
            break
        for t in (t0, t1):
            s = state(client, gid, t)
            d = s["decision"]
            if not d or "options" not in d:
                continue
            first = decide(client, gid, t, 0)
            if first["undo"]:  # take it back, then choose the last option instead
                hashes.append(undo(client, gid, t, first["undo"]["number"]).json()["log_hash"])
                s = state(client, gid, t)
                decide(client, gid, t, len(s["decision"]["options"]) - 1)
    final = state(client, gid, t0)
    assert final["result"] and len(hashes) >= 3
    rec = client.get(f"/api/games/{gid}/record").json()
    chain = log_hashes(rec["commitment"], rec["salt"], rec["decisions"])
    assert final["log_hash"] == chain[-1] and all(h in chain for h in hashes)
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(rec))
    r = CliRunner().invoke(app, ["verify", str(path), "--commitment", g["commitment"], "--log-hash", final["log_hash"]])
    assert r.exit_code == 0, r.output
