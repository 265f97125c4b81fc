"""Effects on goods, police, thugs and businesses."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import SeatStep

from .. import refs, words
from ..rules.goods import PayGoods, SellGoodsStep, StoreGoods
from ..rules.orders import AddBusiness, ChooseExtraGoods
from ..rules.sales import SellLoop
from ..rules.thugs import RecruitSteps, add_at, hit_or_kill, place_thugs
from ..state import ScarfaceState, deal_plus, replace_at
from .registry import effect


@effect
def gain_goods(s: ScarfaceState, seat: int, alcohol=0, guns=0, either=0):
    if either:
        s.stack.append(ChooseExtraGoods(seat, alcohol, guns, either))
    else:
        StoreGoods.push(s, seat, alcohol, guns)


@effect
def sell_goods(s: ScarfaceState, seat: int, n, price):
    s.stack.append(SellGoods(seat, n, price))


class SellGoods(SellGoodsStep):
    __slots__ = ("price_",)
    kind = "sell_goods"

    def __init__(self, seat, left, price):
        super().__init__(seat, left)
        self.price_ = price

    def price(self, s):
        return self.price_

    def again(self, left):
        return SellGoods(self.seat_, left, self.price_)


@effect
def make_sales(s: ScarfaceState, seat: int, n):
    SellLoop.push(s, seat, n, frozenset())


@effect
def move_police(s: ScarfaceState, seat: int, n, cost_elsewhere=1):
    s.stack.append(MovePolice(seat, n, cost_elsewhere))


class MovePolice(SeatStep[ScarfaceState]):
    """Move a police car anywhere: free from a district where you control a
    Neighborhood, else for `cost` goods (Bodyguards)."""

    __slots__ = ("left", "cost")
    kind = "move_police"
    left: int
    cost: int

    def __init__(self, seat: int, left: int, cost: int):
        self.seat_, self.left, self.cost = seat, left, cost

    def prompt(self, s: ScarfaceState) -> str:
        return f"Move a police car ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        goods = sum(s.goods_of(seat))
        out: list[tuple[Any, ...]] = []
        for src in sorted(set(s.police)):
            if not s.controls_in(seat, src) and goods < self.cost:
                continue
            out.extend((src, d) for d in range(7) if d != src)
        return tuple(out) + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        src, d = code
        seat = self.seat_
        police = list(s.police)
        police[police.index(src)] = d
        s.police = tuple(sorted(police))
        if self.left > 1:
            s.stack.append(MovePolice(seat, self.left - 1, self.cost))
        if not s.controls_in(seat, src):
            PayGoods.push(s, seat, 0, 0, self.cost)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.police(s, code[0]), refs.district(s, code[1]))

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "stop"
        ids = s.content.district_ids
        return f"police:{ids[code[0]]}:{ids[code[1]]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop moving police"
        names = s.content.district_names
        free = s.controls_in(self.seat_, code[0]) or not self.cost
        cost = "" if free else f" (spend {self.cost} good{'s' if self.cost > 1 else ''})"
        return f"Move a police car from {names[code[0]]} to {names[code[1]]}{cost}"


@effect
def recruit(s: ScarfaceState, seat: int, n):
    RecruitSteps.push(s, seat, n)


@effect
def retrieve_thugs(s: ScarfaceState, seat: int, n, sources=("districts", "deals")):
    s.stack.append(RetrieveThugs(seat, n, tuple(sources)))


class RetrieveThugs(SeatStep[ScarfaceState]):
    __slots__ = ("left", "sources")
    kind = "retrieve_thugs"

    def __init__(self, seat, left, sources):
        self.seat_, self.left, self.sources = seat, left, sources

    def prompt(self, s: ScarfaceState) -> str:
        return f"Bring a thug back to Headquarters ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        p = s.players[self.seat_]
        out: list[Any] = []  # area names and (area, index) pairs
        if "districts" in self.sources:
            out.extend(("district", d) for d in range(7) if p.thugs[d])
        if "deals" in self.sources:
            out.extend(("deal", i) for i, d in enumerate(p.deals) if d.thugs)
        for area in ("authorities", "underworld"):
            if area in self.sources and getattr(p, area):
                out.append((area, 0))
        return tuple(out) + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        p = s.players[self.seat_]
        kind, i = code
        if kind == "district":
            p.thugs = add_at(p.thugs, i, -1)
        elif kind == "deal":
            deal = p.deals[i]
            p.deals = replace_at(p.deals, i, deal_plus(deal, thugs=-1))
        else:
            setattr(p, kind, getattr(p, kind) - 1)
        p.hq += 1
        if self.left > 1:
            s.stack.append(RetrieveThugs(self.seat_, self.left - 1, self.sources))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return refs.thug_source(s, self.seat_, code)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "stop"
        kind, i = code
        if kind == "district":
            return "retrieve:" + s.content.district_ids[i]
        return f"retrieve:deal{i + 1}" if kind == "deal" else "retrieve:" + kind

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop"
        kind, i = code
        where = s.content.district_names[i] if kind == "district" else (f"Deal {i + 1}" if kind == "deal" else kind)
        return f"Bring a thug back from {where}"


@effect
def retrieve_prison(s: ScarfaceState, seat: int, n):
    p = s.players[seat]
    k = min(n, p.prison)
    p.prison -= k
    p.hq += k


@effect
def send_thugs(s: ScarfaceState, seat: int, n, cost=0, anywhere=False):
    s.stack.append(SendThugsFor(seat, n, cost, anywhere))


class SendThugsFor(SeatStep[ScarfaceState]):
    __slots__ = ("n", "cost", "anywhere")
    kind = "send_thugs"

    def __init__(self, seat, n, cost, anywhere):
        self.seat_, self.n, self.cost, self.anywhere = seat, n, cost, anywhere

    def prompt(self, s: ScarfaceState) -> str:
        return f"Send up to {self.n} thugs from Headquarters (${self.cost} each plus bribes)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        p = s.players[seat]
        districts = range(7) if self.anywhere else s.present_districts(seat)
        out = []
        for d in districts:
            per = self.cost + s.bribe(seat, d)
            for k in range(1, min(self.n, p.hq) + 1):
                if per * k > p.money:
                    break
                out.append((d, k))
        return tuple(out) + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        d, k = code
        s.pay(self.seat_, self.cost * k)
        place_thugs(s, self.seat_, d, k)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.district(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else f"send:{s.content.district_ids[code[0]]}:{code[1]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Send nobody"
        return f"Send {code[1]} thug{'s' if code[1] > 1 else ''} to {s.content.district_names[code[0]]}"


@effect
def hit(s: ScarfaceState, seat: int, n, where="present"):
    s.stack.append(HitThugs(seat, n, where, False))


@effect
def kill(s: ScarfaceState, seat: int, n, where="present"):
    s.stack.append(HitThugs(seat, n, where, True))


class HitThugs(SeatStep[ScarfaceState]):
    __slots__ = ("left", "where", "kill")
    kind = "hit"

    def __init__(self, seat, left, where, kill):
        self.seat_, self.left, self.where, self.kill = seat, left, where, kill

    def prompt(self, s: ScarfaceState) -> str:
        return f"{'Kill' if self.kill else 'Hit'} a rival thug ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        districts = range(7) if self.where == "any" else s.present_districts(seat)
        out = tuple((r, d) for d in districts for r in s.rivals(seat) if s.players[r].thugs[d])
        out = s.hit_targets(districts, out)
        return out + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        r, d = code
        hit_or_kill(s, r, ("district", d), self.kill)
        if self.left > 1:
            s.stack.append(HitThugs(self.seat_, self.left - 1, self.where, self.kill))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.piece(s, "thug", code[0], code[1]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else f"{'kill' if self.kill else 'hit'}:{code[0]}:{s.content.district_ids[code[1]]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop"
        gang = s.content.gangs[s.players[code[0]].gang].name
        return f"{'Kill' if self.kill else 'Hit'} a {gang} thug in {s.content.district_names[code[1]]}"


@effect
def add_business(s: ScarfaceState, seat: int, n):
    AddBusiness.push(s, seat, n)
