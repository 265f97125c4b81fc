"""Exact odds of Prohibition's dice (rulebook: Expanding your Turf, Conflict, Attacking a
Headquarters), for the bots' evaluation and the reports' long-shot figures.

Every die hits on a (modified) 4 or more. An Expand or Seize roll succeeds if any of its dice hits.
A Conflict is fought in rounds: both sides roll one die a Unit, hits wipe out opposing Units at
once, again until a side has none; the attacker wins only with a Goon left and no defending Unit.
In the first round the defender of a Headquarters adds one pip to one die, and a mat's
`attack_pip` adds pips to the attacker's: a pip is worth a hit when it turns a 3 into a 4 (two
pips on one die turn a 2 into a 4), and that is where a player puts it.

`conflict(a, d, pa, pd)` is the Conflict fought to the end (the defender always fights, the
attacker always continues), without Tactics (the hands they come from are hidden from the
rivals): the chance the attacker wins with each number of Goons left, the chance the defender
holds with each number of Units left, and the expected number of rounds. The tables are computed
once per (Goons, Units, pips) — at most 4 Units stand on a Block — and kept.
"""

from __future__ import annotations

from math import comb
from typing import Final

FACES: Final = 6
MAX_UNITS: Final = 4  # a Block holds at most 4 Units (board.toml: units_per_block)


# 1 - 0.5 ** dice for 0 to 63 dice: the same floats as the power, without a generic call a roll
_EXPAND: Final[tuple[float, ...]] = tuple(1.0 - 0.5**dice if dice > 0 else 0.0 for dice in range(64))


def expand_chance(dice: int) -> float:
    """The chance that an Expand or Seize roll of `dice` dice succeeds (any 4 or more)."""
    if 0 <= dice < 64:
        return _EXPAND[dice]
    return 1.0 - 0.5**dice if dice > 0 else 0.0


def expand_chance_with(dice: int, extra: int, need: int) -> float:
    """`expand_chance` with `extra` more dice that succeed on `need` or more (a mat's extra dice)."""
    if need == 4:
        return expand_chance(dice + extra)
    return 1.0 - 0.5 ** max(dice, 0) * ((need - 1) / 6) ** extra


_hits_cache: dict[int, tuple[float, ...]] = {}


def round_hits(dice: int, pips: int = 0) -> tuple[float, ...]:
    """P(h hits) for h = 0..dice: one roll of `dice` dice, `pips` pips put where they make hits
    (on a 3 first, then two on a 2, then three on a 1)."""
    key = dice * 8 + pips
    hit = _hits_cache.get(key)
    if hit is not None:
        return hit
    out = [0.0] * (dice + 1)
    # classes of a die: 4+ (1/2), 3, 2, 1 (1/6 each): multinomial over the counts
    for c4 in range(dice + 1):
        for c3 in range(dice - c4 + 1):
            for c2 in range(dice - c4 - c3 + 1):
                c1 = dice - c4 - c3 - c2
                p = comb(dice, c4) * comb(dice - c4, c3) * comb(dice - c4 - c3, c2) * 0.5**c4 * (1.0 / FACES) ** (c3 + c2 + c1)
                left, extra = pips, 0
                for cost, count in ((1, c3), (2, c2), (3, c1)):
                    k = min(count, left // cost)
                    extra += k
                    left -= k * cost
                out[c4 + extra] += p
    hit = tuple(out)
    _hits_cache[key] = hit
    return hit


class Conflict:
    """A Conflict of `a` Goons against `d` Units fought to the end: `win[j]` the chance the attacker
    wins with j Goons left (win[0] = 0), `hold[i]` the chance the defender holds with i Units
    left, `rounds` the expected number of rounds (each after the first costs the attacker a
    degree of Heat); `p_win` the chance the attacker wins, `lost_a` and `lost_d` the Goons and
    Units each side expects to lose."""

    __slots__ = ("a", "d", "win", "hold", "rounds", "p_win", "lost_a", "lost_d")

    def __init__(self, a: int, d: int, win: tuple[float, ...], hold: tuple[float, ...], rounds: float):
        self.a = a
        self.d = d
        self.win = win
        self.hold = hold
        self.rounds = rounds
        p_win = lost_a = lost_d = 0.0
        for j in range(len(win)):
            p_win += win[j]
            lost_a += win[j] * (a - j)
            lost_d += win[j] * d
        for i in range(len(hold)):
            lost_a += hold[i] * a
            lost_d += hold[i] * (d - i)
        self.p_win: float = p_win
        self.lost_a: float = lost_a
        self.lost_d: float = lost_d


_conflicts: dict[int, Conflict] = {}


def conflict(a: int, d: int, pa: int = 0, pd: int = 0) -> Conflict:
    """The Conflict of `a` attacking Goons against `d` defending Units, with `pa` and `pd` pips in
    its first round (0 for a later round's start)."""
    key = ((a * 16 + d) * 8 + pa) * 8 + pd
    hit = _conflicts.get(key)
    if hit is not None:
        return hit
    win = [0.0] * (a + 1)
    hold = [0.0] * (d + 1)
    if a <= 0:
        hold[d] = 1.0
        out = Conflict(a, d, tuple(win), tuple(hold), 0.0)
    elif d <= 0:
        win[a] = 1.0
        out = Conflict(a, d, tuple(win), tuple(hold), 0.0)
    else:
        ha_p, hd_p = round_hits(a, pa), round_hits(d, pd)
        rounds = 1.0
        for ha in range(a + 1):
            for hd in range(d + 1):
                p = ha_p[ha] * hd_p[hd]
                if ha == 0 and hd == 0:
                    if pa or pd:  # nobody hit: a plain round next (pips are the first round's)
                        rest = conflict(a, d)
                        _add(win, hold, rest, p)
                        rounds += p * rest.rounds
                    continue
                a2, d2 = max(0, a - hd), max(0, d - ha)
                if a2 == 0:
                    hold[d2] += p
                elif d2 == 0:
                    win[a2] += p
                else:
                    rest = conflict(a2, d2)
                    _add(win, hold, rest, p)
                    rounds += p * rest.rounds
        if not (pa or pd):  # a plain round repeats until someone hits: divide by that chance
            again = ha_p[0] * hd_p[0]
            norm = 1.0 / (1.0 - again)
            win = [x * norm for x in win]
            hold = [x * norm for x in hold]
            rounds *= norm
        out = Conflict(a, d, tuple(win), tuple(hold), rounds)
    _conflicts[key] = out
    return out


def _add(win: list[float], hold: list[float], rest: Conflict, p: float) -> None:
    for j, x in enumerate(rest.win):
        win[j] += p * x
    for i, x in enumerate(rest.hold):
        hold[i] += p * x


def win_chance(a: int, d: int, pa: int = 0, pd: int = 0) -> float:
    """The chance the attacker wins the Conflict (`conflict(...).p_win`)."""
    return conflict(a, d, pa, pd).p_win
