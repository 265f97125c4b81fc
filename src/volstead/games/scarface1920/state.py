"""The Scarface 1920 game state: plain data and the primitives rules share.

Conventions (they keep `clone()` a handful of dict copies):
- every attribute holds an int, bool, str or tuple — tuples are replaced,
  never mutated; the only mutable objects are the `Player`s, copied on clone;
- cards, tiles, districts, Jobs, Dealers are ints indexing `self.content`;
- seats are 0..n-1 clockwise; `self.active` is the seat whose turn it is.
"""

from __future__ import annotations

from typing import NamedTuple

from volstead.engine.contract import Result
from volstead.engine.state import GameState

from .content.loader import Content

HQ, SAFEHOUSES, RECRUITS = "hq", "safehouses", "recruits"
STATS = ("hand_size", "lawyers", "recruitment", "dealers_supply", "vehicles", "nightclubs")
HAND_SIZE, LAWYERS, RECRUITMENT, DEALERS_SUPPLY, VEHICLES, NIGHTCLUBS = range(6)
BASIC_BUSINESSES = ("speakeasy", "casino", "brothel")
RAID_LEVEL = 11  # Crime Rate level that triggers a Raid
NESS_MAX = 6
THUGS_PER_GANG, CONTROL_MARKERS, CARS, TRUCKS = 12, 7, 3, 2


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
        return self.speakeasy + self.casino + self.brothel

    @property
    def businesses(self) -> int:
        return self.speakeasy + self.casino + self.brothel + self.nightclub


class Deal(NamedTuple):
    """A Deal: one or more Dealer cards (the first on top, the rest tucked under)."""

    dealers: tuple[int, ...]
    alcohol: int = 0
    guns: int = 0
    thugs: int = 0


class Player:
    """One gang's pieces and cards. Attributes are immutable values (see module doc)."""

    def __init__(self, seat: int, gang: int, money: int):
        self.seat = seat
        self.gang = gang
        self.money = money  # private: behind the screen
        self.crime = 1
        self.hand: tuple[int, ...] = ()  # private, kept sorted
        self.deck: tuple[int, ...] = ()  # order secret to everyone; index 0 is the top
        self.discard: tuple[int, ...] = ()  # last = top
        self.plan: tuple[int, ...] = ()  # this turn's Plan, in play order
        self.jobs: tuple[int, ...] = ()  # face-down (unfulfilled) Jobs, private, sorted
        self.done_jobs: tuple[int, ...] = ()  # fulfilled permanent Jobs, face up
        self.job_thugs = 0  # thugs spent onto Jobs (back on Reorganize)
        self.deals: tuple[Deal, ...] = ()
        self.recruits = 6
        self.safehouses = 2
        self.hq = 4
        self.removed = 0  # back in the box (Remove thugs action)
        self.underworld = 0
        self.authorities = 0
        self.prison = 0
        self.thugs: tuple[int, ...] = (0,) * 7  # per district
        self.cars: tuple[int, ...] = (0,) * 7
        self.trucks: tuple[int, ...] = (0,) * 7
        self.boss_box = 0  # cubes taken from the Boss track (0–12)
        self.stats: tuple[int, ...] = (1,) * 6  # level (1–3) of each stat in STATS order
        self.right_hands: tuple[int, ...] = ()  # Right-hand cards still set aside
        self.upgrades_made = 0
        self.cubes_lost = 0  # upgrade cubes returned to the box
        self.job_mods: dict[str, int] = {}  # summed modifiers of done_jobs (replaced, never mutated)

    def copy(self) -> Player:
        p = object.__new__(Player)
        p.__dict__ = self.__dict__.copy()
        return p

    # derived counts
    @property
    def thugs_on_board(self) -> int:
        return sum(self.thugs)

    @property
    def deal_thugs(self) -> int:
        return sum(d.thugs for d in self.deals)

    def thug_total(self) -> int:
        """All 12 thugs are always somewhere (pieces are conserved)."""
        return (self.recruits + self.safehouses + self.hq + self.removed + self.underworld + self.authorities
                + self.prison + sum(self.thugs) + self.deal_thugs + self.job_thugs)


def replace_at(t: tuple, i: int, value) -> tuple:
    return t[:i] + (value,) + t[i + 1:]


class ScarfaceState(GameState):
    game_name = "scarface1920"
    enforcer = -1  # the automa's seat in solo mode (solo/), -1 otherwise

    content: Content
    players: tuple[Player, ...]

    def _clone_parts(self, new: ScarfaceState) -> None:
        new.players = tuple(p.copy() for p in self.players)

    # ------------------------------------------------------------ small facts
    @property
    def n(self) -> int:
        return self.seats

    def clockwise_from(self, seat: int) -> range | list[int]:
        n = self.seats
        return [(seat + k) % n for k in range(n)]

    def rivals(self, seat: int) -> list[int]:
        return [s for s in self.clockwise_from(seat) if s != seat]

    def mod(self, seat: int, key: str) -> int:
        """Sum of a rule modifier from the active News card and the seat's permanent Jobs."""
        total = self.news_mods.get(key, 0)
        if seat >= 0:
            total += self.players[seat].job_mods.get(key, 0)
        return total

    def set_news(self, card: int) -> None:
        """Reveal a News card: its rule changes replace the last card's."""
        self.news_active = card
        self.news_mods = self.content.news[card].modifiers
        self.news_seen = getattr(self, "news_seen", ()) + (card,)

    def stat(self, seat: int, stat: int) -> int:
        p = self.players[seat]
        return self.content.gangs[p.gang].stats[STATS[stat]].values[p.stats[stat] - 1]

    def hand_size(self, seat: int) -> int:
        return max(1, self.stat(seat, HAND_SIZE) + self.mod(seat, "hand_size"))

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
                total += self.boss_row(seat).muscle
        if seat == self.active:
            total += self.turn_muscle
        if p.plan:
            total += self.mod(seat, "plan_muscle")
        return max(0, total)

    def influence(self, seat: int) -> int:
        p = self.players[seat]
        c = self.content
        total = 0
        for card in p.plan:
            total += c.card_influence[card]
            if card == c.boss_card[p.gang]:
                total += self.boss_row(seat).influence
        if seat == self.active:
            total += self.turn_influence
        if p.plan:
            total += self.mod(seat, "plan_influence")
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
        return self.police.count(district)

    def bribe(self, seat: int, district: int, pieces: int = 1) -> int:
        """Money due for `pieces` thugs/vehicles entering `district` (Cops: Bribery)."""
        police = self.police.count(district)
        if not police:
            return 0
        return police * max(0, 2 + self.mod(seat, "bribe")) * pieces

    def graft(self, seat: int, district: int) -> int:
        police = self.police.count(district)
        if not police:
            return 0
        return police * max(0, 2 + self.mod(seat, "graft"))

    def controls_in(self, seat: int, district: int) -> bool:
        return any(h.owner == seat and h.district == district for h in self.hoods)

    def presence(self, seat: int) -> int:
        """Bitmask of districts where the seat has a thug, vehicle or control marker."""
        p = self.players[seat]
        mask = 0
        for d in range(7):
            if p.thugs[d] or p.cars[d] or p.trucks[d]:
                mask |= 1 << d
        for h in self.hoods:
            if h.owner == seat:
                mask |= 1 << h.district
        return mask

    def present(self, seat: int, district: int) -> bool:
        return bool(self.presence(seat) >> district & 1)

    def present_districts(self, seat: int) -> list[int]:
        mask = self.presence(seat)
        return [d for d in range(7) if mask >> d & 1]

    def owned_hoods(self, seat: int) -> list[int]:
        return [i for i, h in enumerate(self.hoods) if h.owner == seat]

    def hood_side(self, i: int):
        """(defense, alcohol, guns, price) of the Neighborhood's face-up side."""
        h = self.hoods[i]
        return self.content.tile_sides[h.tile][h.night]

    def set_hood(self, i: int, **changes) -> None:
        self.hoods = replace_at(self.hoods, i, self.hoods[i]._replace(**changes))

    def control_markers_left(self, seat: int) -> int:
        return CONTROL_MARKERS - sum(1 for h in self.hoods if h.owner == seat)

    def businesses_left(self, kind: str) -> int:
        total = self.content.board.business_supply[kind]
        return total - sum(getattr(h, kind) for h in self.hoods)

    def defense(self, hood: int, attacker: int) -> int:
        """Seize a Neighborhood: printed + 2 if rival-held + police + owner's thugs/cars − yours."""
        h = self.hoods[hood]
        d = h.district
        value = self.hood_side(hood).defense + self.police.count(d) + self.mod(attacker, "defense")
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
        a = g = 0
        for d in self.players[seat].deals:
            a += d.alcohol
            g += d.guns
        for h in self.hoods:
            if h.owner == seat:
                a += h.alcohol
                g += h.guns
        return a, g

    def deal_space(self, seat: int) -> int:
        dealers = self.content.dealers
        return sum(dealers[d.dealers[0]].storage - d.alcohol - d.guns for d in self.players[seat].deals)

    # -------------------------------------------------------------- cards
    def draw_cards(self, seat: int, n: int) -> int:
        p = self.players[seat]
        n = min(n, len(p.deck))
        if n > 0:
            p.hand = tuple(sorted(p.hand + p.deck[:n]))
            p.deck = p.deck[n:]
        return n

    def shuffle(self, items) -> tuple:
        from volstead.engine.rng import shuffled

        out, self.rng = shuffled(self.rng, items)
        return tuple(out)

    def randbelow(self, n: int) -> int:
        from volstead.engine.rng import below

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
        self.family_ring = seat

    # ------------------------------------------------------- engine interface
    def options_json(self) -> dict:
        return self.options.to_json()

    def result(self) -> Result:
        from .rules.scoring import result

        return result(self)

    def view(self, seat: int | None) -> dict:
        from .view import view

        return view(self, seat)

    def determinize(self, seat: int, rng) -> ScarfaceState:
        from .view import determinize

        return determinize(self, seat, rng)
