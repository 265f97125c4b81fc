"""Operations Phase (rulebook: Operation Phase — Collect, Defend, Stock, Warehouse, Generate Heat;
the Feds are rules/feds.py). Every step is done by every gang, in turn order, before the next."""

from __future__ import annotations

from volstead.engine.step import SeatStep, Step

from ..state import ProhibitionState
from .common import gs, push

DONE = -1


class Collect(Step[ProhibitionState]):
    """Collect your Gangsters: Laying Low ends."""

    __slots__ = ()
    auto = True
    kind = "collect"

    def run(self, s: ProhibitionState) -> None:
        s.phase = "operations"
        s.gmask = (0,) * len(s.gmask)


class DefendAll(Step[ProhibitionState]):
    __slots__ = ()
    auto = True
    kind = "defend_all"

    def run(self, s: ProhibitionState) -> None:
        push(s, *[Defend(g) for g in s.order()])


class Defend(SeatStep[ProhibitionState]):
    """Defend your Turf: 3 Goons from the supply and the Wiped Out ones come back; Guards in the
    Hospital are discarded; place the Goons, then move Units freely within the Turf."""

    __slots__ = ()
    auto = True
    kind = "defend"

    def run(self, s: ProhibitionState) -> None:
        g = s.gangs[self.seat_]
        new = min(3, g.goon_supply)
        g.goon_supply -= new
        g.to_place += new + g.hosp_goons
        g.hosp_goons = 0
        s.guards_lost += g.hosp_guards
        g.hosp_guards = 0
        push(s, PlaceGoon(self.seat_), ReturnUnplaced(self.seat_), MoveUnits(self.seat_))


def blocks_with_room(s: ProhibitionState, seat: int, but: int = -1) -> list[int]:
    return [b for b, o in enumerate(s.owner) if o == seat and b != but and s.room(b) > 0]


class PlaceGoon(SeatStep[ProhibitionState]):
    """Place one of the Goons being added on a Turf Block with room."""

    __slots__ = ()
    kind = "place_goon"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        if s.gangs[self.seat_].to_place <= 0:
            return ()
        return tuple(blocks_with_room(s, self.seat_))

    def choose(self, s: ProhibitionState, code: int) -> None:
        g = s.gangs[self.seat_]
        g.to_place -= 1
        s.set_block(code, goons=s.goons[code] + 1)
        if g.to_place > 0:
            push(s, PlaceGoon(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "goon:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"A Goon to {s.block_name(code)} ({s.units(code)} Units there)"

    def prompt(self, s: ProhibitionState) -> str:
        return f"Place a Goon on your Turf ({s.gangs[self.seat_].to_place} to place)"


class ReturnUnplaced(SeatStep[ProhibitionState]):
    """Goons with no room anywhere go back to the supply."""

    __slots__ = ()
    auto = True
    kind = "return_unplaced"

    def run(self, s: ProhibitionState) -> None:
        g = s.gangs[self.seat_]
        g.goon_supply += g.to_place
        g.to_place = 0


class MoveUnits(SeatStep[ProhibitionState]):
    """Freely move your Units around your Turf: which Block a Unit leaves (or done)."""

    __slots__ = ()
    kind = "move_from"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        seat = self.seat_
        turf = s.turf(seat)
        if not any(s.room(b) > 0 for b in turf):
            return ()
        out = tuple(b for b in turf if s.units(b) and any(s.room(x) > 0 for x in turf if x != b))
        return out + (DONE,) if out else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code != DONE:
            push(s, MoveUnit(self.seat_, code), MoveUnits(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "done" if code == DONE else "from:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return "Done moving Units"
        return f"Move a Unit from {s.block_name(code)} ({s.goons[code]} Goons, {s.guards[code]} Guards)"

    def prompt(self, s: ProhibitionState) -> str:
        return "Move your Units within your Turf (at most 4 on a Block), or finish"


class MoveUnit(SeatStep[ProhibitionState]):
    """Which Unit goes where: code = to * 2 + (1 for a Guard, 0 for a Goon)."""

    __slots__ = ("frm",)
    kind = "move_to"

    def __init__(self, seat: int, frm: int):
        super().__init__(seat)
        self.frm = frm

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        out = []
        for b in blocks_with_room(s, self.seat_, self.frm):
            if s.goons[self.frm]:
                out.append(b * 2)
            if s.guards[self.frm]:
                out.append(b * 2 + 1)
        return tuple(out)

    def choose(self, s: ProhibitionState, code: int) -> None:
        to, guard = code >> 1, code & 1
        if guard:
            s.set_block(self.frm, guards=s.guards[self.frm] - 1)
            s.set_block(to, guards=s.guards[to] + 1)
        else:
            s.set_block(self.frm, goons=s.goons[self.frm] - 1)
            s.set_block(to, goons=s.goons[to] + 1)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return ("guard:" if code & 1 else "goon:") + s.block_name(code >> 1)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"{'Guard' if code & 1 else 'Goon'} from {s.block_name(self.frm)} to {s.block_name(code >> 1)}"


# ----------------------------------------------------------------- Stock
def can_stock(s: ProhibitionState, seat: int, b: int) -> bool:
    kind = s.kind_at(b)
    if kind < 0 or s.owner[b] != seat or s.is_stocked(b):
        return False
    g, c = s.gangs[seat], s.content
    return g.gs >= c.b_stock_gs[kind] and g.booze >= c.b_stock_booze[kind]


def stock(s: ProhibitionState, seat: int, b: int) -> None:
    kind, g, c = s.kind_at(b), s.gangs[seat], s.content
    g.gs -= c.b_stock_gs[kind]
    g.booze -= c.b_stock_booze[kind]
    s.set_stocked(b, True)


def stock_text(s: ProhibitionState, b: int) -> str:
    kind, c = s.kind_at(b), s.content
    return gs(c.b_stock_gs[kind]) if c.b_stock_gs[kind] else f"{c.b_stock_booze[kind]} Booze"


class StockAll(Step[ProhibitionState]):
    __slots__ = ()
    auto = True
    kind = "stock_all"

    def run(self, s: ProhibitionState) -> None:
        push(s, *[StockBuildings(g) for g in s.order()])


class StockBuildings(SeatStep[ProhibitionState]):
    """Stock your Buildings (optional), one at a time, each in full."""

    __slots__ = ()
    kind = "stock"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        out = tuple(b for b in s.buildings_of(self.seat_) if can_stock(s, self.seat_, b))
        return out + (DONE,) if out else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code != DONE:
            stock(s, self.seat_, code)
            push(s, StockBuildings(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "done" if code == DONE else "stock:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return "Stock nothing more"
        name = s.content.buildings.buildings[s.kind_at(code)].name
        return f"Stock the {name} on {s.block_name(code)} ({stock_text(s, code)})"

    def prompt(self, s: ProhibitionState) -> str:
        g = s.gangs[self.seat_]
        return f"Stock your buildings (you have {gs(g.gs)} and {g.booze} Booze)"


# ----------------------------------------------------------- Warehouse, Heat
def warehouse_fee(s: ProhibitionState, seat: int, booze: int) -> int:
    if booze <= 0:
        return 0
    for upto, fee in s.content.mat_fees[s.gangs[seat].mat]:
        if booze <= upto:
            return fee
    raise AssertionError("the fee table's last row covers any Booze")  # checked on load


class Warehouse(Step[ProhibitionState]):
    """Pay the mat's fee for the Booze left; Booze not paid for is lost."""

    __slots__ = ()
    auto = True
    kind = "warehouse"

    def run(self, s: ProhibitionState) -> None:
        for seat in s.order():
            g = s.gangs[seat]
            keep = g.booze
            while warehouse_fee(s, seat, keep) > g.gs:
                keep -= 1
            fee = warehouse_fee(s, seat, keep)
            if s.story is not None and g.booze:
                lost = f", losing {g.booze - keep} Booze" if keep < g.booze else ""
                s.tell(f"{s.gang_name(seat)} pays {gs(fee)} to warehouse {keep} Booze{lost}.")
            g.gs -= fee
            g.booze = keep


class GenerateHeat(Step[ProhibitionState]):
    """Each gang's Heat rises by the Heat of every building in its Turf."""

    __slots__ = ()
    auto = True
    kind = "generate_heat"

    def run(self, s: ProhibitionState) -> None:
        heat = s.content.b_heat
        for seat in s.order():
            total = sum(heat[s.kind_at(b)] for b in s.buildings_of(seat))
            if total:
                s.add_heat(seat, total)
