"""The Market phase (§4, §6.8 release, §6.10 Boss swap): each syndicate in private, in its lane."""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.step import SeatStep
from volstead.engine.tuples import replaced

from .. import refs
from ..content.loader import A0, B0, INSTANCES
from ..state import (
    ASSET,
    ASSET_SLOTS,
    BOSS_COL,
    BUSINESS,
    COLUMNS,
    DEBT_LIMIT,
    GANGSTER,
    GANGSTER_COLS,
    PER_TYPE,
    PURCHASES,
    REARRANGES,
    UNDERBOSS_COL,
    MafiaState,
    Mob,
    Syndicate,
    partner_slot,
    type_of_inst,
)
from .labels import COLUMN_NAMES, THE_COLUMN, card_text, debt_help, debt_label, markers, money
from .ratings import CONNECTED, perk_total

# §6.8; the Connected ability
RELEASE_PER_HEAT: Final = 50
CONNECTED_PER_HEAT: Final = 25
DONE: Final[tuple[str, ...]] = ("done",)
TYPE_TITLES: Final[tuple[str, ...]] = ("Gangsters", "Businesses", "Assets")
ROWS: Final[tuple[str, ...]] = ("bg", "biz", "asset")  # the area's rows as option ids name them
# Option ids that follow from the code alone, built once each (a record rebuilds every decision's id)
_MARKET_IDS: dict[tuple[Any, ...], str] = {}
SLOT_IDS: Final[tuple[str, ...]] = tuple(f"slot:{k}" for k in range(ASSET_SLOTS))  # the most slots a row has
TO_IDS: Final[tuple[str, ...]] = tuple(f"to:{k}" for k in range(ASSET_SLOTS))
# The Market menu's option codes, built once (the menu comes back after every action). Typed as
# tuples of any length: mypyc unpacks a fixed-length tuple it reads and builds a new one to store it.
Code = tuple[Any, ...]
SWAP_CODES: Final[tuple[Code, ...]] = tuple(("swap", c) for c in range(COLUMNS))
BUY_CODES: Final[tuple[Code, ...]] = tuple(("buy", inst) for inst in range(INSTANCES))
RELEASE_CODES: Final[tuple[Code, ...]] = tuple(("release", c) for c in range(COLUMNS))
DISCARD_CODES: Final[tuple[tuple[Code, ...], ...]] = tuple(
    tuple(("discard", row, k) for k in range(ASSET_SLOTS)) for row in range(3)
)
MOVE_CODES: Final[tuple[tuple[Code, ...], ...]] = tuple(tuple(("move", row, k) for k in range(ASSET_SLOTS)) for row in range(3))


# ------------------------------------------------------------------ legality
def asset_fits(s: MafiaState, y: Syndicate, slot: int, inst: int, leaving: int = -1) -> bool:
    """May Asset `inst` lie in `slot`? Never beside a copy of itself (§3.2). `leaving`: a slot
    emptied by the same move (a swap)."""
    other = partner_slot(slot)
    there = y.assets[other]
    if other == leaving or there < 0:
        return True
    c = s.content
    return c.type_of(there) != c.type_of(inst)


def empty_slots(s: MafiaState, y: Syndicate, inst: int) -> list[int]:
    """The slots a new card `inst` may go to: empty ones of its row (a Gangster never to the Boss
    slot, §6.10; an Asset never beside its copy)."""
    t = type_of_inst(inst)
    if t == GANGSTER:
        return [c for c in GANGSTER_COLS if y.mobs[c] is None]
    if t == BUSINESS:
        return [c for c in range(COLUMNS) if y.biz[c] < 0]
    return [k for k in range(ASSET_SLOTS) if y.assets[k] < 0 and asset_fits(s, y, k, inst)]


def has_room(s: MafiaState, y: Syndicate, inst: int) -> bool:
    """Does `empty_slots` give at least one slot? (Asked for every card of the market rows at
    every Market menu: it stops at the first.)"""
    t = type_of_inst(inst)
    if t == GANGSTER:
        for c in GANGSTER_COLS:
            if y.mobs[c] is None:
                return True
        return False
    if t == BUSINESS:
        for c in range(COLUMNS):
            if y.biz[c] < 0:
                return True
        return False
    for k in range(ASSET_SLOTS):
        if y.assets[k] < 0 and asset_fits(s, y, k, inst):
            return True
    return False


def release_cost(s: MafiaState, y: Syndicate, col: int) -> int:
    mob = y.mobs[col]
    assert mob is not None
    per = CONNECTED_PER_HEAT if perk_total(s, y, col, CONNECTED) else RELEASE_PER_HEAT
    return per * mob.heat


def can_buy(y: Syndicate) -> bool:
    """Purchases left and a debt under $500K (§3.3, §4)."""
    return y.purchases() < PURCHASES and y.stash > -DEBT_LIMIT


def swap_allowed(y: Syndicate) -> bool:
    """§6.10: once a game, before buying any cards, with an active Boss."""
    return not y.swapped and y.purchases() == 0 and y.active(BOSS_COL)


def _may_move(s: MafiaState, y: Syndicate, row: int, src: int, dst: int) -> bool:
    """May the card in `src` of `row` be rearranged to `dst` (swapping with what is there)? A
    jailed Gangster stays put; an Asset never beside its copy, either way round."""
    if dst == src:
        return False
    if row == 0:
        m = y.mobs[dst]
        return m is None or not m.jailed
    if row == 1:
        return True
    there = y.assets[dst]
    if not asset_fits(s, y, dst, y.assets[src], leaving=src):
        return False
    return there < 0 or asset_fits(s, y, src, there, leaving=dst)


def move_destinations(s: MafiaState, y: Syndicate, row: int, src: int) -> list[int]:
    """Where a card may be rearranged to (swapping with what is there)."""
    if row == 0:
        return [c for c in GANGSTER_COLS if _may_move(s, y, 0, src, c)]
    if row == 1:
        return [c for c in range(COLUMNS) if c != src]
    return [k for k in range(ASSET_SLOTS) if _may_move(s, y, 2, src, k)]


def movable(s: MafiaState, y: Syndicate) -> list[tuple[int, int]]:
    """(row, slot) of every card that has somewhere to be rearranged to."""
    out = []
    for c in GANGSTER_COLS:
        m = y.mobs[c]
        if m is not None and not m.jailed and any(_may_move(s, y, 0, c, d) for d in GANGSTER_COLS):
            out.append((0, c))
    for c in range(COLUMNS):
        if y.biz[c] >= 0:
            out.append((1, c))
    for k in range(ASSET_SLOTS):
        if y.assets[k] >= 0 and any(_may_move(s, y, 2, k, d) for d in range(ASSET_SLOTS)):
            out.append((2, k))
    return out


# ------------------------------------------------------------------ steps
class MarketMenu(SeatStep[MafiaState]):
    """Buy, release, swap, discard, rearrange, or press done (§4). Comes back after each action."""

    __slots__ = ()
    kind = "market"

    def prompt(self, s: MafiaState) -> str:
        y = s.syn[self.seat_]
        return (
            f"Market, round {s.round}: stash {money(y.stash)}, {PURCHASES - y.purchases()} purchases left "
            f"(Gangsters {PER_TYPE - y.buys[0]}, Businesses {PER_TYPE - y.buys[1]}, Assets {PER_TYPE - y.buys[2]})"
        )

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        y = s.syn[self.seat_]
        out: list[Code] = []  # appended one by one: no list built only to be added to this one
        if swap_allowed(y):
            for c in GANGSTER_COLS:
                if y.active(c):
                    out.append(SWAP_CODES[c])
        if can_buy(y):
            for t in (GANGSTER, BUSINESS, ASSET):
                if y.buys[t] < PER_TYPE:
                    for inst in y.market_row(t):
                        if has_room(s, y, inst):
                            out.append(BUY_CODES[inst])
        mobs = y.mobs
        for c in range(COLUMNS):
            m = mobs[c]
            if m is not None and m.jailed:
                out.append(RELEASE_CODES[c])
        discards = DISCARD_CODES
        for c in range(COLUMNS):
            if mobs[c] is not None:
                out.append(discards[0][c])
        for c in range(COLUMNS):
            if y.biz[c] >= 0:
                out.append(discards[1][c])
        for k in range(ASSET_SLOTS):
            if y.assets[k] >= 0:
                out.append(discards[2][k])
        if y.rearranged < REARRANGES:
            for row, src in movable(s, y):
                out.append(MOVE_CODES[row][src])
        out.append(DONE)
        return tuple(out)

    def choose(self, s: MafiaState, code: tuple[Any, ...]) -> None:
        seat = self.seat_
        y = s.syn[seat]
        what = code[0]
        if what == "done":
            return
        s.stack.append(MarketMenu(seat))
        if what == "swap":
            boss_swap(y, code[1])
        elif what == "buy":
            inst = code[1]
            buy(s, y, inst)
            slots = empty_slots(s, y, inst)
            if len(slots) == 1:
                place(y, inst, slots[0], s.round)
            else:
                s.stack.append(PlaceCard(seat, inst))
        elif what == "release":
            release(s, y, code[1])
        elif what == "discard":
            discard(y, code[1], code[2])
        else:
            s.stack.append(Rearrange(seat, code[1], code[2]))

    def option_id(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        # A record rebuilds the id of every decision, and the Market is half of a game's decisions:
        # the id follows from the code alone, so each is built once (counted: ~800 instructions to
        # build with an int formatted, a few hundred to look up).
        known = _MARKET_IDS.get(code)
        if known is not None:
            return known
        what: str = code[0]
        if what == "done":
            built = what
        elif what == "discard" or what == "move":
            first: int = code[1]
            second: int = code[2]
            built = f"{what}:{ROWS[first]}:{second}"
        else:
            number: int = code[1]
            built = f"{what}:{number}"
        _MARKET_IDS[code] = built
        return built

    def option_label(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        y = s.syn[self.seat_]
        what = code[0]
        if what == "done":
            return "Market phase complete"
        if what == "buy":
            return f"Buy {card_text(s, code[1])}{debt_label(y, s.content.price(code[1]))}"
        if what == "swap":
            mob = y.mobs[code[1]]
            boss = y.mobs[BOSS_COL]
            assert mob is not None and boss is not None
            return f"Boss swap (once a game): discard {s.card_name(boss.card)}, {s.card_name(mob.card)} becomes Boss"
        if what == "release":
            mob = y.mobs[code[1]]
            assert mob is not None
            cost = release_cost(s, y, code[1])
            return f"Release {s.card_name(mob.card)} from Jail for {money(cost)}{debt_label(y, cost)}"
        verb = "Discard" if what == "discard" else "Move"
        return f"{verb} {slot_text(s, y, code[1], code[2])}"

    def option_help(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        """What a purchase or release costs past the stash (§3.3, §8); what discarding your Boss or
        swapping it costs for the round (§6.10, §6.11)."""
        y = s.syn[self.seat_]
        what = code[0]
        if what == "buy":
            return debt_help(y, s.content.price(code[1]))
        if what == "release":
            return debt_help(y, release_cost(s, y, code[1]))
        if what == "swap":
            return (
                "Once a game, before buying (§6.10): your Boss is discarded for good and this Gangster takes the "
                "Boss slot now; its own slot is left empty."
            )
        if what == "discard":
            return discard_help(s, y, code[1], code[2])
        return ""

    def option_refs(self, s: MafiaState, code: tuple[Any, ...]) -> tuple[str, ...]:
        """Buy: the market card; release: the jailed card; swap: the Gangster, then the Boss it
        replaces; discard: the card, then your discard pile; rearrange: the card (then the Rearrange
        step's destination)."""
        seat = self.seat_
        what = code[0]
        if what == "done":
            return refs.NONE
        if what == "buy":
            return (refs.card(code[1]),)
        if what == "swap":
            return refs.mob(s, seat, code[1]) + refs.mob(s, seat, BOSS_COL)
        if what == "release":
            return refs.mob(s, seat, code[1])
        held = refs.in_slot(s, seat, code[1], code[2])
        return (held, refs.discard(seat)) if what == "discard" else (held,)

    def option_said(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        y = s.syn[self.seat_]
        what = code[0]
        if what == "done":
            return f"finishes the Market (stash {money(y.stash)})."
        if what == "buy":
            inst = code[1]
            price = s.content.price(inst)
            debt = ": into debt, −5 VP" if y.stash - price < 0 and not y.went_negative else ""
            slots = empty_slots(s, y, inst)
            where = f" and places it in {slot_where(type_of_inst(inst), slots[0], True)}" if len(slots) == 1 else ""
            return f"buys {s.card_name(inst)} for {money(price)}{where} (stash {money(y.stash - price)}{debt})."
        if what == "swap":
            mob, boss = y.mobs[code[1]], y.mobs[BOSS_COL]
            assert mob is not None and boss is not None
            return (
                f"uses the once-a-game Boss swap: {s.card_name(boss.card)} is discarded and {s.card_name(mob.card)} becomes Boss."
            )
        if what == "release":
            mob = y.mobs[code[1]]
            assert mob is not None
            cost = release_cost(s, y, code[1])
            return f"releases {s.card_name(mob.card)} from Jail for {money(cost)} (stash {money(y.stash - cost)})."
        if what == "discard":
            return f"discards {slot_text(s, y, code[1], code[2])}."
        return f"picks up {slot_text(s, y, code[1], code[2])} to move it."

    def hidden_said(self, s: MafiaState) -> str:
        return "shops at its market in secret."

    def option_group(self, s: MafiaState, code: tuple[Any, ...]) -> str:
        return {"buy": "Buy", "swap": "Boss", "release": "Jail", "discard": "Discard", "move": "Rearrange"}.get(code[0], "")

    def unavailable(self, s: MafiaState) -> tuple[tuple[str, str], ...]:
        y = s.syn[self.seat_]
        out = []
        if y.stash <= -DEBT_LIMIT:
            out.append(("Buy cards", f"a debt of {money(DEBT_LIMIT)} or more (§3.3)"))
        elif y.purchases() >= PURCHASES:
            out.append(("Buy cards", f"{PURCHASES} purchases made this Market (§4)"))
        else:
            out += [
                (f"Buy {TYPE_TITLES[t]}", f"{PER_TYPE} bought this Market (§4)")
                for t in (GANGSTER, BUSINESS, ASSET)
                if y.buys[t] >= PER_TYPE
            ]
        if y.swapped:
            out.append(("Boss swap", "used once already this game (§6.10)"))
        elif y.purchases() and not y.swapped:
            out.append(("Boss swap", "only before buying (§6.10)"))
        if y.rearranged >= REARRANGES:
            out.append(("Rearrange", f"{REARRANGES} moves made this Market"))
        return tuple(out)


def slot_where(row: int, slot: int, the: bool = False) -> str:
    """ "Underboss column", "column 3, upper Asset slot"; `the`: "the Underboss column"."""
    names = THE_COLUMN if the else COLUMN_NAMES
    if row == 2:
        return f"{names[slot % COLUMNS]}, {'upper' if slot < COLUMNS else 'lower'} Asset slot"
    return names[slot]


def slot_inst(y: Syndicate, row: int, slot: int) -> int:
    """The card in a slot (−1: empty)."""
    if row == 0:
        mob = y.mobs[slot]
        return mob.card if mob is not None else -1
    return y.biz[slot] if row == 1 else y.assets[slot]


def slot_text(s: MafiaState, y: Syndicate, row: int, slot: int) -> str:
    if row == 0:
        mob = y.mobs[slot]
        assert mob is not None
        return f"{s.card_name(mob.card)}{markers(mob)} ({COLUMN_NAMES[slot]})"
    inst = y.biz[slot] if row == 1 else y.assets[slot]
    col = slot if row == 1 else slot % COLUMNS
    return f"{s.card_name(inst)} ({COLUMN_NAMES[col]})"


def discard_help(s: MafiaState, y: Syndicate, row: int, slot: int) -> str:
    """A discard is for good, with nothing back (§4); discarding the Boss leaves the Boss slot
    empty for the round (§6.10, §6.11): said before the click."""
    gone = "Discarded for good, with no money back (§4)."
    if row != 0:
        return gone
    if slot == BOSS_COL:
        under = y.mobs[UNDERBOSS_COL]
        heir = (
            f"{s.card_name(under.card)}, in your Underboss slot when the next Market opens, becomes Boss then (§6.11)"
            if under is not None
            else "with no Underboss, a Gangster you put in the Underboss slot becomes Boss only at the Market after "
            "the round it ends there (§6.11)"
        )
        return (
            f"Warning: this is your only Boss. Your Boss slot stays empty for the rest of this round: no Boss move "
            f"and no Boss income bonus (§7) this round; {heir}. {gone}"
        )
    if slot == UNDERBOSS_COL:
        return f"Your Underboss: $100K each Income while active, guards your stash against Steals (§6.11, §6.5). {gone}"
    return gone


class PlaceCard(SeatStep[MafiaState]):
    """Where the card just bought goes (an empty slot of its row)."""

    __slots__ = ("inst",)
    kind = "place_card"

    def __init__(self, seat: int, inst: int):
        super().__init__(seat)
        self.inst = inst

    def prompt(self, s: MafiaState) -> str:
        return f"Where does {s.card_name(self.inst)} go?"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(empty_slots(s, s.syn[self.seat_], self.inst))

    def choose(self, s: MafiaState, code: int) -> None:
        place(s.syn[self.seat_], self.inst, code, s.round)

    def option_id(self, s: MafiaState, code: int) -> str:
        return SLOT_IDS[code] if 0 <= code < len(SLOT_IDS) else f"slot:{code}"  # built once (a record's ids)

    def option_label(self, s: MafiaState, code: int) -> str:
        if type_of_inst(self.inst) == ASSET:
            return f"{COLUMN_NAMES[code % COLUMNS].capitalize()}, {'upper' if code < COLUMNS else 'lower'} Asset slot"
        return COLUMN_NAMES[code].capitalize()

    def option_refs(self, s: MafiaState, code: int) -> tuple[str, ...]:
        return (refs.slot(self.seat_, type_of_inst(self.inst), code),)

    def option_said(self, s: MafiaState, code: int) -> str:
        return f"places {s.card_name(self.inst)} in {slot_where(type_of_inst(self.inst), code, True)}."

    def hidden_said(self, s: MafiaState) -> str:
        return "places a card it bought."


class Rearrange(SeatStep[MafiaState]):
    """Move a card to another slot of its row (swapping with the card there)."""

    __slots__ = ("row", "src")
    kind = "rearrange"

    def __init__(self, seat: int, row: int, src: int):
        super().__init__(seat)
        self.row = row
        self.src = src

    def prompt(self, s: MafiaState) -> str:
        return f"Move {slot_text(s, s.syn[self.seat_], self.row, self.src)} to"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(move_destinations(s, s.syn[self.seat_], self.row, self.src))

    def choose(self, s: MafiaState, code: int) -> None:
        y = s.syn[self.seat_]
        swap_slots(y, self.row, self.src, code)
        y.rearranged += 1

    def option_id(self, s: MafiaState, code: int) -> str:
        return TO_IDS[code] if 0 <= code < len(TO_IDS) else f"to:{code}"  # built once (a record's ids)

    def option_label(self, s: MafiaState, code: int) -> str:
        where = THE_COLUMN[code % COLUMNS]
        if self.row == 2:
            where += " (upper)" if code < COLUMNS else " (lower)"
        return f"To {where}"

    def option_refs(self, s: MafiaState, code: int) -> tuple[str, ...]:
        """The card there (a swap) or the empty slot."""
        return (refs.in_slot(s, self.seat_, self.row, code),)

    def option_said(self, s: MafiaState, code: int) -> str:
        y = s.syn[self.seat_]
        held = refs.in_slot(s, self.seat_, self.row, code)
        swap = f", swapping with {slot_text(s, y, self.row, code)}" if held.startswith("card:") else ""
        inst = slot_inst(y, self.row, self.src)
        return f"moves {s.card_name(inst)} to {slot_where(self.row, code, True)}{swap}."

    def hidden_said(self, s: MafiaState) -> str:
        return "rearranges its cards."


# ------------------------------------------------------------------ actions
def buy(s: MafiaState, y: Syndicate, inst: int) -> None:
    t = type_of_inst(inst)
    y.pay(s.content.price(inst))
    if t == GANGSTER:
        y.g_row = tuple(x for x in y.g_row if x != inst)
    elif t == BUSINESS:
        y.b_row = tuple(x for x in y.b_row if x != inst)
    else:
        y.a_row = tuple(x for x in y.a_row if x != inst)
    y.buys = y.buys[:t] + (y.buys[t] + 1,) + y.buys[t + 1 :]


def place(y: Syndicate, inst: int, slot: int, round_: int) -> None:
    if inst < B0:
        y.set_mob(slot, Mob(inst, joined=round_))
    elif inst < A0:
        y.set_biz(slot, inst)
    else:
        y.set_asset(slot, inst)


def boss_swap(y: Syndicate, col: int) -> None:
    boss, mob = y.mobs[BOSS_COL], y.mobs[col]
    assert boss is not None and mob is not None
    y.gone = y.gone + (boss.card,)
    y.set_mob(BOSS_COL, mob)
    y.set_mob(col, None)
    y.swapped = True


def release(s: MafiaState, y: Syndicate, col: int) -> None:
    mob = y.mobs[col]
    assert mob is not None
    y.pay(release_cost(s, y, col))
    y.set_mob(col, replaced(mob, heat=0, jailed=False, exhausted=False))


def discard(y: Syndicate, row: int, slot: int) -> None:
    if row == 0:
        mob = y.mobs[slot]
        assert mob is not None
        y.gone = y.gone + (mob.card,)
        y.set_mob(slot, None)
    elif row == 1:
        y.gone = y.gone + (y.biz[slot],)
        y.set_biz(slot, -1)
    else:
        y.gone = y.gone + (y.assets[slot],)
        y.set_asset(slot, -1)


def swap_slots(y: Syndicate, row: int, a: int, b: int) -> None:
    if row == 0:
        ma, mb = y.mobs[a], y.mobs[b]
        y.set_mob(a, mb)
        y.set_mob(b, ma)
    elif row == 1:
        ba, bb = y.biz[a], y.biz[b]
        y.set_biz(a, bb)
        y.set_biz(b, ba)
    else:
        xa, xb = y.assets[a], y.assets[b]
        y.set_asset(a, xb)
        y.set_asset(b, xa)


__all__ = ["DONE", "MarketMenu", "PlaceCard", "Rearrange", "asset_fits", "empty_slots", "release_cost"]
