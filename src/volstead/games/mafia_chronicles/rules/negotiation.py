"""Negotiated deals (§6.5): Shipment and Heist splits, and the Fix fee. Each step is asked of one
of the two parties; the offers are seen by the two of them only (view.py)."""

from __future__ import annotations

from typing import Any

from volstead.engine.step import SeatStep
from volstead.engine.tuples import replaced

from ..state import FIX, MafiaState
from .chains import SHARE_STEP, SHARE_STEPS, Chain, RollChain
from .labels import debt_help, debt_label, mob_text, money, move_title
from .moves import FIX_FEE_STEP, FIX_FEE_STEPS, MoveMenu, Resolve, success_odds


def _talks_failed(s: MafiaState, seat: int, col: int, other: int) -> None:
    """A decline, a refusal or a call-off: no move was made; the card may make another one, but
    may not open talks again this round (docs/mafia-chronicles-rules.md)."""
    y = s.syn[seat]
    mob = y.mobs[col]
    if mob is not None:
        y.set_mob(col, replaced(mob, talked=True))
    s.last_deal = f"{s.syndicate_name(seat)} and {s.syndicate_name(other)} made no deal"
    s.tell(s.last_deal + ".")
    s.stack.append(MoveMenu(seat))


def _agreed(s: MafiaState, chain: Chain, partner: int, share: int) -> None:
    chain = replaced(chain, partners=chain.partners[1:], shares=chain.shares + ((partner, share),))
    s.last_deal = f"{s.syndicate_name(chain.seat)} and {s.syndicate_name(partner)} made a deal"
    s.tell(s.last_deal + ".")
    for k in (chain.seat, partner):  # the share is the two parties' business
        s.tell(f"The agreed share: {share_text(share)} to {s.syndicate_name(partner)}.", k)
    if chain.partners:
        s.stack.append(Offer(chain.seat, chain, chain.partners[0]))
    else:
        s.stack.append(RollChain(chain))


def share_text(k: int) -> str:
    return f"{SHARE_STEP * k}%"


class Deal(SeatStep[MafiaState]):
    """A step of a Shipment/Heist negotiation: `seat_` decides; `other` is the other party."""

    __slots__ = ("chain", "other", "share")

    def __init__(self, seat: int, chain: Chain, other: int, share: int = 0):
        super().__init__(seat)
        self.chain = chain
        self.other = other
        self.share = share  # the share on the table, in 5 % steps

    def parties(self) -> tuple[int, int]:
        return (self.seat_, self.other)


class Offer(Deal):
    """The initiator offers the partner 0–50 % of the total, in 5 % steps."""

    __slots__ = ()
    kind = "offer"

    def prompt(self, s: MafiaState) -> str:
        return f"{move_title(self.chain.kind)}: your offer to {s.syndicate_name(self.other)} (a share of the total)"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(range(SHARE_STEPS + 1))

    def choose(self, s: MafiaState, code: int) -> None:
        s.stack.append(Respond(self.other, self.chain, self.seat_, code))

    def option_id(self, s: MafiaState, code: int) -> str:
        return f"offer:{SHARE_STEP * code}"

    def option_label(self, s: MafiaState, code: int) -> str:
        return f"Offer {share_text(code)} to {s.syndicate_name(self.other)}"

    def option_said(self, s: MafiaState, code: int) -> str:
        return f"offers {s.syndicate_name(self.other)} {share_text(code)} of the {move_title(self.chain.kind)}."

    def hidden_said(self, s: MafiaState) -> str:
        return f"makes {s.syndicate_name(self.other)} an offer for the {move_title(self.chain.kind)}."


class Respond(Deal):
    """The partner accepts, declines, or counters with another share."""

    __slots__ = ()
    kind = "respond"

    def prompt(self, s: MafiaState) -> str:
        return f"{s.syndicate_name(self.other)} offers you {share_text(self.share)} of a {move_title(self.chain.kind)}"

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        return ("accept", "decline", *(k for k in range(SHARE_STEPS + 1) if k != self.share))

    def choose(self, s: MafiaState, code: Any) -> None:
        if code == "accept":
            _agreed(s, self.chain, self.seat_, self.share)
        elif code == "decline":
            _talks_failed(s, self.chain.seat, self.chain.col, self.seat_)
        else:
            s.stack.append(FinalOffer(self.other, self.chain, self.seat_, code))

    def option_id(self, s: MafiaState, code: Any) -> str:
        return code if isinstance(code, str) else f"counter:{SHARE_STEP * code}"

    def option_label(self, s: MafiaState, code: Any) -> str:
        if code == "accept":
            return f"Accept {share_text(self.share)}"
        return "Decline" if code == "decline" else f"Counter: ask for {share_text(code)}"

    def option_said(self, s: MafiaState, code: Any) -> str:
        who, what = s.syndicate_name(self.other), move_title(self.chain.kind)
        if code == "accept":
            return f"accepts {share_text(self.share)} of {who}'s {what}."
        if code == "decline":
            return f"declines {who}'s offer: no {what}."
        return f"counters {who}'s offer: asks for {share_text(code)} of the {what}."

    def hidden_said(self, s: MafiaState) -> str:
        return f"answers {s.syndicate_name(self.other)}'s offer."


class FinalOffer(Deal):
    """After a counter the initiator makes a final offer (the counter's share included) or calls it off."""

    __slots__ = ()
    kind = "final_offer"

    def prompt(self, s: MafiaState) -> str:
        return f"{s.syndicate_name(self.other)} asks for {share_text(self.share)}: your final offer"

    def options(self, s: MafiaState) -> tuple[Any, ...]:
        return (*range(SHARE_STEPS + 1), "off")

    def choose(self, s: MafiaState, code: Any) -> None:
        if code == "off":
            _talks_failed(s, self.chain.seat, self.chain.col, self.other)
        else:
            s.stack.append(AcceptFinal(self.other, self.chain, self.seat_, code))

    def option_id(self, s: MafiaState, code: Any) -> str:
        return "off" if code == "off" else f"final:{SHARE_STEP * code}"

    def option_label(self, s: MafiaState, code: Any) -> str:
        return "Call the deal off" if code == "off" else f"Final offer: {share_text(code)}"

    def option_said(self, s: MafiaState, code: Any) -> str:
        who = s.syndicate_name(self.other)
        if code == "off":
            return f"calls the {move_title(self.chain.kind)} with {who} off."
        return f"makes {who} a final offer of {share_text(code)}."

    def hidden_said(self, s: MafiaState) -> str:
        return f"answers {s.syndicate_name(self.other)}'s counter-offer."


class AcceptFinal(Deal):
    """The partner accepts the final offer or refuses it (and the deal)."""

    __slots__ = ()
    kind = "accept_final"

    def prompt(self, s: MafiaState) -> str:
        return f"{s.syndicate_name(self.other)}'s final offer: {share_text(self.share)}"

    def options(self, s: MafiaState) -> tuple[str, ...]:
        return ("accept", "refuse")

    def choose(self, s: MafiaState, code: str) -> None:
        if code == "accept":
            _agreed(s, self.chain, self.seat_, self.share)
        else:
            _talks_failed(s, self.chain.seat, self.chain.col, self.seat_)

    def option_label(self, s: MafiaState, code: str) -> str:
        return f"Accept {share_text(self.share)}" if code == "accept" else "Refuse"

    def option_said(self, s: MafiaState, code: str) -> str:
        who = s.syndicate_name(self.other)
        if code == "accept":
            return f"accepts {who}'s final offer of {share_text(self.share)}."
        return f"refuses {who}'s final offer: no {move_title(self.chain.kind)}."

    def hidden_said(self, s: MafiaState) -> str:
        return f"answers {s.syndicate_name(self.other)}'s final offer."


# ------------------------------------------------------------------ the Fix fee
class FixFee(SeatStep[MafiaState]):
    """§6.5 Fix: the fixer names a fee ($0–$100K) for fixing another syndicate's card; $0: no offer."""

    __slots__ = ("col", "other", "tcol")
    kind = "fix_fee"

    def __init__(self, seat: int, col: int, other: int, tcol: int):
        super().__init__(seat)
        self.col = col
        self.other = other
        self.tcol = tcol

    def parties(self) -> tuple[int, int]:
        return (self.seat_, self.other)

    def prompt(self, s: MafiaState) -> str:
        p = success_odds(s, self.seat_, self.col, FIX, ("mob", self.other, self.tcol))
        return f"Fix {mob_text(s, self.other, self.tcol)} ({round(100 * p)}% to succeed): ask a fee?"

    def options(self, s: MafiaState) -> tuple[int, ...]:
        return tuple(range(FIX_FEE_STEPS + 1))

    def choose(self, s: MafiaState, code: int) -> None:
        if code == 0:
            s.stack.append(Resolve(self.seat_, self.col, FIX, ("mob", self.other, self.tcol)))
        else:
            s.stack.append(FeeAnswer(self.other, self.seat_, self.col, self.tcol, FIX_FEE_STEP * code))

    def option_id(self, s: MafiaState, code: int) -> str:
        return f"fee:{FIX_FEE_STEP * code}"

    def option_label(self, s: MafiaState, code: int) -> str:
        return "Fix it for nothing" if code == 0 else f"Ask {money(FIX_FEE_STEP * code)} (paid if the Fix succeeds)"

    def option_said(self, s: MafiaState, code: int) -> str:
        target = mob_text(s, self.other, self.tcol)
        if code == 0:
            return f"offers to Fix {target} for nothing."
        return f"offers to Fix {target} for {money(FIX_FEE_STEP * code)}, paid if the Fix succeeds."

    def hidden_said(self, s: MafiaState) -> str:
        return f"names its fee for fixing {mob_text(s, self.other, self.tcol)}."


class FeeAnswer(SeatStep[MafiaState]):
    """The owner of the card has one chance to accept the fee or refuse (then there is no Fix)."""

    __slots__ = ("fixer", "col", "tcol", "fee")
    kind = "fee_answer"

    def __init__(self, seat: int, fixer: int, col: int, tcol: int, fee: int):
        super().__init__(seat)
        self.fixer = fixer
        self.col = col
        self.tcol = tcol
        self.fee = fee

    def parties(self) -> tuple[int, int]:
        return (self.seat_, self.fixer)

    def prompt(self, s: MafiaState) -> str:
        return (
            f"{s.syndicate_name(self.fixer)} offers to Fix {mob_text(s, self.seat_, self.tcol)} for "
            f"{money(self.fee)}, paid if it succeeds"
        )

    def options(self, s: MafiaState) -> tuple[str, ...]:
        return ("accept", "refuse")

    def choose(self, s: MafiaState, code: str) -> None:
        if code == "accept":
            s.stack.append(Resolve(self.fixer, self.col, FIX, ("mob", self.seat_, self.tcol), self.fee))
        else:
            _talks_failed(s, self.fixer, self.col, self.seat_)

    def option_help(self, s: MafiaState, code: str) -> str:
        if code != "accept":
            return ""
        from .odds import target_help

        debt = debt_help(s.syn[self.seat_], self.fee)
        odds = target_help(s, self.fixer, self.col, FIX, ("mob", self.seat_, self.tcol))
        return f"{odds} If it succeeds: {debt}" if debt else odds

    def option_label(self, s: MafiaState, code: str) -> str:
        if code != "accept":
            return "Refuse"
        return f"Accept the {money(self.fee)} fee{debt_label(s.syn[self.seat_], self.fee)}"

    def option_said(self, s: MafiaState, code: str) -> str:
        who = s.syndicate_name(self.fixer)
        if code == "accept":
            return f"accepts {who}'s {money(self.fee)} fee for the Fix."
        return f"refuses {who}'s {money(self.fee)} fee: no Fix."

    def hidden_said(self, s: MafiaState) -> str:
        return f"answers {s.syndicate_name(self.fixer)}'s offer of a Fix."
