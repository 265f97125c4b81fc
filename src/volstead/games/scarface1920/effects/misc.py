"""Crime Rate, cards, the Family Ring, Plan bonuses and `combo`."""

from __future__ import annotations

from ..state import ScarfaceState
from .choose import rival_action, with_rival
from .registry import effect


@effect
def crime(s: ScarfaceState, seat: int, amount):
    s.change_crime(seat, amount)


@effect
def rival_crime(s: ScarfaceState, seat: int, amount):
    with_rival(s, seat, "_rival_crime", amount)


@rival_action
def _rival_crime(s: ScarfaceState, seat: int, rival: int, amount):
    s.change_crime(rival, amount)


@effect
def draw_jobs(s: ScarfaceState, seat: int, n):
    p = s.players[seat]
    p.jobs = tuple(sorted(p.jobs + s.draw_jobs(n)))


@effect
def draw_cards(s: ScarfaceState, seat: int, n):
    s.draw_cards(seat, n)


@effect
def take_family_ring(s: ScarfaceState, seat: int):
    s.take_family_ring(seat)


@effect
def plan_bonus(s: ScarfaceState, seat: int, muscle=0, influence=0):
    s.turn_muscle += muscle
    s.turn_influence += influence


@effect
def upgrade_discount(s: ScarfaceState, seat: int, amount):
    s.turn_upgrade_discount += amount


@effect
def free_seize_bonus(s: ScarfaceState, seat: int, amount):
    s.turn_seize_discount += amount


@effect
def combo(s: ScarfaceState, seat: int, steps):
    from . import RunEffect

    for st in reversed(steps):
        s.stack.append(RunEffect(seat, st["effect"], st.get("args", {})))


@effect
def nothing(s: ScarfaceState, seat: int):
    pass
