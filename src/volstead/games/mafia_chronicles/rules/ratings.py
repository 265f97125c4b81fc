"""Ratings with bonuses and damage (§3.2, §6.1, §6.5, §6.9) and the perks of cards.

A Boss/Gangster's effective rating = printed − damage + the bonuses of the Business and
Assets of its column, the bonuses only while it is active (§6.2 "asset and business bonuses
can only be applied when there is an active Boss/Gangster in the same column"), counted
within 0–5 (§6.1 "a rating from 0 to 5").
"""

from __future__ import annotations

from typing import Final

from ..content.loader import A0
from ..state import BOTH_I, COLUMNS, GRIT_I, SMARTS_I, MafiaState, Mob, Syndicate

ROLL: Final = 0
DEFENSE_ROLL: Final = 1
COOL_HEAD: Final = 2
THICK_SKIN: Final = 3
LOYAL: Final = 4
CONNECTED: Final = 5
PAYOUT: Final = 6
MASTERMIND: Final = 7
MENACE: Final = 8
ALWAYS: Final[tuple[int, ...]] = (LOYAL, CONNECTED)  # a card's own abilities that work even in Jail


def clamp(v: int) -> int:
    return 0 if v < 0 else 5 if v > 5 else v


_BONUS_SUMS: dict[tuple[int, int, int, int], tuple[int, ...] | None] = {}


def column_bonus(s: MafiaState, y: Syndicate, col: int) -> tuple[int, ...] | None:
    """The summed bonus vector (7 moves, Smarts, Grit, both moves) of the column's Business and
    Assets; None when it has none. (Memoized by the column's cards: it is asked for every rating.)"""
    c = s.content
    key = (id(c), y.biz[col], y.assets[col], y.assets[col + COLUMNS])
    hit = _BONUS_SUMS.get(key, 0)
    if hit != 0:
        return hit  # type: ignore[return-value]
    vecs = []
    b = key[1]
    if b >= 0:
        vecs.append(c.b_bonus[c.type_of(b)])
    for a in key[2:]:
        if a >= 0:
            vecs.append(c.a_bonus[c.type_of(a)])
    out = None if not vecs else vecs[0] if len(vecs) == 1 else tuple(sum(v) for v in zip(*vecs))
    _BONUS_SUMS[key] = out
    return out


def printed(s: MafiaState, mob: Mob) -> tuple[int, int, int, int]:
    """(Smarts, Grit, move 1, move 2) as printed less damage."""
    sm, gr, m1, m2 = s.content.g_base[mob.card]
    return sm - mob.d_smarts, gr - mob.d_grit, m1 - mob.d_move1, m2 - mob.d_move2


def smarts(s: MafiaState, y: Syndicate, col: int) -> int:
    mob = y.mobs[col]
    assert mob is not None
    v = printed(s, mob)[0]
    if not mob.jailed:
        bonus = column_bonus(s, y, col)
        if bonus is not None:
            v += bonus[SMARTS_I]
    return clamp(v)


def grit(s: MafiaState, y: Syndicate, col: int) -> int:
    mob = y.mobs[col]
    assert mob is not None
    v = printed(s, mob)[1]
    if not mob.jailed:
        bonus = column_bonus(s, y, col)
        if bonus is not None:
            v += bonus[GRIT_I]
    return clamp(v)


def move_slot(s: MafiaState, mob: Mob, move: int) -> int:
    """0 or 1: which of its two moves `move` is; −1 if the card lacks its icon."""
    moves = s.content.g_moves[mob.card]
    return 0 if moves[0] == move else 1 if moves[1] == move else -1


def move_rating(s: MafiaState, y: Syndicate, col: int, move: int) -> int:
    """The effective rating of `move` (0–5), −1 if the card has no such icon."""
    mob = y.mobs[col]
    assert mob is not None
    slot = move_slot(s, mob, move)
    if slot < 0:
        return -1
    v = printed(s, mob)[2 + slot]
    if not mob.jailed:
        bonus = column_bonus(s, y, col)
        if bonus is not None:
            v += bonus[move] + bonus[BOTH_I]
    return clamp(v)


def perk_total(s: MafiaState, y: Syndicate, col: int, perk: int, move: int = -1) -> int:
    """The summed amount of `perk` (for `move`, when the perk names one) on the card in `col`:
    its own ability and the perks of its column's Assets, the latter (and its own, but for
    Loyal and Connected) only while it is active. A perk without an amount counts 1."""
    mob = y.mobs[col]
    if mob is None:
        return 0
    c = s.content
    total = 0
    p = c.g_perk[mob.card]
    if p is not None and p[0] == perk and (p[1] < 0 or p[1] == move) and (not mob.jailed or perk in ALWAYS):
        total += p[2] or 1
    if not mob.jailed:
        for slot in (col, col + COLUMNS):
            a = y.assets[slot]
            if a >= A0:
                p = c.a_perk[c.type_of(a)]
                if p is not None and p[0] == perk and (p[1] < 0 or p[1] == move):
                    total += p[2] or 1
    return total
