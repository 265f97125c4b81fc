"""Production Phase (rulebook: Production Phase steps 1-2): Extortion, then building output; every
tile flips to its un-stocked side."""

from __future__ import annotations

from volstead.engine.step import Step

from ..state import BREWERY, CHARM, STILL, ProhibitionState, round5
from .common import gs


def extortion(s: ProhibitionState, seat: int) -> int:
    """Gs from this year's Extortion: Blocks in Turf x the space's rate, to the nearest 5."""
    g = s.gangs[seat]
    if g.extortion < 0:
        return 0
    rate = s.content.extortion[g.extortion - CHARM].per_block
    if rate <= 0:
        return 0
    return round5(s.blocks_of(seat) * (rate + s.bonus(seat, "extortion_per_block")))


class Production(Step[ProhibitionState]):
    __slots__ = ()
    auto = True
    kind = "production"

    def run(self, s: ProhibitionState) -> None:
        s.phase = "production"
        c = s.content
        for seat in s.order():
            g = s.gangs[seat]
            got = extortion(s, seat)
            g.gs += got
            booze = money = cool = 0
            for b in s.buildings_of(seat):
                if not s.is_stocked(b):
                    continue
                kind = s.kind_at(b)
                booze += c.b_booze[kind] + (s.bonus(seat, "booze_output") if kind in (STILL, BREWERY) else 0)
                money += c.b_gs[kind]
                cool += c.b_cool[kind]
            g.booze += booze
            g.gs += money
            if cool:
                s.add_heat(seat, -cool)
            if s.story is not None and (got or booze or money or cool):
                parts = [gs(got + money)] if got + money else []
                if booze:
                    parts.append(f"{booze} Booze")
                said = f"collects {' and '.join(parts)}" if parts else ""
                if cool:
                    said += f"{' and ' if said else ''}cools {cool} degrees of Heat (Settlement Houses)"
                s.tell(f"{s.gang_name(seat)} {said}.")
        s.stocked = 0  # "flip all Tiles to un-stocked side" (an unused Payoff is lost)
