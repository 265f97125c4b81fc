"""Make sales in Neighborhoods (rulebook: Make sales; Reorganizing step 1; Trucks; Graft).

One sale per Neighborhood per order: spend the goods the tile wants, from
that Neighborhood or from Deals (never another Neighborhood), one good less
per truck of yours in its district (your choice which, never below 0); take
the price; then pay $2 graft per police car in the district.
"""

from __future__ import annotations

from typing import Any

from volstead.engine.step import SeatStep

from .. import refs, words
from ..state import ScarfaceState
from .goods import ALCOHOL, GUNS, PayGoods, available, goods_words
from .modifiers import MOD_SALE_BONUS


def trucks_at(s: ScarfaceState, seat: int, d: int) -> int:
    """Trucks giving a sale discount in district d (the solo Enforcer's cars are trucks too)."""
    p = s.players[seat]
    return p.trucks[d] + (p.cars[d] if seat == s.enforcer else 0)


def _waivers(s: ScarfaceState, seat: int, i: int, first_only: bool = False) -> list[int]:
    """Alcohol waived by trucks for each valid way to pay (guns waived = discount − it); with
    `first_only`, the first way only."""
    side = s.hood_side(i)
    a, g = side.alcohol, side.guns
    k = min(trucks_at(s, seat, s.hoods[i].district), a + g)
    have_a = available(s, seat, ALCOHOL, i)
    have_g = available(s, seat, GUNS, i)
    out = []
    for wa in range(max(0, k - g), min(a, k) + 1):
        if a - wa <= have_a and g - (k - wa) <= have_g:
            out.append(wa)
            if first_only:
                break
    return out


def sale_possible(s: ScarfaceState, seat: int, i: int) -> bool:
    # asked for every owned Neighborhood at every action menu: stops at the first way to pay
    return bool(_waivers(s, seat, i, first_only=True))


class SellLoop(SeatStep[ScarfaceState]):
    __slots__ = ("left", "sold")
    kind = "sell"

    def __init__(self, seat: int, left: int, sold: frozenset):
        self.seat_, self.left, self.sold = seat, left, sold

    @staticmethod
    def push(s: ScarfaceState, seat: int, left: int, sold: frozenset) -> None:
        step = SellLoop(seat, left, sold)
        if left > 0 and step.options(s):
            s.stack.append(step)

    def prompt(self, s: ScarfaceState) -> str:
        return f"Make a sale in one of your Neighborhoods ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        out = tuple(i for i in s.owned_hoods(seat) if i not in self.sold and sale_possible(s, seat, i))
        return out + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        seat = self.seat_
        SellLoop.push(s, seat, self.left - 1, self.sold | {code})
        s.stack.append(SaleDone(seat, code))
        ways = _waivers(s, seat, code)
        if len(ways) == 1:
            pay_sale(s, seat, code, ways[0])
        else:
            s.stack.append(ChooseWaiver(seat, code, tuple(ways)))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.hood(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else "sell:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop selling"
        side = s.hood_side(code)
        name = s.content.tiles[s.hoods[code].tile].name
        return f"Sell in {name}: {goods_words(side.alcohol, side.guns)} for ${side.price}"


def pay_sale(s: ScarfaceState, seat: int, i: int, waived_alcohol: int) -> None:
    side = s.hood_side(i)
    k = min(trucks_at(s, seat, s.hoods[i].district), side.alcohol + side.guns)
    PayGoods.push(s, seat, side.alcohol - waived_alcohol, side.guns - (k - waived_alcohol), 0, i)


class ChooseWaiver(SeatStep[ScarfaceState]):
    __slots__ = ("hood", "ways")
    kind = "truck_discount"

    def __init__(self, seat, hood, ways):
        self.seat_, self.hood, self.ways = seat, hood, ways

    def prompt(self, s: ScarfaceState) -> str:
        return "Your trucks let you spend fewer goods: how many alcohol do you skip?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return self.ways

    def choose(self, s: ScarfaceState, code: Any) -> None:
        pay_sale(s, self.seat_, self.hood, code)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"skip:{code}a"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        side = s.hood_side(self.hood)
        k = min(trucks_at(s, self.seat_, s.hoods[self.hood].district), side.alcohol + side.guns)
        return "Skip " + goods_words(code, k - code)


class SaleDone(SeatStep[ScarfaceState]):
    __slots__ = ("hood",)
    auto = True
    kind = "sale_done"

    def __init__(self, seat, hood):
        self.seat_, self.hood = seat, hood

    def run(self, s: ScarfaceState) -> None:
        finish_sale(s, self.seat_, self.hood)


def finish_sale(s: ScarfaceState, seat: int, hood: int) -> None:
    """The goods are spent: take the price, then pay the graft (as far as you can)."""
    s.gain(seat, s.hood_side(hood).price + s.mod(seat, MOD_SALE_BONUS))
    s.pay(seat, s.graft(seat, s.hoods[hood].district))
    s.sales_made += 1
