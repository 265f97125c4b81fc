"""A seat's observation as numbers, for learning agents (the contract's `observation_fields` and
`encode_observation`; docs/learning.md, "The Mafia Chronicles").

What a seat may know is `view.py`'s module doc, and the encoder reads exactly that: every
syndicate's area as the view shows it (a rival's as the open secret phase found it), the seat's own
stash, market and stash steals, the offers of a negotiation it is a party to, and its own pending
decision. Never a rival's stash, market or pending secret choice, nor whether a rival is still
deciding in a secret phase (a determinization redraws that), nor a deck's order. The Boss deck a
seat picks from at setup is left out: the pick's options are numbered by card, and the action mask
says which cards the deck holds. Syndicates are listed from the seat's own, clockwise, so a policy
plays every seat alike.

Cheap by construction: each card's numbers are built once (tuples added to the list whole), and a
syndicate's area and record, which change a few times a round, are encoded once each (`_AREAS`).
"""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.contract import ObservationField
from volstead.engine.step import Step

from .content.loader import A0, B0, DECK, GANGSTERS, SEATS, default_content
from .rules.chains import ChooseLink
from .rules.events import BailChoice, BribeChoice, HealChoice
from .rules.market import PlaceCard, Rearrange
from .rules.moves import ChooseTarget, MoveMenu, PlaceFlipped, PlaceStolen
from .rules.negotiation import Deal, FeeAnswer, FixFee
from .rules.ratings import grit, move_rating, smarts
from .state import COLUMNS, MAX_HEAT, ROUNDS, ROW, SHIPMENT, MafiaState, Syndicate

_C: Final = default_content()
MOVES: Final = 7  # murder … smuggle (state.MOVE_NAMES without the chains)
PERKS: Final = 9  # content/loader.PERKS
N_BUSINESSES: Final = len(_C.businesses)
N_ASSETS: Final = len(_C.assets)
N_EVENTS: Final = len(_C.events)
EVENT_DECK: Final = len(_C.event_deck)  # Event cards, copies counted
BOSS_DECK: Final = GANGSTERS // SEATS  # the Gangster deck a syndicate picks its Boss from (§3)
PHASES: Final[tuple[str, ...]] = ("setup", "market", "events", "moves", "income", "over")
DECISION_KINDS: Final[tuple[str, ...]] = (
    "pick_boss",
    "market",
    "place_card",
    "rearrange",
    "event_done",
    "event_choice",
    "collect",
    "move",
    "target",
    "link",
    "place_flipped",
    "place_stolen",
    "offer",
    "respond",
    "final_offer",
    "accept_final",
    "fix_fee",
    "fee_answer",
)
DEAL_KINDS: Final[tuple[str, ...]] = ("offer", "respond", "final_offer", "accept_final", "fix_fee", "fee_answer")
STASH_SCALE: Final = 1000.0  # $1M = 1; a stash is clipped to [−1, 3] (−$1M … $3M)
STASH_LOW: Final = -1.0
STASH_HIGH: Final = 3.0
PRICE_SCALE: Final = 300.0  # the dearest Gangster
INCOME_SCALE: Final = 50.0
PAYOUT_SCALE: Final = 50.0  # the Payout perk's dollars
AMOUNT_SCALE: Final = 3.0  # other perks' amounts (Mastermind +3 the most)
WINS_FOR_POINTS: Final = 5  # the victory conditions count 5 successes (§8)
PAYOUT_PERK: Final = 6


# ------------------------------------------------------------------ per-card numbers, built once
def _gangster(g: int) -> tuple[float, ...]:
    """GANGSTER numbers: level, printed Smarts, Grit, each of the 7 moves' printed rating (0 if the
    card lacks it), price, income, its perk (9: the amount, 1 for a perk without one), the perk's move (7)."""
    c = _C
    sm, gr, r1, r2 = c.g_base[g]
    m1, m2 = c.g_moves[g]
    moves = [0.0] * MOVES
    moves[m1] = r1 / 5
    moves[m2] = r2 / 5
    perk = [0.0] * PERKS
    perk_move = [0.0] * MOVES
    p = c.g_perk[g]
    if p is not None:
        amount = p[2] or 1
        perk[p[0]] = min(1.0, amount / (PAYOUT_SCALE if p[0] == PAYOUT_PERK else AMOUNT_SCALE))
        if p[1] >= 0:
            perk_move[p[1]] = 1.0
    head = [c.g_level[g] / 5, sm / 5, gr / 5]
    tail = [min(1.0, c.g_price[g] / PRICE_SCALE), min(1.0, c.g_income[g] / INCOME_SCALE)]
    return tuple(head + moves + tail + perk + perk_move)


def _one_hot(i: int, n: int) -> tuple[float, ...]:
    out = [0.0] * n
    out[i] = 1.0
    return tuple(out)


G_STATIC: Final[tuple[tuple[float, ...], ...]] = tuple(_gangster(g) for g in range(GANGSTERS))
GANGSTER: Final = len(G_STATIC[0])
# the Business / Asset type of each instance, one-hot (instances: content/loader.py)
BIZ_VEC: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(_C.type_of(i), N_BUSINESSES) for i in range(B0, A0))
ASSET_VEC: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(_C.type_of(i), N_ASSETS) for i in range(A0, A0 + SEATS * DECK))
NO_BIZ: Final[tuple[float, ...]] = (0.0,) * N_BUSINESSES
NO_ASSET: Final[tuple[float, ...]] = (0.0,) * N_ASSETS
# a card in an area keeps what play reads of it (MOB_CARD: level, income, perk (9), the perk's move (7));
# its ratings are the effective ones. A Boss/Gangster slot: present, MOB_CARD, effective Smarts, Grit,
# the 7 moves' effective ratings (0 for moves it lacks), Heat, jailed, exhausted, damage to Smarts/
# Grit/move 1/move 2, flipped this round, the round it joined (/4)
MOB_CARD_AT: Final[tuple[int, ...]] = (0, 11) + tuple(range(12, GANGSTER))  # level, income, perk, perk move
MOB_STATIC: Final[tuple[tuple[float, ...], ...]] = tuple(tuple(v[i] for i in MOB_CARD_AT) for v in G_STATIC)
MOB_CARD: Final = len(MOB_CARD_AT)
MOB: Final = 1 + MOB_CARD + 2 + MOVES + 3 + 4 + 2
NO_MOB: Final[tuple[float, ...]] = (0.0,) * MOB
# a column's two Asset slots as one multi-hot by type (a copy never lies beside itself), then the
# 8 slots' occupancy
ASSETS: Final = COLUMNS * N_ASSETS + 8
AREA: Final = COLUMNS * MOB + COLUMNS * N_BUSINESSES + ASSETS
RECORD: Final = MOVES + 3  # wins of each move (/5, capped), murdered a Boss, lost one to murder, Boss swap used
MARKET_G: Final = 1 + GANGSTER  # present, GANGSTER
CARD: Final = GANGSTER + N_BUSINESSES + N_ASSETS  # a card being placed: one of the three parts filled
ONES: Final[tuple[float, ...]] = (1.0,)
ZERO_G: Final[tuple[float, ...]] = (0.0,) * GANGSTER
ROUND_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(r, ROUNDS + 1) for r in range(ROUNDS + 1))
PHASE_HOT: Final[dict[str, tuple[float, ...]]] = {p: _one_hot(i, len(PHASES)) for i, p in enumerate(PHASES)}
SEAT_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(k, SEATS) for k in range(SEATS))
NO_SEAT: Final[tuple[float, ...]] = (0.0,) * SEATS
COL_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(c, COLUMNS) for c in range(COLUMNS))
NO_COL: Final[tuple[float, ...]] = (0.0,) * COLUMNS
DEAL_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(i, len(DEAL_KINDS)) for i in range(len(DEAL_KINDS)))
DEAL_MOVE_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(i, 3) for i in range(3))
EVENT_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(e, N_EVENTS) for e in range(N_EVENTS))
NO_EVENT: Final[tuple[float, ...]] = (0.0,) * N_EVENTS
KIND_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(DECISION_KINDS)}
DEAL_INDEX: Final[dict[str, int]] = {k: i for i, k in enumerate(DEAL_KINDS)}

# rivals' areas and own markets repeat for many decisions: encoded once each (bounded caches)
_AREAS: Final[dict[Any, list[float]]] = {}
_MARKETS: Final[dict[Any, list[float]]] = {}
CACHE_LIMIT: Final = 50_000


# ------------------------------------------------------------------ the layout
def _fields() -> tuple[ObservationField, ...]:
    out: list[ObservationField] = [
        ObservationField("phase", len(PHASES), "the phase, one-hot: " + ", ".join(PHASES)),
        ObservationField("round", ROUNDS + 1, "the round, one-hot 0 (setup) to 4"),
        ObservationField("event", N_EVENTS, "this round's Event card, one-hot by its place in events.toml (none: zeros)"),
        ObservationField("events_left", 1, "Event cards left in the deck / their number"),
        ObservationField("first_player", SEATS, "the first player, one-hot by seat relative to this one (0: this seat)"),
        ObservationField("turn", SEATS, "the syndicate making a move in the Moves phase, one-hot relative (none: zeros)"),
    ]
    for j in range(SEATS):
        who = "this seat's syndicate" if j == 0 else f"the syndicate {j} seat{'s' if j > 1 else ''} clockwise"
        out.append(
            ObservationField(
                f"syndicate{j}.area",
                AREA,
                f"{who}: its area as every seat sees it (a rival's as the open secret phase found it): "
                f"4 Boss/Gangster slots (column 0 the Boss) of {MOB} numbers each (see docs/learning.md), "
                f"then each column's Business one-hot ({N_BUSINESSES} types), each column's Assets multi-hot "
                f"({N_ASSETS} types), the 8 Asset slots' occupancy",
            )
        )
        out.append(
            ObservationField(
                f"syndicate{j}.record",
                RECORD,
                f"{who}: successful moves of each of the 7 kinds (/5, capped at 1), murdered a Boss, "
                "lost a card to murder, Boss swap used",
            )
        )
    out += [
        ObservationField("own.stash", 1, "this syndicate's stash / $1M, clipped to −1 … 3", STASH_LOW, STASH_HIGH),
        ObservationField("own.went_negative", 1, "the stash went below 0 at some time (−5 VP)"),
        ObservationField("own.purchases", 3, "Gangsters, Businesses, Assets bought in this Market (/2)"),
        ObservationField("own.rearranged", 1, "cards rearranged in this Market (/12)"),
        ObservationField("own.deck_sizes", 3, "cards left in the Gangster deck (/25), Business and Asset decks (/20)"),
        ObservationField("own.talked", COLUMNS, "each column's card had talks fall through this round (no more deals)"),
        ObservationField(
            "own.known_stashes",
            3 * (SEATS - 1),
            "for each rival clockwise: its stash learnt by a stash Steal (known, stash / $1M clipped to −1 … 3, round / 4)",
            STASH_LOW,
            STASH_HIGH,
        ),
        ObservationField(
            "own.market_gangsters", ROW * MARKET_G, "the 5 face-up Gangsters of this market, in row order: present, GANGSTER"
        ),
        ObservationField("own.market_businesses", ROW * N_BUSINESSES, "the 5 face-up Businesses in row order, one-hot by type"),
        ObservationField("own.market_assets", ROW * N_ASSETS, "the 5 face-up Assets in row order, one-hot by type"),
        ObservationField("deal.open", 1, "a negotiation is open (a Shipment/Heist split or a Fix fee)"),
        ObservationField("deal.step", len(DEAL_KINDS), "its step, one-hot: " + ", ".join(DEAL_KINDS)),
        ObservationField("deal.move", 3, "Shipment, Heist or Fix, one-hot"),
        ObservationField("deal.initiator", SEATS, "the syndicate making the move (the fixer), relative one-hot"),
        ObservationField("deal.other", SEATS, "the other party (partner, or the fixed card's owner), relative one-hot"),
        ObservationField("deal.column", COLUMNS, "the initiator's column, one-hot"),
        ObservationField("deal.links", 2 * (SEATS + COLUMNS), "a chain's two links: relative seat one-hot, column one-hot"),
        ObservationField("deal.fix_column", COLUMNS, "the column of the card to be fixed, one-hot"),
        ObservationField("deal.party", 1, "this seat is one of the two parties"),
        ObservationField("deal.share", 1, "to a party: the share on the table (/50 %)"),
        ObservationField("deal.agreed", SEATS, "to a party: shares agreed so far that it may know, by relative seat (/50 %)"),
        ObservationField("deal.fee", 1, "to a party: the Fix fee asked (/$100K)"),
        ObservationField(
            "asked.kind", len(DECISION_KINDS), "this seat's pending decision, one-hot: " + ", ".join(DECISION_KINDS)
        ),
        ObservationField(
            "asked.card", CARD, "the card being placed (bought, flipped, stolen): GANGSTER, Business one-hot, Asset one-hot"
        ),
        ObservationField(
            "asked.rearrange", 3 + 8, "the card being rearranged: its row (Boss/Gangster, Business, Asset) and slot"
        ),
        ObservationField(
            "asked.mover",
            COLUMNS + 9,
            "the move being aimed (target, link): the column and the move one-hot (7 moves, Shipment, Heist)",
        ),
        ObservationField(
            "asked.link",
            2 + SEATS + COLUMNS,
            "a chain's link being chosen: which (1st/2nd), the first link's relative seat and column",
        ),
        ObservationField("asked.no_going_back", 1, "the syndicate already went back from a target this turn"),
        ObservationField("asked.event_choice", 3, "the Event's choice: bail, bribe, doctor"),
    ]
    return tuple(out)


FIELDS: Final[tuple[ObservationField, ...]] = _fields()
SIZE: Final = sum(f.size for f in FIELDS)
ZERO_DEAL: Final[tuple[float, ...]] = (0.0,) * sum(f.size for f in FIELDS if f.name.startswith("deal."))
ZERO_ASKED_CONTEXT: Final[tuple[float, ...]] = (0.0,) * sum(
    f.size for f in FIELDS if f.name.startswith("asked.") and f.name != "asked.kind"
)
ZERO_KIND: Final[tuple[float, ...]] = (0.0,) * len(DECISION_KINDS)
KIND_HOT: Final[tuple[tuple[float, ...], ...]] = tuple(_one_hot(i, len(DECISION_KINDS)) for i in range(len(DECISION_KINDS)))


def observation_fields() -> tuple[ObservationField, ...]:
    return FIELDS


# ------------------------------------------------------------------ parts
def _clip_stash(v: int) -> float:
    x = v / STASH_SCALE
    return STASH_LOW if x < STASH_LOW else STASH_HIGH if x > STASH_HIGH else x


def _area(s: MafiaState, y: Syndicate) -> list[float]:
    key = (y.mobs, y.biz, y.assets, y.wins, y.murdered_boss, y.lost_murder, y.swapped)
    hit = _AREAS.get(key)
    if hit is not None:
        return hit
    c = s.content
    out: list[float] = []
    for col in range(COLUMNS):
        mob = y.mobs[col]
        if mob is None:
            out += NO_MOB
            continue
        out += ONES
        out += MOB_STATIC[mob.card]
        out.append(smarts(s, y, col) / 5)
        out.append(grit(s, y, col) / 5)
        m1, m2 = c.g_moves[mob.card]
        moves = [0.0] * MOVES
        moves[m1] = move_rating(s, y, col, m1) / 5
        moves[m2] = move_rating(s, y, col, m2) / 5
        out += moves
        out.append(mob.heat / MAX_HEAT)
        out.append(1.0 if mob.jailed else 0.0)
        out.append(1.0 if mob.exhausted else 0.0)
        out.append(mob.d_smarts / 5)
        out.append(mob.d_grit / 5)
        out.append(mob.d_move1 / 5)
        out.append(mob.d_move2 / 5)
        out.append(1.0 if mob.flipped_from >= 0 else 0.0)
        out.append(mob.joined / ROUNDS)
    for b in y.biz:
        out += BIZ_VEC[b - B0] if b >= 0 else NO_BIZ
    assets = y.assets
    for col in range(COLUMNS):
        upper, lower = assets[col], assets[col + COLUMNS]
        if lower < 0:
            out += ASSET_VEC[upper - A0] if upper >= 0 else NO_ASSET
        elif upper < 0:
            out += ASSET_VEC[lower - A0]
        else:
            out += [x + z for x, z in zip(ASSET_VEC[upper - A0], ASSET_VEC[lower - A0])]
    for a in assets:
        out.append(1.0 if a >= 0 else 0.0)
    out += _record(y)
    if len(_AREAS) >= CACHE_LIMIT:
        _AREAS.clear()
    _AREAS[key] = out
    return out


def _record(y: Syndicate) -> list[float]:
    out = [min(1.0, n / WINS_FOR_POINTS) for n in y.wins]
    out.append(1.0 if y.murdered_boss else 0.0)
    out.append(1.0 if y.lost_murder else 0.0)
    out.append(1.0 if y.swapped else 0.0)
    return out


def _market(y: Syndicate) -> list[float]:
    key = (y.g_row, y.b_row, y.a_row)
    hit = _MARKETS.get(key)
    if hit is not None:
        return hit
    out: list[float] = []
    for i in range(ROW):
        if i < len(y.g_row):
            out += ONES
            out += G_STATIC[y.g_row[i]]
        else:
            out += (0.0,) * MARKET_G
    for i in range(ROW):
        out += BIZ_VEC[y.b_row[i] - B0] if i < len(y.b_row) else NO_BIZ
    for i in range(ROW):
        out += ASSET_VEC[y.a_row[i] - A0] if i < len(y.a_row) else NO_ASSET
    if len(_MARKETS) >= CACHE_LIMIT:
        _MARKETS.clear()
    _MARKETS[key] = out
    return out


def _deal(s: MafiaState, seat: int, out: list[float]) -> None:
    """The deal.* fields: what everyone sees of an open negotiation, and its offers to the parties."""
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, (Deal, FixFee, FeeAnswer)):
        out += ZERO_DEAL
        return
    n = s.seats
    out += ONES
    out += DEAL_HOT[DEAL_INDEX[top.kind]]
    party = seat in top.parties()
    links = [0.0] * (2 * (SEATS + COLUMNS))
    fix_col = NO_COL
    share = 0.0
    agreed = [0.0] * SEATS
    fee = 0.0
    if isinstance(top, Deal):
        chain = top.chain
        initiator, col = chain.seat, chain.col
        other = top.other if top.seat_ == initiator else top.seat_
        move = 0 if chain.kind == SHIPMENT else 1
        for i, (t, c) in enumerate(chain.links):
            base = i * (SEATS + COLUMNS)
            links[base + (t - seat) % n] = 1.0
            links[base + SEATS + c] = 1.0
        if party:
            share = top.share / 10
            for t, k in chain.shares:
                if seat == initiator or seat == t:
                    agreed[(t - seat) % n] = k / 10
    elif isinstance(top, FixFee):
        initiator, col, other, move = top.seat_, top.col, top.other, 2
        fix_col = COL_HOT[top.tcol]
    else:
        initiator, col, other, move = top.fixer, top.col, top.seat_, 2
        fix_col = COL_HOT[top.tcol]
        if party:
            fee = top.fee / 100
    out += DEAL_MOVE_HOT[move]
    out += SEAT_HOT[(initiator - seat) % n]
    out += SEAT_HOT[(other - seat) % n]
    out += COL_HOT[col]
    out += links
    out += fix_col
    out.append(1.0 if party else 0.0)
    out.append(share)
    out += agreed
    out.append(fee)


def _asked(s: MafiaState, seat: int, out: list[float]) -> None:
    """The asked.* fields: this seat's own pending decision (in a secret phase, its own lane's)."""
    step: Step[Any] | None = None
    if s.stack:
        for d in s.decisions():
            if d.seat == seat:
                step = d.step
                break
    if step is None:
        out += ZERO_KIND
        out += ZERO_ASKED_CONTEXT
        return
    kind = step.kind
    out += KIND_HOT[KIND_INDEX[kind]]
    # asked.card
    inst = -1
    if isinstance(step, (PlaceCard, PlaceStolen)):
        inst = step.inst
    elif isinstance(step, PlaceFlipped):
        inst = step.mob.card
    if inst < 0:
        out += (0.0,) * CARD
    elif inst < B0:
        out += G_STATIC[inst]
        out += NO_BIZ
        out += NO_ASSET
    elif inst < A0:
        out += ZERO_G
        out += BIZ_VEC[inst - B0]
        out += NO_ASSET
    else:
        out += ZERO_G
        out += NO_BIZ
        out += ASSET_VEC[inst - A0]
    # asked.rearrange
    rearrange = [0.0] * 11
    if isinstance(step, Rearrange):
        rearrange[step.row] = 1.0
        rearrange[3 + step.src] = 1.0
    out += rearrange
    # asked.mover, asked.link, asked.no_going_back
    mover = [0.0] * (COLUMNS + 9)
    link = [0.0] * (2 + SEATS + COLUMNS)
    backed = 0.0
    if isinstance(step, ChooseTarget):
        mover[step.col] = 1.0
        mover[COLUMNS + step.move] = 1.0
        backed = 0.0 if step.may_go_back else 1.0
    elif isinstance(step, ChooseLink):
        mover[step.col] = 1.0
        mover[COLUMNS + step.chain] = 1.0
        backed = 0.0 if step.may_go_back else 1.0
        link[len(step.links)] = 1.0
        if step.links:
            t, c = step.links[0]
            link[2 + (t - seat) % s.seats] = 1.0
            link[2 + SEATS + c] = 1.0
    elif isinstance(step, MoveMenu):
        backed = 1.0 if step.backed else 0.0
    out += mover
    out += link
    out.append(backed)
    # asked.event_choice
    out.append(1.0 if isinstance(step, BailChoice) else 0.0)
    out.append(1.0 if isinstance(step, BribeChoice) else 0.0)
    out.append(1.0 if isinstance(step, HealChoice) else 0.0)


# ------------------------------------------------------------------ the observation
def encode(s: MafiaState, seat: int) -> list[float]:
    """`seat`'s observation of `s`: FIELDS in order, SIZE numbers (docs/learning.md)."""
    n = s.seats
    out: list[float] = []
    out += PHASE_HOT[s.phase]
    out += ROUND_HOT[s.round]
    out += EVENT_HOT[s.event] if s.event >= 0 else NO_EVENT
    out.append(len(s.event_deck) / EVENT_DECK)
    out += SEAT_HOT[(s.first - seat) % n] if s.first >= 0 else NO_SEAT
    out += SEAT_HOT[(s.turn - seat) % n] if s.turn >= 0 else NO_SEAT
    start = s.lane_start if s.in_lanes() else None
    for j in range(SEATS):
        k = (seat + j) % n
        y = s.syn[k] if start is None or k == seat else start[k]
        out += _area(s, y)
    me = s.syn[seat]
    out.append(_clip_stash(me.stash))
    out.append(1.0 if me.went_negative else 0.0)
    b = me.buys
    out.append(b[0] / 2)
    out.append(b[1] / 2)
    out.append(b[2] / 2)
    out.append(min(1.0, me.rearranged / 12))
    out.append(len(me.g_deck) / BOSS_DECK)
    out.append(len(me.b_deck) / DECK)
    out.append(len(me.a_deck) / DECK)
    for mob in me.mobs:
        out.append(1.0 if mob is not None and mob.talked else 0.0)
    known = [0.0] * (3 * (SEATS - 1))
    for victim, amount, round_ in me.known:  # the latest learnt of each rival wins (in order)
        i = 3 * ((victim - seat) % n - 1)
        known[i] = 1.0
        known[i + 1] = _clip_stash(amount)
        known[i + 2] = round_ / ROUNDS
    out += known
    out += _market(me)
    _deal(s, seat, out)
    _asked(s, seat, out)
    return out


__all__ = ["DECISION_KINDS", "FIELDS", "SIZE", "encode", "observation_fields"]
