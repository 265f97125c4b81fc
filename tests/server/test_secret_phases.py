"""A secret phase reveals nothing but "deciding / done": every other seat's and the spectator's
WebSocket messages are byte-identical whether a rival took 1 private step or many to the same
outcome, and each viewer's log is numbered 0, 1, 2... with no gap where a rival's steps are.

The games are played by four people through REST decides, each seat (but the rival) and a
spectator listening on a WebSocket from the start; the game's seed is chosen (a practice game)
and the clock's wall time fixed, so two runs differ only in the rival's steps. What differs
between any two games anyway (id, commitment, creation time) is replaced before comparing."""

from __future__ import annotations

import contextlib
import json
import types

import pytest

RIVAL = 1


def decide(client, gid, token, state, option):
    r = client.post(f"/api/games/{gid}/decide", json={"token": token, "option": option, "decision": state["decision"]["number"]})
    assert r.status_code == 200, r.json()
    return r.json()


def own(client, gid, token):
    s = client.get(f"/api/games/{gid}/state", params={"token": token}).json()
    return s if s["decision"] and "options" in s["decision"] else None


def play(client, monkeypatch, game, phase_kind, phase_number, rival_steps, first_steps=None, after=12):
    """Play `game` with four people, each taking its first option (or `first_steps(seat, state)`'s
    choice), up to the `phase_number`-th secret phase whose decisions are `phase_kind`; there the
    rival takes its steps (`rival_steps(take)`, `take(option id)` deciding one step) while the
    others wait, then the others finish the phase and everyone plays on for `after` decisions.
    Returns each listener's messages (seats but the rival, then the spectator) as raw texts."""
    from volstead.server import clock

    monkeypatch.setattr(clock, "time", types.SimpleNamespace(time=lambda: 1_700_000_000.0, monotonic=clock.time.monotonic))
    g = client.post("/api/games", json={"game": game, "seats": ["human"] * 4, "seed": 11}).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    listeners = [t for i, t in enumerate(tokens) if i != RIVAL] + [None]
    with contextlib.ExitStack() as stack:  # sockets left open would hold the client's exit
        sockets = [
            stack.enter_context(client.websocket_connect(f"/ws/games/{gid}" + (f"?token={token}" if token else "")))
            for token in listeners
        ]
        got = play_on(client, gid, tokens, sockets, phase_kind, phase_number, rival_steps, first_steps, after)
    created = json.loads(got[0][0])["meta"]["created"]
    # The log hash starts from the game's own commitment and, once a phase closes, covers the
    # decisions taken in it (secret: it is keyed with the salt). Each distinct hash is named by the
    # order it first appeared in, so the runs must agree on when it moved, not on its value.
    hashes: dict[str, str] = {}
    for texts in got:
        for t in texts:
            h = json.loads(t).get("log_hash")
            if h is not None:
                hashes.setdefault(h, f"HASH{len(hashes)}")
    named = []
    for texts in got:
        run = []
        for t in texts:
            t = t.replace(gid, "GAME").replace(g["commitment"], "COMMITMENT").replace(created, "CREATED")
            for h, name in hashes.items():
                t = t.replace(h, name)
            run.append(t)
        named.append(run)
    return named


def play_on(client, gid, tokens, sockets, phase_kind, phase_number, rival_steps, first_steps, after):

    def step_anyone(choose) -> None:
        for seat, token in enumerate(tokens):
            s = own(client, gid, token)
            if s is not None:
                decide(client, gid, token, s, choose(seat, s))
                return
        raise AssertionError("nobody has a decision")

    def first(seat, s):
        if first_steps is not None:
            chosen = first_steps(seat, s)
            if chosen is not None:
                return chosen
        return s["decision"]["options"][0]["id"]

    phases = 0
    for _ in range(3000):  # up to the phase: every seat in it, nobody has taken a step of it yet
        states = [own(client, gid, t) for t in tokens]
        if all(s is not None and s["decision"]["kind"] == phase_kind and s["simultaneous"] for s in states):
            phases += 1
            if phases == phase_number:
                break
            for seat, s in enumerate(states):  # through this one as everyone's first steps go
                while s is not None and s["decision"]["kind"] == phase_kind:
                    decide(client, gid, tokens[seat], s, first(seat, s))
                    s = own(client, gid, tokens[seat])
            continue
        step_anyone(first)

    def take(option_id):
        s = own(client, gid, tokens[RIVAL])
        assert option_id in [o["id"] for o in s["decision"]["options"]], option_id
        decide(client, gid, tokens[RIVAL], s, option_id)
        return own(client, gid, tokens[RIVAL])

    rival_steps(take, own(client, gid, tokens[RIVAL]))
    assert own(client, gid, tokens[RIVAL]) is None or not own(client, gid, tokens[RIVAL])["simultaneous"]
    for _ in range(after):
        step_anyone(first)
    got = []
    for ws in sockets:  # everything sent before a pong was sent before it
        ws.send_json({"type": "ping"})
        texts = []
        while (text := ws.receive_text()) != '{"type":"pong"}':
            texts.append(text)
        got.append(texts)
    return got


def check_gapless(messages: list[list[str]]) -> None:
    """Each viewer's log entries, numbered by "k", are 0, 1, 2... with no gap."""
    for texts in messages:
        ks = sorted({e["k"] for t in texts if (m := json.loads(t))["type"] == "state" for e in m["log"]})
        assert ks == list(range(len(ks)))


def market_moves(round_trips):
    """The rival's Market steps: move a card to another slot and back, `round_trips` times, then done."""

    def steps(take, s):
        for _ in range(round_trips):
            move = next(o["id"] for o in s["decision"]["options"] if o["id"].startswith("move:"))
            _, row, src = move.split(":")
            s = take(move)
            dst = s["decision"]["options"][0]["id"].split(":")[1]
            s = take(f"to:{dst}")
            s = take(f"move:{row}:{dst}")
            s = take(f"to:{src}")
        take("done")

    return steps


def buy_once():
    """In the first Market the rival buys the first cards it can, three (so that its next Market has
    a card to move); everyone else, and the rival afterwards, presses done at once."""
    bought = []

    def choose(seat, s):
        d = s["decision"]
        if d["kind"] != "market":
            return None
        buys = [o["id"] for o in d["options"] if o["id"].startswith("buy:")]
        if seat == RIVAL and buys and len(bought) < 3:
            bought.append(buys[0])
            return buys[0]
        return "done"

    return choose


def test_a_rivals_private_market_steps_send_the_others_nothing(make_client, monkeypatch, tmp_path):
    """Mafia Chronicles' second Market: the rival presses done at once (1 private step) or first
    moves a card to another slot and back three times (13 steps) — the same outcome."""
    runs = []
    for round_trips in (0, 3):
        client = make_client(f"sqlite:///{tmp_path}/market-{round_trips}.db")
        runs.append(play(client, monkeypatch, "mafia_chronicles", "market", 2, market_moves(round_trips), first_steps=buy_once()))
    one, many = runs
    assert [len(m) for m in one] == [len(m) for m in many]
    for viewer, (a, b) in enumerate(zip(one, many, strict=True)):
        assert a == b, f"listener {viewer} told the rival's step count"
    check_gapless(one)
    check_gapless(many)


@pytest.mark.parametrize("order", [0, 1])
def test_a_rivals_secret_draft_pick_sends_the_others_only_that_it_is_done(make_client, monkeypatch, tmp_path, order):
    """Prohibition's Scheme draft: a pick is one private step. Which card the rival keeps, nobody
    else learns while the round is open: the others' and the spectator's messages are the same
    whichever it keeps, up to the round's end; and their logs are numbered without gaps."""
    runs = []
    for keep in (0, 1):
        client = make_client(f"sqlite:///{tmp_path}/draft-{keep}.db")

        def rival(take, s, keep=keep):
            take(s["decision"]["options"][keep]["id"])

        runs.append(play(client, monkeypatch, "prohibition", "draft_scheme", 1 + order, rival, after=0))
    one, other = runs
    assert one == other
    check_gapless(one)
