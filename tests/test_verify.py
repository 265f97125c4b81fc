"""`volstead verify RECORD --commitment HEX --log-hash HEX` (issue 35 §3): the commitment covers
every field fixed at creation, the log hash every decision; each alteration of a record is caught
when the commitment and the hash a player saw are given, and verify says exactly what it proved.
A practice game is never called fair; an old-style record verifies as what it is."""

from __future__ import annotations

import hashlib
import json
import random

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.fairness import commitment, commitment_bytes, log_hash_start, log_hashes, seed_commitment
from volstead.engine.record import make_record
from volstead.games import replay_record

SALT = "0123456789abcdef" * 2
CREATED = "2025-01-31T12:00:00.123456Z"
KINDS = ["human", "random"]
OK, FAILED, NOT_FAIR = 0, 2, 3


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def random_pairs(header: dict, prefix: list, rng: random.Random) -> list[list]:
    """`prefix`'s decisions, then random legal ones (the first pending seat's) to the end."""
    state = replay_record({**header, "decisions": [list(p) for p in prefix]})
    while not state.is_over():
        d = state.decisions()[0]
        state.apply_index(rng.randrange(len(d.options)), seat=d.seat)
    return [list(p) for p in state.record_pairs()]


def header(seed: int = 11) -> dict:
    return make_record(game="prize_bids", options={"cards": 4, "negotiation": True}, seed=seed, seats=2)


def signed(rec: dict, practice: bool = False) -> dict:
    """`rec` as a server gives it: its commitment fields and the commitment over them."""
    fields = {"salt": SALT, "kinds": list(KINDS), "created": CREATED, "practice": practice}
    rec = {**rec, **fields}
    rec["commitment"] = recommit(rec)
    return rec


def recommit(rec: dict) -> str:
    """What a forger who knows the salt computes for an altered record."""
    return commitment(
        seed=rec["seed"],
        salt=rec["salt"],
        game=rec["game"],
        options=rec["options"],
        kinds=rec["kinds"],
        practice=rec["practice"],
        created=rec["created"],
    )


@pytest.fixture
def played():
    """A finished game's record, the commitment shown at its creation and the last log hash shown."""
    rec = signed({**header(), "decisions": random_pairs(header(), [], random.Random(5))})
    return rec, rec["commitment"], log_hashes(rec["commitment"], SALT, rec["decisions"])[-1]


def verify(tmp_path, rec: dict, *args: str):
    path = tmp_path / "record.json"
    path.write_text(json.dumps(rec))
    return CliRunner().invoke(app, ["verify", str(path), *args])


def one_line(output: str) -> str:
    return " ".join(output.split())


def test_the_commitment_is_the_sha256_of_the_documented_bytes():
    fields = dict(seed=7, salt="ab", game="g", options={"b": 1, "a": "é"}, kinds=["human"], practice=True, created=CREATED)
    expected = (
        '{"created":"2025-01-31T12:00:00.123456Z","game":"g","kinds":["human"],'
        '"options":{"a":"é","b":1},"practice":true,"salt":"ab","seed":7,"v":2}'
    ).encode()
    assert commitment_bytes(**fields) == expected
    assert commitment(**fields) == hashlib.sha256(expected).hexdigest()
    # h0 and h1 as docs/server.md tells an independent checker to compute them
    h0 = hashlib.sha256(b"volstead-log:" + b"c0ffee").digest()
    assert log_hash_start("c0ffee") == h0
    h1 = hashlib.sha256(h0 + b"ab:1:bid:3").hexdigest()
    assert log_hashes("c0ffee", "ab", [(1, "bid:3")]) == [h0.hex(), h1]


def test_a_record_checked_against_what_its_player_saw_says_what_it_proved(tmp_path, played):
    rec, seen, last = played
    n = len(rec["decisions"])
    r = verify(tmp_path, rec, "--commitment", seen.upper(), "--log-hash", last)
    assert r.exit_code == OK, r.output
    out = one_line(r.output)
    assert (
        f"The record opens the commitment you saw ({seen[:16]}…): its seed, salt, game, options, seats, practice flag "
        "and creation time were fixed when the game was created, before its first decision." in out
    )
    assert f"The decision log matches the hash you saw after decision {n}: all {n} decisions are covered." in out
    assert f"The {n} decisions replay to the end under the rules." in out
    assert "fair: the seed was drawn by the server and committed to before the first decision." in out
    # a hash seen mid-game covers the decisions up to it, and verify says so
    mid = log_hashes(seen, SALT, rec["decisions"])[5]
    r = verify(tmp_path, rec, "--commitment", seen, "--log-hash", mid)
    assert r.exit_code == OK
    assert (
        f"matches the hash you saw after decision 5; the {n - 5} decisions after it are covered by no hash you gave."
        in one_line(r.output)
    )
    # without them, verify says what it could not prove
    r = verify(tmp_path, rec)
    assert r.exit_code == OK
    out = one_line(r.output)
    assert "Give --commitment (the one shown when the game was created)" in out
    assert "No --log-hash given: nothing here shows the decisions are the ones played" in out
    assert "fair, as the record tells it: its commitment says the server drew the seed." in out


ALTERED = {
    "seed": lambda rec: {**rec, "seed": rec["seed"] + 1},
    "salt": lambda rec: {**rec, "salt": "f" * 32},
    "game": lambda rec: {**rec, "game": "scarface1920"},
    "options": lambda rec: {**rec, "options": {**rec["options"], "negotiation": False}},
    "seats": lambda rec: {**rec, "kinds": ["human", "greedy"]},
    "seat count": lambda rec: {**rec, "seats": 3, "kinds": [*rec["kinds"], "random"]},
    "created": lambda rec: {**rec, "created": CREATED.replace(".123456", ".123457")},
    "practice": lambda rec: {**rec, "practice": not rec["practice"]},
}
NOT_OPENED = (
    "the record does not open its commitment: its seed, salt, game, options, seats, practice flag or creation time "
    "is not what was committed to when the game was created"
)


@pytest.mark.parametrize("field", ALTERED)
def test_each_committed_field_altered_is_caught(tmp_path, played, field):
    rec, seen, last = played
    altered = ALTERED[field](rec)
    r = verify(tmp_path, altered, "--commitment", seen, "--log-hash", last)
    assert r.exit_code == FAILED and NOT_OPENED in one_line(r.output)
    # a forger who knows the salt commits to the altered fields anew: not the commitment the player saw
    forged = {**altered, "commitment": recommit(altered)}
    r = verify(tmp_path, forged, "--commitment", seen, "--log-hash", last)
    assert r.exit_code == FAILED
    assert (
        f"its commitment {forged['commitment'][:16]}… is not the one you saw ({seen[:16]}…): "
        "it is not the record of the game you were shown" in one_line(r.output)
    )


def test_a_practice_game_with_its_flag_removed_or_set_false_is_caught(tmp_path):
    rec = signed({**header(), "decisions": random_pairs(header(), [], random.Random(6))}, practice=True)
    seen = rec["commitment"]
    r = verify(tmp_path, rec, "--commitment", seen)
    assert r.exit_code == NOT_FAIR
    out = one_line(r.output)
    assert "practice game: the creator chose the seed — not a fair draw." in out and "fair:" not in out
    for altered in ({**rec, "practice": False}, {k: v for k, v in rec.items() if k != "practice"}):
        r = verify(tmp_path, altered)
        assert r.exit_code == FAILED and NOT_OPENED in one_line(r.output)


def log_hash_caught(n: int, last: str) -> str:
    return (
        f"its decisions do not match the log hash you saw ({last[:16]}…): a decision was changed, added, removed "
        f"or reordered (none of its {n} decisions' running hashes is it)"
    )


def first_choice(rec: dict) -> tuple[int, int, str]:
    """The first decision of `rec` with another option to take: its index, its seat, another option's id."""
    state = replay_record({**rec, "decisions": []})
    for k, (seat, option_id) in enumerate(rec["decisions"]):
        d = state.decision(seat)
        if len(d.options) > 1:
            return k, seat, next(o.id for o in d.options if o.id != option_id)
        state.apply(option_id, seat=seat)
    raise AssertionError("no decision of the record had a choice")


def test_a_decision_swapped_for_another_legal_one_is_caught_by_the_log_hash(tmp_path, played):
    rec, seen, last = played
    pairs = rec["decisions"]
    k, seat, other = first_choice(rec)
    swapped = {**rec, "decisions": random_pairs(header(), [*pairs[:k], [seat, other]], random.Random(8))}
    assert swapped["decisions"][k] == [seat, other] and replay_record(swapped).is_over()
    # the record alone cannot tell: it opens the same commitment and replays to the end
    assert verify(tmp_path, swapped, "--commitment", seen).exit_code == OK
    r = verify(tmp_path, swapped, "--commitment", seen, "--log-hash", last)
    assert r.exit_code == FAILED and log_hash_caught(len(swapped["decisions"]), last) in one_line(r.output)


def test_two_decisions_reordered_are_caught_by_the_log_hash(tmp_path, played):
    rec, seen, last = played
    pairs = rec["decisions"]
    state = replay_record({**rec, "decisions": []})
    for k, (seat, option_id) in enumerate(pairs):  # two seats bidding at once, in the other order
        if pairs[k + 1][0] != seat and pairs[k + 1][0] in state.pending_seats():
            break
        state.apply(option_id, seat=seat)
    reordered = {**rec, "decisions": [*pairs[:k], pairs[k + 1], pairs[k], *pairs[k + 2 :]]}
    final, again = replay_record(rec), replay_record(reordered)
    assert again.is_over() and again.result().scores == final.result().scores
    assert verify(tmp_path, reordered, "--commitment", seen).exit_code == OK
    r = verify(tmp_path, reordered, "--commitment", seen, "--log-hash", last)
    assert r.exit_code == FAILED and log_hash_caught(len(pairs), last) in one_line(r.output)
    # a decision removed from the end is caught too
    r = verify(tmp_path, {**rec, "decisions": pairs[:-1]}, "--commitment", seen, "--log-hash", last)
    assert r.exit_code == FAILED and log_hash_caught(len(pairs) - 1, last) in one_line(r.output)


def test_an_old_style_record_verifies_as_what_it_is(tmp_path):
    """A record made before issue 35: its commitment covers the seed and salt alone."""
    rec = {**header(), "decisions": random_pairs(header(), [], random.Random(7)), "salt": SALT, "practice": False}
    rec["commitment"] = seed_commitment(rec["seed"], SALT)
    last = log_hashes(rec["commitment"], SALT, rec["decisions"])[-1]
    r = verify(tmp_path, rec, "--commitment", rec["commitment"], "--log-hash", last)
    assert r.exit_code == NOT_FAIR, r.output
    out = one_line(r.output)
    assert (
        f"old-style commitment: covers the seed only ({rec['commitment'][:16]}…): the seed and salt open it; the game, "
        "options, seats, practice flag and creation time are not covered by it." in out
    )
    assert "not shown fair: an old-style commitment does not cover the practice flag." in out
    r = verify(tmp_path, {**rec, "seed": rec["seed"] + 1})
    assert r.exit_code == FAILED and NOT_OPENED in one_line(r.output)


@pytest.mark.parametrize("flag", ["--commitment", "--log-hash"])
def test_a_hash_given_that_is_no_sha256_is_refused(tmp_path, played, flag):
    r = verify(tmp_path, played[0], flag, "abc")
    assert r.exit_code == FAILED and f"{flag} must be 64 hexadecimal digits (a SHA-256), got 'abc'" in r.output
