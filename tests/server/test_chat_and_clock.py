"""The table's talk (server/chat.py) and the round timer with its optional time limit
(server/clock.py): issue 14 asks for both on the platform, for every game."""

from __future__ import annotations

import json
import unicodedata

import pytest
from server_helpers import human_turn, pick, wait_for

from volstead.server import chat


def create(client, seats=("human", "human"), **extra):
    r = client.post("/api/games", json={"game": "scarface1920", "seats": list(seats), "seed": 3, **extra})
    assert r.status_code == 201, r.text
    return r.json()


def say(client, gid, token, text):
    return client.post(f"/api/games/{gid}/chat", json={"token": token, "text": text})


# ------------------------------------------------------------------ talk
def test_a_line_said_reaches_every_connection_and_the_state_but_not_the_record(client):
    g = create(client)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{gid}?token={t1}") as ws1, client.websocket_connect(f"/ws/games/{gid}") as spec:
        ws1.receive_json(), spec.receive_json()  # the first states
        r = say(client, gid, t0, "  Nice  town\tyou have\n here.  ")
        assert r.status_code == 200, r.text
        line = r.json()
        names = client.get(f"/api/games/{gid}").json()["seat_names"]
        assert (line["k"], line["seat"], line["name"], line["text"]) == (0, 0, names[0], "Nice town you have here.")
        for ws in (ws1, spec):
            assert ws.receive_json() == {"type": "chat", "line": line}
    for token in (t0, t1, None):
        state = client.get(f"/api/games/{gid}/state", params={"token": token} if token else {}).json()
        assert [x["text"] for x in state["chat"]] == ["Nice town you have here."]
    live = client.app.state.hub.games[gid]
    assert "Nice town" not in json.dumps(live.state.record())


def test_spectators_read_only(client):
    g = create(client)
    gid = g["id"]
    r = client.post(f"/api/games/{gid}/chat", json={"text": "hello"})
    assert r.status_code == 403 and "spectators read only" in r.json()["message"]
    with client.websocket_connect(f"/ws/games/{gid}") as spec:
        spec.receive_json()
        spec.send_text(json.dumps({"type": "chat", "text": "hello"}))
        err = spec.receive_json()
        assert err["error"] == "NoSeat" and "cannot talk" in err["message"]
    assert client.get(f"/api/games/{gid}/state").json()["chat"] == []


def test_bad_lines_are_refused_with_a_short_reason_and_change_nothing(client):
    g = create(client)
    gid, t0 = g["id"], g["seats"][0]["token"]
    r = say(client, gid, t0, " \n\t ")
    assert r.status_code == 400 and r.json()["message"] == "say something: the line is empty"
    r = say(client, gid, t0, "x" * 301)
    assert r.status_code == 400 and r.json()["message"] == "the line is too long (301 characters; at most 300)"
    r = say(client, gid, t0, "x" * 2001)
    assert r.status_code == 400  # over the body limit of the field: refused before it is read
    r = say(client, gid, "not-a-token", "hi")
    assert r.status_code == 403
    assert client.get(f"/api/games/{gid}/state").json()["chat"] == []
    with client.websocket_connect(f"/ws/games/{gid}?token={t0}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "chat", "text": 5}))
        assert ws.receive_json()["error"] == "MalformedMessage"


def test_at_most_five_lines_in_ten_seconds_a_seat(client):
    g = create(client)
    gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
    for i in range(5):
        assert say(client, gid, t0, f"line {i}").status_code == 200
    r = say(client, gid, t0, "one more")
    assert r.status_code == 429 and r.json()["message"] == "too fast: at most 5 lines in 10 seconds"
    assert say(client, gid, t1, "my turn to talk").status_code == 200  # another seat is not slowed
    assert len(client.get(f"/api/games/{gid}/state").json()["chat"]) == 6


def test_markup_is_kept_as_text_for_pages_to_escape(client):
    g = create(client)
    r = say(client, g["id"], g["seats"][0]["token"], "<img src=x onerror=alert(1)>")
    assert r.json()["text"] == "<img src=x onerror=alert(1)>"


# Every character chat.py removes, by name (issue 35: a line could spoof another's text).
NAMED_INVISIBLE = {
    "\u202e": "RIGHT-TO-LEFT OVERRIDE",
    "\u200b": "ZERO WIDTH SPACE",
    "\u2066": "LEFT-TO-RIGHT ISOLATE",
    "\u202a": "LEFT-TO-RIGHT EMBEDDING",
    "\u202b": "RIGHT-TO-LEFT EMBEDDING",
    "\u202c": "POP DIRECTIONAL FORMATTING",
    "\u202d": "LEFT-TO-RIGHT OVERRIDE",
    "\u2067": "RIGHT-TO-LEFT ISOLATE",
    "\u2068": "FIRST STRONG ISOLATE",
    "\u2069": "POP DIRECTIONAL ISOLATE",
    "\u200c": "ZERO WIDTH NON-JOINER",
    "\u200d": "ZERO WIDTH JOINER",
    "\u200e": "LEFT-TO-RIGHT MARK",
    "\u200f": "RIGHT-TO-LEFT MARK",
    "\u061c": "ARABIC LETTER MARK",
    "\u2060": "WORD JOINER",
    "\u2061": "FUNCTION APPLICATION",
    "\u2062": "INVISIBLE TIMES",
    "\u2063": "INVISIBLE SEPARATOR",
    "\u2064": "INVISIBLE PLUS",
    "\u206a": "INHIBIT SYMMETRIC SWAPPING",
    "\u206f": "NOMINAL DIGIT SHAPES",
    "\ufeff": "ZERO WIDTH NO-BREAK SPACE",
    "\u00ad": "SOFT HYPHEN",
    "\u034f": "COMBINING GRAPHEME JOINER",
    "\u115f": "HANGUL CHOSEONG FILLER",
    "\u1160": "HANGUL JUNGSEONG FILLER",
    "\u3164": "HANGUL FILLER",
    "\uffa0": "HALFWIDTH HANGUL FILLER",
    "\u17b4": "KHMER VOWEL INHERENT AQ",
    "\u17b5": "KHMER VOWEL INHERENT AA",
    "\u180e": "MONGOLIAN VOWEL SEPARATOR",
    "\ufff9": "INTERLINEAR ANNOTATION ANCHOR",
    "\ufffb": "INTERLINEAR ANNOTATION TERMINATOR",
}


@pytest.mark.parametrize("char", list(NAMED_INVISIBLE), ids=list(NAMED_INVISIBLE.values()))
def test_bidirectional_controls_and_invisible_characters_are_removed(char):
    assert unicodedata.name(char) == NAMED_INVISIBLE[char]
    assert chat.clean(f"I pay{char} you {char}$5") == "I pay you $5"
    with pytest.raises(chat.ChatError, match="the line is empty"):
        chat.clean(char * 3)


def test_a_line_cannot_reverse_itself_to_read_as_another_seats(client):
    g = create(client)
    spoof = "ok\u202e\u2066 :yaS eman\u2069\u200b\u200b\ufeff"
    r = say(client, g["id"], g["seats"][0]["token"], spoof)
    assert r.status_code == 200 and r.json()["text"] == "ok :yaS eman"
    r = say(client, g["id"], g["seats"][0]["token"], "\u202e\u200b\u2066\u2069")
    assert r.status_code == 400 and r.json()["message"] == "say something: the line is empty"
    assert [x["text"] for x in client.get(f"/api/games/{g['id']}/state").json()["chat"]] == ["ok :yaS eman"]


def test_visible_text_is_kept_as_it_is():
    text = "Ça va, Señor? Привет 你好 مرحبا שלום 👍🏽 ❤️ e\u0301"  # right-to-left letters, emoji, a combining accent
    assert chat.clean(text) == text


def test_the_talk_is_stored_with_the_game(make_client, db_url):
    c1 = make_client(db_url)
    g = create(c1)
    say(c1, g["id"], g["seats"][1]["token"], "see you after the restart")
    c1.__exit__(None, None, None)
    c2 = make_client(db_url)
    chat = c2.get(f"/api/games/{g['id']}/state").json()["chat"]
    assert [(x["seat"], x["text"]) for x in chat] == [(1, "see you after the restart")]


# ------------------------------------------------------------------ timer
def test_the_timer_follows_whoever_is_deciding(client):
    g = create(client, hotseat=True)
    gid, table = g["id"], g["hotseat_token"]
    s = human_turn(client, gid, table)
    clock = s["clock"]
    assert clock["limit"] is None and clock["seats"] == [s["decision"]["seat"]]
    first, since = s["decision"]["seat"], clock["since"]
    while s["decision"]["seat"] == first:  # the same seat deciding: the same clock
        assert s["clock"]["since"] == since
        client.post(f"/api/games/{gid}/decide", json={"token": table, **pick(s, 0)})
        s = human_turn(client, gid, table)
    assert s["clock"]["seats"] == [s["decision"]["seat"]] and s["clock"]["since"] > since  # a new turn


def test_the_clock_starts_again_for_a_person_after_an_instant_bots_move(client):
    """A random seat answers in the same broadcast as the person before it; the person's next
    decision after the bot's move starts a new clock (clock.py: a time limit is per turn, not the
    sum of all the person's turns)."""
    g = create(client, seats=("human", "random"), time_limit=60)
    gid, t0 = g["id"], g["seats"][0]["token"]
    live = client.app.state.hub.games[gid]
    s = human_turn(client, gid, t0)
    since, bot_moves = s["clock"]["since"], live.taken[1]
    for _ in range(300):  # the person plays until the bot has moved
        if live.taken[1] > bot_moves:
            break
        client.post(f"/api/games/{gid}/decide", json={"token": t0, **pick(s, 0)})
        s = human_turn(client, gid, t0)
    assert live.taken[1] > bot_moves
    assert s["clock"]["seats"] == [0] and s["clock"]["since"] > since


def test_time_limit_bounds(client):
    for bad in (5, 86_401, "60", 1.5):
        r = client.post("/api/games", json={"game": "scarface1920", "seats": ["human", "random"], "time_limit": bad})
        assert r.status_code == 400 and "time_limit" in r.text, (bad, r.text)
    g = create(client, seats=("human", "random"), time_limit=60)
    assert client.get(f"/api/games/{g['id']}/state").json()["clock"]["limit"] == 60


def test_when_the_time_runs_out_the_server_decides_for_the_late_seat(client):
    """Created with a time limit; the limit is then shortened to 0.3 s on the live game (a real one is
    at least 10 s). The late seat's turn is played for it, the log says so, and its own decide of
    the decision it had in front of it is now stale (the game goes on: its next turn, after the
    random seat's, has a clock of its own; before, that clock ran on and the server played the
    rest of the game at once)."""
    g = create(client, seats=("human", "random"), time_limit=10)
    gid, t0 = g["id"], g["seats"][0]["token"]
    before = human_turn(client, gid, t0)
    hub = client.app.state.hub
    live = hub.games[gid]
    live.clock.limit = 0.3
    live.clock.handle.cancel()
    live.clock.handle = None
    client.portal.call(live.broadcast)  # schedules the shortened limit
    note = wait_for(
        lambda: [
            e for e in client.get(f"/api/games/{gid}/state", params={"token": t0}).json()["log"] if "ran out of time" in e["text"]
        ]
    )
    names = client.get(f"/api/games/{gid}").json()["seat_names"]
    assert note[0]["text"] == f"{names[0]} ran out of time (0.3 s): the server decides for them."
    assert live.taken[0] > before["decision"]["number"]
    r = client.post(f"/api/games/{gid}/decide", json={"token": t0, **pick(before, 0)})
    assert r.status_code == 409 and r.json()["error"] == "StaleDecision"


def test_a_time_out_in_a_secret_phase_finishes_the_late_seats_phase(client):
    """The Mafia Chronicles' opening Boss pick is a secret simultaneous phase: when the limit runs out
    the server decides for the person as the game chooses for a seat out of time, and the game goes
    on to the next phase with the bots."""
    r = client.post(
        "/api/games",
        json={"game": "mafia_chronicles", "seats": ["human", "random", "random", "random"], "seed": 3, "time_limit": 10},
    )
    assert r.status_code == 201, r.text
    g = r.json()
    gid, t0 = g["id"], g["seats"][0]["token"]
    before = human_turn(client, gid, t0)
    assert before["simultaneous"]
    hub = client.app.state.hub
    live = hub.games[gid]
    live.clock.limit = 0.3
    live.clock.handle.cancel()
    live.clock.handle = None
    client.portal.call(live.broadcast)
    wait_for(
        lambda: any(
            "ran out of time" in e["text"] for e in client.get(f"/api/games/{gid}/state", params={"token": t0}).json()["log"]
        )
    )
    assert live.taken[0] > before["decision"]["number"]
    assert live.error is None
