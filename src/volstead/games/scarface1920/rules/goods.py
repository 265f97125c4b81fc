"""Storage and spending of alcohol and guns (rulebook: Storage; Make sales).

Goods live on Deals (limited storage) and controlled Neighborhoods (unlimited).
Spending picks a source per good; a sale may only use goods of that
Neighborhood or of Deals, never of another Neighborhood.
"""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.step import SeatStep, Step

from .. import refs, words
from ..state import HOOD_ALCOHOL, HOOD_GUNS, ScarfaceState, deal_plus, replace_at

ALCOHOL: Final = 0
GUNS: Final = 1
GOOD_NAMES: Final[tuple[str, ...]] = ("alcohol", "guns")


def goods_words(alcohol: int, guns: int) -> str:
    """ "1 alcohol and 2 guns", "1 gun": goods in words, nothing for zero."""
    parts = ([f"{alcohol} alcohol"] if alcohol else []) + ([f"{guns} gun{'s' if guns > 1 else ''}"] if guns else [])
    return " and ".join(parts) or "no goods"


def _deal_take(s: ScarfaceState, seat: int, i: int, good: int, delta: int) -> None:
    p = s.players[seat]
    d = p.deals[i]
    d = deal_plus(d, alcohol=delta) if good == ALCOHOL else deal_plus(d, guns=delta)
    p.deals = replace_at(p.deals, i, d)


def _hood_take(s: ScarfaceState, i: int, good: int, delta: int) -> None:
    s.add_to_hood(i, HOOD_ALCOHOL if good == ALCOHOL else HOOD_GUNS, delta)


def spend_sources(s: ScarfaceState, seat: int, good: int, only_hood: int | None = None) -> list[tuple]:
    """Where the seat can take one `good` from: ("deal", i) / ("hood", i)."""
    out = []
    for i, d in enumerate(s.players[seat].deals):
        if (d.alcohol if good == ALCOHOL else d.guns) > 0:
            out.append(("deal", i))
    for i, h in enumerate(s.hoods):
        if h.owner == seat and (only_hood is None or i == only_hood):
            if (h.alcohol if good == ALCOHOL else h.guns) > 0:
                out.append(("hood", i))
    return out


def available(s: ScarfaceState, seat: int, good: int, only_hood: int | None = None) -> int:
    total = 0
    for d in s.players[seat].deals:
        total += d.alcohol if good == ALCOHOL else d.guns
    if only_hood is not None:  # (a sale's check, for every owned Neighborhood at every action menu)
        h = s.hoods[only_hood]
        if h.owner == seat:
            total += h.alcohol if good == ALCOHOL else h.guns
        return total
    for h in s.hoods:
        if h.owner == seat:
            total += h.alcohol if good == ALCOHOL else h.guns
    return total


def take_from(s: ScarfaceState, seat: int, source: tuple, good: int) -> None:
    if source[0] == "deal":
        _deal_take(s, seat, source[1], good, -1)
    else:
        _hood_take(s, source[1], good, -1)


class PayGoods(SeatStep[ScarfaceState]):
    """Spend goods one at a time, choosing where each comes from.

    `only_hood`: -1 = any of your Neighborhoods; -2 = Deals only; i = that
    Neighborhood only (plus Deals). `either`: goods of either type.
    """

    __slots__ = ("alcohol", "guns", "either", "only_hood")
    kind = "pay_goods"

    def __init__(self, seat: int, alcohol: int, guns: int, either: int = 0, only_hood: int = -1):
        self.seat_, self.alcohol, self.guns, self.either, self.only_hood = seat, alcohol, guns, either, only_hood

    @staticmethod
    def push(s: ScarfaceState, seat: int, alcohol: int, guns: int, either: int = 0, only_hood: int = -1) -> None:
        if alcohol + guns + either > 0:
            s.stack.append(PayGoods(seat, alcohol, guns, either, only_hood))
            s.stack.append(_PayNext())

    def _good(self) -> int | None:
        if self.alcohol:
            return ALCOHOL
        if self.guns:
            return GUNS
        return None

    def _sources(self, s: ScarfaceState) -> list[tuple[Any, ...]]:
        oh = None if self.only_hood == -1 else self.only_hood
        good = self._good()
        if good is not None:
            src = spend_sources(s, self.seat_, good, oh)
            return [(good,) + x for x in src] if self.only_hood != -2 else [(good,) + x for x in src if x[0] == "deal"]
        out: list[tuple[Any, ...]] = []
        for g in (ALCOHOL, GUNS):
            src = spend_sources(s, self.seat_, g, oh)
            out.extend((g,) + x for x in src if self.only_hood != -2 or x[0] == "deal")
        return out

    def prompt(self, s: ScarfaceState) -> str:
        return "Choose where the next good you spend comes from"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(self._sources(s))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        good, where, i = code
        take_from(s, self.seat_, (where, i), good)
        a, g, e = self.alcohol, self.guns, self.either
        if self._good() == ALCOHOL:
            a -= 1
        elif self._good() == GUNS:
            g -= 1
        else:
            e -= 1
        if a + g + e > 0:
            s.stack.append(PayGoods(self.seat_, a, g, e, self.only_hood))
            s.stack.append(_PayNext())

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.hood(s, code[2]) if code[1] == "hood" else refs.deal(code[2]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        good, where, i = code
        place = s.content.tiles[s.hoods[i].tile].id if where == "hood" else f"deal{i + 1}"
        return f"spend:{GOOD_NAMES[good]}:{place}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        good, where, i = code
        if where == "hood":
            place = s.content.tiles[s.hoods[i].tile].name
        else:
            place = "Deal " + s.content.dealers[s.players[self.seat_].deals[i].dealers[0]].name
        return f"Spend {'1 alcohol' if good == ALCOHOL else '1 gun'} from {place}"


class _PayNext(Step[ScarfaceState]):
    """Takes the only source automatically; stops if nothing is left to pay with."""

    __slots__ = ()
    auto = True

    def run(self, s: ScarfaceState) -> None:
        top = s.stack[-1]
        assert isinstance(top, PayGoods), "_PayNext sits on a PayGoods"
        srcs = top._sources(s)
        if not srcs:  # do as much as possible: nothing left to spend
            s.stack.pop()
            return
        if len(srcs) == 1 or all(x == srcs[0] for x in srcs):
            s.stack.pop()
            top.choose(s, srcs[0])


def store_destinations(s: ScarfaceState, seat: int) -> list[tuple]:
    terms = s.content.dealer_terms
    out = [("deal", i) for i, d in enumerate(s.players[seat].deals) if terms[d.dealers[0]].storage > d.alcohol + d.guns]
    out.extend(("hood", i) for i, h in enumerate(s.hoods) if h.owner == seat)
    return out


class StoreGoods(SeatStep[ScarfaceState]):
    """Store gained goods one at a time on Deals (limited) or Neighborhoods (unlimited)."""

    __slots__ = ("alcohol", "guns")
    kind = "store_goods"

    def __init__(self, seat: int, alcohol: int, guns: int):
        self.seat_, self.alcohol, self.guns = seat, alcohol, guns

    @staticmethod
    def push(s: ScarfaceState, seat: int, alcohol: int, guns: int) -> None:
        if alcohol + guns > 0:
            s.stack.append(StoreGoods(seat, alcohol, guns))
            s.stack.append(_StoreNext())

    def good(self) -> int:
        return ALCOHOL if self.alcohol else GUNS

    def prompt(self, s: ScarfaceState) -> str:
        return f"Store {'1 alcohol' if self.good() == ALCOHOL else '1 gun'}"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        dest = store_destinations(s, self.seat_)
        if dest:
            return tuple(dest)
        # No room and no Neighborhood: you may make room by returning a stored good of the other type.
        other = GUNS if self.good() == ALCOHOL else ALCOHOL
        out = [("replace", i) for i, d in enumerate(s.players[self.seat_].deals) if (d.alcohol, d.guns)[other] > 0]
        return tuple(out) + (("return",),)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        good = self.good()
        seat = self.seat_
        if code[0] == "deal":
            _deal_take(s, seat, code[1], good, +1)
        elif code[0] == "hood":
            _hood_take(s, code[1], good, +1)
        elif code[0] == "replace":
            _deal_take(s, seat, code[1], 1 - good, -1)
            _deal_take(s, seat, code[1], good, +1)
        a, g = (self.alcohol - 1, self.guns) if good == ALCOHOL else (self.alcohol, self.guns - 1)
        StoreGoods.push(s, seat, a, g)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        if code[0] == "return":
            return ()
        return (refs.hood(s, code[1]) if code[0] == "hood" else refs.deal(code[1]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if code[0] == "return":
            return "store:return"
        if code[0] == "hood":
            return "store:" + s.content.tiles[s.hoods[code[1]].tile].id
        return f"store:{code[0]}{code[1] + 1}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code[0] == "return":
            return "Return it to the supply"
        if code[0] == "hood":
            return "Store it in " + s.content.tiles[s.hoods[code[1]].tile].name
        name = s.content.dealers[s.players[self.seat_].deals[code[1]].dealers[0]].name
        if code[0] == "replace":
            return f"Return a good of the other type from Deal {name} and store it there"
        return f"Store it on Deal {name}"


class _StoreNext(Step[ScarfaceState]):
    __slots__ = ()
    auto = True

    def run(self, s: ScarfaceState) -> None:
        top = s.stack[-1]
        opts = top.options(s)
        if len(opts) == 1:
            s.stack.pop()
            top.choose(s, opts[0])


class SellGoodsStep(SeatStep[ScarfaceState]):
    """Sell goods one at a time at a fixed price (Sell to the Authorities; card effects).

    Subclasses give the price and the option-id prefix.
    """

    __slots__ = ("left",)
    id_prefix = "sell"

    def __init__(self, seat: int, left: int):
        self.seat_, self.left = seat, left

    def price(self, s: ScarfaceState) -> int:
        raise NotImplementedError

    def again(self, left: int) -> SellGoodsStep:
        raise NotImplementedError

    def prompt(self, s: ScarfaceState) -> str:
        return f"Sell goods for ${self.price(s)} each ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        a, g = s.goods_of(self.seat_)
        out = ((ALCOHOL,) if a else ()) + ((GUNS,) if g else ())
        return out + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        s.gain(self.seat_, self.price(s))
        if self.left > 1:
            s.stack.append(self.again(self.left - 1))
        PayGoods.push(s, self.seat_, 1 if code == ALCOHOL else 0, 1 if code == GUNS else 0)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else f"{self.id_prefix}:{'alcohol' if code == ALCOHOL else 'gun'}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop selling"
        return f"Sell 1 {'alcohol' if code == ALCOHOL else 'gun'} for ${self.price(s)}"
