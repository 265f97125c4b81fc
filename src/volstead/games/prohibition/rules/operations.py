"""Operations Phase (rulebook: Operation Phase — Collect, Defend, Stock, Warehouse, Generate Heat;
the Feds are rules/feds.py). Every step is done by every gang, in turn order, before the next."""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step

from ..state import ProhibitionState
from .common import block_ref, gs, push

DONE: Final = -1


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
        push(s, PlaceGoon(self.seat_), ReturnUnplaced(self.seat_), MoveUnits(self.seat_), PutDown(self.seat_))


def blocks_with_room(s: ProhibitionState, seat: int, but: int = -1) -> list[int]:
    limit, goons, guards = s.content.units_per_block, s.goons, s.guards
    return [b for b in s.turf(seat) if b != but and goons[b] + guards[b] < limit]


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
        return f"A Goon to {s.place(code)} ({s.units(code)} Units there)"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"places a Goon on {s.place(code)}."

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
    """Freely move your Units around your Turf: pick up the Units that move, one at a time
    (code = Block * 2 + 1 for a Guard, 0 for a Goon), or done; then each is put down (PutDown).
    Picking up before putting down reaches every arrangement with at most 4 Units a Block (even a
    Goon and a Guard swapped between two full Blocks) and moves each Unit at most once, so the
    decisions are bounded (moving one Unit at a time, a player, or a bot indifferent between
    arrangements, could shuffle Units back and forth without end)."""

    __slots__ = ()
    kind = "move_from"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        seat = self.seat_
        g = s.gangs[seat]
        held = g.to_place + g.guards_to_place
        turf = s.turf(seat)
        if len(turf) < 2 and not held:  # a single Block: nothing can move
            return ()
        out = []
        for b in turf:
            if s.goons[b]:
                out.append(b * 2)
            if s.guards[b]:
                out.append(b * 2 + 1)
        return (*out, DONE) if out or held else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code == DONE:
            return
        b, g = code >> 1, s.gangs[self.seat_]
        if code & 1:
            s.set_block(b, guards=s.guards[b] - 1)
            g.guards_to_place += 1
        else:
            s.set_block(b, goons=s.goons[b] - 1)
            g.to_place += 1
        push(s, MoveUnits(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return "done"
        return ("lift_guard:" if code & 1 else "lift_goon:") + s.block_name(code >> 1)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            g = s.gangs[self.seat_]
            return "Done moving Units" if not g.to_place + g.guards_to_place else "Put down the Units picked up"
        return f"Pick up a {'Guard' if code & 1 else 'Goon'} from {s.place(code >> 1)} to move it"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return ""
        return "Each Unit moves once; you put down what you picked up next, at most 4 Units a Block (§operations)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == DONE else (block_ref(s, code >> 1),)  # a Goon or a Guard: buttons after the click

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            g = s.gangs[self.seat_]
            return "puts down the Units picked up." if g.to_place + g.guards_to_place else "is done moving Units."
        return f"picks up a {'Guard' if code & 1 else 'Goon'} from {s.place(code >> 1)} to move it."

    def prompt(self, s: ProhibitionState) -> str:
        g = s.gangs[self.seat_]
        return (
            f"Move your Units within your Turf: pick up the ones that move ({g.to_place} Goons, "
            f"{g.guards_to_place} Guards picked up), then put them down (at most 4 on a Block)"
        )


class PutDown(SeatStep[ProhibitionState]):
    """Put down a Unit picked up on a Turf Block with room, Guards first (code = Block * 2 + 1 for
    a Guard, 0 for a Goon)."""

    __slots__ = ()
    kind = "move_to"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        g = s.gangs[self.seat_]
        if not g.guards_to_place and not g.to_place:
            return ()
        guard = 1 if g.guards_to_place else 0
        return tuple(b * 2 + guard for b in blocks_with_room(s, self.seat_))

    def choose(self, s: ProhibitionState, code: int) -> None:
        b, g = code >> 1, s.gangs[self.seat_]
        if code & 1:
            g.guards_to_place -= 1
            s.set_block(b, guards=s.guards[b] + 1)
        else:
            g.to_place -= 1
            s.set_block(b, goons=s.goons[b] + 1)
        if g.to_place or g.guards_to_place:
            push(s, PutDown(self.seat_))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return ("guard:" if code & 1 else "goon:") + s.block_name(code >> 1)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Put a {'Guard' if code & 1 else 'Goon'} on {s.place(code >> 1)} ({s.units(code >> 1)} Units there)"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code >> 1),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"puts a {'Guard' if code & 1 else 'Goon'} on {s.place(code >> 1)}."

    def prompt(self, s: ProhibitionState) -> str:
        g = s.gangs[self.seat_]
        goons, guards = g.to_place, g.guards_to_place
        left = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((goons, "Goon"), (guards, "Guard")) if n]
        return f"Put down your Units ({' and '.join(left) or 'none'} to place)"


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
        return f"Stock the {name} on {s.place(code)} ({stock_text(s, code)})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return "Unstocked buildings produce nothing this year (§operations)."
        return "Paid now in full; the building produces at Production (§operations)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return () if code == DONE else (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code == DONE:
            return "stocks nothing more."
        name = s.content.buildings.buildings[s.kind_at(code)].name
        return f"stocks the {name} on {s.place(code)} ({stock_text(s, code)})."

    def unavailable(self, s: ProhibitionState) -> tuple[tuple[str, str], ...]:
        """Unstocked buildings the gang cannot pay for now."""
        seat, c = self.seat_, s.content
        g = s.gangs[seat]
        out: list[tuple[str, str]] = []
        for b in s.buildings_of(seat):
            if s.is_stocked(b) or can_stock(s, seat, b):
                continue
            kind = s.kind_at(b)
            have = gs(g.gs) if c.b_stock_gs[kind] else f"{g.booze} Booze"
            name = c.buildings.buildings[kind].name
            out.append((f"Stock the {name} on {s.place(b)}", f"it takes {stock_text(s, b)}; you have {have} (§operations)"))
        return tuple(out)

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
        for seat in s.order():
            heat = s.content.mat_heat[s.gangs[seat].mat]
            total = sum(heat[s.kind_at(b)] for b in s.buildings_of(seat))
            if total:
                s.add_heat(seat, total)
                if s.story is not None:
                    s.tell(f"{s.gang_name(seat)}: its buildings generate {total} Heat (now {s.gangs[seat].heat}).")
