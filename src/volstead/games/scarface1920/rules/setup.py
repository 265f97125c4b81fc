"""Game setup and player setup (rulebook: Game setup; Player setup; Job draft variant)."""

from __future__ import annotations

from typing import Any, TypeVar

from volstead.engine.errors import SetupError
from volstead.engine.rng import seed_state
from volstead.engine.step import SeatStep

from .. import refs, words
from ..content.loader import Content, default_content
from ..options import RANDOM, Options
from ..state import BASIC_BUSINESSES, Deal, Hood, Player, ScarfaceState
from .turn import StartTurn

S = TypeVar("S", bound=ScarfaceState)


def new_game(seed: int, seats: int, options: Options) -> ScarfaceState:
    """The game as the rules set it up (called by Game.new_game, which checked the seed, the seats and
    first_seat; solo mode has its own set-up, solo/setup.py)."""
    first = 0 if options.first_seat is None else options.first_seat
    c = default_content(options.variant, options.cards)
    if options.gangs and len(options.gangs) != seats:
        raise SetupError(f"option 'gangs' names {len(options.gangs)} gangs for {seats} seats")
    fixed = gang_indexes(c, options.gangs)

    s = blank_state(ScarfaceState, c, seed, seats, options)
    deal_decks(s)
    place_map(s, seats)

    # Players: named gangs, the others dealt at random (no shuffle when every seat named one).
    if options.gangs and RANDOM not in options.gangs:
        gangs = fixed
    else:
        dealt = iter(g for g in s.shuffle(range(len(c.gangs))) if g not in fixed)
        gangs = [g if g >= 0 else next(dealt) for g in (fixed or [-1] * seats)]
    players = []
    for seat in range(seats):
        p = Player(seat, gangs[seat], c.board.starting_money)
        p.deck = s.shuffle(c.start_cards[p.gang])
        p.right_hands = c.right_hands[p.gang]
        players.append(p)
    s.players = tuple(players)
    for seat in range(seats):
        s.draw_cards(seat, 3)
        if not options.job_draft:
            s.players[seat].jobs = tuple(sorted(s.draw_jobs(3)))

    # Decisions of setup, then the Starting Player (seat 0 unless options.first_seat) takes the first turn.
    s.stack.append(StartTurn(first))
    if options.job_draft:
        s.draft = tuple(s.draw_jobs(4) for _ in range(seats))
        for seat in reversed(range(seats)):
            s.stack.append(ReturnDraftedJob(seat))
        for rnd in reversed(range(4)):
            for seat in reversed(range(seats)):
                s.stack.append(DraftPick(seat, rnd))
    # Starting districts: from the player to the Starting Player's right, counterclockwise.
    order = [(first - k) % seats for k in range(1, seats + 1)]  # first-1, first-2, ..., first
    for seat in reversed(order):
        s.stack.append(StartingGoods(seat))
        s.stack.append(StartingDistrict(seat))
    s._start()
    return s


def gang_indexes(c: Content, gangs: tuple[str, ...]) -> list[int]:
    """Each named gang's index in the content in use, -1 for "random" (Options checked the
    ids against the embedded set; a `cards` folder may differ)."""
    ids = [g.id for g in c.gangs]
    for g in gangs:
        if g != RANDOM and g not in ids:
            raise SetupError(f"option 'gangs': unknown gang {g!r} in this card set; gangs: {', '.join(ids)}")
    return [-1 if g == RANDOM else ids.index(g) for g in gangs]


def blank_state(cls: type[S], c: Content, seed: int, seats: int, options: Options) -> S:
    """A state of class `cls` with every per-game field at its starting value."""
    s = cls.__new__(cls)
    s.content = c
    s.seed = seed
    s.seats = seats
    s.enforcer = -1  # no automa (solo mode: solo/setup.py)
    s.options = options
    s.rng = seed_state(seed)
    s.stack = []
    s.active = 0
    s.turn_number = 0
    s.turn_muscle = s.turn_influence = s.turn_seize_discount = s.turn_upgrade_discount = 0
    s.order_done = False
    s.used_skills = 0
    s.used_job_actions = frozenset()
    s.boss_uses = 0
    s.raid_pending = False
    s.in_raid = False
    s.raid_card = -1
    s.final = None
    s.round = 1
    s.time = 0
    s.ness = 0
    s.family_ring = -1
    s.sales_made = s.raids_done = s.reorganizations = s.jobs_fulfilled = 0
    s.news_revealed = 1
    s.news_seen = ()
    s.draft = ()
    s.counted_hoods = None  # hood_totals counted at the first ask
    s.hood_totals = ()
    return s


def deal_decks(s, solo: bool = False, set_aside: tuple[int, ...] = ()) -> None:
    """Shuffle the Market, Job, Dealer, Raid and News decks (Game setup steps 4–12).

    Solo: multiplayer-only Jobs, Raids and News stay in the box, and the
    Dealers in `set_aside` (the Enforcer's) are left out of the Dealer deck.
    """
    c = s.content

    def keep(cards, deck):
        return (x for x in deck if not (solo and cards[x].multiplayer_only))

    low = s.shuffle(c.associates_low)
    high = s.shuffle(c.associates_high)
    s.market_low, s.deck_low = low[:3], low[3:]
    s.market_high, s.deck_high = high[:1], high[1:]
    s.job_deck = s.shuffle(keep(c.jobs, c.job_deck))
    dealers = list(c.dealer_deck)
    for d in set_aside:
        dealers.remove(d)
    s.dealer_deck = s.shuffle(dealers)
    s.raid_deck = s.shuffle(keep(c.raids, c.raid_deck))
    s.raid_discard = ()
    middle = s.shuffle(keep(c.news, c.news_middle))
    s.set_news(c.news_first)
    s.news_deck = middle[:2] + (c.news_last,)


def place_map(s, players: int) -> None:
    """Neighborhood tiles at random per district, one random basic business on each; police."""
    c = s.content
    tiles = list(s.shuffle(range(len(c.tiles))))
    tokens = list(s.shuffle([k for k in BASIC_BUSINESSES for _ in range(c.board.business_supply[k])]))
    hoods = []
    for d, district in enumerate(c.board.districts):
        for _ in range(district.tiles[str(players)]):
            kind = tokens.pop()
            hoods.append(
                Hood(
                    tiles.pop(),
                    d,
                    speakeasy=int(kind == "speakeasy"),
                    casino=int(kind == "casino"),
                    brothel=int(kind == "brothel"),
                )
            )
    s.hoods = tuple(hoods)
    s.police = tuple(c.police_start)


class StartingDistrict(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "starting_district"

    def prompt(self, s: ScarfaceState) -> str:
        return "Choose your starting district (no police): you place a vehicle and a control marker there"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(
            (d, v)
            for d in range(7)
            if d not in s.police and any(h.district == d and h.owner < 0 for h in s.hoods)
            for v in ("car", "truck")
        )

    def choose(self, s: ScarfaceState, code: Any) -> None:
        d, vehicle = code
        p = s.players[self.seat_]
        if vehicle == "car":
            p.cars = p.cars[:d] + (1,) + p.cars[d + 1 :]
        else:
            p.trucks = p.trucks[:d] + (1,) + p.trucks[d + 1 :]
        free = [i for i, h in enumerate(s.hoods) if h.district == d and h.owner < 0]
        if len(free) == 1:
            s.set_hood(free[0], owner=self.seat_)
        else:
            s.stack.append(StartingHood(self.seat_, d))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.district(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"start:{s.content.district_ids[code[0]]}:{code[1]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Start in {s.content.district_names[code[0]]} with a {code[1]}"


class StartingHood(SeatStep[ScarfaceState]):
    __slots__ = ("district",)
    kind = "starting_hood"

    def __init__(self, seat, district):
        self.seat_, self.district = seat, district

    def prompt(self, s: ScarfaceState) -> str:
        return "Put your control marker on a Neighborhood"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(i for i, h in enumerate(s.hoods) if h.district == self.district and h.owner < 0)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        s.set_hood(code, owner=self.seat_)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.hood(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "hood:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return "Control " + s.content.tiles[s.hoods[code].tile].name


class StartingGoods(SeatStep[ScarfaceState]):
    """Take any 2 goods, 1 on each of your two Dealers."""

    __slots__ = ()
    kind = "starting_goods"

    def prompt(self, s: ScarfaceState) -> str:
        return "Choose your 2 starting goods (1 on each Dealer)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return (2, 1, 0)  # number of alcohol

    def choose(self, s: ScarfaceState, code: Any) -> None:
        c = s.content
        alc_deal = Deal((c.basic_alcohol,), alcohol=1 if code >= 1 else 0, guns=0 if code >= 1 else 1)
        gun_deal = Deal((c.basic_guns,), alcohol=1 if code == 2 else 0, guns=0 if code == 2 else 1)
        s.players[self.seat_].deals = (alc_deal, gun_deal)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return {2: "goods:2a", 1: "goods:1a1g", 0: "goods:2g"}[code]

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return {2: "2 alcohol", 1: "1 alcohol and 1 gun", 0: "2 guns"}[code]


class DraftPick(SeatStep[ScarfaceState]):
    """Job draft: keep 1 of the Jobs in front of you; pass the rest to the left."""

    __slots__ = ("round_",)
    kind = "draft_job"

    def __init__(self, seat, rnd):
        self.seat_, self.round_ = seat, rnd

    def prompt(self, s: ScarfaceState) -> str:
        return "Job draft: keep one Job, pass the others to your left"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(s.draft[self.seat_]))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        seat = self.seat_
        packet = list(s.draft[seat])
        packet.remove(code)
        p = s.players[seat]
        p.jobs = tuple(sorted(p.jobs + (code,)))
        draft = list(s.draft)
        draft[seat] = tuple(packet)
        if seat == s.seats - 1:  # everyone has picked this round: pass packets left
            draft = [draft[(k - 1) % s.seats] for k in range(s.seats)]
        s.draft = tuple(draft)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.job(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "draft:" + s.content.jobs[code].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        j = s.content.jobs[code]
        return f"Keep {j.name} ({j.requires_text})"


class ReturnDraftedJob(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "return_job"

    def prompt(self, s: ScarfaceState) -> str:
        return "Job draft: return 1 of your 4 Jobs to the bottom of the deck"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(s.players[self.seat_].jobs))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        jobs = list(p.jobs)
        jobs.remove(code)
        p.jobs = tuple(jobs)
        s.job_deck = s.job_deck + (code,)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.job(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "return:" + s.content.jobs[code].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return "Return " + s.content.jobs[code].name
