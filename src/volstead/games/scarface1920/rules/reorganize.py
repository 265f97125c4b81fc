"""Reorganizing (rulebook: Reorganizing, steps 1–7)."""

from __future__ import annotations

from volstead.engine.step import SeatStep, Step

from ..state import LAWYERS, RECRUITMENT, ScarfaceState, deal_plus
from .modifiers import MOD_BUSINESS_INCOME, MOD_LAWYERS, MOD_RECRUITMENT
from .sales import SellLoop
from .thugs import RecruitSteps


def reorganize_steps(s: ScarfaceState, seat: int) -> list[Step[ScarfaceState]]:
    """Steps in stack order (last runs first)."""
    return [ReorganizeFinish(seat), ReorganizeRecruit(seat), ReorganizeIncome(seat), ReorganizeSell(seat)]


class ReorganizeSell(SeatStep[ScarfaceState]):
    """1. You may sell once in each Neighborhood you control (no thug needed)."""

    __slots__ = ()
    auto = True
    kind = "reorganize_sell"

    def run(self, s: ScarfaceState) -> None:
        SellLoop.push(s, self.seat_, 7, frozenset())


class ReorganizeIncome(SeatStep[ScarfaceState]):
    """2. Businesses; 3. retrieve thugs (Authorities, Deals, Jobs; Prison up to Lawyers)."""

    __slots__ = ()
    auto = True
    kind = "reorganize_income"

    def run(self, s: ScarfaceState) -> None:
        seat = self.seat_
        p = s.players[seat]
        per = (2 if s.options.variant == "rulebook-wip" else 3) + s.mod(seat, MOD_BUSINESS_INCOME)
        income = per * sum(h.businesses for h in s.hoods if h.owner == seat)
        s.gain(seat, income)
        if s.story is not None:
            s.tell(f"{s.gang_name(seat)} Reorganizes: ${income} from businesses.")
        back = p.authorities + p.deal_thugs + p.job_thugs
        p.authorities = 0
        p.job_thugs = 0
        if p.deals:
            p.deals = tuple(deal_plus(d, thugs=-d.thugs) if d.thugs else d for d in p.deals)
        lawyers = max(0, s.stat(seat, LAWYERS) + s.mod(seat, MOD_LAWYERS))
        freed = min(lawyers, p.prison)
        p.prison -= freed
        p.hq += back + freed


class ReorganizeRecruit(SeatStep[ScarfaceState]):
    """4. Recruitment steps up to your Recruitment value."""

    __slots__ = ()
    auto = True
    kind = "reorganize_recruit"

    def run(self, s: ScarfaceState) -> None:
        seat = self.seat_
        RecruitSteps.push(s, seat, max(0, s.stat(seat, RECRUITMENT) + s.mod(seat, MOD_RECRUITMENT)))


class ReorganizeFinish(SeatStep[ScarfaceState]):
    """5. Reshuffle and draw; 6. advance the time marker; 7. end of the round?"""

    __slots__ = ()
    auto = True
    kind = "reorganize_finish"

    def run(self, s: ScarfaceState) -> None:
        seat = self.seat_
        p = s.players[seat]
        p.deck = s.shuffle(p.discard)
        p.discard = ()
        s.draw_cards(seat, s.hand_size(seat) - len(p.hand))
        s.reorganizations += 1
        spaces = s.content.time_spaces[s.seats]
        s.time = min(spaces, s.time + 1)
        if s.time >= spaces:
            from .raid import EndOfRound

            s.stack.append(EndOfRound())
