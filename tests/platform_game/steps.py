"""Prize Bids' steps: a round (turn up a prize, secret bids, reveal) and the negotiation."""

from __future__ import annotations

from typing import TYPE_CHECKING

from volstead.engine.lanes import open_lanes
from volstead.engine.rng import below
from volstead.engine.step import SeatStep, Step

if TYPE_CHECKING:
    from .state import PrizeBidsState

BLIND = 0  # the code of a blind bid: a card of the hand drawn from the seat's own random stream
KEEP = -1  # the winner keeps the prize (no offer)


# ------------------------------------------------------------------ a round
class NextRound(Step):
    """Turn up the next prize and open the secret bids; the game ends when the deck is empty."""

    __slots__ = ()
    auto = True

    def run(self, state: PrizeBidsState) -> None:
        if not state.deck:
            return
        state.prize, state.deck = state.deck[0], state.deck[1:]
        state.round += 1
        state.stack += [NextRound(), Reveal(), open_lanes(state, {s: [Confirm(s), Bid(s)] for s in range(state.seats)})]


class Bid(SeatStep):
    """Choose the card to bid (or a blind bid): private to the seat until the reveal."""

    __slots__ = ()
    kind = "bid"

    def options(self, state: PrizeBidsState) -> tuple:
        return (*state.hands[self.seat_], BLIND)

    def choose(self, state: PrizeBidsState, code: int) -> None:
        hand = state.hands[self.seat_]
        if code == BLIND:
            i, state.rng = below(state.rng, len(hand))  # the lane's own stream
            code = hand[i]
        state.set_bid(self.seat_, code)

    def option_id(self, state: PrizeBidsState, code: int) -> str:
        return "bid:blind" if code == BLIND else f"bid:{code}"

    def option_label(self, state: PrizeBidsState, code: int) -> str:
        return "Bid blind (a random card of your hand)" if code == BLIND else f"Bid {code}"

    def option_help(self, state: PrizeBidsState, code: int) -> str:
        return "a card of your hand drawn at random (§2)" if code == BLIND else ""

    def option_refs(self, state: PrizeBidsState, code: int) -> tuple[str, ...]:
        return () if code == BLIND else (f"card:{code}",)  # the card in your hand (web/board.js)

    def prompt(self, state: PrizeBidsState) -> str:
        return f"Round {state.round}: bid for prize {state.prize}"


class Confirm(SeatStep):
    """Confirm the bid, or take it back (once a round) and choose again."""

    __slots__ = ("may_go_back",)
    kind = "confirm"

    def __init__(self, seat: int, may_go_back: bool = True):
        super().__init__(seat)
        self.may_go_back = may_go_back

    def options(self, state: PrizeBidsState) -> tuple:
        return ("confirm", "back") if self.may_go_back else ("confirm",)

    def choose(self, state: PrizeBidsState, code: str) -> None:
        if code == "back":
            state.set_bid(self.seat_, 0)
            state.stack += [Confirm(self.seat_, may_go_back=False), Bid(self.seat_)]

    def option_label(self, state: PrizeBidsState, code: str) -> str:
        bid = state.bids[self.seat_]
        return f"Confirm your bid of {bid}" if code == "confirm" else "Take the bid back"

    def option_refs(self, state: PrizeBidsState, code: str) -> tuple[str, ...]:
        return (f"card:{state.bids[self.seat_]}",)  # both name the card bid: clicked, they are offered as buttons

    def unavailable(self, state: PrizeBidsState) -> tuple[tuple[str, str], ...]:
        return () if self.may_go_back else (("Take the bid back", "a bid is taken back once a round (§2)"),)


class Reveal(Step):
    """Every bid is shown; the highest wins the prize; the winner may offer it to the runner-up."""

    __slots__ = ()
    auto = True

    def run(self, state: PrizeBidsState) -> None:
        winner, runner_up = state.reveal()
        if state.options.negotiation and winner is not None and runner_up is not None:
            state.stack.append(Offer(winner, runner_up, state.prize))


# ---------------------------------------------------------------- negotiation
class Deal(SeatStep):
    """A negotiation step between the prize's `winner` and the `runner_up`."""

    __slots__ = ("other", "prize", "price")

    def __init__(self, seat: int, other: int, prize: int, price: int = 0):
        super().__init__(seat)
        self.other = other
        self.prize = prize
        self.price = price


class Offer(Deal):
    """The winner offers the prize to the runner-up for a price, or keeps it."""

    __slots__ = ()
    kind = "offer"

    def options(self, state: PrizeBidsState) -> tuple:
        return (KEEP, *range(1, self.prize + 1))

    def choose(self, state: PrizeBidsState, code: int) -> None:
        if code != KEEP:
            state.stack.append(Respond(self.other, self.seat_, self.prize, code))

    def option_id(self, state: PrizeBidsState, code: int) -> str:
        return "keep" if code == KEEP else f"offer:{code}"

    def option_refs(self, state: PrizeBidsState, code: int) -> tuple[str, ...]:
        # the prize, then the price on the price track (two clicks); keeping it: the prize alone
        return (f"prize:{self.prize}",) if code == KEEP else (f"prize:{self.prize}", f"price:{code}")

    def option_label(self, state: PrizeBidsState, code: int) -> str:
        return "Keep the prize" if code == KEEP else f"Offer prize {self.prize} to seat {self.other} for {code}"


class Respond(Deal):
    """The runner-up accepts the offer, declines it, or counters with a lower price."""

    __slots__ = ()
    kind = "respond"

    def options(self, state: PrizeBidsState) -> tuple:
        return ("accept", "decline", *(f"counter:{q}" for q in range(self.price)))

    def choose(self, state: PrizeBidsState, code: str) -> None:
        if code == "accept":
            state.settle(seller=self.other, buyer=self.seat_, prize=self.prize, price=self.price)
        elif code.startswith("counter:"):
            state.stack.append(Reply(self.other, self.seat_, self.prize, int(code[8:])))
        else:
            state.deal_note = f"seat {self.seat_} declined seat {self.other}'s offer"

    def option_label(self, state: PrizeBidsState, code: str) -> str:
        if code == "accept":
            return f"Accept: buy prize {self.prize} for {self.price}"
        return "Decline" if code == "decline" else f"Counter: {code[8:]}"


class Reply(Deal):
    """The winner accepts the counter-offer or makes a final offer."""

    __slots__ = ()
    kind = "reply"

    def options(self, state: PrizeBidsState) -> tuple:
        return ("accept", *(f"final:{f}" for f in range(self.price + 1, self.prize + 1)))

    def choose(self, state: PrizeBidsState, code: str) -> None:
        if code == "accept":
            state.settle(seller=self.seat_, buyer=self.other, prize=self.prize, price=self.price)
        else:
            state.stack.append(AcceptFinal(self.other, self.seat_, self.prize, int(code[6:])))

    def option_label(self, state: PrizeBidsState, code: str) -> str:
        return f"Accept {self.price}" if code == "accept" else f"Final offer: {code[6:]}"


class AcceptFinal(Deal):
    """The runner-up accepts the final offer or declines it."""

    __slots__ = ()
    kind = "accept_final"

    def options(self, state: PrizeBidsState) -> tuple:
        return ("accept", "decline")

    def choose(self, state: PrizeBidsState, code: str) -> None:
        if code == "accept":
            state.settle(seller=self.other, buyer=self.seat_, prize=self.prize, price=self.price)
        else:
            state.deal_note = f"seat {self.seat_} declined seat {self.other}'s final offer"

    def option_label(self, state: PrizeBidsState, code: str) -> str:
        return f"Accept: buy prize {self.prize} for {self.price}" if code == "accept" else "Decline"
