"""A seat's observation of Scarface 1920 as numbers (the learning contract, issue 37;
docs/learning.md lists the layout field by field).

What a seat may see is view.py's: the board, every Plan, fulfilled Jobs, Deals, pieces, Crime
Rates, the top card of every discard pile, counts of hidden cards; its own money, hand, deck
(contents, not order), discard pile, face-down Jobs and Job-draft packet. A rival's money is
behind its screen (zeros here), except the solo Enforcer's. Seats are counted from the observing
seat (0 = itself, 1 = the next clockwise...); in solo the Enforcer is seat 1. Neighborhoods are
laid out by *tile* (all of the card set's tiles, those not on this game's map marked absent), as
the action numbering names them (actions.py). Every number is scaled to [0, 1] (counts capped).

The pending decision, when the seat has one: its kind one-hot (actions.KINDS) and what its
options need to be read (the Jobs or Dealers drawn, the card gained, the goods left to store or
pay, the Neighborhood a sale is made in...). All zeros when the seat is not being asked.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from volstead.engine.contract import ObservationField
from volstead.engine.step import step_kind

from .actions import KIND_INDEX, KINDS, ORDER_NUMBER, ORDERS, TIE_INDEX, TIE_WHATS
from .content.tables import Content
from .rules.goods import PayGoods
from .rules.orders import ChooseExtraGoods
from .state import STATS, ScarfaceState

DEAL_SLOTS: Final = 6  # Deals shown one by one (the rest are counted in `seat_deal_totals`)
THUG_AREAS: Final[tuple[str, ...]] = (
    "recruits",
    "safehouses",
    "hq",
    "underworld",
    "authorities",
    "prison",
    "job_thugs",
    "removed",
)
MONEY_SCALE: Final = 200.0


class Layout:
    """Offsets of every field for one card set, number of players and mode."""

    def __init__(self, c: Content, players: int, solo: bool, solo_cards: int):
        self.content = c
        self.players = players
        self.solo = solo
        self.solo_cards = solo_cards
        C, J, D, T, P = len(c.cards), len(c.jobs), len(c.dealers), len(c.tiles), players
        G = len(c.gangs)
        self.C, self.J, self.D, self.T, self.P, self.G = C, J, D, T, P, G
        self.deal_width = D + 4
        fields: list[ObservationField] = []
        n = 0

        def add(name: str, size: int, doc: str) -> int:
            nonlocal n
            fields.append(ObservationField(name, size, doc))
            at = n
            n += size
            return at

        self.mode = add("mode", 6, "1 each: solo, rulebook-wip variant, Job draft; the map's size (2, 3, 4 gangs) one-hot")
        self.clock = add(
            "clock",
            6,
            "round / 3; time track / its spaces; Eliot Ness / 6; turns played / 100 (capped); News cards left / 3; "
            "Raid cards left / the deck",
        )
        self.news = add("news", len(c.news), "the active News card, one-hot (card set order)")
        self.last_raid = add("last_raid", len(c.raids), "the last Raid card resolved, one-hot (none: zeros)")
        self.raid_flags = add("raid_flags", 2, "a Raid is pending; a Raid is being resolved")
        self.active = add("active", P, "whose turn it is, one-hot by seat counted from this seat")
        self.deciding = add("deciding", P, "who is deciding now, one-hot by seat from this seat")
        self.ring = add("family_ring", P, "who holds the Family Ring, one-hot by seat from this seat (nobody: zeros)")
        self.turn = add(
            "turn",
            3,
            "the turn's order is done; Boss skill uses this turn / 3; Job activations used this turn / 3 (capped)",
        )
        self.police = add("police", 7, "police cars in each district / 3 (district order of the card set)")
        self.tile_on = add("tile_on_map", T, "1 for each Neighborhood tile on this game's map (tile order of the card set)")
        self.tile_district = add("tile_district", T * 7, "each tile's district, one-hot (7 a tile)")
        self.tile_night = add("tile_night", T, "1 where the tile shows its Nightclub (night) side")
        self.tile_owner = add("tile_owner", T * P, "each tile's controller, one-hot by seat from this seat (none: zeros)")
        self.tile_business = add("tile_business", T * 4, "each tile's speakeasies, casinos, brothels / 3 and Nightclub")
        self.tile_goods = add("tile_goods", T * 2, "alcohol and guns stored on each tile / 10 (capped)")
        self.tile_side = add(
            "tile_side", T * 4, "the face-up side's defense / 6, alcohol and guns wanted / 5, sale price / 35 (capped)"
        )
        self.market = add("market", C, "1 for each Associate face up in the Market (card order)")
        self.market_tops = add("market_tops", C, "1 for the revealed top card of each Associate deck")
        self.decks = add(
            "decks", 4, "cards left in the low and high Associate decks, the Job deck, the Dealer deck, each / its full size"
        )
        self.seat_gang = add("seat_gang", P * G, "each seat's gang, one-hot (seats from this one)")
        self.seat_crime = add("seat_crime", P, "each seat's Crime Rate / 11")
        self.seat_money = add(
            "seat_money", P, f"money / {MONEY_SCALE:.0f} (capped): this seat's; a rival's is secret (0) but the solo Enforcer's"
        )
        self.seat_counts = add(
            "seat_counts", P * 4, "each seat's cards in hand / 8, in deck / 15, in discard / 20, face-down Jobs / 8 (capped)"
        )
        self.seat_strength = add("seat_strength", P * 2, "the Muscle and Influence of each seat's Plan / 15 (capped)")
        self.seat_plan = add("seat_plan", P * C, "the cards of each seat's Plan (C a seat, card order)")
        self.seat_discard_top = add("seat_discard_top", P * C, "the top card of each seat's discard pile, one-hot")
        self.seat_thugs = add("seat_thugs", P * len(THUG_AREAS), "each seat's thugs in " + ", ".join(THUG_AREAS) + ", / 12")
        self.seat_district_thugs = add("seat_district_thugs", P * 7, "each seat's thugs in each district / 12")
        self.seat_cars = add("seat_cars", P * 7, "each seat's cars in each district / 3")
        self.seat_trucks = add("seat_trucks", P * 7, "each seat's trucks in each district / 2")
        self.seat_stats = add("seat_stats", P * len(STATS), "each seat's stat levels (" + ", ".join(STATS) + "): (level - 1) / 2")
        self.seat_boss = add(
            "seat_boss",
            P * 4,
            "Boss track box / 12, Right-hands left / 4, upgrades made / 12, upgrade cubes lost / 6, for each seat",
        )
        self.seat_control = add(
            "seat_control", P * 3, "each seat's Neighborhoods / 7, businesses / 15, districts present in / 7 (capped)"
        )
        self.seat_done_jobs = add("seat_done_jobs", P * J, "each seat's fulfilled (face-up) Jobs (J a seat, Job order)")
        self.seat_deal_totals = add(
            "seat_deal_totals", P * 3, "each seat's Deals / 8, goods on them (alcohol, guns) / 10 (capped)"
        )
        self.seat_deals = add(
            "seat_deals",
            P * DEAL_SLOTS * self.deal_width,
            f"each seat's first {DEAL_SLOTS} Deals, one after the other: its top Dealer one-hot (D), its Dealer "
            "cards / 4, alcohol / 6, guns / 6, thugs / 4",
        )
        self.hand = add("hand", C, "this seat's hand (card order)")
        self.deck = add("deck", C, "the cards of this seat's deck (their order is secret)")
        self.discard = add("discard", C, "this seat's discard pile")
        self.jobs = add("jobs", J, "this seat's face-down Jobs")
        self.draft = add("draft", J, "the Job-draft packet in front of this seat (solo: the pair on the table)")
        self.solo_at = -1
        if solo:
            S = solo_cards
            self.solo_at = add("enforcer_district", 7, "the Enforcer's token, one-hot by district")
            add("enforcer_numbers", 7, "each district's number token / 7")
            add("enforcer_plan", S, "the Enforcer's Plan (his cards, deck order A, B, C)")
            add("enforcer_last_plan", S, "his previous turn's Plan")
            add("enforcer_cubes", 4, "his action cubes on each of his 4 action lines this turn / 4")
            add("enforcer_piles", 4, "his deck, decks B and C / their size, his discard pile / 12 (capped)")
            add("enforcer_jobs", J, "the Enforcer's Jobs (face up)")
            add("enforcer_associates", C, "the Associates he keeps aside")
        self.kind = add("asked_kind", len(KINDS), "the kind of decision this seat is asked now, one-hot (actions.KINDS)")
        self.asked_amounts = add(
            "asked_amounts",
            4,
            "the decision's amounts: picks left / 10, alcohol / 10, guns / 10, either good or extra goods / 10 (capped)",
        )
        self.asked_cards = add("asked_cards", C, "the card the decision is about (the one gained)")
        self.asked_jobs = add("asked_jobs", J, "the Jobs drawn to keep one of")
        self.asked_dealers = add("asked_dealers", D, "the Dealers drawn to keep one of")
        self.asked_tiles = add(
            "asked_tiles", T, "the Neighborhoods the decision is about (a sale's, sales already made this order)"
        )
        self.asked_district = add("asked_district", 7, "the district pieces move from")
        self.asked_order = add("asked_order", len(ORDERS), "the rival order a Job window opened on, one-hot")
        self.asked_tie = add(
            "asked_tie",
            len(TIE_WHATS) + 1 + len(KINDS),
            "a solo tie: what it is about, one-hot (last: one of his decisions, and its kind)",
        )
        self.fields = tuple(fields)
        self.size = n
        # what the encoder divides by, and each tile side's scaled printed values (tile 2t: day, 2t+1: night)
        self.time_spaces = max(1, c.time_spaces.get(P, 6))
        self.raid_cards = max(1, len(c.raid_deck))
        self.low_cards = max(1, len(c.associates_low))
        self.high_cards = max(1, len(c.associates_high))
        self.job_cards = max(1, len(c.job_deck))
        self.dealer_cards = max(1, len(c.dealer_deck))
        self.side_values: list[tuple[float, ...]] = [
            (min(1.0, side.defense / 6), min(1.0, side.alcohol / 5), min(1.0, side.guns / 5), min(1.0, side.price / 35))
            for pair in c.tile_sides
            for side in pair
        ]
        # each seat's last encoding of the Neighborhood fields, with the `hoods` it was made from
        self.tiles_cache: list[tuple[tuple[Any, ...], list[float]] | None] = [None] * P


_LAYOUTS: Final[dict[tuple[int, int, int], tuple[Content, Layout]]] = {}


def layout_for(c: Content, players: int, solo_cards: int) -> Layout:
    """The layout for a card set, a number of players on the map (2 in solo) and the Enforcer's
    cards in solo (0: not solo)."""
    key = (id(c), players, solo_cards)
    entry = _LAYOUTS.get(key)
    if entry is None or entry[0] is not c:
        entry = (c, Layout(c, players, solo_cards > 0, solo_cards))
        _LAYOUTS[key] = entry
    return entry[1]


# Scaled copies of the tuples the encoder reads (a Player's thugs, cars, trucks and stat levels per
# district or stat), each computed once: the tuples are shared by every clone and most states of a
# game repeat them, so a dict hit replaces seven divisions and seven stores.
_SCALED: Final[dict[tuple[int, tuple[int, ...]], tuple[float, ...]]] = {}
_SCALES: Final[tuple[float, ...]] = (12.0, 3.0, 2.0)  # thugs, cars, trucks
_POPCOUNT: Final[tuple[float, ...]] = tuple(bin(m).count("1") / 7 for m in range(128))
_MASKS: Final[dict[tuple[int, ...], int]] = {}  # districts holding pieces, a bit each, per count tuple


def _mask(values: tuple[int, ...]) -> int:
    got = _MASKS.get(values)
    if got is None:
        got = 0
        for d, v in enumerate(values):
            if v:
                got |= 1 << d
        if len(_MASKS) < 200_000:
            _MASKS[values] = got
    return got


def _scaled(kind: int, values: tuple[int, ...]) -> tuple[float, ...]:
    key = (kind, values)
    got = _SCALED.get(key)
    if got is None:
        if kind == 3:  # stat levels 1-3
            got = tuple([(v - 1) / 2 for v in values])
        else:
            scale = _SCALES[kind]
            got = tuple([v / scale if v < scale else 1.0 for v in values])
        if len(_SCALED) < 200_000:  # bounded: pieces on 7 districts take a few thousand shapes
            _SCALED[key] = got
    return got


def encode(s: ScarfaceState, seat: int) -> list[float]:
    """`seat`'s observation of `s` (see the module doc)."""
    c = s.content
    players = s.players
    P = len(players)
    solo = s.enforcer >= 0
    L = layout_for(c, P, len(s.solo.cards) if solo else 0)  # type: ignore[attr-defined]
    out = [0.0] * L.size
    C, J = L.C, L.J
    opts = s.options

    # -------------------------------------------------------------- the table
    m = L.mode
    if solo:
        out[m] = 1.0
    if c.variant != "published":
        out[m + 1] = 1.0
    if opts.job_draft:
        out[m + 2] = 1.0
    out[m + 3 + min(2, max(0, P - 2))] = 1.0
    k = L.clock
    spaces = L.time_spaces
    x = s.round / 3
    out[k] = x if x < 1.0 else 1.0
    x = s.time / spaces
    out[k + 1] = x if x < 1.0 else 1.0
    out[k + 2] = s.ness / 6
    x = s.turn_number / 100
    out[k + 3] = x if x < 1.0 else 1.0
    x = len(s.news_deck) / 3
    out[k + 4] = x if x < 1.0 else 1.0
    x = len(s.raid_deck) / L.raid_cards
    out[k + 5] = x if x < 1.0 else 1.0
    if s.news_active >= 0:
        out[L.news + s.news_active] = 1.0
    if s.raid_card >= 0:
        out[L.last_raid + s.raid_card] = 1.0
    if s.raid_pending:
        out[L.raid_flags] = 1.0
    if s.in_raid:
        out[L.raid_flags + 1] = 1.0
    out[L.active + (s.active - seat) % P] = 1.0
    asked: Any = None
    if s.stack:
        d = s.decision()
        out[L.deciding + (d.seat - seat) % P] = 1.0
        if d.seat == seat:
            asked = d
    if s.family_ring >= 0:
        out[L.ring + (s.family_ring - seat) % P] = 1.0
    if s.order_done:
        out[L.turn] = 1.0
    out[L.turn + 1] = s.boss_uses / 3 if s.boss_uses < 3 else 1.0
    x = len(s.used_job_actions) / 3
    out[L.turn + 2] = x if x < 1.0 else 1.0
    for dist in s.police:
        out[L.police + dist] += 1 / 3
    _encode_tiles(s, L, out, seat)
    for x_ in s.market_low:
        out[L.market + x_] = 1.0
    for x_ in s.market_high:
        out[L.market + x_] = 1.0
    if s.deck_low:
        out[L.market_tops + s.deck_low[0]] = 1.0
    if s.deck_high:
        out[L.market_tops + s.deck_high[0]] = 1.0
    b = L.decks
    out[b] = len(s.deck_low) / L.low_cards
    out[b + 1] = len(s.deck_high) / L.high_cards
    x = len(s.job_deck) / L.job_cards
    out[b + 2] = x if x < 1.0 else 1.0
    x = len(s.dealer_deck) / L.dealer_cards
    out[b + 3] = x if x < 1.0 else 1.0

    # -------------------------------------------------------------- the seats
    totals = s.counted_hood_totals()
    G = L.G
    width = L.deal_width
    for p in players:
        r = (p.seat - seat) % P
        out[L.seat_gang + G * r + p.gang] = 1.0
        out[L.seat_crime + r] = p.crime / 11
        if r == 0 or solo:
            x = p.money / MONEY_SCALE
            out[L.seat_money + r] = x if x < 1.0 else 1.0
        b = L.seat_counts + 4 * r
        out[b : b + 4] = (
            min(1.0, len(p.hand) / 8),
            min(1.0, len(p.deck) / 15),
            min(1.0, len(p.discard) / 20),
            min(1.0, len(p.jobs) / 8),
        )
        if p.plan:
            x = s.muscle(p.seat) / 15
            out[L.seat_strength + 2 * r] = x if x < 1.0 else 1.0
            x = s.influence(p.seat) / 15
            out[L.seat_strength + 2 * r + 1] = x if x < 1.0 else 1.0
            b = L.seat_plan + C * r
            for x_ in p.plan:
                out[b + x_] = 1.0
        if p.discard:
            out[L.seat_discard_top + C * r + p.discard[-1]] = 1.0
        b = L.seat_thugs + 8 * r
        out[b : b + 8] = (
            p.recruits / 12,
            p.safehouses / 12,
            p.hq / 12,
            p.underworld / 12,
            p.authorities / 12,
            p.prison / 12,
            p.job_thugs / 12,
            p.removed / 12,
        )
        b = 7 * r
        at = L.seat_district_thugs + b
        out[at : at + 7] = _scaled(0, p.thugs)
        at = L.seat_cars + b
        out[at : at + 7] = _scaled(1, p.cars)
        at = L.seat_trucks + b
        out[at : at + 7] = _scaled(2, p.trucks)
        at = L.seat_stats + 6 * r
        out[at : at + 6] = _scaled(3, p.stats)
        b = L.seat_boss + 4 * r
        out[b : b + 4] = (
            p.boss_box / 12,
            min(1.0, len(p.right_hands) / 4),
            min(1.0, p.upgrades_made / 12),
            min(1.0, p.cubes_lost / 6),
        )
        row = p.seat * 9
        b = L.seat_control + 3 * r
        out[b : b + 3] = (
            min(1.0, totals[row + 5] / 7),
            min(1.0, totals[row + 4] / 15),
            _POPCOUNT[totals[row + 8] | _mask(p.thugs) | _mask(p.cars) | _mask(p.trucks)],
        )
        if p.done_jobs:
            b = L.seat_done_jobs + J * r
            for j in p.done_jobs:
                out[b + j] = 1.0
        deals = p.deals
        if deals:
            alcohol = guns = 0
            b = L.seat_deals + DEAL_SLOTS * width * r
            for i, deal in enumerate(deals):
                alcohol += deal.alcohol
                guns += deal.guns
                if i < DEAL_SLOTS:
                    at = b + width * i
                    out[at + deal.dealers[0]] = 1.0
                    at += width - 4
                    out[at : at + 4] = (
                        min(1.0, len(deal.dealers) / 4),
                        min(1.0, deal.alcohol / 6),
                        min(1.0, deal.guns / 6),
                        min(1.0, deal.thugs / 4),
                    )
            b = L.seat_deal_totals + 3 * r
            out[b : b + 3] = (min(1.0, len(deals) / 8), min(1.0, alcohol / 10), min(1.0, guns / 10))

    # -------------------------------------------------------------- this seat's secrets
    me = players[seat]
    b = L.hand
    for x_ in me.hand:
        out[b + x_] = 1.0
    b = L.deck
    for x_ in me.deck:
        out[b + x_] = 1.0
    b = L.discard
    for x_ in me.discard:
        out[b + x_] = 1.0
    b = L.jobs
    for j in me.jobs:
        out[b + j] = 1.0
    if s.draft:
        packet = s.draft[0] if solo else s.draft[seat]
        b = L.draft
        for j in packet:
            out[b + j] = 1.0

    if solo:
        _encode_enforcer(s, L, out)
    if asked is not None:
        _encode_asked(s, L, out, asked.step, seat)
    return out


def _encode_tiles(s: ScarfaceState, L: Layout, out: list[float], seat: int) -> None:
    """The Neighborhood fields, from `tile_on_map` to `tile_side`. They change only when the
    state's `hoods` tuple is replaced (never changed in place, shared by clones): the last
    encoding of each seat is kept with the tuple it was made from and copied while it is the same."""
    start, end = L.tile_on, L.tile_side + 4 * L.T
    hoods = s.hoods
    cached = L.tiles_cache[seat] if seat < len(L.tiles_cache) else None
    if cached is not None and cached[0] is hoods:
        out[start:end] = cached[1]
        return
    P = L.P
    sides = L.side_values
    for h in hoods:
        t = h.tile
        out[L.tile_on + t] = 1.0
        out[L.tile_district + 7 * t + h.district] = 1.0
        if h.night:
            out[L.tile_night + t] = 1.0
            b = L.tile_side + 4 * t
            out[b : b + 4] = sides[2 * t + 1]
        else:
            b = L.tile_side + 4 * t
            out[b : b + 4] = sides[2 * t]
        if h.owner >= 0:
            out[L.tile_owner + P * t + (h.owner - seat) % P] = 1.0
        b = L.tile_business + 4 * t
        out[b : b + 4] = (h.speakeasy / 3, h.casino / 3, h.brothel / 3, float(h.nightclub))
        if h.alcohol or h.guns:
            b = L.tile_goods + 2 * t
            out[b : b + 2] = (min(1.0, h.alcohol / 10), min(1.0, h.guns / 10))
    if seat < len(L.tiles_cache):
        L.tiles_cache[seat] = (hoods, out[start:end])


def _encode_enforcer(s: Any, L: Layout, out: list[float]) -> None:
    b = L.solo_at
    S = L.solo_cards
    out[b + s.enf_district] = 1.0
    for dist, number in enumerate(s.district_no):
        out[b + 7 + dist] = number / 7
    b += 14
    for x in s.enf_plan:
        out[b + x] = 1.0
    for x in s.enf_last_plan:
        out[b + S + x] = 1.0
    b += 2 * S
    for line, _pos in s.enf_cubes:
        out[b + line] += 0.25
    sc = s.solo
    out[b + 4] = min(1.0, len(s.enf_deck) / max(1, len(sc.deck_a)))
    out[b + 5] = min(1.0, len(s.enf_deck_b) / max(1, len(sc.deck_b)))
    out[b + 6] = min(1.0, len(s.enf_deck_c) / max(1, len(sc.deck_c)))
    out[b + 7] = min(1.0, len(s.enf_discard) / 12)
    b += 8
    for j in s.enf_jobs:
        out[b + j] = 1.0
    b += L.J
    for x in s.enf_associates:
        out[b + x] = 1.0


def _encode_asked(s: ScarfaceState, L: Layout, out: list[float], step: Any, seat: int) -> None:
    kind = step_kind(step)
    out[L.kind + KIND_INDEX[kind]] = 1.0
    if kind == "enforcer_tie":
        what: str = step.what
        if what != "step":
            out[L.asked_tie + TIE_INDEX[what]] = 1.0
            return
        out[L.asked_tie + len(TIE_WHATS)] = 1.0
        step = step.args[0]  # one of his decisions, which you take for him: its kind and context
        kind = step_kind(step)
        out[L.asked_tie + len(TIE_WHATS) + 1 + KIND_INDEX[kind]] = 1.0
    if kind in LEFT_KINDS:
        out[L.asked_amounts] = min(1.0, step.left / 10)
    context = CONTEXT.get(kind)
    if context is not None:
        context(s, L, out, step)


# The kinds whose step counts the picks left (`left`): a Muscle left for `move`.
LEFT_KINDS: Final[frozenset[str]] = frozenset(
    {
        "recruit",
        "add_business",
        "remove_control",
        "sell_authorities",
        "sell_goods",
        "sell",
        "remove_thugs",
        "move",
        "retrieve_thugs",
        "hit",
        "move_police",
        "to_prison",
        "lose_business",
        "lose_upgrade",
    }
)


def _goods(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    """store_goods, pay_goods, extra_goods: the goods still to place or pay (and the extra ones)."""
    a = L.asked_amounts
    out[a + 1] = min(1.0, step.alcohol / 10)
    out[a + 2] = min(1.0, step.guns / 10)
    if isinstance(step, PayGoods):
        out[a + 3] = min(1.0, step.either / 10)
        if step.only_hood >= 0:
            out[L.asked_tiles + s.hoods[step.only_hood].tile] = 1.0
    elif isinstance(step, ChooseExtraGoods):
        out[a + 3] = min(1.0, step.extra / 10)


def _card_to_hand(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_cards + step.card] = 1.0
    out[L.asked_amounts + 1] = min(1.0, step.cost / 10)


def _drawn_jobs(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    for j in step.drawn:
        out[L.asked_jobs + j] = 1.0


def _drawn_dealers(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    for x in step.drawn:
        out[L.asked_dealers + x] = 1.0


def _move(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_district + step.src] = 1.0


def _muscle(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_amounts] = min(1.0, step.muscle / 10)


def _influence(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_amounts] = min(1.0, step.influence / 10)


def _sold(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    for i in step.sold:
        out[L.asked_tiles + s.hoods[i].tile] = 1.0


def _waiver(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_tiles + s.hoods[step.hood].tile] = 1.0


def _job_window(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    reason = step.reason
    if not isinstance(reason, str):  # (seat, order): a rival's order under way
        out[L.asked_order + ORDER_NUMBER[reason[1]]] = 1.0


def _price(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    out[L.asked_amounts + 3] = min(1.0, step.price(s) / 10)


def _kill(s: ScarfaceState, L: Layout, out: list[float], step: Any) -> None:
    if step.kill:
        out[L.asked_amounts + 3] = 1.0


Context = Callable[[ScarfaceState, Layout, list[float], Any], None]
# What each kind's options need to be read, beyond the kind: in `asked_amounts` picks left or Muscle
# or Influence / 10, alcohol / 10, guns / 10, and the either-goods, extra goods, price / 10 or a Kill.
CONTEXT: Final[dict[str, Context]] = {
    "store_goods": _goods,
    "pay_goods": _goods,
    "extra_goods": _goods,
    "card_to_hand": _card_to_hand,
    "keep_job": _drawn_jobs,
    "keep_dealer": _drawn_dealers,
    "move": _move,
    "send": _muscle,
    "seize": _muscle,
    "hire": _influence,
    "sell": _sold,
    "truck_discount": _waiver,
    "job_window": _job_window,
    "sell_authorities": _price,
    "sell_goods": _price,
    "hit": _kill,
}
