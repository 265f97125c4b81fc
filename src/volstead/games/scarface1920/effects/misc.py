"""Crime Rate, cards, the Family Ring, Plan bonuses and `combo`."""

from __future__ import annotations

from .choose import rival_action, with_rival
from .registry import effect


@effect
def crime(s, seat, amount):
    s.change_crime(seat, amount)


@effect
def rival_crime(s, seat, amount):
    with_rival(s, seat, "_rival_crime", amount)


@rival_action
def _rival_crime(s, seat, rival, amount):
    s.change_crime(rival, amount)


@effect
def draw_jobs(s, seat, n):
    p = s.players[seat]
    p.jobs = tuple(sorted(p.jobs + s.draw_jobs(n)))


@effect
def draw_cards(s, seat, n):
    s.draw_cards(seat, n)


@effect
def take_family_ring(s, seat):
    s.take_family_ring(seat)


@effect
def plan_bonus(s, seat, muscle=0, influence=0):
    s.turn_muscle += muscle
    s.turn_influence += influence


@effect
def upgrade_discount(s, seat, amount):
    s.turn_upgrade_discount += amount


@effect
def free_seize_bonus(s, seat, amount):
    s.turn_seize_discount += amount


@effect
def combo(s, seat, steps):
    from . import RunEffect

    for st in reversed(steps):
        s.stack.append(RunEffect(seat, st["effect"], st.get("args", {})))


@effect
def nothing(s, seat):
    pass
