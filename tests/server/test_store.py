"""The storage layer on SQLite and, where DATABASE_URL names one (CI starts it), on a real PostgreSQL server."""

from __future__ import annotations

import pytest
from server_helpers import human_turn, pick, postgres_url, run_async

from volstead.server.store import Store, hash_token


def urls():
    out = [pytest.param("sqlite", id="sqlite")]
    out.append(
        pytest.param(
            "postgres",
            id="postgresql",
            marks=pytest.mark.skipif(
                not postgres_url(), reason="DATABASE_URL is not set (.ci/run starts a PostgreSQL server and sets it)"
            ),
        )
    )
    return out


@pytest.fixture(params=urls())
def url(request, db_url):
    return db_url if request.param == "sqlite" else postgres_url()


def test_store_round_trip(url):
    store = Store(url)
    try:
        gid, tokens = store.create_game("scarface1920", {"variant": "published"}, 42, ["human", "random", "human"], hotseat=True)
        assert set(tokens.seats) == {0, 2} and tokens.table
        for i, oid in enumerate(["a", "b", "c"]):
            store.add_decision(gid, i, i % 3, oid)
        g = store.load(gid)
        assert (g.game, g.seed, g.seats, g.kinds, g.decisions, g.status) == (
            "scarface1920",
            42,
            3,
            ["human", "random", "human"],
            [(0, "a"), (1, "b"), (2, "c")],
            "playing",
        )
        assert g.options == {"variant": "published"} and g.hotseat
        assert store.seat_of_token(gid, tokens.seats[2]) == 2
        assert store.seat_of_token(gid, tokens.table) == "table"
        assert store.seat_of_token(gid, "forged") is None
        assert store.seat_of_token("other", tokens.seats[2]) is None
        for token, seat in ((tokens.seats[0], 0), (tokens.table, "table"), ("forged", None)):
            assert g.seat_of_token(token) == seat  # the same answer from the loaded game, in memory
        store.set_status(gid, "finished")
        assert store.load(gid).status == "finished"
        assert gid in [x.id for x in store.load_all()]
        assert store.load("nope") is None
        with pytest.raises(Exception):  # noqa: B017 — a decision index is written once
            store.add_decision(gid, 1, 0, "again")
        # tokens are stored only as hashes
        from sqlalchemy import select
        from sqlalchemy.orm import Session

        from volstead.server.store import SeatRow

        with Session(store.engine) as s:
            hashes = set(s.scalars(select(SeatRow.token_hash).where(SeatRow.game_id == gid)))
        assert hash_token(tokens.seats[0]) in hashes and tokens.seats[0] not in hashes
    finally:
        store.close()


def test_server_resumes_games_from_the_database(make_client, url):
    c1 = make_client(url)
    g = c1.post("/api/games", json={"seats": ["human", "random"], "seed": 21}).json()
    tok, gid = g["seats"][0]["token"], g["id"]
    for _ in range(3):
        s = human_turn(c1, gid, tok)
        c1.post(f"/api/games/{gid}/decide", json={"token": tok, **pick(s, 0)})
    before = human_turn(c1, gid, tok)
    c1.__exit__(None, None, None)
    c2 = make_client(url)
    after = c2.get(f"/api/games/{gid}/state", params={"token": tok}).json()
    assert after["view"] == before["view"] and after["meta"]["decisions"] == before["meta"]["decisions"]


def test_group_commit_stores_every_games_saves_in_few_transactions_and_a_bad_one_alone(url):
    """server/writer.py: saves asked for while a transaction runs go together in the next one; a
    batch that fails (a decision index written twice) fails alone, the others are stored."""
    import asyncio
    from concurrent.futures import ThreadPoolExecutor

    from volstead.server.store import Batch
    from volstead.server.writer import GroupWriter

    store = Store(url)
    pool = ThreadPoolExecutor(max_workers=1)
    try:
        ids = [store.create_game("scarface1920", {}, i, ["human", "random"])[0] for i in range(6)]
        store.add_decisions(ids[5], [(0, 0, "taken")])

        async def main():
            writer = GroupWriter(store, pool)
            saves = [
                writer.write(Batch(gid, [(0, 0, f"a{k}"), (1, 1, f"b{k}")], "finished" if k == 0 else None))
                for k, gid in enumerate(ids[:5])
            ]
            saves.append(writer.write(Batch(ids[5], [(0, 1, "again")])))
            results = await asyncio.gather(*saves, return_exceptions=True)
            return writer.transactions, results

        transactions, results = run_async(main())
        assert results[:5] == [None] * 5 and isinstance(results[5], Exception)
        assert transactions == 5  # the group of six failed, then each was stored alone: five did
        for k, gid in enumerate(ids[:5]):
            g = store.load(gid)
            assert g.decisions == [(0, f"a{k}"), (1, f"b{k}")] and g.status == ("finished" if k == 0 else "playing")
        assert store.load(ids[5]).decisions == [(0, "taken")]

        async def good_only():
            writer = GroupWriter(store, pool)
            await asyncio.gather(*(writer.write(Batch(gid, [(2, 0, "c")])) for gid in ids))
            return writer.transactions

        assert run_async(good_only()) == 1
    finally:
        pool.shutdown()
        store.close()


def test_sqlite_keeps_a_write_ahead_log(db_url):
    from sqlalchemy import text

    store = Store(db_url)
    try:
        with store.engine.connect() as c:
            assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert c.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
    finally:
        store.close()
