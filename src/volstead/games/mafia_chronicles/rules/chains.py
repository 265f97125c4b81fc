"""Shipments and Heists (§6.5): supply chains across syndicates, the talks, the rolls of every participant."""

from __future__ import annotations

from typing import Any, Final, NamedTuple

from volstead.engine.step import SeatStep, Step
from volstead.engine.tuples import replaced

from .. import refs
from ..state import COLUMNS, HEIST, MOVE_NAMES, SHIPMENT, SMUGGLE, STEAL, MafiaState, Syndicate
from .dice import counted, edge
from .labels import mob_text, money, move_title
from .ratings import MASTERMIND, ROLL, move_rating, perk_total, smarts

PER_EDGE: Final = {SHIPMENT: 40, HEIST: 35}  # total Edge × $40K / × $35K
ONE_HEAT: Final = {SHIPMENT: 2, HEIST: 3}  # Heat for a roll of 1
BASE_MOVE: Final = {SHIPMENT: SMUGGLE, HEIST: STEAL}
# offers of 0–50 % in 5 % steps
SHARE_STEP: Final = 5
SHARE_STEPS: Final = 10
# (the starter the initiator's column holds, the two links), by kind index of content/loader.py:
# Businesses: candy_factory 0, airstrip 1, street 2; Assets: plans 0, spotter 1, insider 2.
STARTER: Final = 0
LINKS: Final[tuple[int, ...]] = (1, 2)
LINK_NAMES: Final = {SHIPMENT: ("Airstrip", "Street"), HEIST: ("Spotter", "Insider")}


class Chain(NamedTuple):
    """A Shipment or Heist being set up: who started it, its links, who is left to talk to, the agreed shares."""

    seat: int
    col: int
    kind: int  # SHIPMENT or HEIST
    links: tuple[tuple[int, int], ...]  # (seat, column) of each link's Boss/Gangster
    partners: tuple[int, ...] = ()  # syndicates still to agree, in order
    shares: tuple[tuple[int, int], ...] = ()  # (syndicate, share in 5 % steps) agreed


def holds(s: MafiaState, y: Syndicate, col: int, kind: int, which: int) -> bool:
    """Does column `col` hold the chain card `which` (STARTER or a link) of a Shipment/Heist?"""
    c = s.content
    if kind == SHIPMENT:
        b = y.biz[col]
        return b >= 0 and c.b_kind[c.type_of(b)] == which
    for slot in (col, col + COLUMNS):
        a = y.assets[slot]
        if a >= 0 and c.a_kind[c.type_of(a)] == which:
            return True
    return False


def _candidates(
    s: MafiaState, seat: int, col: int, kind: int, stage: int, taken: tuple[tuple[int, int], ...]
) -> list[tuple[int, int]]:
    """Boss/Gangsters (any syndicate's) with an active card in a column holding link `stage`,
    other than the initiator and the links already chosen (each participant is a different card)."""
    out = []
    for t in range(s.seats):
        y = s.syn[t]
        for c in range(COLUMNS):
            if (t, c) == (seat, col) or (t, c) in taken or not y.active(c):
                continue
            if holds(s, y, c, kind, LINKS[stage]):
                out.append((t, c))
    return out


def link_card(s: MafiaState, y: Syndicate, col: int, kind: int, which: int) -> int:
    """The chain card `which` in column `col` (−1: none): the Business, or the Asset of either slot."""
    c = s.content
    if kind == SHIPMENT:
        b = y.biz[col]
        return b if b >= 0 and c.b_kind[c.type_of(b)] == which else -1
    for slot in (col, col + COLUMNS):
        a = y.assets[slot]
        if a >= 0 and c.a_kind[c.type_of(a)] == which:
            return a
    return -1


def link_options(s: MafiaState, seat: int, col: int, kind: int, links: tuple[tuple[int, int], ...]) -> list[tuple[int, int]]:
    stage = len(links)
    out = _candidates(s, seat, col, kind, stage, links)
    if stage == 0:  # only a first link that leaves a second one to choose
        out = [o for o in out if _candidates(s, seat, col, kind, 1, (o,))]
    return out


def chain_ready(s: MafiaState, seat: int, col: int, kind: int) -> bool:
    """§6.5: the initiator's column holds a Candy Factory (Plans) and the full chain is in play."""
    y = s.syn[seat]
    return holds(s, y, col, kind, STARTER) and bool(link_options(s, seat, col, kind, ()))


class ChooseLink(SeatStep[MafiaState]):
    """Choose the Airstrip then the Street (the Spotter then the Insider) of the chain, or go back."""

    __slots__ = ("col", "chain", "links", "may_go_back")
    kind = "link"

    def __init__(self, seat: int, col: int, chain: int, links: tuple[tuple[int, int], ...], may_go_back: bool = True):
        super().__init__(seat)
        self.col = col
        self.chain = chain
        self.links = links
        self.may_go_back = may_go_back

    def prompt(self, s: MafiaState) -> str:
        return f"{move_title(self.chain)}: choose the {LINK_NAMES[self.chain][len(self.links)]}"

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        found = tuple(link_options(s, self.seat_, self.col, self.chain, self.links))
        return (*found, ("back",)) if self.may_go_back else found

    def choose(self, s: MafiaState, code: Any) -> None:
        seat = self.seat_
        if code == ("back",):
            from .moves import MoveMenu

            s.stack.append(MoveMenu(seat, backed=True))
            return
        links = self.links + (code,)
        if len(links) < 2:
            s.stack.append(ChooseLink(seat, self.col, self.chain, links, self.may_go_back))
            return
        start_talks(s, Chain(seat, self.col, self.chain, links))

    def option_id(self, s: MafiaState, code: Any) -> str:
        return "back" if code == ("back",) else f"link:{code[0]}.{code[1]}"

    def option_help(self, s: MafiaState, code: Any) -> str:
        """The odds of the whole attempt (rules/odds.py), its mean return once both links are known."""
        if code == ("back",):
            return ""
        from .odds import chain_help

        links = self.links + (code,)
        return chain_help(s, self.seat_, self.col, self.chain, links if len(links) == 2 else ())

    def option_label(self, s: MafiaState, code: Any) -> str:
        if code == ("back",):
            return "Back to the moves"
        t, c = code
        name = LINK_NAMES[self.chain][len(self.links)]
        return f"The {name} of {s.syndicate_name(t)}: {mob_text(s, t, c)} rolls Smarts {smarts(s, s.syn[t], c)}"

    def option_refs(self, s: MafiaState, code: Any) -> tuple[str, ...]:
        """The Airstrip/Street (Spotter/Insider) card that joins."""
        if code == ("back",):
            return refs.NONE
        t, c = code
        inst = link_card(s, s.syn[t], c, self.chain, LINKS[len(self.links)])
        return (refs.card(inst),) if inst >= 0 else refs.mob(s, t, c)

    def option_said(self, s: MafiaState, code: Any) -> str:
        if code == ("back",):
            return "goes back to the moves."
        t, c = code
        name = LINK_NAMES[self.chain][len(self.links)]
        return (
            f"takes the {name} of {s.syndicate_name(t)} into its {move_title(self.chain)}: {mob_text(s, t, c)} will roll Smarts."
        )


def start_talks(s: MafiaState, chain: Chain) -> None:
    """Talk to each other syndicate taking part, clockwise from the initiator, then roll."""
    seat = chain.seat
    others = {t for t, _ in chain.links if t != seat}
    partners = tuple(sorted(others, key=lambda t: (t - seat) % s.seats))
    chain = replaced(chain, partners=partners)
    if not partners:
        s.stack.append(RollChain(chain))
        return
    from .negotiation import Offer

    s.stack.append(Offer(seat, chain, partners[0]))


class RollChain(Step[MafiaState]):
    """§6.5: the initiator rolls Smuggle (Steal) Edge, each link's card Smarts Edge; 1s bring Heat;
    success pays total Edge × $40K ($35K), split as agreed."""

    __slots__ = ("chain",)
    auto = True
    kind = "roll_chain"

    def __init__(self, chain: Chain):
        self.chain = chain

    def run(self, s: MafiaState) -> None:
        roll_chain(s, self.chain)


def roll_chain(s: MafiaState, chain: Chain) -> None:
    from .moves import add_heat, exhaust, payout, success_heat

    kind, seat, col = chain.kind, chain.seat, chain.col
    y = s.syn[seat]
    mob = y.mobs[col]
    assert mob is not None
    move = BASE_MOVE[kind]
    rating = move_rating(s, y, col, move)
    rec: dict[str, Any] = {
        "round": s.round,
        "seat": seat,
        "col": col,
        "card": s.content.gangsters[mob.card].id,
        "move": MOVE_NAMES[kind],
        "rating": rating,
        "links": [list(x) for x in chain.links],
        "shares": {str(t): SHARE_STEP * k for t, k in chain.shares},
    }
    r0 = s.d5()
    rolls = [r0]
    if r0 == 1:  # the whole attempt fails; the initiator takes the Heat
        add_heat(y, col, ONE_HEAT[kind])
        exhaust(y, col)
        rec.update(rolls=rolls, success=False, heat=ONE_HEAT[kind], amount=0)
        s.last_roll = rec
        return
    edges = [edge(rating, counted(r0, perk_total(s, y, col, ROLL, move)))]
    for t, c in chain.links:
        v = s.syn[t]
        r = s.d5()
        rolls.append(r)
        edges.append(edge(smarts(s, v, c), r))
        if r == 1:
            add_heat(v, c, ONE_HEAT[kind])
    total = sum(edges) + perk_total(s, y, col, MASTERMIND)
    pot = total * PER_EDGE[kind]
    paid = {}
    for t, k in chain.shares:
        paid[t] = pot * k * SHARE_STEP // 100
        s.syn[t].stash += paid[t]
    mine = pot - sum(paid.values()) + payout(s, y, col, move)
    y.stash += mine
    heat = success_heat(s, y, col, edges[0])
    add_heat(y, col, heat)
    exhaust(y, col)
    y.win(move)
    rec.update(
        rolls=rolls,
        edges=edges,
        total=total,
        success=True,
        heat=heat,
        amount=pot,
        paid={str(t): a for t, a in paid.items()},
        kept=mine,
    )
    s.last_roll = rec
    if s.story is not None:
        s.tell(f"{s.syndicate_name(seat)}'s {move_title(kind)} pays {money(pot)}.")
