"""Building Actions (rulebook: Building Actions, "To order a Building Action", replacing a
building; back page: one Settlement House and one Ward Machine per Neighborhood; the 1926
Open Drug Store)."""

from __future__ import annotations

from volstead.engine.step import SeatStep

from ..state import BUILT, TILES, ProhibitionState
from .common import block_ref, gs, heat_text, push
from .operations import blocks_with_room, can_stock, stock, stock_text


def top_cost(s: ProhibitionState, kind: int) -> int:
    return s.content.tile_cost[kind * TILES + s.stacks[kind][0]]


def build_blocks(s: ProhibitionState, seat: int, kind: int, any_one: bool = False) -> list[int]:
    """Turf Blocks where a new building of this kind may stand (empty, or replacing one of yours;
    never the HQ Block; the per-Neighborhood limit of Settlement Houses and Ward Machines).
    With `any_one`, only the first one found (enough to know whether there is one)."""
    limit = s.content.b_limit[kind]
    hq = s.gangs[seat].hq
    tile = s.tile
    lo, hi = kind * TILES, kind * TILES + TILES  # tiles of this kind
    out = []
    for b in s.turf(seat):
        if b == hq:
            continue
        if limit:
            first = b >> 3 << 3
            alike = 0  # this kind's buildings in the Neighborhood (a loop: compiled, no generator)
            for x in range(first, first + 8):
                if lo <= tile[x] < hi:
                    alike += 1
            if alike - (lo <= tile[b] < hi) >= limit:
                continue
        out.append(b)
        if any_one:
            break
    return out


def can_build(s: ProhibitionState, seat: int, kind: int) -> bool:
    return bool(s.stacks[kind]) and s.gangs[seat].gs >= top_cost(s, kind) and bool(build_blocks(s, seat, kind, any_one=True))


def buildable_kinds(s: ProhibitionState, seat: int) -> list[bool]:
    """`can_build` for every kind at once (the Action menu asks for all six): the Turf is read once,
    and the per-Neighborhood limit only for a kind that has one."""
    gs, c = s.gangs[seat].gs, s.content
    hq = s.gangs[seat].hq
    sites = len(s.turf(seat)) - (hq >= 0 and s.owner[hq] == seat)  # Turf Blocks but the HQ's
    out = []
    for kind, stack in enumerate(s.stacks):
        if not stack or gs < c.tile_cost[kind * TILES + stack[0]] or not sites:
            out.append(False)
        elif not c.b_limit[kind]:
            out.append(True)
        else:
            out.append(bool(build_blocks(s, seat, kind, any_one=True)))
    return out


def drug_store_kinds(s: ProhibitionState, seat: int) -> tuple[int, ...]:
    return tuple(k for k, ok in enumerate(buildable_kinds(s, seat)) if ok)


def return_tile(s: ProhibitionState, tile: int) -> None:
    """A tile goes back onto its stack, in cost order (tile numbers follow the costs)."""
    kind = tile // TILES
    s.stacks = s.stacks[:kind] + (tuple(sorted(s.stacks[kind] + (tile % TILES,))),) + s.stacks[kind + 1 :]


def give_back_stock(s: ProhibitionState, b: int, seat: int) -> None:
    """The Stock of the building on b goes to `seat`'s vault or warehouse (and the tile flips)."""
    if not s.is_stocked(b):
        return
    kind, c, g = s.kind_at(b), s.content, s.gangs[seat]
    g.gs += c.b_stock_gs[kind]
    g.booze += c.b_stock_booze[kind]
    s.set_stocked(b, False)


class BuildBlock(SeatStep[ProhibitionState]):
    """Where the new building goes: pay its cost, add its Heat, place it and a Guard."""

    __slots__ = ("building",)
    kind = "build_block"

    def __init__(self, seat: int, building: int):
        super().__init__(seat)
        self.building = building

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        if not s.stacks[self.building] or s.gangs[self.seat_].gs < top_cost(s, self.building):
            return ()
        return tuple(build_blocks(s, self.seat_, self.building))

    def choose(self, s: ProhibitionState, code: int) -> None:
        seat, kind, c = self.seat_, self.building, s.content
        g = s.gangs[seat]
        tile = kind * TILES + s.stacks[kind][0]
        s.stacks = s.stacks[:kind] + (s.stacks[kind][1:],) + s.stacks[kind + 1 :]
        g.gs -= c.tile_cost[tile]
        old = s.tile[code]
        if old >= 0:  # replacing: the old Stock comes back, its tile returns to its stack
            give_back_stock(s, code, seat)
            return_tile(s, old)
        s.set_block(code, tile=tile)
        s.add_heat(seat, c.mat_heat[g.mat][kind])
        s.count(BUILT)  # told by option_said
        steps: list[SeatStep[ProhibitionState]] = []
        if s.guard_supply > 0:  # "Place the Tile and a Guard token"
            if s.room(code) > 0:
                s.guard_supply -= 1
                s.set_block(code, guards=s.guards[code] + 1)
            else:
                steps.append(PlaceGuard(seat))
        steps.append(StockNew(seat, code))
        push(s, *steps)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "build:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        name = s.content.buildings.buildings[self.building].name
        if s.tile[code] >= 0:
            old = s.content.buildings.buildings[s.kind_at(code)].name
            return f"{name} on {s.place(code)}, replacing your {old}"
        return f"{name} on {s.place(code)}"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        seat, kind = self.seat_, self.building
        g = s.gangs[seat]
        out = f"{gs(top_cost(s, kind))} of your {gs(g.gs)}, {heat_text(s, seat, s.content.mat_heat[g.mat][kind])}"
        if s.tile[code] >= 0:
            back = " and its Stock comes back" if s.is_stocked(code) else ""
            out += f"; the old tile returns to its stack{back}"
        return out + " (§building)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        name = s.content.buildings.buildings[self.building].name
        old = f", replacing its {s.content.buildings.buildings[s.kind_at(code)].name}" if s.tile[code] >= 0 else ""
        return f"builds a {name} on {s.place(code)} for {gs(top_cost(s, self.building))}{old}."

    def prompt(self, s: ProhibitionState) -> str:
        name = s.content.buildings.buildings[self.building].name
        return f"Where does the {name} go ({gs(top_cost(s, self.building))})?"


class PlaceGuard(SeatStep[ProhibitionState]):
    """The building's Block is full: the new Guard goes to another Turf Block with room."""

    __slots__ = ()
    kind = "place_guard"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return tuple(blocks_with_room(s, self.seat_)) if s.guard_supply > 0 else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        s.guard_supply -= 1
        s.set_block(code, guards=s.guards[code] + 1)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "guard:" + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"The new Guard to {s.place(code)}"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"puts the new building's Guard on {s.place(code)}."

    def prompt(self, s: ProhibitionState) -> str:
        return "The building's Block is full: where does its Guard go?"


class StockNew(SeatStep[ProhibitionState]):
    """You may immediately Stock the new building."""

    __slots__ = ("block",)
    kind = "stock_new"

    def __init__(self, seat: int, block: int):
        super().__init__(seat)
        self.block = block

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return (1, 0) if can_stock(s, self.seat_, self.block) else ()

    def choose(self, s: ProhibitionState, code: int) -> None:
        if code:
            stock(s, self.seat_, self.block)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "stock" if code else "leave"

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Stock it now ({stock_text(s, self.block)})" if code else "Leave it unstocked"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        if not code:
            return "An unstocked building produces nothing at Production (§production)."
        return "A stocked building produces at Production (§building)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, self.block),) if code else ()

    def option_said(self, s: ProhibitionState, code: int) -> str:
        name = s.content.buildings.buildings[s.kind_at(self.block)].name
        if code:
            return f"stocks the new {name} on {s.place(self.block)} ({stock_text(s, self.block)})."
        return f"leaves the new {name} unstocked."

    def prompt(self, s: ProhibitionState) -> str:
        name = s.content.buildings.buildings[s.kind_at(self.block)].name
        return f"Stock the new {name} on {s.place(self.block)} now?"


class DrugStore(SeatStep[ProhibitionState]):
    """Open Drug Store (1926): build any building that has a tile left."""

    __slots__ = ()
    kind = "drug_store"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return drug_store_kinds(s, self.seat_)

    def choose(self, s: ProhibitionState, code: int) -> None:
        push(s, BuildBlock(self.seat_, code))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "kind:" + s.content.buildings.buildings[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Build a {s.content.buildings.buildings[code].name} ({gs(top_cost(s, code))})"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        g = s.gangs[self.seat_]
        return f"{gs(top_cost(s, code))} of your {gs(g.gs)}, {heat_text(s, self.seat_, s.content.mat_heat[g.mat][code])} (§open)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return ("stack:" + s.content.buildings.buildings[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"opens a Drug Store to build a {s.content.buildings.buildings[code].name}."

    def prompt(self, s: ProhibitionState) -> str:
        return "Open Drug Store: which building do you build?"
