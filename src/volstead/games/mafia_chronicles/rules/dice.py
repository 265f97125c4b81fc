"""The D5, Edge, contests, Heat and damage bands (§3, §6.3, §6.7, §6.9) and exact odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Final, NamedTuple

from ..state import MafiaState

NO_EFFECT: Final = 0
DAMAGED: Final = 1
DISCARDED: Final = 2
MAX_THROWS: Final = 200  # ties re-roll; only a card set with huge roll bonuses could tie for ever
DAMAGE_TEXT: Final[tuple[str, ...]] = ("no effect", "damaged", "discarded")
# The lowest Edge difference of each result band, by variant (docs/mafia-chronicles-rules.md).
DAMAGE_BANDS: Final = {"rules-text": (6, 3), "reference-card": (5, 3)}  # (discard from, damage from)
MAX_EDGE_DIFFERENCE: Final = 8  # Edges run 2-10


def edge(rating: int, roll: int) -> int:
    """Rating + roll, at least 2 and at most 10 (§6.3 "minimum Edge is 2 and maximum Edge is 10")."""
    e = rating + roll
    return 2 if e < 2 else 10 if e > 10 else e


def counted(roll: int, bonus: int = 0, menace: int = 0) -> int:
    """A roll with bonuses: never above 5 (§3 "including bonuses"), a rival's menace never below 1."""
    v = roll + bonus
    if v > 5:
        v = 5
    v -= menace
    return 1 if v < 1 else v


def heat_for(e: int) -> int:
    """Heat after a successful move, by its Edge (§6.7): 2–4 +3, 5–7 +2, 8–10 +1."""
    return 3 if e <= 4 else 2 if e <= 7 else 1


def damage_for(diff: int, variant: str) -> int:
    """The result of a failed move by Edge difference (§6.9; variant `damage_bands`)."""
    discard_from, damage_from = DAMAGE_BANDS[variant]
    return DISCARDED if diff >= discard_from else DAMAGED if diff >= damage_from else NO_EFFECT


class Contest(NamedTuple):
    attack: int  # the winning (last) Edges
    defend: int  # −1: no defender (automatic success)
    rolls: tuple[tuple[int, int], ...]  # (attacker's die, defender's die; 0: none) of each throw

    @property
    def success(self) -> bool:
        return self.attack > self.defend


def contest(s: MafiaState, rating: int, bonus: int, d_rating: int, d_bonus: int, menace: int, fixed: int = -1) -> Contest:
    """Roll an Edge contest (§6.3): the attacker rolls, then the defender; equal Edges re-roll.
    `fixed` ≥ 0: the defence is that number, not rolled (a jailed Fix target's Heat)."""
    rolls: list[tuple[int, int]] = []
    a = 0
    while len(rolls) < MAX_THROWS:
        ar = s.d5()
        a = edge(rating, counted(ar, bonus))
        if fixed >= 0:
            dr, d = 0, fixed
        else:
            dr = s.d5()
            d = edge(d_rating, counted(dr, d_bonus, menace))
        rolls.append((ar, dr))
        if a != d:
            return Contest(a, d, tuple(rolls))
    return Contest(a, a, tuple(rolls))  # only ties possible (bonuses past any die): the move fails, no effect


def unopposed(s: MafiaState, rating: int, bonus: int) -> Contest:
    """An automatic success (Smuggle, an unprotected card): the attacker rolls for its Edge."""
    ar = s.d5()
    return Contest(edge(rating, counted(ar, bonus)), -1, ((ar, 0),))


def odds(rating: int, bonus: int, d_rating: int, d_bonus: int, menace: int, fixed: int = -1) -> float:
    """The exact probability that a contest succeeds, re-rolls of ties included."""
    win = lose = 0
    for ar in range(1, 6):
        a = edge(rating, counted(ar, bonus))
        for dr in range(1, 6) if fixed < 0 else (0,):
            d = fixed if fixed >= 0 else edge(d_rating, counted(dr, d_bonus, menace))
            if a > d:
                win += 1
            elif a < d:
                lose += 1
    return win / (win + lose) if win + lose else 0.0


class Outcomes(NamedTuple):
    """The exact distribution of a move's result, re-rolls of ties included (a re-roll is a fresh
    throw, so the result is one throw conditioned on not tying): P(success with the attacker's
    final Edge = e) by e, and P(failure with each damage result) by result (NO_EFFECT, DAMAGED,
    DISCARDED; the variant's bands). The values sum to 1 (0 for a contest that can only tie)."""

    win: dict[int, Fraction]
    fail: dict[int, Fraction]

    @property
    def success(self) -> Fraction:
        return sum(self.win.values(), Fraction(0))


def outcomes(
    rating: int,
    bonus: int,
    d_rating: int,
    d_bonus: int,
    menace: int,
    fixed: int = -1,
    variant: str = "rules-text",
    defended: bool = True,
) -> Outcomes:
    """Every result of a contest with its exact probability (`odds` is its success total);
    `defended=False`: an automatic success, the attacker's roll alone (Smuggle, an unprotected card)."""
    win: dict[int, int] = {}
    fail: dict[int, int] = {}
    total = 0
    for ar in range(1, 6):
        a = edge(rating, counted(ar, bonus))
        if not defended:
            win[a] = win.get(a, 0) + 1
            total += 1
            continue
        for dr in range(1, 6) if fixed < 0 else (0,):
            d = fixed if fixed >= 0 else edge(d_rating, counted(dr, d_bonus, menace))
            if a > d:
                win[a] = win.get(a, 0) + 1
            elif a < d:
                r = damage_for(d - a, variant)
                fail[r] = fail.get(r, 0) + 1
            else:
                continue
            total += 1
    if not total:
        return Outcomes({}, {})
    return Outcomes(
        {e: Fraction(n, total) for e, n in sorted(win.items())}, {r: Fraction(n, total) for r, n in sorted(fail.items())}
    )
