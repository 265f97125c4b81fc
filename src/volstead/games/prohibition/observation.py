"""What one gang knows of a Prohibition game, as a fixed list of numbers (the learning contract,
docs/learning.md "Prohibition"): the map, the action board, every gang's public figures, the gang's
own cards, the Attack in progress and what the gang is being asked.

Only what `view(seat)` shows, and less: rivals' hands, packets, picks and Infamy cards, and the
decks' order, are never read (the list is the same for every `determinize(seat, ...)` of a state),
nor who else is still choosing in a secret phase. Gangs are seen from the seat: slot 0 is the seat's
own gang, slot 1 the next gang clockwise, and so on; slots past the number of gangs are zeros. The
map counts every Block (the 4-gang Neighborhoods out of play at 2 and 3 gangs are marked so), so
the layout is the same for 2, 3 and 4 gangs and one policy plays them all.

Cheap, as it runs on every training step: the map's planes are tables looked up per Block and kept
while the state's tuples they come from are the same objects (a state replaces a tuple on every
change and shares it with its clones, so identity says unchanged; the cache holds the tuple, so its
identity is never reused). Compiled with the rules (compile.toml).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Final

from volstead.engine.contract import ObservationField
from volstead.engine.errors import VolsteadError
from volstead.engine.step import Step

from .actions import KINDS
from .content.loader import YEARS, Content, default_content
from .content.models import BUILDING_KINDS
from .rules.attack import AttackGoons, AttackTarget
from .rules.building import BuildBlock, StockNew
from .rules.conflict import HelpUnits
from .rules.feds import BUILDINGS, GOONS, STOCK, FedCard, LoseOne
from .rules.scoring import ALL, MOST, SOME
from .rules.setup import DRAFT_KEEP
from .state import EXTORTION, LAST_YEAR, OPEN_1926, OPEN_EARLY, SPACES, TILES, ProhibitionState

GANGS: Final = 4  # gang slots, whatever the number of gangs
PHASES: Final[tuple[str, ...]] = ("setup", "operations", "actions", "production", "over")
KINDS_OF_BUILDING: Final = len(BUILDING_KINDS)
THRESHOLDS: Final = 4
DICE_VALUES: Final = 7  # a die reads 0-6 (a Tactic may lower one to 0)
LOSS_KINDS: Final[tuple[int, ...]] = (BUILDINGS, STOCK, GOONS)  # what a Fed card's loss picks among

# Scales: a figure is divided by its scale and capped at 1 (a cap is reached only in rare games).
GS_SCALE: Final = 200.0
BOOZE_SCALE: Final = 40.0
HEADLINES_SCALE: Final = 15.0
JAIL_SCALE: Final = 40.0
HEAT_SCALE: Final = 100.0
PP_SCALE: Final = 150.0
SCHEME_PP_SCALE: Final = 40.0
HOOD_PP_SCALE: Final = 140.0  # 7 Neighborhoods of 20 PP
RECORD_SCALE: Final = 5.0
# What a gang's row is made from, read at once (with the Blocks, buildings and markers: `gang_row`).
# The hand is read for its size only.
GANG_FACTS: Final = attrgetter(
    "mat",
    "gs",
    "booze",
    "headlines",
    "jail",
    "heat",
    "peak",
    "fed_owed",
    "fed_cards",
    "gangsters",
    "gangsters_left",
    "goon_supply",
    "to_place",
    "guards_to_place",
    "hosp_goons",
    "hosp_guards",
    "extortion",
    "hand",
    "done",
    "robbed",
    "steals",
    "torches",
    "seizes",
    "robberies",
    "conflicts_won",
)
GANG_FIGURES: Final = 26  # the scaled figures of a gang's row (gang_row)
MEMO_LIMIT: Final = 50_000  # sets of cards remembered (cleared when full)

GANG_DOC: Final = (
    "present; mat (one-hot); Gs/200; Booze/40; Headlines/15; Jailtime/40; Heat/100; highest Heat/100; "
    "Fed cards owed/4; Fed cards being dealt with/4; Blocks/25; Neighborhood PP/140; buildings/12; "
    "Gangsters this year/5; Gangsters left/5; Goons in supply/24; Goons being placed or picked up/24; "
    "Guards picked up/8; Goons in Hospital/24; Guards in Hospital/8; Schemes in hand/8; completed Schemes' "
    "PP/40; steals, torches, seizes, robberies, Conflicts won (/5 each); public Prestige (Infamy left out)/150 "
    "(each figure capped at 1); Outrage Threshold (one-hot I-IV); Extortion space taken this year (one-hot, 4); "
    "HQ robbed; holds the Starting Marker; placing a Gangster now; completed Schemes (one per Scheme card)"
)


def _cap(x: float) -> float:
    return x if x < 1.0 else 1.0


class Encoder:
    """The layout and lookup tables of one card set (built once; see `encoder`)."""

    def __init__(self, c: Content):
        self.content = c
        blocks = len(c.block_ids)
        self.blocks = blocks
        self.schemes = len(c.schemes)
        self.feds = len(c.feds)
        self.infamy = len(c.infamy)
        self.mats = len(c.mats)
        self.hoods = len(c.nbhd_ids)
        units = float(c.board.limits.units_per_block)
        self.units = units
        self.turf_markers = float(c.board.limits.turf_markers)
        self.goon_count = float(c.board.limits.goons)
        self.guard_count = float(c.board.limits.guards)
        self.tile_count = float(len(c.tile_cost))
        self.top_cost = float(max(c.tile_cost))
        self.thresholds = c.thresholds
        zeros4 = (0.0, 0.0, 0.0, 0.0)
        # Tables of rows end with the row of "none" (-1): `rows[x]` serves x = -1 too.
        # per number of gangs, per seat: a Block owner's (0..3, -1 none) relative one-hot
        self.owner_rows: dict[int, list[tuple[tuple[float, ...], ...]]] = {}
        # per number of gangs, per seat: a mask of gangs (absolute bits) as relative one-hots
        self.mask_rows: dict[int, list[tuple[tuple[float, ...], ...]]] = {}
        for n in (2, 3, 4):
            owners: list[tuple[tuple[float, ...], ...]] = []
            masks: list[tuple[tuple[float, ...], ...]] = []
            for seat in range(n):
                rows: list[tuple[float, ...]] = []
                for o in range(GANGS):
                    row = [0.0] * GANGS
                    if o < n:
                        row[(o - seat) % n] = 1.0
                    rows.append(tuple(row))
                rows.append(zeros4)
                owners.append(tuple(rows))
                mrows = []
                for m in range(1 << GANGS):
                    row = [0.0] * GANGS
                    for o in range(n):
                        if m >> o & 1:
                            row[(o - seat) % n] = 1.0
                    mrows.append(tuple(row))
                masks.append(tuple(mrows))
            self.owner_rows[n] = owners
            self.mask_rows[n] = masks
        # a tile (kind * 7 + k, -1 none) as the building's one-hot
        tiles: list[tuple[float, ...]] = []
        for t in range(len(c.tile_cost)):
            row = [0.0] * KINDS_OF_BUILDING
            row[t // TILES] = 1.0
            tiles.append(tuple(row))
        tiles.append((0.0,) * KINDS_OF_BUILDING)
        self.tile_rows = tuple(tiles)
        self.unit_values = tuple(min(1.0, k / units) for k in range(int(units) + 1))
        self.in_play: dict[int, tuple[float, ...]] = {}
        for n, shown in c.in_play.items():
            self.in_play[n] = tuple(1.0 if b in shown else 0.0 for b in range(blocks))
        self.kind_index = {k: i for i, k in enumerate(KINDS)}
        self.fields = self._fields()
        self.size = sum(f.size for f in self.fields)
        self.gang_size = next(f.size for f in self.fields if f.name == "gang_0")
        self.mat_rows = tuple((1.0,) + tuple(1.0 if i == m else 0.0 for i in range(self.mats)) for m in range(self.mats))
        # a Heat (up to the last mark's, then the last row) as its Outrage Threshold (one-hot)
        levels: list[tuple[float, ...]] = []
        for heat in range(c.thresholds[-1] + 1):
            level = max(i for i, start in enumerate(c.thresholds) if heat >= start or i == 0)
            levels.append(tuple(1.0 if i == level else 0.0 for i in range(THRESHOLDS)))
        self.level_rows = tuple(levels)
        self.extortion_rows = tuple(tuple(1.0 if sp == x else 0.0 for sp in EXTORTION) for x in (*range(SPACES), -1))
        self.pick_rows = tuple(tuple(1.0 if i == x else 0.0 for i in range(self.schemes)) for x in (*range(self.schemes), -1))
        self.infamy_one = tuple(tuple(1.0 if i == x else 0.0 for i in range(self.infamy)) for x in (*range(self.infamy), -1))
        self.space_open = {
            y: tuple(
                1.0 if sp in EXTORTION or sp < 6 or sp in (OPEN_1926 if y >= LAST_YEAR else OPEN_EARLY) else 0.0
                for sp in range(SPACES)
            )
            for y in YEARS
        }
        # memos: a set of cards (a tuple, as the state holds it) as its one-per-card row
        self.scheme_sets: dict[tuple[int, ...], tuple[float, ...]] = {}
        self.other_sets: dict[tuple[int, ...], tuple[float, ...]] = {}  # Fed cards (F) and Infamy cards (I): distinct keys
        self.heads: dict[object, tuple[float, ...]] = {}
        self.own_cards: dict[object, tuple[float, ...]] = {}
        self.gang_rows: dict[object, tuple[float, ...]] = {}
        # caches: the planes last made, with the objects they were made from (see the module doc)
        self.owner_key: list[object] = [None] * GANGS
        self.owner_n: list[int] = [0] * GANGS
        self.owner_plane: list[list[float]] = [[] for _ in range(GANGS)]
        self.map_key: object = None  # owner: the gangs' Neighborhood PP and the HQ plane
        self.hood_pp: list[int] = []
        self.blocks_of: list[int] = []
        self.hq_plane: list[float] = []
        self.building_key: object = None
        self.building_owner: object = None
        self.building_stocked = -1
        self.building_plane: list[float] = []
        self.built: list[int] = []
        self.gmask_key: list[object] = [None] * GANGS
        self.gmask_n: list[int] = [0] * GANGS
        self.gmask_plane: list[list[float]] = [[] for _ in range(GANGS)]
        self.spaces_key: list[object] = [None] * GANGS
        self.spaces_n: list[int] = [0] * GANGS
        self.spaces_plane: list[list[float]] = [[] for _ in range(GANGS)]
        self.goons_key: object = None
        self.guards_key: object = None
        self.units_plane: list[float] = []
        self.conflict_key = -1
        self.conflict_plane: list[float] = []

    def _fields(self) -> tuple[ObservationField, ...]:
        B, S, F, N_INFAMY, M = self.blocks, self.schemes, self.feds, self.infamy, self.mats
        gang = 1 + M + GANG_FIGURES + THRESHOLDS + len(EXTORTION) + 3 + S
        f = ObservationField
        return (
            f("gangs_in_game", 3, "2, 3 or 4 gangs (one-hot)"),
            f("year", len(YEARS), "1921-1926 (one-hot)"),
            f("phase", len(PHASES), "setup (the draft and Infamy), operations, actions, production, over (one-hot)"),
            f("draft_round", 1, "Scheme draft rounds done/3"),
            f(
                "supply",
                4,
                "Scheme deck size/Schemes; Fed deck size/Fed cards; building tiles torched/tiles; Guards in supply/50",
            ),
            f("stacks", 2 * KINDS_OF_BUILDING, "per building kind: tiles left/7, the next tile's cost/highest cost (0: none)"),
            f("scheme_discard", S, "Schemes in the discard pile (one per Scheme card)"),
            f("fed_discard", F, "Fed cards in the discard pile (one per Fed card)"),
            f("space_open", SPACES, "per action space: on the board this year (the 1926 overlay changes the open spaces)"),
            f("space_gangsters", SPACES * GANGS, "per action space, per gang slot: that gang has a Gangster on it"),
            f("block_in_play", B, "per Block: in play with this number of gangs"),
            f("block_owner", B * GANGS, "per Block, per gang slot: that gang's Turf"),
            f("block_goons", B, "per Block: the owner's Goons/4"),
            f("block_guards", B, "per Block: the owner's Guards/4"),
            f("block_building", B * KINDS_OF_BUILDING, "per Block: its building (one-hot: " + ", ".join(BUILDING_KINDS) + ")"),
            f("block_stocked", B, "per Block: its building is stocked"),
            f("block_hq", B, "per Block: an HQ stands on it (its owner's)"),
            f("block_gangsters", B * GANGS, "per Block, per gang slot: that gang's Gangster is there (Laying Low)"),
            f("block_conflict", B, "per Block: it had a Conflict this year (no second one)"),
            f("gang_0", gang, "you: " + GANG_DOC),
            f("gang_1", gang, "the next gang clockwise (same figures as gang_0)"),
            f("gang_2", gang, "the gang after (same figures; zeros with 2 gangs)"),
            f("gang_3", gang, "the gang on your right with 4 gangs (same figures; zeros with 2 or 3 gangs)"),
            f("my_hand", S, "your Schemes in hand (one per Scheme card)"),
            f("my_packet", S, "your Scheme draft packet (one per Scheme card)"),
            f("my_pick", S, "your secret pick of this draft round, once made (one-hot)"),
            f("my_infamy_dealt", N_INFAMY, "the two Infamy cards dealt to you"),
            f("my_infamy", N_INFAMY, "the Infamy card you kept (one-hot)"),
            f(
                "attack",
                3 + 2 * GANGS + 8 + 2 * DICE_VALUES,
                "the Attack in progress: under way; a Conflict; on an HQ; attacker's slot (one-hot); defender's slot "
                "(one-hot); attacking Goons/4; round/5; defending Units lost/8; hits cancelled against the attacker/4, "
                "against the defender/4; attacker's 6s count double; defender's; Tactics played this round/2; the "
                "attacker's dice, how many show 0..6 (/8 each); the defender's",
            ),
            f("attack_block", B, "the attacked Block (one-hot)"),
            f("attack_source", B, "the Block the attacking Goons came from (one-hot)"),
            f("asked_kind", len(KINDS), "the kind of your pending decision (one-hot, actions.KINDS order); zeros: none"),
            f(
                "asked_block",
                B,
                "the Block it is about: an Attack's source (attack_goons, attack_target), a Call for Help's source, "
                "the new building (stock_new)",
            ),
            f("asked_building", KINDS_OF_BUILDING, "build_block: the building being built (one-hot)"),
            f("asked_goons", 1, "attack_target: the attacking Goons/4"),
            f("asked_fed", F + THRESHOLDS, "fed_card: the Fed card (one-hot), then its Outrage Threshold (one-hot I-IV)"),
            f(
                "asked_loss",
                len(LOSS_KINDS) + 1 + GANGS,
                "fed_loss: what is lost (one-hot: a building, a building's Stock, a Goon); how many left to pick/4; "
                "the losing gang's slot (one-hot)",
            ),
        )

    # ------------------------------------------------------------------ planes
    def scheme_set(self, cards: tuple[int, ...]) -> tuple[float, ...]:
        row = self.scheme_sets.get(cards)
        if row is None:
            if len(self.scheme_sets) > MEMO_LIMIT:
                self.scheme_sets.clear()
            part = [0.0] * self.schemes
            for x in cards:
                part[x] = 1.0
            row = self.scheme_sets[cards] = tuple(part)
        return row

    def other_set(self, cards: tuple[int, ...], size: int) -> tuple[float, ...]:
        """A set of Fed cards (size F) or Infamy cards (size I): memo keyed by the cards and the size."""
        key = cards + (-1 - size,)
        row = self.other_sets.get(key)
        if row is None:
            if len(self.other_sets) > MEMO_LIMIT:
                self.other_sets.clear()
            part = [0.0] * size
            for x in cards:
                part[x] = 1.0
            row = self.other_sets[key] = tuple(part)
        return row

    def owner_part(self, s: ProhibitionState, seat: int, n: int) -> list[float]:
        owner = s.owner
        if self.owner_key[seat] is owner and self.owner_n[seat] == n:
            return self.owner_plane[seat]
        rows = self.owner_rows[n][seat]
        plane: list[float] = []
        for o in owner:
            plane.extend(rows[o])
        self.owner_key[seat] = owner
        self.owner_n[seat] = n
        self.owner_plane[seat] = plane
        return plane

    def map_facts(self, s: ProhibitionState) -> None:
        """Each gang's (absolute seat) Neighborhood PP as Scoring counts them, and the HQ plane,
        kept while `owner` is the same object (a game's HQs never move)."""
        owner = s.owner
        if self.map_key is owner:
            return
        per = [[0] * self.hoods for _ in range(GANGS)]
        for b, o in enumerate(owner):
            if o >= 0:
                per[o][b >> 3] += 1
        pps: list[int] = []
        for k in range(GANGS):
            pp = 0
            for x in per[k]:
                pp += ALL if x == 8 else MOST if x >= 5 else SOME if x else 0
            pps.append(pp)
        hq = [0.0] * self.blocks
        for g in s.gangs:
            hq[g.hq] = 1.0
        self.map_key = owner
        self.blocks_of = [sum(row) for row in per]
        self.hood_pp = pps
        self.hq_plane = hq

    def building_part(self, s: ProhibitionState) -> list[float]:
        """block_building, then block_stocked; `built`: each gang's (absolute) buildings."""
        tile, stocked, owner = s.tile, s.stocked, s.owner
        if self.building_key is tile and self.building_stocked == stocked and self.building_owner is owner:
            return self.building_plane
        rows = self.tile_rows
        plane: list[float] = []
        for t in tile:
            plane.extend(rows[t])
        plane.extend([1.0 if stocked >> b & 1 else 0.0 for b in range(self.blocks)])
        built = [0, 0, 0, 0]
        for b, t in enumerate(tile):
            if t >= 0 and owner[b] >= 0:
                built[owner[b]] += 1
        self.building_key = tile
        self.building_owner = owner
        self.building_stocked = stocked
        self.building_plane = plane
        self.built = built
        return plane

    def gmask_part(self, s: ProhibitionState, seat: int, n: int) -> list[float]:
        gmask = s.gmask
        if self.gmask_key[seat] is gmask and self.gmask_n[seat] == n:
            return self.gmask_plane[seat]
        rows = self.mask_rows[n][seat]
        plane: list[float] = []
        for m in gmask:
            plane.extend(rows[m])
        self.gmask_key[seat] = gmask
        self.gmask_n[seat] = n
        self.gmask_plane[seat] = plane
        return plane

    def spaces_part(self, s: ProhibitionState, seat: int, n: int) -> list[float]:
        spaces = s.spaces
        if self.spaces_key[seat] is spaces and self.spaces_n[seat] == n:
            return self.spaces_plane[seat]
        rows = self.mask_rows[n][seat]
        plane: list[float] = []
        for m in spaces:
            plane.extend(rows[m])
        self.spaces_key[seat] = spaces
        self.spaces_n[seat] = n
        self.spaces_plane[seat] = plane
        return plane

    def units_part(self, s: ProhibitionState) -> list[float]:
        """block_goons, then block_guards."""
        goons, guards = s.goons, s.guards
        if self.goons_key is goons and self.guards_key is guards:
            return self.units_plane
        values = self.unit_values  # comprehensions: a C loop compiled, the fastest loop interpreted
        plane = [values[x] for x in goons]
        plane.extend([values[x] for x in guards])
        self.goons_key = goons
        self.guards_key = guards
        self.units_plane = plane
        return plane

    def stacks_of(self, s: ProhibitionState) -> list[float]:
        cost, top = self.content.tile_cost, self.top_cost
        part: list[float] = []
        for kind, stack in enumerate(s.stacks):
            part.append(len(stack) / TILES)
            part.append(cost[kind * TILES + stack[0]] / top if stack else 0.0)
        return part

    def conflict_part(self, conflicted: int) -> list[float]:
        if self.conflict_key != conflicted:
            self.conflict_plane = [1.0 if conflicted >> b & 1 else 0.0 for b in range(self.blocks)]
            self.conflict_key = conflicted
        return self.conflict_plane

    def head(self, s: ProhibitionState) -> tuple[float, ...]:
        """gangs_in_game to fed_discard: the figures of the game as a whole, remembered by what they
        are made from (they change a few times a year)."""
        key = (
            s.seats,
            s.year,
            s.phase,
            s.draft_round,
            len(s.scheme_deck),
            len(s.fed_deck),
            len(s.torched),
            s.guard_supply,
            s.stacks,
            s.scheme_discard,
            s.fed_discard,
        )
        row = self.heads.get(key)
        if row is None:
            if len(self.heads) > MEMO_LIMIT:
                self.heads.clear()
            n, year, phase = s.seats, s.year, s.phase
            part = [1.0 if n == k else 0.0 for k in (2, 3, 4)]
            part += [1.0 if year == y else 0.0 for y in YEARS]
            part += [1.0 if phase == p else 0.0 for p in PHASES]
            supply = (
                s.draft_round / DRAFT_KEEP,
                len(s.scheme_deck) / self.schemes,
                len(s.fed_deck) / self.feds,
                len(s.torched) / self.tile_count,
                s.guard_supply / self.guard_count,
            )
            part.extend([x if x < 1.0 else 1.0 for x in supply])
            part.extend(self.stacks_of(s))
            part.extend(self.scheme_set(s.scheme_discard))
            part.extend(self.other_set(s.fed_discard, self.feds))
            row = self.heads[key] = tuple(part)
        return row

    # ------------------------------------------------------------------ gangs
    def gang_row(self, s: ProhibitionState, k: int, out: list[float]) -> None:
        """A gang's figures (GANG_DOC), public ones only, onto `out`: remembered by what they are
        made from (most decisions change one gang's figures at most)."""
        g = s.gangs[k]
        key = (GANG_FACTS(g), self.blocks_of[k], self.hood_pp[k], self.built[k], s.start == k, s.turn == k)
        row = self.gang_rows.get(key)
        if row is None:
            if len(self.gang_rows) > MEMO_LIMIT:
                self.gang_rows.clear()
            part: list[float] = []
            self.make_gang_row(s, k, part)
            row = self.gang_rows[key] = tuple(part)
        out.extend(row)

    def make_gang_row(self, s: ProhibitionState, k: int, out: list[float]) -> None:
        g = s.gangs[k]
        heat = g.heat
        schemes_pp = 0
        pp_of = self.content.scheme_pp
        for x in g.done:
            schemes_pp += pp_of[x]
        hood_pp, buildings = self.hood_pp[k], self.built[k]
        public_pp = hood_pp + g.gs // 5 + g.booze + 3 * buildings + 3 * g.headlines - g.jail + schemes_pp
        goons = self.goon_count
        out.extend(self.mat_rows[g.mat])
        row = (
            g.gs / GS_SCALE,
            g.booze / BOOZE_SCALE,
            g.headlines / HEADLINES_SCALE,
            g.jail / JAIL_SCALE,
            heat / HEAT_SCALE,
            g.peak / HEAT_SCALE,
            g.fed_owed / 4.0,
            len(g.fed_cards) / 4.0,
            self.blocks_of[k] / self.turf_markers,
            hood_pp / HOOD_PP_SCALE,
            buildings / 12.0,
            g.gangsters / 5.0,
            g.gangsters_left / 5.0,
            g.goon_supply / goons,
            g.to_place / goons,
            g.guards_to_place / 8.0,
            g.hosp_goons / goons,
            g.hosp_guards / 8.0,
            len(g.hand) / 8.0,
            schemes_pp / SCHEME_PP_SCALE,
            g.steals / RECORD_SCALE,
            g.torches / RECORD_SCALE,
            g.seizes / RECORD_SCALE,
            g.robberies / RECORD_SCALE,
            g.conflicts_won / RECORD_SCALE,
            public_pp / PP_SCALE if public_pp > 0 else 0.0,
        )
        out.extend([x if x < 1.0 else 1.0 for x in row])
        out.extend(self.level_rows[heat if heat < len(self.level_rows) else -1])
        out.extend(self.extortion_rows[g.extortion])
        out.append(1.0 if g.robbed else 0.0)
        out.append(1.0 if s.start == k else 0.0)
        out.append(1.0 if s.turn == k else 0.0)
        out.extend(self.scheme_set(g.done))

    # ------------------------------------------------------------------ all
    def encode(self, s: ProhibitionState, seat: int) -> list[float]:
        n = s.seats
        if not 0 <= seat < n:
            raise VolsteadError(f"seat {seat} is not in this game of {n} gangs")
        B, N_INFAMY = self.blocks, self.infamy
        out = list(self.head(s))
        out.extend(self.space_open[s.year])
        out.extend(self.spaces_part(s, seat, n))
        # the map
        self.map_facts(s)
        out.extend(self.in_play[n])
        out.extend(self.owner_part(s, seat, n))
        out.extend(self.units_part(s))
        out.extend(self.building_part(s))
        out.extend(self.hq_plane)
        out.extend(self.gmask_part(s, seat, n))
        out.extend(self.conflict_part(s.conflicted))
        # the gangs, from the seat clockwise
        for slot in range(GANGS):
            if slot < n:
                self.gang_row(s, (seat + slot) % n, out)
            else:
                out.extend([0.0] * self.gang_size)
        # the seat's own cards
        me = s.gangs[seat]
        key = (me.hand, me.packet, me.pick, me.infamy_dealt, me.infamy)
        own = self.own_cards.get(key)
        if own is None:
            if len(self.own_cards) > MEMO_LIMIT:
                self.own_cards.clear()
            part = list(self.scheme_set(me.hand))
            part.extend(self.scheme_set(me.packet))
            part.extend(self.pick_rows[me.pick])
            part.extend(self.other_set(me.infamy_dealt, N_INFAMY))
            part.extend(self.infamy_one[me.infamy])
            own = self.own_cards[key] = tuple(part)
        out.extend(own)
        # the Attack
        a = s.attack
        if a is None:
            out.extend([0.0] * (3 + 2 * GANGS + 8 + 2 * DICE_VALUES + 2 * B))
        else:
            out.extend((1.0, 1.0 if a.conflict else 0.0, 1.0 if a.hq else 0.0))
            rows = self.owner_rows[n][seat]
            out.extend(rows[a.attacker])
            out.extend(rows[a.defender])
            figures = (
                a.goons / self.units,
                a.round / 5.0,
                a.lost / 8.0,
                a.att_cancel / 4.0,
                a.def_cancel / 4.0,
                1.0 if a.att_six else 0.0,
                1.0 if a.def_six else 0.0,
                len(a.played) / 2.0,
            )
            out.extend([x if x < 1.0 else 1.0 for x in figures])
            for dice in (a.att_dice, a.def_dice):
                counts = [0.0] * DICE_VALUES
                for v in dice:
                    counts[v] += 0.125
                out.extend([x if x < 1.0 else 1.0 for x in counts])
            part = [0.0] * B
            part[a.block] = 1.0
            out.extend(part)
            part = [0.0] * B
            part[a.source] = 1.0
            out.extend(part)
        self.asked(s, seat, n, out)
        return out

    def asked(self, s: ProhibitionState, seat: int, n: int, out: list[float]) -> None:
        """asked_*: the seat's pending decision, if it has one (zeros otherwise)."""
        B, F = self.blocks, self.feds
        size = len(KINDS) + B + KINDS_OF_BUILDING + 1 + F + THRESHOLDS + len(LOSS_KINDS) + 1 + GANGS
        step: Step[ProhibitionState] | None = None
        kind = ""
        if s.stack:
            for d in s.decisions():
                if d.seat == seat:
                    step = d.step
                    kind = d.kind
                    break
        if step is None:
            out.extend([0.0] * size)
            return
        part = [0.0] * size
        part[self.kind_index[kind]] = 1.0
        at = len(KINDS)
        block = -1
        if isinstance(step, AttackGoons):
            block = step.source
        elif isinstance(step, AttackTarget):
            block = step.source
            part[at + B + KINDS_OF_BUILDING] = _cap(step.n / self.units)
        elif isinstance(step, HelpUnits):
            block = step.source
        elif isinstance(step, StockNew):
            block = step.block
        elif isinstance(step, BuildBlock):
            part[at + B + step.building] = 1.0
        elif isinstance(step, FedCard):
            at += B + KINDS_OF_BUILDING + 1
            part[at + step.card] = 1.0
            part[at + F + step.level] = 1.0
        elif isinstance(step, LoseOne):
            at += B + KINDS_OF_BUILDING + 1 + F + THRESHOLDS
            part[at + LOSS_KINDS.index(step.what)] = 1.0
            part[at + len(LOSS_KINDS)] = _cap(step.n / 4.0)
            part[at + len(LOSS_KINDS) + 1 + (step.victim - seat) % n] = 1.0
        if block >= 0:
            part[len(KINDS) + block] = 1.0
        out.extend(part)


# The encoder of the card set last asked for (the states of a game share one Content).
_ENCODER: list[Encoder] = []


def encoder(c: Content) -> Encoder:
    if _ENCODER and _ENCODER[0].content is c:
        return _ENCODER[0]
    e = Encoder(c)
    _ENCODER[:] = [e]
    return e


def observation_fields(cards: str) -> tuple[ObservationField, ...]:
    return encoder(default_content(cards)).fields


def encode_observation(s: ProhibitionState, seat: int) -> list[float]:
    """`Game.encode_observation`: exactly `observation_fields`' sizes, each number in [0, 1]."""
    return encoder(s.content).encode(s, seat)
