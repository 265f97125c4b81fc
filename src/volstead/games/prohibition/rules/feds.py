"""Dealing with the Feds (rulebook: Feds; Generating Heat; Fed Cards — Pay a Bribe, Face the
Consequences, Do a Bit, Using Ward Machines). The badges reached are counted by
`ProhibitionState.add_heat`; the cards are drawn here, at the next safe point, in turn order."""

from __future__ import annotations

from typing import Final

from volstead.engine.step import SeatStep, Step

from ..content.loader import FedRow
from ..content.models import LOSSES
from ..state import FED_DRAWN, WARD, ProhibitionState
from .building import return_tile
from .common import block_ref, gs, push, whose

BUILDINGS: Final = 0
STOCK: Final = 1
GOONS: Final = 2
GS: Final = 3
BOOZE: Final = 4
HEADLINES: Final = 5
# FedCard codes; a Block (>= 0) is a Ward Machine's Payoff
BRIBE: Final = -1
FACE: Final = -2
BIT: Final = -3
ROMAN: Final[tuple[str, ...]] = ("I", "II", "III", "IV")


class ResolveFeds(Step[ProhibitionState]):
    """Draw the Fed cards owed, gang by gang in turn order, each gang dealing with its cards
    before the next draws. Never during a Conflict."""

    __slots__ = ()
    auto = True
    kind = "resolve_feds"

    def run(self, s: ProhibitionState) -> None:
        if s.attack is not None and s.attack.conflict:
            return
        for seat in s.order():
            g = s.gangs[seat]
            if not g.fed_owed:
                continue
            drawn = []
            for _ in range(g.fed_owed):
                if not s.fed_deck:  # "When the deck runs out, reshuffle the discards"
                    if not s.fed_discard:
                        break
                    s.fed_deck, s.fed_discard = s.shuffle(sorted(s.fed_discard)), ()
                drawn.append(s.fed_deck[0])
                s.fed_deck = s.fed_deck[1:]
            g.fed_owed = 0
            g.fed_cards = g.fed_cards + tuple(drawn)
            for _ in drawn:
                s.count(FED_DRAWN)
            if s.story is not None and drawn:
                names = ", ".join(s.content.feds[x].name for x in drawn)
                stop = "" if names.endswith(("!", ".")) else "."
                s.tell(f"{s.gang_name(seat)} draws the Fed card{'s' if len(drawn) > 1 else ''} {names}{stop}")
            push(s, DealFeds(seat), ResolveFeds())
            return


class DealFeds(SeatStep[ProhibitionState]):
    __slots__ = ()
    auto = True
    kind = "deal_feds"

    def run(self, s: ProhibitionState) -> None:
        cards = s.gangs[self.seat_].fed_cards
        if not cards:
            return
        first: Step[ProhibitionState] = (
            FedCard(self.seat_, cards[0], s.threshold(self.seat_)) if len(cards) == 1 else ChooseFed(self.seat_)
        )
        push(s, first, DealFeds(self.seat_))


class ChooseFed(SeatStep[ProhibitionState]):
    """Several Fed cards: which one you deal with first."""

    __slots__ = ()
    kind = "fed_order"

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        return s.gangs[self.seat_].fed_cards

    def choose(self, s: ProhibitionState, code: int) -> None:
        push(s, FedCard(self.seat_, code, s.threshold(self.seat_)))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return "fed:" + s.content.feds[code].id

    def option_label(self, s: ProhibitionState, code: int) -> str:
        return f"Deal with {s.content.feds[code].name} first"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return ("fed:" + s.content.feds[code].id,)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        return f"deals with the Fed card {s.content.feds[code].name} first."

    def prompt(self, s: ProhibitionState) -> str:
        return "Several Fed cards: which do you deal with first?"


def bribe_cost(s: ProhibitionState, seat: int, row: FedRow) -> int:
    return max(0, row.bribe - s.bonus(seat, "bribe_discount"))


def need(parts: tuple[tuple[int, int], ...]) -> list[int]:
    total = [0] * len(LOSSES)
    for what, n in parts:
        total[what] += n
    return total


def can_face(s: ProhibitionState, seat: int, parts: tuple[tuple[int, int], ...]) -> bool:
    """Can the whole Consequence be faced? (Lost buildings are picked first, then Stock from others.)"""
    want = need(parts)
    g = s.gangs[seat]
    blds = s.buildings_of(seat)
    stocked = sum(1 for b in blds if s.is_stocked(b))
    goons = sum(s.goons[b] for b in s.turf(seat))
    return (
        len(blds) >= want[BUILDINGS] + want[STOCK]
        and stocked >= want[STOCK]
        and goons >= want[GOONS]
        and g.gs >= want[GS]
        and g.booze >= want[BOOZE]
        and g.headlines >= want[HEADLINES]
    )


def payoffs(s: ProhibitionState, seat: int) -> tuple[int, ...]:
    return tuple(b for b in s.buildings_of(seat) if s.kind_at(b) == WARD and s.is_stocked(b))


def discard_fed(s: ProhibitionState, seat: int, card: int) -> None:
    g = s.gangs[seat]
    g.fed_cards = tuple(x for x in g.fed_cards if x != card)
    s.fed_discard = s.fed_discard + (card,)


class FedCard(SeatStep[ProhibitionState]):
    """One Fed card at a Threshold (0-3): Payoffs, then Bribe, Face the Consequence or Do a Bit."""

    __slots__ = ("card", "level")
    kind = "fed_card"

    def __init__(self, seat: int, card: int, level: int):
        super().__init__(seat)
        self.card = card
        self.level = level

    def row(self, s: ProhibitionState) -> FedRow:
        return s.content.fed_rows[self.card][self.level]

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        row = self.row(s)
        out = list(payoffs(s, self.seat_))
        if s.gangs[self.seat_].gs >= bribe_cost(s, self.seat_, row):
            out.append(BRIBE)
        if can_face(s, self.seat_, row.lose):
            out.append(FACE)
        out.append(BIT)
        return tuple(out)

    def choose(self, s: ProhibitionState, code: int) -> None:
        seat, g, row = self.seat_, s.gangs[self.seat_], self.row(s)
        if code >= 0:  # a Ward Machine's Payoff: one Threshold lower; below I the card is gone
            s.set_stocked(code, False)
            if self.level == 0:
                discard_fed(s, seat, self.card)
            else:
                push(s, FedCard(seat, self.card, self.level - 1))
            return
        discard_fed(s, seat, self.card)
        if code == BRIBE:  # each told by option_said
            g.gs -= bribe_cost(s, seat, row)
        elif code == BIT:
            g.jail += row.months
        else:
            picker = s.right_of(seat) if s.content.fed_right[self.card] else seat
            push(s, Losses(picker, seat, row.lose))
            if s.story is not None and picker != seat:
                s.tell(f"{s.gang_name(picker)}, on {whose(s, seat)} right, picks what {s.content.feds[self.card].name} takes.")

    def option_id(self, s: ProhibitionState, code: int) -> str:
        if code >= 0:
            return "payoff:" + s.block_name(code)
        return {BRIBE: "bribe", FACE: "face", BIT: "bit"}[code]

    def option_label(self, s: ProhibitionState, code: int) -> str:
        row = self.row(s)
        if code >= 0:
            return f"Use the Ward Machine on {s.place(code)}: one Threshold lower"
        if code == BRIBE:
            cost = bribe_cost(s, self.seat_, row)
            return f"Pay a Bribe of {gs(cost)}" if cost else "Pay a Bribe (nothing: your mat's discount covers it)"
        if code == FACE:
            return f"Face the Consequence: {row.text}"
        return f"Do a Bit: {row.months} months of Jailtime"

    def option_help(self, s: ProhibitionState, code: int) -> str:
        g = s.gangs[self.seat_]
        if code >= 0:
            gone = "the card is discarded" if self.level == 0 else f"the card counts at Threshold {ROMAN[self.level - 1]}"
            return f"The Ward Machine's Payoff: {gone}; the Machine flips to unstocked (§feds)."
        if code == BRIBE:
            return f"{gs(bribe_cost(s, self.seat_, self.row(s)))} of your {gs(g.gs)}; the card is discarded (§feds)."
        if code == FACE:
            right = " The gang on your right picks what you lose." if s.content.fed_right[self.card] else ""
            return f"Only if you can face all of it.{right} (§feds)"
        return f"-1 PP a month at Scoring: -{self.row(s).months} PP (§feds)."

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        if code >= 0:
            return (block_ref(s, code),)
        return ("fed:" + s.content.feds[self.card].id,)  # Bribe, Face or Bit: buttons after the card's click

    def option_said(self, s: ProhibitionState, code: int) -> str:
        row, name = self.row(s), s.content.feds[self.card].name
        at = f"(Outrage Threshold {ROMAN[self.level]})"
        if code >= 0:
            gone = "it is discarded" if self.level == 0 else f"it now counts at Threshold {ROMAN[self.level - 1]}"
            return f"uses the Ward Machine on {s.place(code)} against the Fed card {name} {at}: {gone}."
        if code == BRIBE:
            cost = bribe_cost(s, self.seat_, row)
            paid = f"{gs(cost)}" if cost else "nothing (its discount covers the Bribe)"
            return f"bribes the Feds {paid} for the Fed card {name} {at}."
        if code == FACE:
            return f"faces the Consequence of the Fed card {name} {at}: {row.text.rstrip('.')}."
        return f"does a bit of {row.months} months for the Fed card {name} {at}."

    def unavailable(self, s: ProhibitionState) -> tuple[tuple[str, str], ...]:
        """The Bribe the gang cannot pay and the Consequence it cannot face in full."""
        seat, row = self.seat_, self.row(s)
        g = s.gangs[seat]
        out: list[tuple[str, str]] = []
        cost = bribe_cost(s, seat, row)
        if g.gs < cost:
            out.append((f"Pay a Bribe of {gs(cost)}", f"you have {gs(g.gs)} (§feds)"))
        if not can_face(s, seat, row.lose):
            out.append((f"Face the Consequence: {row.text}", "you cannot face all of it: Bribe or Do a Bit (§feds)"))
        return tuple(out)

    def prompt(self, s: ProhibitionState) -> str:
        return f"Fed card {s.content.feds[self.card].name}, Outrage Threshold {ROMAN[self.level]}"


class Losses(Step[ProhibitionState]):
    """The parts of a Consequence, in order; the picker chooses buildings, Stock and Goons."""

    __slots__ = ("picker", "victim", "parts")
    auto = True
    kind = "losses"

    def __init__(self, picker: int, victim: int, parts: tuple[tuple[int, int], ...]):
        self.picker = picker
        self.victim = victim
        self.parts = parts

    def run(self, s: ProhibitionState) -> None:
        if not self.parts:
            return
        (what, n), rest = self.parts[0], self.parts[1:]
        g = s.gangs[self.victim]
        if what == GS:
            g.gs -= n
        elif what == BOOZE:
            g.booze -= n
        elif what == HEADLINES:
            g.headlines -= n
        else:
            push(s, LoseOne(self.picker, self.victim, what, n, rest))
            return
        push(s, Losses(self.picker, self.victim, rest))


class LoseOne(SeatStep[ProhibitionState]):
    """The picker chooses one building, stocked building or Goon of the victim to lose."""

    __slots__ = ("victim", "what", "n", "rest")
    kind = "fed_loss"

    def __init__(self, seat: int, victim: int, what: int, n: int, rest: tuple[tuple[int, int], ...]):
        super().__init__(seat)
        self.victim = victim
        self.what = what
        self.n = n
        self.rest = rest

    def options(self, s: ProhibitionState) -> tuple[int, ...]:
        v = self.victim
        if self.what == GOONS:
            return tuple(b for b in s.turf(v) if s.goons[b])
        blds = s.buildings_of(v)
        if self.what == STOCK:
            return tuple(b for b in blds if s.is_stocked(b))
        stock_later = need(self.rest)[STOCK]
        stocked = sum(1 for b in blds if s.is_stocked(b))
        return tuple(b for b in blds if len(blds) - 1 >= self.n - 1 + stock_later and stocked - s.is_stocked(b) >= stock_later)

    def choose(self, s: ProhibitionState, code: int) -> None:
        v = self.victim
        if self.what == GOONS:
            s.set_block(code, goons=s.goons[code] - 1)
            s.gangs[v].hosp_goons += 1
        elif self.what == STOCK:
            s.set_stocked(code, False)
        else:  # the building goes, its Stock with it; the tile back to its stack
            s.set_stocked(code, False)
            return_tile(s, s.tile[code])
            s.set_block(code, tile=-1)
        push(s, LoseOne(self.seat_, v, self.what, self.n - 1, self.rest) if self.n > 1 else Losses(self.seat_, v, self.rest))

    def option_id(self, s: ProhibitionState, code: int) -> str:
        return ("goon:", "stock:", "building:")[(GOONS, STOCK, BUILDINGS).index(self.what)] + s.block_name(code)

    def option_label(self, s: ProhibitionState, code: int) -> str:
        if self.what == GOONS:
            return f"A Goon on {s.place(code)}"
        name = s.content.buildings.buildings[s.kind_at(code)].name
        return f"{'The Stock of the' if self.what == STOCK else 'The'} {name} on {s.place(code)}"

    def option_refs(self, s: ProhibitionState, code: int) -> tuple[str, ...]:
        return (block_ref(s, code),)

    def option_said(self, s: ProhibitionState, code: int) -> str:
        own = self.seat_ == self.victim
        of = "its" if own else whose(s, self.victim)
        if self.what == GOONS:
            return f"{'loses' if own else 'takes'} {of} Goon on {s.place(code)} to the Hospital (Fed card)."
        name = s.content.buildings.buildings[s.kind_at(code)].name
        what = "the Stock of " if self.what == STOCK else ""
        return f"{'loses' if own else 'takes away'} {what}{of} {name} on {s.place(code)} (Fed card)."

    def prompt(self, s: ProhibitionState) -> str:
        what = {GOONS: "a Goon", STOCK: "the Stock of a building", BUILDINGS: "a building"}[self.what]
        return f"Fed card: {s.gang_name(self.victim)} loses {what} — which?"
