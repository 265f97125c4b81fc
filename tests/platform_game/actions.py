"""Prize Bids' action numbering: each option's fixed number in Discrete(N), N = 4C + 9 for C cards
(the learning hooks; docs/learning.md). Numbers by decision kind, in blocks:

  bid           0..C-1  bid card k (1..C) at k-1;  C  a blind bid
  confirm       C+1  confirm;  C+2  take the bid back
  offer         C+3  keep the prize;  C+3+p  offer it for price p (1..C)
  respond       R = 2C+4:  R  accept;  R+1  decline;  R+2+q  counter with q (0..C-1)
  reply         P = 3C+6:  P  accept the counter;  P+f  final offer f (1..C)
  accept_final  A = 4C+7:  A  accept;  A+1  decline
"""

from __future__ import annotations

from .steps import BLIND, KEEP


def action_count(seats: int, options) -> int:
    return 4 * options.cards + 9


def action_numbers(state, decision) -> tuple[int, ...]:
    c = state.options.cards
    kind, codes = decision.kind, decision.codes
    if kind == "bid":
        return tuple(c if code == BLIND else code - 1 for code in codes)
    if kind == "confirm":
        return tuple(c + 1 if code == "confirm" else c + 2 for code in codes)
    if kind == "offer":
        return tuple(c + 3 if code == KEEP else c + 3 + code for code in codes)
    if kind == "respond":
        r = 2 * c + 4
        return tuple(r if code == "accept" else r + 1 if code == "decline" else r + 2 + int(code[8:]) for code in codes)
    if kind == "reply":
        p = 3 * c + 6
        return tuple(p if code == "accept" else p + int(code[6:]) for code in codes)
    if kind == "accept_final":
        a = 4 * c + 7
        return tuple(a if code == "accept" else a + 1 for code in codes)
    raise ValueError(f"Prize Bids has no decision kind {kind!r}")


def action_name(number: int, seats: int, options) -> str:
    c = options.cards
    r, p, a = 2 * c + 4, 3 * c + 6, 4 * c + 7
    if not 0 <= number < action_count(seats, options):
        return f"no action ({number})"
    if number < c:
        return f"bid {number + 1}"
    if number == c:
        return "bid blind"
    if number == c + 1:
        return "confirm the bid"
    if number == c + 2:
        return "take the bid back"
    if number == c + 3:
        return "keep the prize"
    if number < r:
        return f"offer the prize for {number - c - 3}"
    if number == r:
        return "accept the offer"
    if number == r + 1:
        return "decline the offer"
    if number < p:
        return f"counter with {number - r - 2}"
    if number == p:
        return "accept the counter-offer"
    if number < a:
        return f"final offer {number - p}"
    return "accept the final offer" if number == a else "decline the final offer"
