"""Jobs (rulebook: Choose 1 Job; Fulfilling a Job).

A Job's requirements are alternatives; each alternative is a list of Have /
Plan / Spend requirements that must all be met. Fulfilling is not an action:
the owner may do it in their action menu, and every player may do it in the
reaction windows Volstead offers — when a rival's order starts, before your own
Reorganize sales, just before each Raid resolves and at the end of every turn —
which are only asked when a Job can be fulfilled.
(docs/scarface1920-rules.md, "Job reaction windows".)
"""

from __future__ import annotations

from typing import Any

from volstead.engine.step import SeatStep, Step

from .. import refs, words
from ..content.tables import PLAN_ASSOCIATE, PLAN_CARDS, PLAN_INFLUENCE, PLAN_MUSCLE, CompiledAlternative
from ..effects import run_effect
from ..state import ScarfaceState
from .counting import count_code
from .goods import PayGoods
from .modifiers import add_rows
from .outcome import possessive, tell_outcome
from .raid_check import CheckRaidLazy


def _plan_count(s: ScarfaceState, seat: int, code: int, lo: int, hi: int) -> int:
    """The seat's Plan total of `code` (content/tables.py `PLAN_CODE`)."""
    p = s.players[seat]
    c = s.content
    if code == PLAN_MUSCLE:
        return s.muscle(seat)
    if code == PLAN_INFLUENCE:
        return s.influence(seat)
    if code == PLAN_CARDS:
        return len(p.plan)
    n = 0
    if code == PLAN_ASSOCIATE:
        stars = c.card_stars
        for x in p.plan:
            if stars[x] and lo <= stars[x] <= hi:
                n += 1
        return n
    crime = c.card_crime
    for x in p.plan:
        if crime[x] == code:
            n += 1
    return n


def alternative_met(s: ScarfaceState, seat: int, alt: CompiledAlternative) -> bool:
    """Are the requirements of one alternative of a Job met now?"""
    p = s.players[seat]
    if alt.plan:  # most alternatives fail here
        if not p.plan:
            return False
        for code, n, lo, hi in alt.plan:
            if _plan_count(s, seat, code, lo, hi) < n:
                return False
    if p.money < alt.money or p.hq < alt.thugs:  # before the counts: two compares against a count each
        return False
    for code, n in alt.have:
        if count_code(s, seat, code) < n:
            return False
    if alt.alcohol or alt.guns or alt.goods:
        a, g = s.goods_of(seat)
        return a >= alt.alcohol and g >= alt.guns and a + g >= alt.alcohol + alt.guns + alt.goods
    return True


def fulfillable(s: ScarfaceState, seat: int) -> list[tuple[int, int]]:
    """(job, alternative) pairs the seat could fulfil now."""
    out = []
    alts = s.content.job_alts
    last = -1
    for j in s.players[seat].jobs:  # sorted: skip duplicates
        if j == last:
            continue
        last = j
        for k, alt in enumerate(alts[j]):
            if alternative_met(s, seat, alt):
                out.append((j, k))
    return out


def can_fulfil(s: ScarfaceState, seat: int) -> bool:
    """Could the seat fulfil some Job now? (`fulfillable` is not empty; stops at the first.)"""
    alts = s.content.job_alts
    for j in s.players[seat].jobs:
        for alt in alts[j]:
            if alternative_met(s, seat, alt):
                return True
    return False


def fulfil(s: ScarfaceState, seat: int, job_alt: tuple[int, int]) -> None:
    """Reveal the Job, pay its Spend requirements, then resolve it."""
    j, k = job_alt
    p = s.players[seat]
    jobs = list(p.jobs)
    jobs.remove(j)
    p.jobs = tuple(jobs)
    job = s.content.jobs[j]
    if s.story is not None:  # formatted only for a listener
        tell_outcome(s, seat, f"{possessive(s.gang_name(seat))} Job {job.name}")
    s.stack.append(ResolveJob(seat, j))
    a = g = e = 0
    for r in job.requires[k]:
        if r.kind != "spend":
            continue
        if r.what == "money":
            s.pay(seat, r.n)
        elif r.what == "thug":
            p.hq -= r.n
            p.job_thugs += r.n
        elif r.what == "alcohol":
            a += r.n
        elif r.what == "guns":
            g += r.n
        else:
            e += r.n
    PayGoods.push(s, seat, a, g, e)
    s.jobs_fulfilled += 1


class ResolveJob(SeatStep[ScarfaceState]):
    __slots__ = ("job",)
    auto = True
    kind = "resolve_job"

    def __init__(self, seat: int, job: int):
        self.seat_, self.job = seat, job

    def run(self, s: ScarfaceState) -> None:
        c = s.content
        p = s.players[self.seat_]
        if c.job_permanent[self.job]:
            p.done_jobs = p.done_jobs + (self.job,)
            p.job_mods = add_rows(p.job_mods, c.job_modifiers[self.job])
        else:
            s.job_deck = s.job_deck + (self.job,)  # instant Jobs go to the bottom of the deck
        effect = c.job_effect[self.job]
        if effect is not None:
            run_effect(s, self.seat_, effect)


def push_windows(s: ScarfaceState, first: int, reason: str) -> None:
    """Offer every player, clockwise from `first`, a chance to fulfil Jobs."""
    s.stack.append(OfferJobs(s.clockwise_from(first), reason))


def push_windows_for(s: ScarfaceState, seat: int, reason: str) -> None:
    """Offer `seat` alone a chance to fulfil Jobs."""
    s.stack.append(OfferJobs((seat,), reason))


def push_rival_windows(s: ScarfaceState, seat: int, order: str) -> None:
    """Offer every other player, clockwise after `seat`, a chance to fulfil Jobs (a rival's order
    is under way: "even during another player's turn", WIP p.12). The reason stays a code until a
    window is shown (`window_reason`): playouts never format it."""
    players = s.players
    holders: list[int] = []  # a loop, not a generator: compiled, after every order of every turn
    for rival in s.clockwise_from(seat)[1:]:
        if players[rival].jobs:  # only a Job holder can be asked
            holders.append(rival)
    if holders:
        s.stack.append(OfferJobs(tuple(holders), (seat, order)))


def window_reason(s: ScarfaceState, reason: str | tuple[int, str]) -> str:
    """A window's reason for people: a text, or (seat, order) of the rival's order under way."""
    if isinstance(reason, str):
        return reason
    from .orders import ORDER_LABELS

    seat, order = reason
    return f"{s.gang_name(seat)}'s order: {ORDER_LABELS[order]}"


class OfferJobs(Step[ScarfaceState]):
    """Asks each of `seats` in turn, but only a seat that can fulfil a Job now."""

    __slots__ = ("seats", "reason")
    auto = True
    kind = "offer_jobs"

    def __init__(self, seats: tuple[int, ...], reason: str | tuple[int, str]):
        self.seats, self.reason = seats, reason

    def run(self, s: ScarfaceState) -> None:
        players = s.players
        for i, seat in enumerate(self.seats):
            if players[seat].jobs and can_fulfil(s, seat):
                if i + 1 < len(self.seats):
                    s.stack.append(OfferJobs(self.seats[i + 1 :], self.reason))
                s.stack.append(JobWindow(seat, self.reason))
                return


class JobWindow(SeatStep[ScarfaceState]):
    __slots__ = ("reason",)
    kind = "job_window"

    def __init__(self, seat: int, reason: str | tuple[int, str]):
        self.seat_, self.reason = seat, reason

    def prompt(self, s: ScarfaceState) -> str:
        return f"You may fulfil a Job ({window_reason(s, self.reason)})"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(fulfillable(s, self.seat_)) + (None,)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        s.stack.append(OfferJobs((self.seat_,), self.reason))
        s.stack.append(CheckRaidLazy())
        fulfil(s, self.seat_, code)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.job(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "pass"
        return job_option_id(s, code)

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Pass"
        j = s.content.jobs[code[0]]
        return f"Fulfil Job {j.name} ({j.requires_text})"


def job_option_id(s: ScarfaceState, code: tuple[int, int]) -> str:
    j, k = code
    job = s.content.jobs[j]
    return f"job:{job.id}" if len(job.requires) == 1 else f"job:{job.id}:{k + 1}"
