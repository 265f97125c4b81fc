"""Provably fair games: the seed is committed to before play and revealed after.

A server draws a game's seed itself, and publishes at creation only a commitment: the SHA-256
of the seed with a secret salt. Nobody can learn the seed (every deck and die) from it while
the game runs; when the game ends its record carries the seed and the salt, and anyone can
check the commitment and replay the record (`volstead verify RECORD`): the decks and dice
were fixed before the first decision. A seed chosen by a player is a practice game, marked so.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from .errors import RecordError


def new_salt() -> str:
    return secrets.token_hex(16)


def commitment(seed: int, salt: str) -> str:
    return hashlib.sha256(f"volstead-seed:{seed}:{salt}".encode()).hexdigest()


def check_commitment(record: dict) -> None:
    """Raise RecordError unless the record's seed and salt match its commitment."""
    for key in ("salt", "commitment"):
        if not isinstance(record.get(key), str):
            raise RecordError(f"the record has no {key!r}: it was not written by a server that commits to seeds")
    if not hmac.compare_digest(commitment(record["seed"], record["salt"]), record["commitment"]):
        raise RecordError("the seed and salt do not match the commitment published when the game was created")
