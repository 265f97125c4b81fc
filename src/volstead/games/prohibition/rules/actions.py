"""Action Phase (rulebook: Action Phase, Ordering Actions, Extortion / Open Actions, the 1926
Overlay, and the back page's action reference): turns, the 13 spaces (16 with the overlay)."""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step

from ..state import (
    CHARM,
    CONTRACT,
    DRUG_STORE,
    EXTORTION,
    FESTIVAL,
    IMPORT,
    LAST_YEAR,
    OPEN_1926,
    OPEN_EARLY,
    OPEN_IDS,
    OPEN_NAMES,
    RECRUIT,
    SPACES,
    TAKE_CHARGE,
    ProhibitionState,
    replace_at,
)
from .attack import AttackGoons, attack_sources, has_target
from .building import BuildBlock, DrugStore, buildable_kinds, can_build, drug_store_kinds, top_cost
from .common import block_ref, gs, heat_text, push
from .feds import ResolveFeds
from .operations import PlaceGoon, ReturnUnplaced, blocks_with_room
from .schemes import SchemeWindow

ATTACK: Final = 100  # an option code ATTACK + Block: lead an Attack from that Block


class StartActions(Step[ProhibitionState]):
    """The Gangsters of the year; spaces and Conflicts cleared; the gang with the Marker starts."""

    __slots__ = ()
    auto = True
    kind = "start_actions"

    def run(self, s: ProhibitionState) -> None:
        s.phase = "actions"
        s.spaces = (0,) * SPACES
        s.conflicted = 0
        n = s.content.gangsters[s.year]
        for g in s.gangs:
            g.gangsters = g.gangsters_left = n
            g.extortion = -1
        push(s, NextTurn(s.start))


class NextTurn(SeatStep[ProhibitionState]):
    """The next gang clockwise from `seat` with a Gangster places it; none left: the phase ends."""

    __slots__ = ()
    auto = True
    kind = "next_turn"

    def run(self, s: ProhibitionState) -> None:
        n = s.seats
        for k in range(n):
            seat = (self.seat_ + k) % n
            g = s.gangs[seat]
            if g.gangsters_left <= 0:
                continue
            if not has_action(s, seat):  # nothing it can do: its Gangsters stay idle
                if s.story is not None:
                    s.tell(f"{s.gang_name(seat)} has nothing left to order and keeps {g.gangsters_left} Gangster(s) home.")
                g.gangsters_left = 0
                continue
            s.turn = seat
            push(s, ActionTurn(seat), EndTurn(seat), NextTurn((seat + 1) % n))
            return
        s.turn = -1


class EndTurn(SeatStep[ProhibitionState]):
    """After a turn: Fed cards drawn during it, then the gang may complete Schemes."""

    __slots__ = ()
    auto = True
    kind = "end_turn"

    def run(self, s: ProhibitionState) -> None:
        push(s, ResolveFeds(), SchemeWindow(self.seat_))


def open_spaces(s: ProhibitionState) -> tuple[int, ...]:
    return OPEN_1926 if s.year >= LAST_YEAR else OPEN_EARLY


def space_cost(s: ProhibitionState, space: int) -> int:
    """Gs an open space costs (the 1926 overlay's 10 Gs)."""
    if s.year >= LAST_YEAR and space in (CONTRACT, RECRUIT, FESTIVAL):
        return s.content.board.open.overlay_cost
    return 0


def space_open(s: ProhibitionState, seat: int, space: int) -> bool:
    """Can the gang place a Gangster on the space and carry the action out in full?"""
    taken = s.spaces[space]
    g = s.gangs[seat]
    if space < 6:  # building spaces: one Gangster of any gang a year
        return not taken and can_build(s, seat, space)
    if space in EXTORTION:  # one gang a space, one Extortion a gang
        return not taken and g.extortion < 0
    if taken >> seat & 1 or space not in open_spaces(s) or g.gs < space_cost(s, space):
        return False
    if space == RECRUIT:
        return g.goon_supply > 0 and bool(blocks_with_room(s, seat))
    if space == DRUG_STORE:
        return bool(drug_store_kinds(s, seat))
    return True


# `space_open` for every space in order, by kind of space: the six building checks in one pass over
# the Turf, the Extortion and open spaces' tests inlined (the menu is asked for at every turn).
def _building_codes(s: ProhibitionState, seat: int) -> list[int]:
    spaces = s.spaces
    for k in range(6):  # a loop, not all(spaces[:6]): compiled, a slice and a call
        if not spaces[k]:
            break
    else:
        return []
    return [k for k, ok in enumerate(buildable_kinds(s, seat)) if ok and not spaces[k]]


def _extortion_codes(s: ProhibitionState, seat: int) -> list[int]:
    if s.gangs[seat].extortion >= 0:
        return []
    spaces = s.spaces
    return [sp for sp in EXTORTION if not spaces[sp]]


def _open_codes(s: ProhibitionState, seat: int) -> list[int]:
    spaces, g, bit = s.spaces, s.gangs[seat], 1 << seat
    out = []
    for sp in open_spaces(s):  # ascending, as `range(6, SPACES)`
        if spaces[sp] & bit or g.gs < space_cost(s, sp):
            continue
        if sp == RECRUIT:
            if not (g.goon_supply > 0 and blocks_with_room(s, seat)):
                continue
        elif sp == DRUG_STORE and not drug_store_kinds(s, seat):
            continue
        out.append(sp)
    return out


def _attack_codes(s: ProhibitionState, seat: int) -> list[int]:
    sources = attack_sources(s, seat)
    return [ATTACK + b for b in sources] if sources and has_target(s, seat) else []


def action_codes(s: ProhibitionState, seat: int) -> tuple[int, ...]:
    return tuple(_building_codes(s, seat) + _extortion_codes(s, seat) + _open_codes(s, seat) + _attack_codes(s, seat))


def has_action(s: ProhibitionState, seat: int) -> bool:
    """`bool(action_codes(s, seat))`, the cheapest checks first."""
    return bool(_extortion_codes(s, seat) or _open_codes(s, seat) or _building_codes(s, seat) or _attack_codes(s, seat))


def space_id(s: ProhibitionState, space: int) -> str:
    c = s.content
    if space < 6:
        return c.buildings.buildings[space].id
    if space in EXTORTION:
        return c.extortion[space - CHARM].id
    return OPEN_IDS[space]


def space_name(s: ProhibitionState, space: int) -> str:
    c = s.content
    if space < 6:
        return c.buildings.buildings[space].action
    if space in EXTORTION:
        return c.extortion[space - CHARM].name
    return OPEN_NAMES[space]


class ActionTurn(SeatStep[ProhibitionState]):
    """Place a Gangster on an Action Space, or use it to lead an Attack."""

    __slots__ = ()
    kind = "action"
    never_lapses = True  # NextTurn pushes it only for a gang with Gangsters left and an action open (has_action)

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        if s.gangs[self.seat_].gangsters_left <= 0:
            return ()
        return action_codes(s, self.seat_)

    def choose(self, s: ProhibitionState, code: int) -> None:
        seat = self.seat_
        g = s.gangs[seat]
        g.gangsters_left -= 1
        if code >= ATTACK:
            push(s, AttackGoons(seat, code - ATTACK))
            return
        s.spaces = replace_at(s.spaces, code, s.spaces[code] | 1 << seat)
        order_action(s, seat, code)

    def option_id(self, s: ProhibitionState, code: int) -> str:
        if code >= ATTACK:
            return "attack:" + s.block_name(code - ATTACK)
        return "space:" + space_id(s, code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if code >= ATTACK:
            b = code - ATTACK
            return f"Attack with Goons from {s.place(b)} ({s.goons[b]} there)"
        return space_name(s, code)

    def option_help(self, s: ProhibitionState, code: int) -> str:
        c, seat = s.content, self.seat_
        g = s.gangs[seat]
        if code >= ATTACK:
            return (
                f"{heat_text(s, seat, 1)}. Take Goons from this Block and a Gangster to any one Block not yours "
                "(§attacks); they Lay Low where the Gangster ends."
            )
        if code < 6:
            b = c.buildings.buildings[code]
            top = top_cost(s, code)
            return (
                f"Build a {b.name}: {gs(top)} of your {gs(g.gs)}, {heat_text(s, seat, c.mat_heat[g.mat][code])}, "
                "a Guard comes with it (§building)."
            )
        if code in EXTORTION:
            e = c.extortion[code - CHARM]
            heat = e.heat - (s.bonus(seat, "charm_extra") if code == CHARM else 0)
            pay = f"; {e.per_block} Gs a Block of your Turf at Production" if e.per_block else ""
            return f"{heat_text(s, seat, heat)} now{pay} (§extortion)."
        cost = space_cost(s, code)
        what = {
            TAKE_CHARGE: f"Take the Starting Marker and {gs(c.board.open.take_charge_gs + s.bonus(seat, 'take_charge_gs'))}; "
            "place another Gangster at once if you can",
            CONTRACT: "Draw a Scheme card",
            IMPORT: f"Add {c.board.open.import_booze + s.bonus(seat, 'import_booze')} Booze to your Warehouse",
            RECRUIT: f"Add {c.board.open.recruit_goons} Goons to your Turf",
            DRUG_STORE: "Build any building that has a tile left",
            FESTIVAL: heat_text(s, seat, c.board.open.festival_heat),
        }[code]
        return f"{what}{f' for {gs(cost)} of your {gs(g.gs)}' if cost else ''} (§open)."

    def option_group(self, s: ProhibitionState, code: int) -> str:
        if code >= ATTACK:
            return "Attack"
        if code < 6:
            return "Building"
        return "Extortion" if code in EXTORTION else "Open"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        if code >= ATTACK:
            return (block_ref(s, code - ATTACK),)
        return ("space:" + space_id(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        if code >= ATTACK:
            return f"sends a Gangster to lead an Attack with Goons from {s.place(code - ATTACK)}."
        return f"places a Gangster on {space_name(s, code)}."

    def unavailable(self, s: ProhibitionState) -> tuple[tuple[str, str], ...]:
        """The spaces of the board this gang cannot take now, each with the rule or the price."""
        seat = self.seat_
        g = s.gangs[seat]
        if g.gangsters_left <= 0:
            return ()
        out: list[tuple[str, str]] = []
        shown = [*range(6), *EXTORTION, *open_spaces(s)]
        offered = set(action_codes(s, seat))
        for sp in shown:
            if sp in offered:
                continue
            out.append((space_name(s, sp), space_closed_reason(s, seat, sp)))
        return tuple(out)

    def prompt(self, s: ProhibitionState) -> str:
        g = s.gangs[self.seat_]
        return f"{s.year}: place a Gangster ({g.gangsters_left} left) on an action, or lead an Attack"


def taken_by(s: ProhibitionState, space: int) -> str:
    return ", ".join(s.gang_name(k) for k in range(s.seats) if s.spaces[space] >> k & 1)


def space_closed_reason(s: ProhibitionState, seat: int, sp: int) -> str:
    """Why the gang cannot order the space now, in the rules' words (for people; not legal-move code)."""
    g, c = s.gangs[seat], s.content
    taken = s.spaces[sp]
    if sp < 6:
        if taken:
            return f"{taken_by(s, sp)} ordered it this year: one gang a Building Action a year (§building)"
        if not s.stacks[sp]:
            return "no tile of it is left (§building)"
        if g.gs < top_cost(s, sp):
            return f"it costs {gs(top_cost(s, sp))}; you have {gs(g.gs)} (§building)"
        limit = " (one Settlement House and one Ward Machine a Neighborhood)" if c.b_limit[sp] else ""
        return f"no Block of your Turf can take it: never the HQ Block{limit} (§building)"
    if sp in EXTORTION:
        if g.extortion >= 0:
            return f"you ordered {space_name(s, g.extortion)} this year: one Extortion a gang a year (§extortion)"
        return f"{taken_by(s, sp)} ordered it this year: one gang a space (§extortion)"
    if taken >> seat & 1:
        return "you have a Gangster on it this year: each action once a year (§open)"
    cost = space_cost(s, sp)
    if g.gs < cost:
        return f"it costs {gs(cost)}; you have {gs(g.gs)} (§open)"
    if sp == RECRUIT:
        return "no Goons left in your supply, or no Block of your Turf with room (§open)"
    return "no building you can afford has a tile left and a Block for it (§open)"


def order_action(s: ProhibitionState, seat: int, space: int) -> None:
    """Carry out the action of a space just taken."""
    g, c = s.gangs[seat], s.content
    if space < 6:
        push(s, BuildBlock(seat, space))
    elif space in EXTORTION:
        g.extortion = space
        heat = c.extortion[space - CHARM].heat
        if space == CHARM:
            heat -= s.bonus(seat, "charm_extra")
        s.add_heat(seat, heat)
    elif space == TAKE_CHARGE:
        s.start = seat
        g.gs += c.board.open.take_charge_gs + s.bonus(seat, "take_charge_gs")
        if g.gangsters_left > 0 and has_action(s, seat):  # "Play another Gangster if you can"
            push(s, ActionTurn(seat))
    elif space == CONTRACT:
        g.gs -= space_cost(s, space)
        s.draw_scheme(seat)
    elif space == IMPORT:
        g.booze += c.board.open.import_booze + s.bonus(seat, "import_booze")
    elif space == RECRUIT:
        g.gs -= space_cost(s, space)
        n = min(c.board.open.recruit_goons, g.goon_supply)
        g.goon_supply -= n
        g.to_place += n
        push(s, PlaceGoon(seat), ReturnUnplaced(seat))
    elif space == DRUG_STORE:
        push(s, DrugStore(seat))
    elif space == FESTIVAL:
        g.gs -= space_cost(s, space)
        s.add_heat(seat, c.board.open.festival_heat)
