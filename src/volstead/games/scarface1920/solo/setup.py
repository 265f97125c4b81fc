"""Solo mode setup (rulebook: Solo mode setup; Player setup changes)."""

from __future__ import annotations

from pathlib import Path

from volstead.engine.errors import VolsteadError
from volstead.engine.rng import seed_state
from volstead.engine.step import Step

from ..content.loader import default_content
from ..options import Options
from ..rules.setup import StartingDistrict, StartingGoods
from ..rules.turn import StartTurn
from ..state import BASIC_BUSINESSES, Deal, Hood, Player
from . import enforcer as E
from .content import solo_content
from .enforcer import ENFORCER, HUMAN
from .state import SoloState


def new_solo_game(seed: int, seats: int, options: Options) -> SoloState:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise VolsteadError(f"seed must be an integer, got {seed!r}")
    if seats != 1 or isinstance(seats, bool):
        raise VolsteadError(f"the solo game has 1 seat (you against the Enforcer), got seats={seats!r}")
    c = default_content(options.variant, options.cards)
    gang_ids = [g.id for g in c.gangs]
    if len(options.gangs) > 2:
        raise VolsteadError("options.gangs names at most 2 gangs in solo mode: yours and the Enforcer's")
    for g in options.gangs:
        if g not in gang_ids:
            raise VolsteadError(f"unknown gang {g!r}; gangs: {', '.join(gang_ids)}")
    if len(set(options.gangs)) != len(options.gangs):
        raise VolsteadError("you and the Enforcer need different gangs")
    cards_dir = options.cards if options.cards and (Path(options.cards) / "enforcer.toml").exists() else ""

    s = object.__new__(SoloState)
    s.content = c
    s.solo = solo_content(cards_dir)
    s.seed = seed
    s.seats = 2  # two gangs on the board; the engine-facing seat count (records) is 1
    s.enforcer = ENFORCER
    s.options = options
    s.rng = seed_state(seed)
    s.stack = []
    s.active = 0
    s.turn_number = 0
    s.turn_muscle = s.turn_influence = s.turn_seize_discount = s.turn_upgrade_discount = 0
    s.order_done = False
    s.used_skills = frozenset()
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
    s.draft = ()

    # 0. Multiplayer-only Jobs, Raids and News go back to the box.
    low = s.shuffle(c.associates_low)
    high = s.shuffle(c.associates_high)
    s.market_low, s.deck_low = low[:3], low[3:]
    s.market_high, s.deck_high = high[:1], high[1:]
    s.job_deck = s.shuffle(j for j in c.job_deck if not c.jobs[j].multiplayer_only)
    # 5. One Gun Runner and one Distillery Owner are set aside for the Enforcer.
    dealers = list(c.dealer_deck)
    runner, owner = c.dealer_index["gun_runner"], c.dealer_index["distillery_owner"]
    dealers.remove(runner)
    dealers.remove(owner)
    s.dealer_deck = s.shuffle(dealers)
    s.raid_deck = s.shuffle(r for r in c.raid_deck if not c.raids[r].multiplayer_only)
    s.raid_discard = ()
    middle = s.shuffle(n for n in c.news_middle if not c.news[n].multiplayer_only)
    s.set_news(c.news_first)
    s.news_deck = middle[:2] + (c.news_last,)

    # 1. District tokens at random; the map as for 2 players.
    s.district_no = s.shuffle(range(1, 8))
    tiles = list(s.shuffle(range(len(c.tiles))))
    tokens = list(s.shuffle([k for k in BASIC_BUSINESSES for _ in range(c.board.business_supply[k])]))
    hoods = []
    for d, district in enumerate(c.board.districts):
        for _ in range(district.tiles["2"]):
            kind = tokens.pop()
            hoods.append(Hood(tiles.pop(), d, **{kind: 1}))
    s.hoods = tuple(hoods)
    s.police = tuple(c.police_start)

    # Gangs: yours, then the Enforcer's (his Boss skills, gang cards and Right-hands stay out).
    if options.gangs:
        chosen = [gang_ids.index(g) for g in options.gangs]
        rest = [g for g in s.shuffle(range(len(c.gangs))) if g not in chosen]
        gangs = (chosen + rest)[:2]
    else:
        gangs = list(s.shuffle(range(len(c.gangs))))[:2]
    you = Player(HUMAN, gangs[0], c.board.starting_money)
    you.deck = s.shuffle(c.start_cards[you.gang])
    you.right_hands = c.right_hands[you.gang]
    him = Player(ENFORCER, gangs[1], c.board.starting_money)
    s.players = (you, him)
    s.draw_cards(HUMAN, 3)

    # The Enforcer's cards: deck A is his play-deck; B and C wait beside his board.
    sc = s.solo
    s.enf_deck = s.shuffle(sc.deck_a)
    s.enf_deck_b = s.shuffle(sc.deck_b)
    s.enf_deck_c = s.shuffle(sc.deck_c)
    s.enf_plan = ()
    s.enf_discard = ()
    s.enf_cubes = ()
    s.enf_jobs = ()
    s.enf_associates = ()

    # 14. His token, a vehicle and a control marker in a random district with no police.
    free = [d for d in range(7) if d not in s.police and any(h.district == d and h.owner < 0 for h in s.hoods)]
    d = free[s.randbelow(len(free))]
    s.enf_district = d
    him.cars = him.cars[:d] + (1,) + him.cars[d + 1:]
    spots = [i for i, h in enumerate(s.hoods) if h.district == d and h.owner < 0]
    hood = spots[s.randbelow(len(spots))]
    s.set_hood(hood, owner=ENFORCER)
    # 3. His Deals: the Gun Runner and the Distillery Owner.
    him.deals = (Deal((runner,)), Deal((owner,)))
    # 15. Starting goods by what his Neighborhood wants (stored by his storage rules).
    a, g = E.wants(s, hood)
    start = (1, 1) if a and g else ((2, 0) if a else (0, 2))
    E.store(s, *start)

    # Your setup: starting district and goods, then the Job draft; the Enforcer starts.
    s.stack.append(StartTurn(ENFORCER))
    s.draft = tuple(s.draw_jobs(2) for _ in range(3))
    for rnd in reversed(range(3)):
        s.stack.append(SoloJobDraft(rnd))
    s.stack.append(StartingGoods(HUMAN))
    s.stack.append(StartingDistrict(HUMAN))
    s._start()
    return s


class SoloJobDraft(Step):
    """Player setup 12: of 2 Jobs drawn, keep 1; the other goes to the Enforcer (three times)."""

    __slots__ = ("round_",)
    kind = "draft_job"

    def __init__(self, rnd):
        self.round_ = rnd

    def seat(self, s):
        return HUMAN

    def prompt(self, s):
        return f"Job draft {self.round_ + 1}/3: keep one Job, the other goes to the Enforcer"

    def options(self, s):
        return tuple(dict.fromkeys(s.draft[self.round_]))

    def choose(self, s, code):
        pair = list(s.draft[self.round_])
        pair.remove(code)
        p = s.players[HUMAN]
        p.jobs = tuple(sorted(p.jobs + (code,)))
        s.enf_jobs = s.enf_jobs + tuple(pair)
        draft = list(s.draft)
        draft[self.round_] = ()
        s.draft = tuple(draft)

    def option_id(self, s, code):
        return "draft:" + s.content.jobs[code].id

    def option_label(self, s, code):
        j = s.content.jobs[code]
        return f"Keep {j.name} ({j.requires_text})"
