"""Provably fair games: the game is committed to before play and revealed after.

A server draws a game's seed itself, and publishes at creation only a commitment: the SHA-256
of a canonical JSON of everything fixed at creation — the seed, a secret salt, the game, its
options, the seats' kinds, the practice flag and the creation time (`commitment_bytes`, the
exact bytes in docs/server.md). Nobody can learn the seed (every deck and die) from it while
the game runs; when the game ends its record carries the seed, the salt and the other fields,
and anyone can check the commitment and replay the record (`volstead verify RECORD`). A seed
chosen by a player is a practice game, marked so, and the mark is committed to.

Every state message also carries a running hash of the decision log (`log_hash_start`,
`log_hash_step`): salted, so nobody can test guesses of a hidden decision against
it while the game runs, and checkable by anyone once the record reveals the salt.

Records made before the commitment covered more than the seed (issue 11's
`seed_commitment`) still open: `open_commitment` says which kind of commitment a record opens.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import secrets
from typing import Any

from .errors import RecordError

COMMITMENT_VERSION = 2
FULL = "full"  # the commitment covers every field of COMMITTED
SEED_ONLY = "seed"  # issue 11's commitment: the seed and salt alone
COMMITTED = ("created", "game", "kinds", "options", "practice", "salt", "seed")
LOG_HASH_PREFIX = b"volstead-log:"


def new_salt() -> str:
    return secrets.token_hex(16)


def created_text(when: dt.datetime) -> str:
    """A creation time as committed to: UTC, microseconds, "2025-01-31T12:00:00.000000Z"."""
    return when.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def commitment_bytes(*, seed: int, salt: str, game: str, options: dict, kinds: list[str], practice: bool, created: str) -> bytes:
    """The exact bytes whose SHA-256 is the commitment: a JSON object of the committed fields and
    `"v": 2`, keys sorted, no spaces, non-ASCII characters as UTF-8 (not escaped)."""
    fields = {
        "created": created,
        "game": game,
        "kinds": kinds,
        "options": options,
        "practice": practice,
        "salt": salt,
        "seed": seed,
        "v": COMMITMENT_VERSION,
    }
    return json.dumps(fields, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def commitment(*, seed: int, salt: str, game: str, options: dict, kinds: list[str], practice: bool, created: str) -> str:
    return hashlib.sha256(
        commitment_bytes(seed=seed, salt=salt, game=game, options=options, kinds=kinds, practice=practice, created=created)
    ).hexdigest()


def seed_commitment(seed: int, salt: str) -> str:
    """Issue 11's commitment (records made before the commitment covered the game's other fields)."""
    return hashlib.sha256(f"volstead-seed:{seed}:{salt}".encode()).hexdigest()


def record_commitment(record: dict) -> str | None:
    """The full commitment of a record's fields; None when the record lacks one of them."""
    kinds, created, practice = record.get("kinds"), record.get("created"), record.get("practice")
    if not (isinstance(kinds, list) and all(isinstance(k, str) for k in kinds) and len(kinds) == record["seats"]):
        return None
    if not isinstance(created, str) or not isinstance(practice, bool):
        return None
    return commitment(
        seed=record["seed"],
        salt=record["salt"],
        game=record["game"],
        options=record["options"],
        kinds=kinds,
        practice=practice,
        created=created,
    )


def open_commitment(record: dict) -> str:
    """FULL when a (validated) record's fields open its commitment, SEED_ONLY when only its seed
    and salt do (an old-style commitment); a RecordError otherwise."""
    for key in ("salt", "commitment"):
        if not isinstance(record.get(key), str):
            raise RecordError(f"the record has no {key!r}: it was not written by a server that commits to seeds")
    published = record["commitment"]
    full = record_commitment(record)
    if full is not None and hmac.compare_digest(full, published):
        return FULL
    if hmac.compare_digest(seed_commitment(record["seed"], record["salt"]), published):
        return SEED_ONLY
    raise RecordError(
        "the record does not open its commitment: its seed, salt, game, options, seats, practice flag "
        "or creation time is not what was committed to when the game was created"
    )


def log_hash_start(commitment_hex: str) -> bytes:
    """h0, the decision log's hash before any decision: SHA-256 of "volstead-log:" and the commitment (hex)."""
    return hashlib.sha256(LOG_HASH_PREFIX + commitment_hex.encode()).digest()


def log_hash_step(previous: bytes, key: bytes, seat: int, option_id: str) -> bytes:
    """h(n+1) = SHA-256 of h(n)'s 32 bytes, then "SALT:SEAT:OPTION_ID" in UTF-8 (`key`: the salt's
    ASCII). One SHA-256 a decision; the salt, secret until the record reveals it, keeps anyone from
    testing guesses of a hidden choice against the hashes, and it is committed to, so it cannot be
    changed afterwards."""
    return hashlib.sha256(previous + key + f":{seat}:{option_id}".encode()).digest()


def log_hashes(commitment_hex: str, salt: str, decisions: list[Any]) -> list[str]:
    """The log hash before any decision and after each of `decisions` ((seat, option id) pairs), in hex."""
    h, key = log_hash_start(commitment_hex), salt.encode()
    out = [h.hex()]
    for seat, option_id in decisions:
        if seat is None:
            raise RecordError("a format 1 record names no seats: its decisions cannot be checked against a log hash")
        h = log_hash_step(h, key, seat, option_id)
        out.append(h.hex())
    return out
