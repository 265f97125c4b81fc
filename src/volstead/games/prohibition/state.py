"""The Prohibition game state: plain data and the primitives the rules share.

Conventions (they keep `clone()` a few dozen field copies, no deep copy):
- every field is declared (typed, in `__slots__`) and holds an int, bool, str, tuple or
  NamedTuple — replaced, never changed in place; the only mutable objects are the `Gang`s,
  copied on clone;
- Blocks, tiles, Schemes, Fed and Infamy cards are ints indexing `self.content`; a building
  tile is kind * 7 + k (k-th tile of its stack); masks of Blocks are ints (bit = Block);
- seats are 0..n-1 clockwise; the player on a gang's right is the previous seat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple, Self

from volstead.engine.contract import Result
from volstead.engine.fields import declared_fields
from volstead.engine.rng import shuffled
from volstead.engine.state import COMPILED, GameState

from .content.loader import Content

TILES: Final = 7  # tiles of each building kind
STILL: Final = 0
BREWERY: Final = 1
SPEAKEASY: Final = 2
NIGHTCLUB: Final = 3
SETTLEMENT: Final = 4
WARD: Final = 5
# Action spaces: the 6 building kinds, the 4 Extortion spaces, then the open spaces.
CHARM: Final = 6  # the first Extortion space (board.toml lists Charm Campaign first)
EXTORTION: Final[tuple[int, ...]] = (6, 7, 8, 9)
TAKE_CHARGE, CONTRACT, IMPORT, RECRUIT, DRUG_STORE, FESTIVAL = range(10, 16)
OPEN_EARLY: Final[tuple[int, ...]] = (TAKE_CHARGE, CONTRACT, IMPORT)  # 1921-1925
OPEN_1926: Final[tuple[int, ...]] = (CONTRACT, RECRUIT, DRUG_STORE, FESTIVAL)  # with the overlay
SPACES: Final = 16
OPEN_NAMES: Final = {
    TAKE_CHARGE: "Take Charge",
    CONTRACT: "Contract Professional",
    IMPORT: "Import Booze",
    RECRUIT: "Recruit Goons",
    DRUG_STORE: "Open Drug Store",
    FESTIVAL: "Sponsor Festival",
}
OPEN_IDS: Final = {
    TAKE_CHARGE: "take_charge",
    CONTRACT: "contract",
    IMPORT: "import",
    RECRUIT: "recruit",
    DRUG_STORE: "drug_store",
    FESTIVAL: "festival",
}
LAST_YEAR: Final = 1926
FIRST_YEAR: Final = 1921


class Attack(NamedTuple):
    """An Attack in progress: the attacker's Goons and Gangster stand on `block` (not yet its
    Turf); with `conflict`, the Conflict's round, dice and Tactics of this round."""

    attacker: int
    block: int
    source: int
    goons: int
    defender: int = -1  # the Block's owner (-1: unclaimed)
    conflict: bool = False
    hq: bool = False
    round: int = 0
    lost: int = 0  # defending Units wiped out in this Conflict
    att_dice: tuple[int, ...] = ()
    def_dice: tuple[int, ...] = ()
    att_cancel: int = 0  # hits against the attacker cancelled this round
    def_cancel: int = 0
    att_six: bool = False  # the attacker's 6s wipe out two Units this round
    def_six: bool = False
    played: tuple[tuple[int, int], ...] = ()  # (seat, Scheme) played as Tactics this round


class Gang:
    """One gang's mat, pieces and cards. Attributes are immutable values (see module doc)."""

    __slots__ = (
        "seat",
        "mat",
        "hq",
        "gs",
        "booze",
        "headlines",
        "jail",
        "heat",
        "peak",
        "goon_supply",
        "hosp_goons",
        "hosp_guards",
        "to_place",
        "guards_to_place",
        "gangsters",
        "gangsters_left",
        "extortion",
        "hand",
        "done",
        "infamy",
        "infamy_dealt",
        "packet",
        "pick",
        "fed_owed",
        "fed_cards",
        "robbed",
        "steals",
        "torches",
        "seizes",
        "robberies",
        "conflicts_won",
    )
    seat: int
    mat: int
    hq: int  # the HQ Block
    gs: int  # the vault (public: coins on the table)
    booze: int
    headlines: int
    jail: int  # months of Jailtime
    heat: int
    peak: int  # highest Heat reached: badges up to it are marked
    goon_supply: int
    hosp_goons: int  # Goons in the Hospital (back next Operations)
    hosp_guards: int  # Guards in the Hospital (discarded next Operations)
    to_place: int  # Goons being placed now (Defend your Turf, Recruit Goons; picked up to move)
    guards_to_place: int  # Guards picked up to move (Defend your Turf), being put down
    gangsters: int  # this year's Gangsters
    gangsters_left: int  # not yet placed this year
    extortion: int  # the Extortion space taken this year, -1 none
    hand: tuple[int, ...]  # Schemes in hand, sorted (private)
    done: tuple[int, ...]  # completed Schemes, face up
    infamy: int  # kept Infamy card (private), -1 before the choice
    infamy_dealt: tuple[int, ...]  # the two dealt (private)
    packet: tuple[int, ...]  # the Scheme draft packet in front of the gang (private)
    pick: int  # this draft round's secret pick, -1 none yet
    fed_owed: int  # Fed cards owed, not yet drawn (waiting for a Conflict to end)
    fed_cards: tuple[int, ...]  # drawn, being dealt with (public)
    robbed: bool  # the HQ shows "Robbed!"
    steals: int
    torches: int
    seizes: int
    robberies: int
    conflicts_won: int

    def __init__(self, seat: int = -1, mat: int = -1):
        self.seat, self.mat = seat, mat
        self.hq = -1
        self.gs = self.booze = self.headlines = self.jail = 0
        self.heat = self.peak = 1
        self.goon_supply = self.hosp_goons = self.hosp_guards = self.to_place = self.guards_to_place = 0
        self.gangsters = self.gangsters_left = 0
        self.extortion = -1
        self.hand = self.done = self.infamy_dealt = self.packet = self.fed_cards = ()
        self.infamy = self.pick = -1
        self.fed_owed = 0
        self.robbed = False
        self.steals = self.torches = self.seizes = self.robberies = self.conflicts_won = 0

    def copy(self) -> Gang:
        """One assignment per slot (a clone copies every Gang: a loop over the slots cost ~7 % of a
        greedy game). tests/test_engine_part_copies.py checks that it copies every slot."""
        g = Gang() if COMPILED else Gang.__new__(Gang)  # every field is set below
        g.seat = self.seat
        g.mat = self.mat
        g.hq = self.hq
        g.gs = self.gs
        g.booze = self.booze
        g.headlines = self.headlines
        g.jail = self.jail
        g.heat = self.heat
        g.peak = self.peak
        g.goon_supply = self.goon_supply
        g.hosp_goons = self.hosp_goons
        g.hosp_guards = self.hosp_guards
        g.to_place = self.to_place
        g.guards_to_place = self.guards_to_place
        g.gangsters = self.gangsters
        g.gangsters_left = self.gangsters_left
        g.extortion = self.extortion
        g.hand = self.hand
        g.done = self.done
        g.infamy = self.infamy
        g.infamy_dealt = self.infamy_dealt
        g.packet = self.packet
        g.pick = self.pick
        g.fed_owed = self.fed_owed
        g.fed_cards = self.fed_cards
        g.robbed = self.robbed
        g.steals = self.steals
        g.torches = self.torches
        g.seizes = self.seizes
        g.robberies = self.robberies
        g.conflicts_won = self.conflicts_won
        return g

    def fields(self) -> dict[str, object]:
        return {k: getattr(self, k) for k in declared_fields(Gang)}


def turfs_of(owner: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Each of the four gangs' Blocks, ascending, for the map whose per-Block owners are `owner`."""
    t0: list[int] = []  # four lists, not a tuple of them: compiled, `lists[o]` was a generic item
    t1: list[int] = []
    t2: list[int] = []
    t3: list[int] = []
    for b in range(len(owner)):
        o = owner[b]
        if o < 0:
            continue
        if o == 0:
            t0.append(b)
        elif o == 1:
            t1.append(b)
        elif o == 2:
            t2.append(b)
        else:
            t3.append(b)
    return (tuple(t0), tuple(t1), tuple(t2), tuple(t3))


def replace_at(t: tuple[int, ...], i: int, value: int) -> tuple[int, ...]:
    out = list(t)  # not slices and `+`: compiled, each of those goes through a list
    out[i] = value
    return tuple(out)


def round5(x: int) -> int:
    """To the nearest 5 Gs (a remainder of 1 or 2 rounds down, 3 or 4 up)."""
    return (x + 2) // 5 * 5


# `determinize` (hidden.py), imported once: a function-level import on every call went through
# the import machinery each time (a search determinizes every few iterations).
_DETERMINIZE: Final[list[Callable[[ProhibitionState, int, Any], ProhibitionState]]] = []


class ProhibitionState(GameState):
    __slots__ = (
        "content",
        "gangs",
        "year",
        "phase",
        "start",
        "turn",
        "owner",
        "goons",
        "guards",
        "tile",
        "stocked",
        "gmask",
        "spaces",
        "conflicted",
        "stacks",
        "torched",
        "guard_supply",
        "guards_lost",
        "scheme_deck",
        "scheme_discard",
        "fed_deck",
        "fed_discard",
        "infamy_rest",
        "draft_round",
        "attack",
        "last_roll",
        "final",
        "counts",
        "turfs_key",
        "turfs_found",
    )
    game_name = "prohibition"

    content: Content
    gangs: tuple[Gang, ...]
    year: int
    phase: str  # "setup", "operations", "actions", "production", "over"
    start: int  # the Starting Marker
    turn: int  # the gang placing a Gangster now (-1 outside the Action Phase)
    owner: tuple[int, ...]  # per Block: the gang whose Turf it is, -1 none
    goons: tuple[int, ...]  # per Block: the owner's Goons
    guards: tuple[int, ...]  # per Block: the owner's Guards
    tile: tuple[int, ...]  # per Block: the building tile, -1 none (the HQ is not a tile)
    stocked: int  # mask of Blocks whose building is stocked
    gmask: tuple[int, ...]  # per Block: mask of gangs with a Gangster there (Laying Low)
    spaces: tuple[int, ...]  # per action space: mask of gangs with a Gangster on it
    conflicted: int  # mask of Blocks that had a Conflict this year
    stacks: tuple[tuple[int, ...], ...]  # per kind: tiles left, top (cheapest) first
    torched: tuple[int, ...]  # tiles gone for good
    guard_supply: int
    guards_lost: int  # Guards discarded from Hospitals (out of the game)
    scheme_deck: tuple[int, ...]  # order secret; index 0 is the top
    scheme_discard: tuple[int, ...]
    fed_deck: tuple[int, ...]  # order secret
    fed_discard: tuple[int, ...]
    infamy_rest: tuple[int, ...]  # undealt and discarded Infamy cards (secret)
    draft_round: int  # Scheme draft rounds done (0-3)
    attack: Attack | None
    last_roll: tuple[int, str, tuple[int, ...]] | None  # (seat, what for, dice) of an Expand/Seize roll
    final: tuple[dict[str, Any], ...] | None  # the scoring rows, once over
    counts: tuple[int, ...]  # for stats: Conflicts, Fed cards drawn, Schemes completed, buildings built
    # `turfs()` kept with the `owner` tuple it was found from (see `turfs`): not game facts, a cache.
    turfs_key: tuple[int, ...]
    turfs_found: tuple[tuple[int, ...], ...]

    def _copy_into(self, new: Self) -> None:
        super()._copy_into(new)
        new.content = self.content
        new.gangs = tuple(g.copy() for g in self.gangs)
        new.year = self.year
        new.phase = self.phase
        new.start = self.start
        new.turn = self.turn
        new.owner = self.owner
        new.goons = self.goons
        new.guards = self.guards
        new.tile = self.tile
        new.stocked = self.stocked
        new.gmask = self.gmask
        new.spaces = self.spaces
        new.conflicted = self.conflicted
        new.stacks = self.stacks
        new.torched = self.torched
        new.guard_supply = self.guard_supply
        new.guards_lost = self.guards_lost
        new.scheme_deck = self.scheme_deck
        new.scheme_discard = self.scheme_discard
        new.fed_deck = self.fed_deck
        new.fed_discard = self.fed_discard
        new.infamy_rest = self.infamy_rest
        new.draft_round = self.draft_round
        new.attack = self.attack
        new.last_roll = self.last_roll
        new.final = self.final
        new.counts = self.counts
        new.turfs_key = self.turfs_key
        new.turfs_found = self.turfs_found

    # ------------------------------------------------------------ small facts
    def order(self) -> list[int]:
        """Turn order: clockwise from the Starting Marker."""
        n = self.seats
        return [(self.start + k) % n for k in range(n)]

    def right_of(self, seat: int) -> int:
        return (seat - 1) % self.seats

    def bonus(self, seat: int, key: str) -> int:
        return self.content.mat_bonus[self.gangs[seat].mat].get(key, 0)

    def gang_name(self, seat: int) -> str:
        return self.content.mats[self.gangs[seat].mat].name

    def block_name(self, b: int) -> str:
        """The Block's id ("hk5"): option ids, records and the board's data-refs."""
        return self.content.block_ids[b]

    def place(self, b: int) -> str:
        """The Block as people name it: its Neighborhood and number ("Hell's Kitchen 5")."""
        return f"{self.content.nbhd_names[b >> 3]} {(b & 7) + 1}"

    def units(self, b: int) -> int:
        return self.goons[b] + self.guards[b]

    def room(self, b: int) -> int:
        return self.content.units_per_block - self.goons[b] - self.guards[b]

    def turf(self, seat: int) -> tuple[int, ...]:
        """The gang's Turf Blocks, ascending."""
        return self.turfs()[seat]

    def turfs(self) -> tuple[tuple[int, ...], ...]:
        """Every gang's `turf` (four, whatever the number of gangs). Found again only when the map
        changed: `owner` is an immutable tuple, replaced on every change and shared by clones, so
        the one the Turfs were found from tells by identity whether they still hold (a bot's
        lookahead asks for them thousands of times between two changes; issue 15)."""
        if self.turfs_key is not self.owner:
            self.turfs_found = turfs_of(self.owner)
            self.turfs_key = self.owner
        return self.turfs_found

    def blocks_of(self, seat: int) -> int:
        return len(self.turfs()[seat])

    def markers_left(self, seat: int) -> int:
        return self.content.turf_markers - len(self.turfs()[seat])

    def laying_low(self, b: int, seat: int) -> bool:
        return bool(self.gmask[b] >> seat & 1)

    def kind_at(self, b: int) -> int:
        t = self.tile[b]
        return -1 if t < 0 else t // TILES

    def is_stocked(self, b: int) -> bool:
        return bool(self.stocked >> b & 1)

    def buildings_of(self, seat: int) -> list[int]:
        """Blocks of the gang's Turf with a building (the HQ is not one)."""
        tile = self.tile
        return [b for b in self.turf(seat) if tile[b] >= 0]

    def threshold(self, seat: int) -> int:
        """Outrage Threshold of the gang's Heat: 0 (I) to 3 (IV)."""
        heat, level = self.gangs[seat].heat, 0
        for i, start in enumerate(self.content.thresholds):
            if heat >= start:
                level = i
        return level

    def hq_owner(self, b: int) -> int:
        """The gang whose HQ stands on Block b, or -1."""
        for g in self.gangs:
            if g.hq == b:
                return g.seat
        return -1

    # ----------------------------------------------------------- set pieces
    def set_block(
        self, b: int, owner: int | None = None, goons: int | None = None, guards: int | None = None, tile: int | None = None
    ) -> None:
        if owner is not None:
            old, owners = self.owner[b], replace_at(self.owner, b, owner)
            if self.turfs_key is self.owner and old != owner:  # the Turfs found kept up, not found again
                found = list(self.turfs_found)
                if old >= 0:
                    found[old] = tuple([x for x in found[old] if x != b])
                if owner >= 0:
                    found[owner] = tuple(sorted(found[owner] + (b,)))
                self.turfs_found = (found[0], found[1], found[2], found[3])
                self.turfs_key = owners
            self.owner = owners
        if goons is not None:
            self.goons = replace_at(self.goons, b, goons)
        if guards is not None:
            self.guards = replace_at(self.guards, b, guards)
        if tile is not None:
            self.tile = replace_at(self.tile, b, tile)

    def set_stocked(self, b: int, on: bool) -> None:
        self.stocked = self.stocked | (1 << b) if on else self.stocked & ~(1 << b)

    def put_gangster(self, b: int, seat: int) -> None:
        self.gmask = replace_at(self.gmask, b, self.gmask[b] | 1 << seat)

    def place_units(self, seat: int, b: int, goons: int, guards: int) -> tuple[int, int]:
        """Put Units on one of the gang's Blocks up to the limit, Guards first; the rest go to its
        Hospital. Returns the (Goons, Guards) hospitalised."""
        room = self.room(b)
        gd = min(guards, room)
        gn = min(goons, room - gd)
        self.set_block(b, goons=self.goons[b] + gn, guards=self.guards[b] + gd)
        g = self.gangs[seat]
        g.hosp_goons += goons - gn
        g.hosp_guards += guards - gd
        return goons - gn, guards - gd

    # ---------------------------------------------------------------- Heat
    def add_heat(self, seat: int, delta: int) -> None:
        """Move the Heat marker (never below 1); badges and the marks from 70 reached for the first
        time owe Fed cards, drawn at the next safe point (rules/feds.py)."""
        g = self.gangs[seat]
        new = max(1, g.heat + delta)
        if new > g.peak:
            heat = self.content.board.heat
            owed = sum(1 for x in self.content.badges if g.peak < x <= new)
            if new >= heat.extra_from:
                lo = max(g.peak + 1, heat.extra_from)
                first = heat.extra_from + -(-(lo - heat.extra_from) // heat.extra_every) * heat.extra_every
                if first <= new:
                    owed += heat.extra_cards * ((new - first) // heat.extra_every + 1)
            g.fed_owed += owed
            g.peak = new
        g.heat = new

    # ------------------------------------------------------------ random
    def roll(self, n: int) -> tuple[int, ...]:
        """`n` six-sided dice from the state's stream (the engine's `dice`, which tests script)."""
        return self.dice(n, 6)

    def shuffle(self, items) -> tuple:
        out, self.rng = shuffled(self.rng, items)
        return tuple(out)

    # ------------------------------------------------------------- Schemes
    def draw_scheme(self, seat: int) -> bool:
        """Draw a Scheme (the discards reshuffled if the deck is empty); False if none is left."""
        if not self.scheme_deck:
            if not self.scheme_discard:
                return False
            self.scheme_deck, self.scheme_discard = self.shuffle(sorted(self.scheme_discard)), ()
        g = self.gangs[seat]
        g.hand = tuple(sorted(g.hand + self.scheme_deck[:1]))
        self.scheme_deck = self.scheme_deck[1:]
        return True

    def count(self, i: int) -> None:
        self.counts = replace_at(self.counts, i, self.counts[i] + 1)

    # ------------------------------------------------------- engine interface
    def result(self) -> Result:
        from .rules.scoring import result

        return result(self)

    def hidden_piles(self) -> tuple[Any, ...]:
        """The decks shuffled at set-up (the engine's take-back points, engine/takeback.py): a Scheme
        or a Fed card drawn. The building stacks are in a known order: taking a tile reveals nothing."""
        return (self.scheme_deck, self.fed_deck)

    def view(self, seat: int | None) -> dict:
        from .view import view

        return view(self, seat)

    def determinize(self, seat: int, rng: Any) -> ProhibitionState:
        if not _DETERMINIZE:  # hidden.py imports this module: found on first use, then kept
            from .hidden import determinize

            _DETERMINIZE.append(determinize)
        return _DETERMINIZE[0](self, seat, rng)


CONFLICTS: Final = 0
FED_DRAWN: Final = 1
SCHEMES_DONE: Final = 2
BUILT: Final = 3
