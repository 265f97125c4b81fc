"""Prize Bids' observation: what a seat knows, as numbers (the learning hooks; docs/learning.md).

Seats are counted from the observing seat: "relative" fields give the seat itself first, then the
next seats in seat order. Points are divided by the sum of every prize's points (C(C+1)/2 for C cards
with the built-in set), cards,
prizes, bids and prices by C. Fields, in order (S seats, C cards):

  hand          C        1 for each bid card k (1..C) the seat still holds
  rival_hands   (S-1)C   the same for each rival, relative (spent cards are seen by all)
  points        S        points / sum of the prizes, relative
  round         1        round / C
  prize         C        the prize turned up this round, one-hot (prize k at k-1)
  prizes_left   C        1 for each prize still in the deck (its order is hidden)
  first_seat    S        the first seat (wins ties of points), one-hot, relative
  last_bids     S        the last reveal's bids / C, relative (0 before the first)
  last_winners  S        the last reveal's winners (1), relative
  last_prize    1        the last reveal's prize / C
  my_bid        C        the seat's own secret bid this round, one-hot (0 when none)
  negotiation   S        the two seats of an open negotiation (1), relative (public)
  deal          3        its prize / C; then for its two parties only: the price / C, 1 if the seat sells
  rules         2        1 if ties split the prize; 1 if negotiation is on
  asked         6        the seat's pending decision kind, one-hot: bid, confirm, offer, respond, reply,
                         accept_final (all 0 when it is not asked)

Rivals' secret bids, the deck's order, a negotiation's price between two other seats and whether a
rival has finished its secret bid are not in it: they are what `determinize` re-deals.
"""

from __future__ import annotations

from volstead.engine.contract import ObservationField

KINDS = ("bid", "confirm", "offer", "respond", "reply", "accept_final")
_KIND_AT = {k: i for i, k in enumerate(KINDS)}
SELLER_KINDS = frozenset({"offer", "reply"})  # the winner (who sells) decides these; the runner-up the others


def observation_fields(seats: int, options) -> tuple[ObservationField, ...]:
    c, s = options.cards, seats
    return (
        ObservationField("hand", c, "1 for each bid card k (1..C) the seat still holds"),
        ObservationField("rival_hands", (s - 1) * c, "the same for each rival, relative"),
        ObservationField("points", s, "points / the sum of every prize, relative"),
        ObservationField("round", 1, "round / C"),
        ObservationField("prize", c, "the prize turned up this round, one-hot"),
        ObservationField("prizes_left", c, "1 for each prize still in the deck"),
        ObservationField("first_seat", s, "the first seat, one-hot, relative"),
        ObservationField("last_bids", s, "the last reveal's bids / C, relative"),
        ObservationField("last_winners", s, "the last reveal's winners, relative"),
        ObservationField("last_prize", 1, "the last reveal's prize / C"),
        ObservationField("my_bid", c, "the seat's secret bid this round, one-hot"),
        ObservationField("negotiation", s, "the two seats of an open negotiation, relative"),
        ObservationField("deal", 3, "its prize / C; for its parties: price / C, 1 if the seat sells"),
        ObservationField("rules", 2, "ties split; negotiation on"),
        ObservationField("asked", len(KINDS), "the pending decision's kind, one-hot: " + ", ".join(KINDS)),
    )


def encode_observation(state, seat: int) -> list[float]:
    c, n = state.options.cards, state.seats
    order = [(seat + r) % n for r in range(n)]  # the seat itself, then the next seats
    total = sum(state.prize_points)  # C(C+1)/2 with the built-in set
    out: list[float] = []
    for s in order:
        held = [0.0] * c
        for card in state.hands[s]:
            held[card - 1] = 1.0
        out += held
    out += [state.points[s] / total for s in order]
    out.append(state.round / c)
    prize = [0.0] * c
    if state.prize:
        prize[state.prize - 1] = 1.0
    out += prize
    left = [0.0] * c
    for p in state.deck:
        left[p - 1] = 1.0
    out += left
    out += [1.0 if s == state.first else 0.0 for s in order]
    reveal = state.last_reveal
    if reveal:
        bids, winners = reveal["bids"], reveal["winners"]
        out += [bids[s] / c for s in order]
        out += [1.0 if s in winners else 0.0 for s in order]
        out.append(reveal["prize"] / c)
    else:
        out += [0.0] * (2 * n + 1)
    mine = [0.0] * c
    if state.in_lanes() and state.bids[seat]:
        mine[state.bids[seat] - 1] = 1.0
    out += mine
    deal = state.negotiation()
    if deal is not None:
        parties = (deal.seat_, deal.other)
        out += [1.0 if s in parties else 0.0 for s in order]
        out.append(deal.prize / c)
        if seat in parties:
            seller = deal.seat_ if deal.kind in SELLER_KINDS else deal.other
            out += [deal.price / c, 1.0 if seat == seller else 0.0]
        else:
            out += [0.0, 0.0]
    else:
        out += [0.0] * (n + 3)
    out += [1.0 if state.options.ties == "split" else 0.0, 1.0 if state.options.negotiation else 0.0]
    asked = [0.0] * len(KINDS)
    if state.stack:
        for d in state.decisions():
            if d.seat == seat:
                asked[_KIND_AT[d.kind]] = 1.0
    out += asked
    return out
