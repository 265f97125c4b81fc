"""Prize Bids' state: declared fields, explicit clone, views that hide what a seat may not know."""

from __future__ import annotations

import random
from typing import Any

from volstead.engine.contract import Result, SetupError
from volstead.engine.lanes import Lanes
from volstead.engine.rng import seed_state, shuffled
from volstead.engine.state import GameState

from . import FACTIONS, NAME, Options
from .content import prize_deck
from .steps import Bid, Confirm, Deal, NextRound


class PrizeBidsState(GameState):
    __slots__ = (
        "hands",
        "bids",
        "deck",
        "prize",
        "prize_points",
        "points",
        "round",
        "factions",
        "first",
        "deals",
        "last_reveal",
        "deal_note",
    )
    game_name = NAME

    options: Options
    hands: tuple[tuple[int, ...], ...]  # each seat's bid cards (public: cards are spent face up)
    bids: tuple[int, ...]  # this round's bids, 0 = none yet (secret until the reveal)
    deck: tuple[int, ...]  # the prizes still to come, top first (the order is hidden)
    prize: int  # the prize turned up this round (its number, 1..C)
    prize_points: tuple[int, ...]  # the points of prize k at k-1 (the card set's; printed on the cards)
    points: tuple[float, ...]
    round: int
    factions: tuple[str, ...]
    first: int
    deals: int  # prizes sold in negotiations
    last_reveal: dict[str, Any]  # the previous round's bids, prize and winners (public)
    deal_note: str  # the outcome of the last negotiation (public)

    def set_bid(self, seat: int, card: int) -> None:
        self.bids = self.bids[:seat] + (card,) + self.bids[seat + 1 :]

    def reveal(self) -> tuple[int | None, int | None]:
        """Resolve the bids; (the unique winner or None, the unique runner-up or None)."""
        bids = self.bids
        self.hands = tuple(tuple(c for c in h if c != b) for h, b in zip(self.hands, bids, strict=True))
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        points = list(self.points)
        if len(winners) == 1 or self.options.ties == "split":
            for s in winners:
                points[s] += self.prize_points[self.prize - 1] / len(winners)
        self.points = tuple(points)
        self.last_reveal = {"round": self.round, "prize": self.prize, "bids": list(bids), "winners": winners}
        self.bids = (0,) * self.seats
        self.deal_note = ""
        if len(winners) != 1:
            return None, None
        rest = [b for b in bids if b != top]
        second = [s for s, b in enumerate(bids) if rest and b == max(rest)]
        return winners[0], (second[0] if len(second) == 1 else None)

    def settle(self, seller: int, buyer: int, prize: int, price: int) -> None:
        value = self.prize_points[prize - 1]
        points = list(self.points)
        points[seller] += price - value
        points[buyer] += value - price
        self.points = tuple(points)
        self.deals += 1
        self.deal_note = f"seat {buyer} bought prize {prize} from seat {seller} for {price}"

    def _copy_into(self, new: PrizeBidsState) -> None:  # type: ignore[override]
        # every field is an immutable value or a tuple (replaced, never mutated): shared, not copied
        super()._copy_into(new)
        new.hands, new.bids, new.deck, new.prize = self.hands, self.bids, self.deck, self.prize
        new.prize_points = self.prize_points
        new.points, new.round, new.factions, new.first = self.points, self.round, self.factions, self.first
        new.deals, new.last_reveal, new.deal_note = self.deals, self.last_reveal, self.deal_note

    # -------------------------------------------------------------- contract
    def result(self) -> Result:
        if not self.is_over():
            raise ValueError("the game is not over")
        best = max(self.points)
        tied = [s for s, p in enumerate(self.points) if p == best]
        winner = min(tied, key=lambda s: (s - self.first) % self.seats)  # the nearest to the first seat
        return Result(
            scores=self.points,
            winners=(winner,),
            factions=self.factions,
            details=tuple({"cards_left": len(h)} for h in self.hands),
        )

    def hidden_piles(self) -> tuple[Any, ...]:
        """The prize deck, shuffled at set-up: turning up a prize draws no number (take-back points)."""
        return (self.deck,)

    def negotiation(self) -> Deal | None:
        top = self.stack[-1] if self.stack else None
        return top if isinstance(top, Deal) else None

    def view(self, seat: int | None) -> dict[str, Any]:
        lanes = self.in_lanes()
        deciding = set(self.pending_seats()) if lanes else set()
        v: dict[str, Any] = {
            "round": self.round,
            "prize": self.prize,
            "prizes_left": sorted(self.deck),
            "prize_points": list(self.prize_points),
            "seats": [
                {
                    "seat": s,
                    "faction": self.factions[s],
                    "points": self.points[s],
                    "hand": list(self.hands[s]),
                    "bidding": ("deciding" if s in deciding else "done") if lanes else None,
                }
                for s in range(self.seats)
            ],
            "first_seat": self.first,
            "last_reveal": self.last_reveal,
            "last_deal": self.deal_note,
            "over": self.is_over(),
        }
        if seat is not None and lanes:
            v["my_bid"] = self.bids[seat] or None
        deal = self.negotiation()
        if deal is not None:
            parties = sorted((deal.seat_, deal.other))
            v["negotiation"] = {"between": parties, "prize": deal.prize}
            if seat in parties:  # the offers are the two parties' business until settled
                v["negotiation"]["price"] = deal.price
                v["negotiation"]["step"] = deal.kind
        if self.is_over():
            v["result"] = self.result().to_json()
        return v

    def determinize(self, seat: int, rng: random.Random) -> PrizeBidsState:
        """Re-deal what `seat` cannot know: the prize order, rivals' secret bids this round (their
        lanes start again), the price of a negotiation it is not part of, every random stream."""
        d = self.clone()
        d.deck = tuple(rng.sample(sorted(self.deck), len(self.deck)))
        d.rng = seed_state(rng.getrandbits(63))
        if self.in_lanes():
            lanes = self.stack[-1]
            assert isinstance(lanes, Lanes)
            stacks, rngs, bids = list(lanes.stacks), list(lanes.rngs), list(self.bids)
            for i, s in enumerate(lanes.seats):
                if s != seat:
                    stacks[i] = [Confirm(s), Bid(s)]
                    rngs[i] = seed_state(rng.getrandbits(63))
                    bids[s] = 0
            d.stack[-1] = Lanes(lanes.seats, stacks, rngs)
            d.bids = tuple(bids)
        deal = self.negotiation()
        if deal is not None and seat not in (deal.seat_, deal.other):
            d.stack[-1] = type(deal)(deal.seat_, deal.other, deal.prize, rng.randint(0, deal.prize))
        return d


def new_game(seed: int, seats: int, options: Options) -> PrizeBidsState:
    # The engine checked the seed, the seats (2-4) and first_seat (Game.new_game); the rest is this game's.
    if len(options.factions) not in (0, seats):
        raise SetupError(f"option 'factions' names {len(options.factions)} seats, but the game has {seats}")
    s = PrizeBidsState()
    s.seed, s.seats, s.options = seed, seats, options
    s.prize_points = tuple(p.points for p in prize_deck(options.prize_set)[: options.cards])
    rng = seed_state(seed)
    deck, rng = shuffled(rng, range(1, options.cards + 1))
    chosen = list(options.factions) or ["random"] * seats
    free, rng = shuffled(rng, [f.id for f in FACTIONS if f.id not in chosen])
    s.factions = tuple(f if f != "random" else free.pop() for f in chosen)
    first, rng = shuffled(rng, range(seats))
    s.first = options.first_seat if options.first_seat is not None else first[0]
    s.rng = rng
    s.deck, s.prize, s.round, s.deals = tuple(deck), 0, 0, 0
    s.hands = (tuple(range(1, options.cards + 1)),) * seats
    s.bids, s.points = (0,) * seats, (0.0,) * seats
    s.last_reveal, s.deal_note = {}, ""
    s.stack = [NextRound()]
    s._start()
    return s
