"""The Scarface 1920 game state: plain data and the primitives rules share.

Conventions (they keep `clone()` a few hundred field copies, no deep copy):
- every field is declared (typed, in `__slots__`) and holds an int, bool, str,
  tuple or a dict never mutated — they are replaced, never changed in place;
  the only mutable objects are the `Player`s, copied on clone (`_copy_into`);
- cards, tiles, districts, Jobs, Dealers are ints indexing `self.content`;
- seats are 0..n-1 clockwise; `self.active` is the seat whose turn it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Final, NamedTuple, Self

from volstead.engine.contract import Result
from volstead.engine.fields import declared_fields
from volstead.engine.rng import below, shuffled
from volstead.engine.state import COMPILED, GameState
from volstead.engine.tuples import replaced

from .content.loader import Content
from .content.models import BusinessType
from .content.tables import Side
from .rules.modifiers import MOD_BRIBE, MOD_DEFENSE, MOD_GRAFT, MOD_HAND_SIZE, MOD_PLAN_INFLUENCE, MOD_PLAN_MUSCLE, NO_MODIFIERS

HQ: Final = "hq"
SAFEHOUSES: Final = "safehouses"
RECRUITS: Final = "recruits"
STATS: Final[tuple[str, ...]] = ("hand_size", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs")
HAND_SIZE: Final = 0
LAWYERS: Final = 1
RECRUITMENT: Final = 2
DEALERS_SUPPLY: Final = 3
VEHICLES: Final = 4
NIGHTCLUBS: Final = 5
BASIC_BUSINESSES: Final[tuple[str, ...]] = ("speakeasy", "casino", "brothel")
RAID_LEVEL: Final = 11  # Crime Rate level that triggers a Raid
NESS_MAX: Final = 6
THUGS_PER_GANG: Final = 12
CONTROL_MARKERS: Final = 7
CARS: Final = 3
TRUCKS: Final = 2


class Hood(NamedTuple):
    """A Neighborhood tile on the board."""

    tile: int
    district: int
    night: bool = False
    owner: int = -1
    speakeasy: int = 0
    casino: int = 0
    brothel: int = 0
    nightclub: int = 0
    alcohol: int = 0
    guns: int = 0

    @property
    def basic_businesses(self) -> int:
        return basic_businesses(self)

    @property
    def businesses(self) -> int:
        return self.speakeasy + self.casino + self.brothel + self.nightclub


def basic_businesses(h: Hood) -> int:
    """Speakeasies, casinos and brothels on `h` (the rules' hot paths call this function: compiled,
    a NamedTuple's property is read through a generic attribute lookup, its fields are not)."""
    return h.speakeasy + h.casino + h.brothel


class Deal(NamedTuple):
    """A Deal: one or more Dealer cards (the first on top, the rest tucked under)."""

    dealers: tuple[int, ...]
    alcohol: int = 0
    guns: int = 0
    thugs: int = 0


# Every seat clockwise from each seat, for 1 to 6 seats (`_CLOCKWISE[seats][seat]`): the Job windows
# ask it after every order and at the end of every turn.
_CLOCKWISE: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple((seat + k) % n for k in range(n)) for seat in range(n)) for n in range(7)
)
# Builds a NamedTuple (`_TUPLE_NEW(Deal, values)`) in one C call: the class's own `__new__` is
# interpreted code and `replaced` takes keyword arguments (a few thousand instructions, compiled);
# `tuple.__new__` read once, not looked up on `tuple` at every call.
_TUPLE_NEW: Final[Any] = tuple.__new__
NO_CARDS: Final[tuple[int, ...]] = ()
NO_DEALS: Final[tuple[Deal, ...]] = ()
NONE_PER_DISTRICT: Final[tuple[int, ...]] = (0,) * 7
STARTING_STATS: Final[tuple[int, ...]] = (1,) * 6  # every stat at level 1


class Player:
    """One gang's pieces and cards. Attributes are immutable values (see module doc)."""

    __slots__ = (
        "seat",
        "gang",
        "money",
        "crime",
        "hand",
        "deck",
        "discard",
        "plan",
        "jobs",
        "done_jobs",
        "job_thugs",
        "deals",
        "recruits",
        "safehouses",
        "hq",
        "removed",
        "underworld",
        "authorities",
        "prison",
        "thugs",
        "cars",
        "trucks",
        "boss_box",
        "stats",
        "right_hands",
        "upgrades_made",
        "cubes_lost",
        "job_mods",
    )
    seat: int
    gang: int
    money: int  # private: behind the screen
    crime: int
    hand: tuple[int, ...]  # private, kept sorted
    deck: tuple[int, ...]  # order secret to everyone; index 0 is the top
    discard: tuple[int, ...]  # last = top
    plan: tuple[int, ...]  # this turn's Plan, in play order
    jobs: tuple[int, ...]  # face-down (unfulfilled) Jobs, private, sorted
    done_jobs: tuple[int, ...]  # fulfilled permanent Jobs, face up
    job_thugs: int  # thugs spent onto Jobs (back on Reorganize)
    deals: tuple[Deal, ...]
    recruits: int
    safehouses: int
    hq: int
    removed: int  # back in the box (Remove thugs action)
    underworld: int
    authorities: int
    prison: int
    thugs: tuple[int, ...]  # per district
    cars: tuple[int, ...]
    trucks: tuple[int, ...]
    boss_box: int  # cubes taken from the Boss track (0–12)
    stats: tuple[int, ...]  # level (1–3) of each stat in STATS order
    right_hands: tuple[int, ...]  # Right-hand cards still set aside
    upgrades_made: int
    cubes_lost: int  # upgrade cubes returned to the box
    job_mods: tuple[int, ...]  # summed modifiers of done_jobs, a `rules.modifiers` row (or none)

    def __init__(self, seat: int = -1, gang: int = -1, money: int = 0):
        # The tuples are module constants: compiled, a literal `(0,) * 7` is built as a fixed-size
        # tuple and boxed again at each assignment (every clone constructs its players).
        self.seat = seat
        self.gang = gang
        self.money = money
        self.crime = 1
        self.hand = NO_CARDS
        self.deck = NO_CARDS
        self.discard = NO_CARDS
        self.plan = NO_CARDS
        self.jobs = NO_CARDS
        self.done_jobs = NO_CARDS
        self.job_thugs = 0
        self.deals = NO_DEALS
        self.recruits = 6
        self.safehouses = 2
        self.hq = 4
        self.removed = 0
        self.underworld = 0
        self.authorities = 0
        self.prison = 0
        self.thugs = NONE_PER_DISTRICT
        self.cars = NONE_PER_DISTRICT
        self.trucks = NONE_PER_DISTRICT
        self.boss_box = 0
        self.stats = STARTING_STATS
        self.right_hands = NO_CARDS
        self.upgrades_made = 0
        self.cubes_lost = 0
        self.job_mods = NO_MODIFIERS

    def copy(self) -> Player:
        """One assignment per slot (a clone copies every Player); tests/test_engine_part_copies.py
        checks that it copies every slot."""
        p = Player() if COMPILED else Player.__new__(Player)  # every field is set below
        p.seat = self.seat
        p.gang = self.gang
        p.money = self.money
        p.crime = self.crime
        p.hand = self.hand
        p.deck = self.deck
        p.discard = self.discard
        p.plan = self.plan
        p.jobs = self.jobs
        p.done_jobs = self.done_jobs
        p.job_thugs = self.job_thugs
        p.deals = self.deals
        p.recruits = self.recruits
        p.safehouses = self.safehouses
        p.hq = self.hq
        p.removed = self.removed
        p.underworld = self.underworld
        p.authorities = self.authorities
        p.prison = self.prison
        p.thugs = self.thugs
        p.cars = self.cars
        p.trucks = self.trucks
        p.boss_box = self.boss_box
        p.stats = self.stats
        p.right_hands = self.right_hands
        p.upgrades_made = self.upgrades_made
        p.cubes_lost = self.cubes_lost
        p.job_mods = self.job_mods
        return p

    def fields(self) -> dict[str, object]:
        """Every field by name (for tests and debugging)."""
        return {k: getattr(self, k) for k in declared_fields(Player)}

    # derived counts
    @property
    def thugs_on_board(self) -> int:
        return sum(self.thugs)

    @property
    def deal_thugs(self) -> int:
        return sum(d.thugs for d in self.deals)

    def thug_total(self) -> int:
        """All 12 thugs are always somewhere (pieces are conserved)."""
        return (
            self.recruits
            + self.safehouses
            + self.hq
            + self.removed
            + self.underworld
            + self.authorities
            + self.prison
            + sum(self.thugs)
            + self.deal_thugs
            + self.job_thugs
        )


HOOD_FIELD_INDEX: Final[dict[str, int]] = {name: k for k, name in enumerate(Hood._fields)}
# The counts `ScarfaceState.add_to_hood` changes, by their position in a Hood.
HOOD_SPEAKEASY: Final = 4
HOOD_NIGHTCLUB: Final = 7
HOOD_ALCOHOL: Final = 8
HOOD_GUNS: Final = 9
assert Hood._fields[HOOD_SPEAKEASY:] == ("speakeasy", "casino", "brothel", "nightclub", "alcohol", "guns")


def _new_hood(values: list[Any]) -> Hood:
    """A Hood from its field values in order."""
    return _TUPLE_NEW(Hood, values)


def deal_plus(d: Deal, alcohol: int = 0, guns: int = 0, thugs: int = 0) -> Deal:
    """The Deal with goods or thugs added (negative: taken)."""
    return _TUPLE_NEW(Deal, (d.dealers, d.alcohol + alcohol, d.guns + guns, d.thugs + thugs))


# A seat's totals over the Neighborhoods it owns (`ScarfaceState.hood_total`); the first six are
# `content.tables.COUNTED`'s codes 0-5 in the same order (rules/counting.py checks). The last is not
# a count but the bitmask of the districts where it owns a Neighborhood (`presence` reads it).
HOOD_TOTALS: Final[tuple[str, ...]] = (
    "speakeasy",
    "casino",
    "brothel",
    "nightclub",
    "businesses",
    "control",
    "alcohol",
    "guns",
    "control_districts",
)
TOTAL_BUSINESSES: Final = 4
TOTAL_CONTROL: Final = 5
TOTAL_ALCOHOL: Final = 6
TOTAL_GUNS: Final = 7
CONTROL_DISTRICTS: Final = 8
HOOD_ROW: Final = len(HOOD_TOTALS)  # a seat's row in `counted_hood_totals()`
# The total that each of a Hood's fields from HOOD_SPEAKEASY on adds to (-1: none).
_TOTAL_OF_FIELD: Final[tuple[int, ...]] = (-1, -1, -1, -1, 0, 1, 2, 3, TOTAL_ALCOHOL, TOTAL_GUNS)


def _hood_totals(hoods: tuple[Hood, ...], seats: int) -> tuple[int, ...]:
    """`HOOD_TOTALS` of every seat, seat after seat."""
    row = HOOD_ROW
    out = [0] * (seats * row)
    for h in hoods:
        owner = h.owner
        if 0 <= owner < seats:
            b = owner * row
            out[b] += h.speakeasy
            out[b + 1] += h.casino
            out[b + 2] += h.brothel
            out[b + 3] += h.nightclub
            out[b + 4] += h.speakeasy + h.casino + h.brothel + h.nightclub
            out[b + 5] += 1
            out[b + 6] += h.alcohol
            out[b + 7] += h.guns
            out[b + 8] |= 1 << h.district
    return tuple(out)


def replace_at(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1 :]


# `determinize` (hidden.py), imported once: a function-level import on every call went through
# the import machinery each time (a search determinizes every few iterations).
_DETERMINIZE: Final[list[Callable[[ScarfaceState, int, Any], ScarfaceState]]] = []


class ScarfaceState(GameState):
    __slots__ = (
        "content",
        "enforcer",
        "players",
        "active",
        "turn_number",
        "turn_muscle",
        "turn_influence",
        "turn_seize_discount",
        "turn_upgrade_discount",
        "order_done",
        "used_skills",
        "used_job_actions",
        "boss_uses",
        "raid_pending",
        "in_raid",
        "raid_card",
        "final",
        "round",
        "time",
        "ness",
        "family_ring",
        "sales_made",
        "raids_done",
        "reorganizations",
        "jobs_fulfilled",
        "news_revealed",
        "news_active",
        "news_mods",
        "news_seen",
        "news_deck",
        "draft",
        "market_low",
        "deck_low",
        "market_high",
        "deck_high",
        "job_deck",
        "dealer_deck",
        "raid_deck",
        "raid_discard",
        "hoods",
        "police",
        "counted_hoods",
        "hood_totals",
    )
    game_name = "scarface1920"

    content: Content
    enforcer: int  # the automa's seat in solo mode (solo/), -1 otherwise
    players: tuple[Player, ...]
    active: int  # the seat whose turn it is
    turn_number: int
    turn_muscle: int  # this turn's bonuses (actions, skills)
    turn_influence: int
    turn_seize_discount: int
    turn_upgrade_discount: int
    order_done: bool
    used_skills: int  # skills used this turn: bit 2 × Plan position (+1 for a matching skill)
    used_job_actions: frozenset[int]
    boss_uses: int
    raid_pending: bool
    in_raid: bool
    raid_card: int
    final: tuple[dict[str, Any], ...] | None  # the final scoring rows, once over
    round: int
    time: int
    ness: int
    family_ring: int
    sales_made: int
    raids_done: int
    reorganizations: int
    jobs_fulfilled: int
    news_revealed: int
    news_active: int
    news_mods: tuple[int, ...]  # the active News card's modifiers, a `rules.modifiers` row (or none)
    news_seen: tuple[int, ...]
    news_deck: tuple[int, ...]
    draft: tuple[tuple[int, ...], ...]  # Job draft packets
    market_low: tuple[int, ...]
    deck_low: tuple[int, ...]
    market_high: tuple[int, ...]
    deck_high: tuple[int, ...]
    job_deck: tuple[int, ...]
    dealer_deck: tuple[int, ...]
    raid_deck: tuple[int, ...]
    raid_discard: tuple[int, ...]
    hoods: tuple[Hood, ...]
    police: tuple[int, ...]  # the district of each police piece
    counted_hoods: tuple[Hood, ...] | None  # the `hoods` that `hood_totals` was counted from
    hood_totals: tuple[int, ...]  # see `hood_total`

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.content = self.content
        new.enforcer = self.enforcer
        new.players = tuple(p.copy() for p in self.players)
        new.active = self.active
        new.turn_number = self.turn_number
        new.turn_muscle = self.turn_muscle
        new.turn_influence = self.turn_influence
        new.turn_seize_discount = self.turn_seize_discount
        new.turn_upgrade_discount = self.turn_upgrade_discount
        new.order_done = self.order_done
        new.used_skills = self.used_skills
        new.used_job_actions = self.used_job_actions
        new.boss_uses = self.boss_uses
        new.raid_pending = self.raid_pending
        new.in_raid = self.in_raid
        new.raid_card = self.raid_card
        new.final = self.final
        new.round = self.round
        new.time = self.time
        new.ness = self.ness
        new.family_ring = self.family_ring
        new.sales_made = self.sales_made
        new.raids_done = self.raids_done
        new.reorganizations = self.reorganizations
        new.jobs_fulfilled = self.jobs_fulfilled
        new.news_revealed = self.news_revealed
        new.news_active = self.news_active
        new.news_mods = self.news_mods
        new.news_seen = self.news_seen
        new.news_deck = self.news_deck
        new.draft = self.draft
        new.market_low = self.market_low
        new.deck_low = self.deck_low
        new.market_high = self.market_high
        new.deck_high = self.deck_high
        new.job_deck = self.job_deck
        new.dealer_deck = self.dealer_deck
        new.raid_deck = self.raid_deck
        new.raid_discard = self.raid_discard
        new.hoods = self.hoods
        new.police = self.police
        new.counted_hoods = self.counted_hoods
        new.hood_totals = self.hood_totals

    # ---------------------------------------------- hooks (the solo automa's)
    def automa_turn(self, seat: int) -> bool:
        """Start an automa's turn for `seat` (StartTurn, after Family Ring income and with
        EndTurn pushed) and say True; False: the seat is a player's. Solo mode overrides it."""
        return False

    def hit_targets(self, districts: Iterable[int], targets: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
        """The (rival, district) thugs an effect hitting in `districts` may pick among `targets`
        (all of them; in solo mode the Enforcer's Hit/Kill chart picks which of his)."""
        return targets

    def aside_associates(self, seat: int) -> tuple[int, ...]:
        """Associates the seat keeps aside, outside its cards, that score at the end (the
        solo Enforcer's; none otherwise)."""
        return ()

    # ------------------------------------------------------------ small facts
    @property
    def n(self) -> int:
        return self.seats

    def clockwise_from(self, seat: int) -> tuple[int, ...]:
        """Every seat, clockwise from `seat` (itself first)."""
        return _CLOCKWISE[self.seats][seat]

    def rivals(self, seat: int) -> list[int]:
        return [s for s in self.clockwise_from(seat) if s != seat]

    def mod(self, seat: int, code: int) -> int:
        """Sum of a rule modifier (`rules.modifiers`' MOD_ code) from the active News card and the
        seat's permanent Jobs."""
        news = self.news_mods
        total = news[code] if news else 0  # most of the time one of them is empty
        if seat >= 0:
            jobs = self.players[seat].job_mods
            if jobs:
                total += jobs[code]
        return total

    def set_news(self, card: int) -> None:
        """Reveal a News card: its rule changes replace the last card's."""
        self.news_active = card
        self.news_mods = self.content.news_modifiers[card]
        self.news_seen = self.news_seen + (card,)

    def stat(self, seat: int, stat: int) -> int:
        p = self.players[seat]
        return self.content.stat_values[p.gang][stat][p.stats[stat] - 1]

    def hand_size(self, seat: int) -> int:
        return max(1, self.stat(seat, HAND_SIZE) + self.mod(seat, MOD_HAND_SIZE))

    def boss_row(self, seat: int):
        p = self.players[seat]
        gang = self.content.gangs[p.gang]
        row = gang.boss_track[p.boss_box - 1].row if p.boss_box else 0
        return gang.boss_rows[row]

    # --------------------------------------------------------- Plan strength
    def muscle(self, seat: int) -> int:
        p = self.players[seat]
        c = self.content
        total = 0
        for card in p.plan:
            total += c.card_muscle[card]
            if card == c.boss_card[p.gang]:
                total += c.boss_muscle[p.gang][p.boss_box]
        if seat == self.active:
            total += self.turn_muscle
        if p.plan:
            total += self.mod(seat, MOD_PLAN_MUSCLE)
        return max(0, total)

    def influence(self, seat: int) -> int:
        p = self.players[seat]
        c = self.content
        total = 0
        for card in p.plan:
            total += c.card_influence[card]
            if card == c.boss_card[p.gang]:
                total += c.boss_influence[p.gang][p.boss_box]
        if seat == self.active:
            total += self.turn_influence
        if p.plan:
            total += self.mod(seat, MOD_PLAN_INFLUENCE)
        return max(0, total)

    # ------------------------------------------------------------------ money
    def gain(self, seat: int, amount: int) -> None:
        if amount > 0:
            self.players[seat].money += amount

    def pay(self, seat: int, amount: int) -> int:
        """Spend up to `amount` (forced payments: as much as possible). Returns what was paid."""
        p = self.players[seat]
        paid = min(max(0, amount), p.money)
        p.money -= paid
        return paid

    def transfer(self, payer: int, payee: int, amount: int) -> int:
        paid = self.pay(payer, amount)
        self.gain(payee, paid)
        return paid

    # ------------------------------------------------------------- Crime Rate
    def change_crime(self, seat: int, delta: int) -> None:
        """Move a Crime Rate marker, never to or below Ness, never past 11; 11 triggers a Raid."""
        p = self.players[seat]
        new = min(RAID_LEVEL, max(self.ness + 1, p.crime + delta))
        if new == RAID_LEVEL and p.crime < RAID_LEVEL and not self.in_raid:
            self.raid_pending = True
        p.crime = new

    def raise_ness(self, levels: int = 1) -> None:
        self.ness = min(NESS_MAX, self.ness + levels)
        for p in self.players:
            if p.crime <= self.ness:
                p.crime = self.ness + 1

    # ------------------------------------------------------------ the board
    def police_in(self, district: int) -> int:
        n = 0
        for d in self.police:  # not `.count`: a generic method call in the compiled rules
            if d == district:
                n += 1
        return n

    def bribe(self, seat: int, district: int, pieces: int = 1) -> int:
        """Money due for `pieces` thugs/vehicles entering `district` (Cops: Bribery)."""
        police = self.police_in(district)
        if not police:
            return 0
        return police * max(0, 2 + self.mod(seat, MOD_BRIBE)) * pieces

    def graft(self, seat: int, district: int) -> int:
        police = self.police_in(district)
        if not police:
            return 0
        return police * max(0, 2 + self.mod(seat, MOD_GRAFT))

    def controls_in(self, seat: int, district: int) -> bool:
        return self.hood_total(seat, CONTROL_DISTRICTS) >> district & 1 == 1

    def presence(self, seat: int) -> int:
        """Bitmask of districts where the seat has a thug, vehicle or control marker."""
        p = self.players[seat]
        thugs, cars, trucks = p.thugs, p.cars, p.trucks
        mask = self.hood_total(seat, CONTROL_DISTRICTS)
        for d in range(7):
            if thugs[d] or cars[d] or trucks[d]:
                mask |= 1 << d
        return mask

    def present(self, seat: int, district: int) -> bool:
        return bool(self.presence(seat) >> district & 1)

    def present_districts(self, seat: int) -> list[int]:
        mask = self.presence(seat)
        return [d for d in range(7) if mask >> d & 1]

    def owned_hoods(self, seat: int) -> list[int]:
        return [i for i, h in enumerate(self.hoods) if h.owner == seat]

    def hood_side(self, i: int) -> Side:
        """The Neighborhood's face-up side: its defense, alcohol, guns and price."""
        h = self.hoods[i]
        return self.content.tile_sides[h.tile][h.night]

    def set_hood(self, i: int, **changes) -> None:
        """Change any fields of Neighborhood `i` (the totals are counted again at the next ask)."""
        self.hoods = replace_at(self.hoods, i, replaced(self.hoods[i], **changes))

    def add_to_hood(self, i: int, field: int, delta: int) -> None:
        """Add `delta` to one count of Neighborhood `i` (a business kind, alcohol or guns: a
        `HOOD_FIELD_INDEX` from HOOD_SPEAKEASY on), keeping the counted totals up to date instead of
        counting them again: goods come and go on Neighborhoods at almost every sale and Deal."""
        if field < HOOD_SPEAKEASY:
            raise ValueError(f"add_to_hood changes counts, not {Hood._fields[field]!r}: use set_hood")
        hoods = self.hoods
        h = hoods[i]
        values = list(h)
        values[field] += delta
        changed = list(hoods)
        changed[i] = _new_hood(values)
        new_hoods = tuple(changed)
        if self.counted_hoods is hoods:
            owner = h.owner
            if 0 <= owner < len(self.players):
                totals = list(self.hood_totals)
                row = owner * HOOD_ROW
                totals[row + _TOTAL_OF_FIELD[field]] += delta
                if field <= HOOD_NIGHTCLUB:
                    totals[row + TOTAL_BUSINESSES] += delta
                self.hood_totals = tuple(totals)
            self.counted_hoods = new_hoods
        self.hoods = new_hoods

    def control_markers_left(self, seat: int) -> int:
        return CONTROL_MARKERS - self.hood_total(seat, TOTAL_CONTROL)

    def businesses_left(self, kind: BusinessType) -> int:
        supply = self.content.business_supply
        assert supply is not None
        k = HOOD_FIELD_INDEX[kind]
        left = supply[kind]
        for h in self.hoods:
            left -= h[k]
        return left

    def defense(self, hood: int, attacker: int) -> int:
        """Seize a Neighborhood: printed + 2 if rival-held + police + owner's thugs/cars − yours."""
        h = self.hoods[hood]
        d = h.district
        value = self.hood_side(hood).defense + self.police_in(d) + self.mod(attacker, MOD_DEFENSE)
        if h.owner >= 0 and h.owner != attacker:
            o = self.players[h.owner]
            value += 2 + o.thugs[d] + o.cars[d]
            if h.owner == self.enforcer:  # his vehicles are cars and trucks at once
                value += o.trucks[d]
        a = self.players[attacker]
        value -= a.thugs[d] + a.cars[d]
        if attacker == self.enforcer:
            value -= a.trucks[d]
        if attacker == self.active:
            value -= self.turn_seize_discount
        return value

    # ------------------------------------------------------------------ goods
    def goods_of(self, seat: int) -> tuple[int, int]:
        """(alcohol, guns) the seat stores in Deals and Neighborhoods."""
        a = self.hood_total(seat, TOTAL_ALCOHOL)
        g = self.hood_total(seat, TOTAL_GUNS)
        for d in self.players[seat].deals:
            a += d.alcohol
            g += d.guns
        return a, g

    def hood_total(self, seat: int, k: int) -> int:
        """`HOOD_TOTALS[k]` summed over the Neighborhoods the seat owns. Jobs' checks ask at almost
        every decision; the totals are counted again only when `hoods` is another tuple (it is
        replaced, never changed in place, so its identity says whether anything changed)."""
        return self.counted_hood_totals()[seat * HOOD_ROW + k]

    def counted_hood_totals(self) -> tuple[int, ...]:
        """Every seat's `HOOD_TOTALS`, a row a seat (`hood_total` reads one), counted if need be."""
        hoods = self.hoods
        if self.counted_hoods is not hoods:
            self.hood_totals = _hood_totals(hoods, len(self.players))
            self.counted_hoods = hoods
        return self.hood_totals

    def deal_space(self, seat: int) -> int:
        terms = self.content.dealer_terms
        return sum(terms[d.dealers[0]].storage - d.alcohol - d.guns for d in self.players[seat].deals)

    # -------------------------------------------------------------- cards
    def draw_cards(self, seat: int, n: int) -> int:
        p = self.players[seat]
        n = min(n, len(p.deck))
        if n > 0:
            p.hand = tuple(sorted(p.hand + p.deck[:n]))
            p.deck = p.deck[n:]
        return n

    def shuffle(self, items) -> tuple:
        out, self.rng = shuffled(self.rng, items)
        return tuple(out)

    def randbelow(self, n: int) -> int:
        v, self.rng = below(self.rng, n)
        return v

    def draw_jobs(self, n: int) -> tuple[int, ...]:
        drawn = self.job_deck[:n]
        self.job_deck = self.job_deck[n:]
        return drawn

    def owned_cards(self, seat: int) -> tuple[int, ...]:
        p = self.players[seat]
        return p.hand + p.deck + p.discard + p.plan

    def take_family_ring(self, seat: int) -> None:
        if self.family_ring != seat and self.story is not None:
            self.tell(f"{self.gang_name(seat)} takes the Family Ring.")
        self.family_ring = seat

    def gang_name(self, seat: int) -> str:
        """The seat's gang, as people call it (the Enforcer in solo)."""
        if seat == self.enforcer:
            return "The Enforcer"
        return self.content.gangs[self.players[seat].gang].name

    # ------------------------------------------------------- engine interface
    def options_json(self) -> dict:
        return self.options.to_json()

    def result(self) -> Result:
        from .rules.scoring import result

        return result(self)

    # What chance is in this game, for the take-back warnings (engine/takeback.py): no dice, but
    # decks reshuffled (a hand's, the raids') and the Enforcer's picks at random.
    chance_words: ClassVar[tuple[str, str]] = (
        "cards are shuffled or picked at random",
        "cards were shuffled or picked at random since",
    )

    def hidden_piles(self) -> tuple[Any, ...]:
        """The decks shuffled at set-up (the engine's take-back points, engine/takeback.py): a Job,
        Dealer, raid or News card drawn, a Market card turned up, a card drawn to a hand."""
        piles: tuple[Any, ...] = (self.job_deck, self.dealer_deck, self.deck_low, self.deck_high, self.raid_deck, self.news_deck)
        return piles + tuple([p.deck for p in self.players])

    def view(self, seat: int | None) -> dict:
        from .view import view

        return view(self, seat)

    def determinize(self, seat: int, rng) -> ScarfaceState:
        if not _DETERMINIZE:  # hidden.py imports this module: found on first use, then kept
            from .hidden import determinize

            _DETERMINIZE.append(determinize)
        return _DETERMINIZE[0](self, seat, rng)
