"""Money effects."""

from __future__ import annotations

from ..rules.counting import count
from ..state import ScarfaceState
from .choose import rival_action, with_rival
from .registry import effect


@effect
def gain_money(s: ScarfaceState, seat: int, amount):
    s.gain(seat, amount)


@effect
def gain_money_if_crime(s: ScarfaceState, seat: int, amount, bonus, crime_at_least):
    s.gain(seat, amount + (bonus if s.players[seat].crime >= crime_at_least else 0))


@effect
def gain_per(s: ScarfaceState, seat: int, what, amount, cap=0):
    n = count(s, seat, what) * amount
    s.gain(seat, min(n, cap) if cap else n)


@effect
def steal(s: ScarfaceState, seat: int, amount):
    with_rival(s, seat, "_steal", amount)


@rival_action
def _steal(s: ScarfaceState, seat: int, rival: int, amount):
    s.transfer(rival, seat, amount)


def relative_count(s: ScarfaceState, seat: int, rival: int, what) -> int:
    if what == "thugs_near_rival":
        p = s.players[seat]
        return sum(p.thugs[d] for d in range(7) if s.controls_in(rival, d))
    return count(s, seat, what)


@effect
def steal_per(s: ScarfaceState, seat: int, what, amount):
    with_rival(s, seat, "_steal_per", what, amount)


@rival_action
def _steal_per(s: ScarfaceState, seat: int, rival: int, what, amount):
    s.transfer(rival, seat, amount * relative_count(s, seat, rival, what))


@effect
def each_rival_pays(s: ScarfaceState, seat: int, amount):
    for r in s.rivals(seat):
        s.transfer(r, seat, amount)


@effect
def each_rival_pays_per(s: ScarfaceState, seat: int, what, amount):
    for r in s.rivals(seat):
        s.transfer(r, seat, amount * count(s, r, what))


@effect
def pay(s: ScarfaceState, seat: int, amount):
    s.pay(seat, amount)


@effect
def pay_per(s: ScarfaceState, seat: int, what, amount):
    s.pay(seat, amount * count(s, seat, what))
