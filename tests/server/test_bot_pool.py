"""Bots nobody can hoard (issue 35 §2): bots think in worker processes, a fair round-robin
scheduler shares the workers across clients and tables, a think time counts from when a worker
starts, and per-client limits on bot tables and think time are answered with 429."""

from __future__ import annotations

import asyncio
import os
import time

import pytest
from server_helpers import human_turn, run_async, wait_for

from volstead.bots import DEFAULT_LIMITS
from volstead.engine.record import make_record
from volstead.games import get_game, replay
from volstead.server.bot_pool import (
    BotPool,
    ClientLimits,
    ThinkJob,
    Ticket,
    bot_seed,
    client_key,
    lane_of,
    think,
)
from volstead.server.store import Store

TABLES_429 = (
    "you already have 2 live tables with thinking bots, the most one client may run (2): "
    "finish one first (tables of people and random bots are not limited)"
)
THINK_429 = (
    "your bots thought for 100 s in the last minute, the most one client may use (30 s a minute): "
    "wait a minute before starting another table with thinking bots"
)


def job_of(game: str, seed: int, moves: int, kind: str = "greedy", table: str = "t1") -> ThinkJob:
    """A ThinkJob for the bot of whoever decides after `moves` first options of a game."""
    g = get_game(game)
    state = replay(g, make_record(game=game, options=g.options_from_json({}).to_json(), seed=seed, seats=4))
    decisions = []
    for _ in range(moves):
        d = state.decision()
        decisions.append((d.seat, d.option_ids[-1]))
        state.apply_index(len(d.option_ids) - 1, seat=d.seat)
    d = state.decision()
    return ThinkJob(
        table, game, g.options_from_json({}).to_json(), seed, 4, tuple(decisions), d.seat, kind, 3, len(d.codes), DEFAULT_LIMITS
    )


# ------------------------------------------------------------------ the workers
def test_a_bot_thinks_in_a_worker_process_and_its_move_does_not_depend_on_the_worker():
    """The server's own workers (forkserver): the answer comes from another process, and is the
    move the same bot (seeded for this decision) takes in this process."""
    job = job_of("scarface1920", 5, 40)
    expected = think(job)

    async def ask() -> list:
        pool = BotPool(workers=2, cheap_workers=0)
        try:
            tickets = [pool.submit(job, "c", 5.0), pool.submit(job, "c", 5.0)]
            return [await t.answer for t in tickets]
        finally:
            pool.shutdown()

    answers = run_async(ask())
    assert [a.index for a in answers] == [expected, expected]
    assert all(a.pid != os.getpid() for a in answers)
    assert bot_seed(job.seed, job.seat, job.kind, job.number) == f"5/{job.seat}/greedy/3"


def test_a_game_of_greedy_bots_is_played_by_worker_processes(make_client):
    client = make_client(bot_start=None)  # the server's default start (forkserver)
    hub = client.app.state.hub
    g = client.post("/api/games", json={"seats": ["greedy", "greedy"], "seed": 3}).json()
    wait_for(lambda: hub.games[g["id"]].state.decisions_made >= 20, timeout=60)
    pids = {w.pid for w in hub.pool.pool}
    assert pids and os.getpid() not in pids and None not in pids


def test_a_bot_failing_in_its_worker_plays_a_random_option_with_the_note(make_client, monkeypatch):
    import volstead.bots as bots

    class Failing:
        instant = False

        def __init__(self, seed=None):
            pass

        def choose(self, view, decision, sampler=None):
            raise ValueError("no idea")

    monkeypatch.setitem(bots._BOTS, "failing", Failing)
    client = make_client()
    live = client.app.state.hub.games[client.post("/api/games", json={"seats": ["failing", "failing"], "seed": 1}).json()["id"]]
    wait_for(lambda: live.state.decisions_made >= 6, timeout=60)
    notes = [e["note"] for e in live.log if "bot failed" in e.get("note", "")]
    assert notes and all(n.endswith("'s bot failed (ValueError): a random option is taken") for n in notes)


def test_a_worker_that_dies_fails_its_ask_and_a_new_worker_takes_the_next(make_client, monkeypatch, tmp_path):
    import volstead.bots as bots

    class Dying:
        instant = False

        def __init__(self, seed=None):
            pass

        def choose(self, view, decision, sampler=None):
            marker = tmp_path / f"died-{decision.seat}"
            if not marker.exists():  # each seat's first asked decision: its worker process dies
                marker.touch()
                os._exit(3)
            return 0

    monkeypatch.setitem(bots._BOTS, "dying", Dying)
    client = make_client(bot_workers=1, cheap_workers=0)
    hub = client.app.state.hub
    live = hub.games[client.post("/api/games", json={"seats": ["dying", "dying"], "seed": 2}).json()["id"]]
    wait_for(lambda: live.state.decisions_made >= 10, timeout=60)
    notes = [e["note"] for e in live.log if "bot failed" in e.get("note", "")]
    assert len(notes) == 2  # one a seat
    assert all(n.endswith("'s bot failed (worker ended): a random option is taken") for n in notes)
    assert len(hub.pool.pool) == 1


def test_a_think_time_counts_from_when_the_worker_starts_not_from_when_the_ask_queued(make_client, monkeypatch, tmp_path):
    """One worker, three tables of bots that think 0.25 s each with a 0.4 s think time: every ask
    waits 0.5 s for the worker (two others ahead of it), yet no bot runs out of time."""
    import volstead.bots as bots

    class Steady:
        instant = False

        def __init__(self, seed=None):
            pass

        def choose(self, view, decision, sampler=None):
            time.sleep(0.25)
            return 0

    monkeypatch.setitem(bots._BOTS, "steady", Steady)
    client = make_client(think_s=0.4, bot_workers=1, cheap_workers=0)
    hub = client.app.state.hub
    games = [client.post("/api/games", json={"seats": ["steady", "steady"], "seed": s}).json()["id"] for s in (1, 2, 3)]
    wait_for(lambda: all(hub.games[gid].state.decisions_made >= 3 for gid in games), timeout=60)
    for gid in games:
        assert not [e for e in hub.games[gid].log if "ran out of thinking time" in e.get("note", "")]


# ------------------------------------------------------------------ the scheduler
def queued(pool: BotPool, loop, client: str, table: str, n: int, kind: str = "ismcts:100") -> list[Ticket]:
    job = ThinkJob(table, "g", {}, 0, 2, (), 0, kind, 0, 2, DEFAULT_LIMITS)
    tickets = []
    for _ in range(n):
        t = Ticket(job, client, table, lane_of(kind), loop.create_future(), loop.create_future())
        pool.enqueue(t)
        tickets.append(t)
    return tickets


def order(pool: BotPool, cheap_only: bool = False) -> list[str]:
    out = []
    while (t := pool.next_ticket(cheap_only)) is not None:
        out.append(t.table)
    return out


def test_a_free_worker_goes_to_the_next_table_in_turn_not_to_the_oldest_ask():
    loop = asyncio.new_event_loop()
    pool = BotPool(workers=1)
    queued(pool, loop, "x", "A", 10)
    queued(pool, loop, "x", "B", 1)
    assert order(pool) == ["A", "B"] + ["A"] * 9  # B's ask runs second, not eleventh
    loop.close()


def test_clients_take_turns_before_their_tables_do():
    """A client with five tables gets the share of a client with one."""
    loop = asyncio.new_event_loop()
    pool = BotPool(workers=1)
    for table in "ABCDE":
        queued(pool, loop, "hoarder", table, 2)
    queued(pool, loop, "someone", "Z", 2)
    assert order(pool) == ["A", "Z", "B", "Z", "C", "D", "E", "A", "B", "C", "D", "E"]
    loop.close()


def test_a_table_holds_at_most_its_share_of_workers_and_a_cheap_worker_takes_only_cheap_bots():
    loop = asyncio.new_event_loop()
    pool = BotPool(workers=2, per_table=1)
    queued(pool, loop, "x", "A", 3)
    queued(pool, loop, "x", "G", 2, kind="greedy")
    pool.running["A"] = 1  # A's bot is thinking on a worker
    assert pool.next_ticket(cheap_only=False).table == "G"
    assert pool.next_ticket(cheap_only=True).table == "G"
    assert pool.next_ticket(cheap_only=True) is None and pool.next_ticket(cheap_only=False) is None
    pool.running.clear()
    assert order(pool) == ["A"] * 3
    loop.close()


def test_a_client_over_its_think_time_waits_until_clients_within_theirs_are_served():
    loop = asyncio.new_event_loop()
    pool = BotPool(workers=1, think_per_minute=30)
    queued(pool, loop, "busy", "A", 2)
    queued(pool, loop, "quiet", "B", 2)
    from volstead.server.bot_pool import ClientUse

    pool.use["busy"] = ClientUse()
    pool.use["busy"].done.append((time.monotonic(), 31.0))
    assert order(pool) == ["B", "B", "A", "A"]  # slowed, never refused mid-game
    loop.close()


# ------------------------------------------------------------------ per-client limits
def test_a_client_over_its_bot_tables_gets_429_and_tables_of_people_and_random_bots_are_not_limited(make_client):
    client = make_client(client_limits=ClientLimits(max_bot_tables=2, think_per_minute=None))
    for seed in (1, 2):
        r = client.post("/api/games", json={"seats": ["human", "ismcts:50ms"], "seed": seed})
        assert r.status_code == 201, r.text
    r = client.post("/api/games", json={"seats": ["greedy", "human"], "seed": 3})
    assert r.status_code == 429 and r.json() == {"type": "error", "error": "HTTPError", "message": TABLES_429}
    assert len(client.get("/api/games").json()) == 2  # nothing was created
    for seats in (["human", "random"], ["human", "human"]):
        assert client.post("/api/games", json={"seats": seats}).status_code == 201
    hub = client.app.state.hub
    live, _ = client.portal.call(lambda: hub.open_game("scarface1920", ["human", "greedy"], client=hub.client_key("10.0.0.9")))
    assert live.stored.client == hub.client_key("10.0.0.9")  # another client is not held to this one's tables


def test_a_client_over_its_think_time_gets_429(make_client):
    from volstead.server.bot_pool import ClientUse

    client = make_client(client_limits=ClientLimits(max_bot_tables=None, think_per_minute=30))
    hub = client.app.state.hub
    hub.pool.use[hub.client_key("testclient")] = ClientUse()
    hub.pool.use[hub.client_key("testclient")].done.append((time.monotonic(), 100.0))
    r = client.post("/api/games", json={"seats": ["human", "greedy"]})
    assert r.status_code == 429 and r.json()["message"] == THINK_429
    assert client.post("/api/games", json={"seats": ["human", "random"]}).status_code == 201


def test_a_bot_table_waiting_on_a_person_for_ten_minutes_no_longer_counts(make_client):
    client = make_client(client_limits=ClientLimits(max_bot_tables=1, think_per_minute=None))
    g = client.post("/api/games", json={"seats": ["human", "greedy"], "seed": 4}).json()
    human_turn(client, g["id"], g["seats"][0]["token"])
    assert client.post("/api/games", json={"seats": ["human", "greedy"]}).status_code == 429
    client.app.state.hub.games[g["id"]].clock.started -= 601
    assert client.post("/api/games", json={"seats": ["human", "greedy"]}).status_code == 201


def test_the_creators_key_is_stored_hashed_and_the_limit_survives_a_restart(make_client, db_url):
    limits = ClientLimits(max_bot_tables=2, think_per_minute=None)
    c1 = make_client(db_url, client_limits=limits)
    ids = [c1.post("/api/games", json={"seats": ["human", "greedy"], "seed": s}).json()["id"] for s in (1, 2)]
    key = c1.app.state.hub.client_key("testclient")
    c1.__exit__(None, None, None)
    stored = Store(db_url)
    assert [stored.load(i).client for i in ids] == [key, key]
    assert len(key) == 64 and key != client_key(b"", "testclient")  # a keyed hash, not the address
    stored.close()
    c2 = make_client(db_url, client_limits=limits)
    assert c2.app.state.hub.client_key("testclient") == key  # the key file beside the database
    r = c2.post("/api/games", json={"seats": ["human", "greedy"]})
    assert r.status_code == 429 and r.json()["message"] == TABLES_429


@pytest.mark.parametrize("host", ["127.0.0.1", "::1"])
def test_client_keys_differ_by_address_and_by_secret(host):
    assert client_key(b"k1", host) != client_key(b"k1", "10.1.1.1")
    assert client_key(b"k1", host) != client_key(b"k2", host)
    assert host not in client_key(b"k1", host)
