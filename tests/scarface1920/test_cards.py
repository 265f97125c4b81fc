"""Every Scarface 1920 card in play: skills, matching skills, Job requirements, modifiers, Raids, News.

- Each Associate's and gang member's skill and matching skill is used through the
  real ActionMenu in a rich position: the matching skill is offered exactly when
  another Plan card has one of its crime types, and using either changes the game.
- Every Job alternative is fulfillable exactly when met (one unit short: not).
- Every modifier key changes its rule by exactly its value; every permanent Job
  and every News card changes the rules it names while it is in force.
- Every Raid card resolves for 4 players, one in each Crime Rate band.
"""

from __future__ import annotations

import pytest
from scarface_helpers import (  # noqa: I001  (a sibling module, not a package)
    CENTRAL,
    FAR_NORTH,
    FAR_SOUTH,
    NORTH,
    SOUTH,
    WEST,
    Halt,
    bare_game,
)

from volstead.games.scarface1920.content.loader import default_content
from volstead.games.scarface1920.content.models import CRIME_TYPES
from volstead.games.scarface1920.effects import EFFECTS
from volstead.games.scarface1920.rules import jobs as job_rules
from volstead.games.scarface1920.rules.modifiers import MODIFIERS, modifier_row
from volstead.games.scarface1920.rules.orders import (
    SellToAuthorities,
    gain_card,
    start_order,
    supply_from_deal,
    upgrade_cost,
)
from volstead.games.scarface1920.rules.raid import GLOBAL_RAID_EFFECTS, RaidEffect, ResolveRaid, crime_band
from volstead.games.scarface1920.rules.reorganize import ReorganizeIncome, ReorganizeRecruit
from volstead.games.scarface1920.rules.turn import ActionMenu, finish_plan
from volstead.games.scarface1920.state import STATS, Deal, Hood

C = default_content("published")
STOP_IDS = ("stop", "pass", "to:discard")


def new(seats: int = 2, variant: str = "published", seed: int = 7):
    """A bare board (scarface_helpers.bare_game) with this file's default seed."""
    return bare_game(seats, seed, variant)


def run(s, *steps) -> None:
    s.stack = [Halt(), *steps]
    s._decision = None
    s._advance()


def drive(s, until: str = "halt", limit: int = 60) -> list[str]:
    """Take the first option that does something until a decision of kind `until` comes up."""
    taken = []
    for _ in range(limit):
        d = s.decision()
        if d.kind == until:
            return taken
        choice = next((i for i in d.option_ids if i not in STOP_IDS), d.option_ids[0])
        taken.append(choice)
        s.apply(choice)
    raise AssertionError(f"still deciding after {limit} decisions: {taken[-5:]}")


def cid(card_id: str) -> int:
    return C.card_index[card_id]


# ------------------------------------------------------------------ skills through the ActionMenu
SKILL_CARDS = [c.id for c in C.cards if c.skill is not None or c.matching is not None]
MATCHING_CARDS = [c.id for c in C.cards if c.matching is not None]


def rich_skills(plan: tuple[str, ...]):
    """Three players; seat 0 has goods, Neighborhoods, thugs next to rivals, money, Prison thugs..."""
    s = new(3)
    s.hoods = (
        Hood(0, CENTRAL, owner=0, night=True, speakeasy=1, casino=1, nightclub=1, alcohol=5, guns=2),  # The Levee
        Hood(4, SOUTH, owner=0, brothel=1, guns=3),  # Back of the Yards: 2 guns
        Hood(2, WEST, owner=1, casino=1),
        Hood(3, NORTH, owner=2, brothel=1),
        Hood(5, FAR_SOUTH),
    )
    s.police = (FAR_NORTH, CENTRAL, WEST)
    me = s.players[0]
    me.thugs = (0, 0, 1, 2, 0, 1, 0)
    me.recruits, me.safehouses, me.hq, me.prison, me.authorities, me.underworld = 1, 1, 2, 1, 1, 1
    me.deals = (Deal((C.basic_alcohol,), alcohol=1, thugs=1), Deal((C.basic_guns,), guns=0))
    me.cars, me.trucks = (0, 0, 0, 1, 0, 0, 0), (0, 0, 0, 0, 0, 1, 0)
    me.money, me.crime = 30, 5
    me.stats = (1, 1, 1, 1, 1, 1)
    for r in s.players[1:]:
        r.thugs = (0, 1, 2, 1, 0, 0, 0)
        r.recruits = 12 - r.thug_total() + r.recruits
        r.money = 20
    assert all(p.thug_total() == 12 for p in s.players)
    s.ness = 1
    s.family_ring = 1
    me.plan = tuple(cid(x) for x in plan)
    me.hand = tuple(x for x in me.hand if x not in me.plan)
    s.active = 0
    s.turn_muscle = s.turn_influence = s.turn_seize_discount = s.turn_upgrade_discount = 0
    s.used_skills = 0
    s.order_done = False
    s.boss_uses = 0
    run(s, ActionMenu(0))
    return s


def fingerprint(s):
    players = tuple(tuple(sorted(p.fields().items())) for p in s.players)
    return (
        players,
        s.hoods,
        s.police,
        s.ness,
        s.family_ring,
        s.job_deck,
        s.turn_muscle,
        s.turn_influence,
        s.turn_seize_discount,
        s.turn_upgrade_discount,
    )


def partner(card_id: str, crimes, exclude=()) -> str:
    """Another card whose crime type is (`crimes`) — or is not, with `exclude`."""
    for c in C.cards:
        if c.id == card_id or c.crime is None:
            continue
        if (crimes and c.crime in crimes) or (exclude and c.crime not in exclude):
            return c.id
    raise AssertionError("no partner card")


@pytest.mark.parametrize("card_id", SKILL_CARDS)
def test_skill_runs_and_changes_the_game(card_id):
    info = C.cards[cid(card_id)]
    if info.skill is None:
        pytest.skip("no standard skill")
    s = rich_skills((card_id,))
    option = f"skill:0:{card_id}"
    assert option in s.decision().option_ids
    before = fingerprint(s)
    s.apply(option)
    drive(s, until="action")
    assert fingerprint(s) != before, f"{card_id}: {info.skill.text!r} changed nothing"
    assert option not in s.decision().option_ids  # once per turn
    assert all(p.thug_total() == 12 for p in s.players)


@pytest.mark.parametrize("card_id", MATCHING_CARDS)
def test_matching_skill_offered_exactly_with_a_matching_card(card_id):
    info = C.cards[cid(card_id)]
    needs = info.matching.requires
    option = f"match:0:{card_id}"
    alone = rich_skills((card_id,))
    assert option not in alone.decision().option_ids  # its own crime type does not count
    other = partner(card_id, (), exclude=needs)
    without = rich_skills((card_id, other))
    assert option not in without.decision().option_ids
    for crime in needs:
        with_ = rich_skills((card_id, partner(card_id, (crime,))))
        assert option in with_.decision().option_ids, crime
    s = rich_skills((card_id, partner(card_id, (needs[0],))))
    before = fingerprint(s)
    s.apply(option)
    drive(s, until="action")
    assert fingerprint(s) != before, f"{card_id}: {info.matching.text!r} changed nothing"
    assert option not in s.decision().option_ids
    assert all(p.thug_total() == 12 for p in s.players)


@pytest.mark.parametrize("gang", range(4))
@pytest.mark.parametrize("k", range(4))
def test_boss_skills_run_and_change_the_game(gang, k):
    boss = C.cards[C.boss_card[gang]].id
    s = rich_skills((boss,))
    s.players[0].gang = gang
    s._decision = None
    option = f"boss:{k + 1}"
    assert option in s.decision().option_ids
    before = fingerprint(s)
    s.apply(option)
    drive(s, until="action")
    assert fingerprint(s) != before, C.gangs[gang].boss_skills[k].text


# ------------------------------------------------------------------ Jobs: requirements
def _filler(avoid: set[str]) -> int:
    """A gang member (no stars) whose crime type is none of `avoid`."""
    return next(i for i, c in enumerate(C.cards) if C.card_gang[i] >= 0 and c.crime and c.crime not in avoid)


def meet(alt, short: int = -1):
    """A bare seat 0 meeting `alt` exactly; requirement number `short` one unit short."""
    s = new()
    p = s.players[0]
    p.money, p.hq, p.recruits, p.safehouses, p.prison, p.authorities, p.underworld = 0, 0, 12, 0, 0, 0, 0
    p.plan = ()
    p.hand = p.deck = p.discard = ()
    p.crime = 1
    s.active = 0
    s.turn_muscle = s.turn_influence = 0
    hoods: list[Hood] = []
    plan: list[int] = []
    crimes = {r.what for r in alt if r.kind == "plan" and r.what in CRIME_TYPES}
    muscle = influence = None
    for i, r in enumerate(alt):
        n = r.n - 1 if i == short else r.n
        w = r.what
        if r.kind == "spend":
            if w == "money":
                p.money += n
            elif w == "thug":
                p.hq += n
            else:
                p.deals = p.deals + (Deal((C.basic_alcohol,), alcohol=n if w != "guns" else 0, guns=n if w == "guns" else 0),)
        elif r.kind == "have":
            if w.startswith("thugs_"):
                area = w[len("thugs_") :]
                if area == "districts":
                    p.thugs = (0, 0, 0, n, 0, 0, 0)
                else:
                    setattr(p, area, getattr(p, area) + n)
            elif w == "control":
                hoods.extend(Hood(t, CENTRAL, owner=0) for t in range(n))
            elif w in ("speakeasy", "casino", "brothel"):
                hoods.append(Hood(10, SOUTH, owner=0, **{w: n}))
            elif w == "businesses":
                hoods.append(Hood(10, SOUTH, owner=0, speakeasy=n))
            elif w == "nightclub":
                hoods.append(Hood(10, SOUTH, owner=0, night=bool(n), nightclub=n))
            elif w in ("trucks_on_board",):
                p.trucks = (0, 0, 0, 0, 0, n, 0)
            elif w in ("vehicles_on_board", "cars_on_board"):
                p.cars = (0, 0, 0, 0, 0, n, 0)
            elif w == "deals":
                p.deals = p.deals + tuple(Deal((C.basic_guns,)) for _ in range(n))
            elif w == "associates":
                p.discard = p.discard + C.associates_low[:n]
            elif w == "districts_present":
                p.thugs = tuple(1 if d < n else 0 for d in range(7))
            elif w == "money":
                p.money = max(p.money, n)
            elif w == "crime_rate":
                p.crime = n
            else:
                raise AssertionError(f"meet() does not know have {w!r}")
        else:
            if w == "muscle":
                muscle = n
            elif w == "influence":
                influence = n
            elif w == "cards":
                plan.extend(_filler(crimes) for _ in range(n))
            elif w == "associate":
                pool = [x for x in C.associates_low + C.associates_high if r.min_stars <= C.card_stars[x] <= r.max_stars]
                plan.extend(pool[:n])
            else:
                pool = [i for i, c in enumerate(C.cards) if c.crime == w and C.card_gang[i] >= 0]
                plan.extend(pool[:n])
    if any(r.kind == "plan" for r in alt) and not plan:
        plan.append(_filler(crimes))
    p.plan = tuple(plan)
    s.hoods = tuple(hoods)
    if muscle is not None:
        s.turn_muscle = muscle - s.muscle(0)
    if influence is not None:
        s.turn_influence = influence - s.influence(0)
    p.jobs = ()
    return s


JOB_ALTS = [(j.id, k) for j in C.jobs for k in range(len(j.requires))]


@pytest.mark.parametrize("job_id, k", JOB_ALTS)
def test_job_alternative_fulfillable_exactly_when_met(job_id, k):
    j = C.job_index[job_id]
    job = C.jobs[j]
    alt = job.requires[k]
    s = meet(alt)
    s.players[0].jobs = (j,)
    assert (j, k) in job_rules.fulfillable(s, 0)
    run(s, ActionMenu(0))
    option = job_rules.job_option_id(s, (j, k))
    assert option in s.decision().option_ids
    s.apply(option)  # fulfil it: pay, resolve the effect, drive its decisions
    drive(s, until="action")
    assert j not in s.players[0].jobs
    if job.type == "permanent":
        assert j in s.players[0].done_jobs
        for key, v in job.modifiers.items():
            assert s.players[0].job_mods[code(key)] == v
    for short in range(len(alt)):
        s = meet(alt, short)
        s.players[0].jobs = (j,)
        assert (j, k) not in job_rules.fulfillable(s, 0), f"{alt[short].kind} {alt[short].what} one short"


def test_every_job_is_parametrized():
    assert {x for x, _ in JOB_ALTS} == set(C.job_index)
    assert sum(j.count for j in C.jobs) == 39


# ------------------------------------------------------------------ modifiers
def _observe(s, key: str) -> int:
    """A number the rule `key` decides for seat 0; a modifier of v moves it by exactly v."""
    p = s.players[0]
    s.active = 0
    if key in ("sale_bonus", "graft"):
        s.hoods = (Hood(0, CENTRAL, owner=0, alcohol=3),)  # The Levee: 3 alcohol → $14
        s.police = (CENTRAL,)
        p.money = 10
        s.stack = [Halt()]
        EFFECTS["make_sales"](s, 0, n=1)
        s._advance()
        drive(s)
        gained = p.money - 10
        return gained - 14 + 2 if key == "sale_bonus" else 14 - gained - 2 + 2
    if key == "authorities_price":
        p.deals = (Deal((C.basic_guns,), guns=1),)
        p.money = 0
        run(s, SellToAuthorities(0, 1))
        drive(s)
        return p.money
    if key == "bribe":
        s.police = (CENTRAL,)
        return s.bribe(0, CENTRAL)
    if key == "business_income":
        s.hoods = (Hood(0, CENTRAL, owner=0, speakeasy=1),)
        p.money = 10
        run(s, ReorganizeIncome(0))
        return p.money - 10
    if key == "free_plan_cards":
        p.plan = tuple(C.start_cards[p.gang][1:5])
        p.crime = 5
        s.stack = [Halt()]
        finish_plan(s, 0)
        return 4 - (p.crime - 5)
    if key == "underworld_crime":
        p.underworld, p.hq, p.crime = 0, 1, 3
        p.plan = (C.start_cards[p.gang][1],)
        s.stack = [Halt()]
        start_order(s, 0, "job")
        return p.crime - 3
    if key == "defense":
        s.hoods = (Hood(0, CENTRAL),)
        return s.defense(0, 0)
    if key in ("plan_muscle", "plan_influence"):
        p.plan = (cid("outfit_underboss"),)  # 2 / 2
        s.turn_muscle = s.turn_influence = 0
        return s.muscle(0) if key == "plan_muscle" else s.influence(0)
    if key == "deal_bonus":
        p.deals = (Deal((C.basic_guns,)),)
        p.hq = 1
        s.hoods = (Hood(0, CENTRAL, owner=0),)
        s.stack = [Halt()]
        supply_from_deal(s, 0, 0)
        s._advance()
        drive(s)
        return sum(s.goods_of(0))
    if key == "upgrade_cost":
        return upgrade_cost(s, 0, C.upgrade_table[p.gang][STATS.index("lawyers")][1])  # level 2 → 3
    if key == "recruitment":
        p.recruits = 6
        run(s, ReorganizeRecruit(0))
        return getattr(s.stack[-1], "left", 0)  # no recruitment step at all: 0
    if key == "lawyers":
        p.prison, p.hq = 5, 0
        p.authorities = 0
        p.deals = ()
        run(s, ReorganizeIncome(0))
        return p.hq
    if key == "raid_reduction":
        raid = next(i for i, r in enumerate(C.raids) if isinstance(r.reduction, int) and r.reduction >= 2)
        p.crime = 8
        run(s, RaidEffect(raid, 2, 0))
        return 8 - p.crime
    if key == "hand_size":
        return s.hand_size(0)
    if key == "hire_alcohol":
        p.deals = (Deal((C.basic_alcohol,), alcohol=5),)
        s.stack = [Halt()]
        gain_card(s, 0, cid("moonshiner"), 1)
        return s.stack[-1].cost
    raise AssertionError(f"no observer for modifier {key!r}")


def code(key: str) -> int:
    """A modifier's code (`state.mod` reads by code; the card set names them)."""
    return MODIFIERS.index(key)


def _delta(key: str, mods: dict, via: str = "job") -> int:
    base = new()
    base_value = _observe(base, key)
    s = new()
    if via == "job":
        s.players[0].job_mods = modifier_row(mods)
    else:
        s.news_mods = modifier_row(mods)
    return _observe(s, key) - base_value


@pytest.mark.parametrize("key, value", [(k, v) for k in MODIFIERS for v in (1, -1)])
def test_modifier_changes_its_rule_by_exactly_its_value(key, value):
    assert _delta(key, {key: value}) == value


@pytest.mark.parametrize("job_id", [j.id for j in C.jobs if j.modifiers])
def test_permanent_job_modifiers(job_id):
    j = C.job_index[job_id]
    job = C.jobs[j]
    s = new()
    run(s, job_rules.ResolveJob(0, j))
    drive(s)
    assert s.players[0].job_mods == modifier_row(job.modifiers)
    for key, value in job.modifiers.items():
        assert _delta(key, job.modifiers) == value
        assert s.mod(1, code(key)) == 0  # only their owner


NEWS_WITH_MODS = [n.id for n in C.news if n.modifiers]


@pytest.mark.parametrize("news_id", [n for n in NEWS_WITH_MODS])
def test_news_modifiers_apply_while_active(news_id):
    n = C.news_index[news_id]
    s = new(3)
    s.set_news(n)
    for key, value in C.news[n].modifiers.items():
        assert all(s.mod(seat, code(key)) == value for seat in range(3))
        assert _delta(key, C.news[n].modifiers, via="news") == value
    s.set_news(C.news_first)  # replaced: no longer in force
    assert all(s.mod(0, code(key)) == 0 for key in C.news[n].modifiers)


def test_news_cards_with_modifiers_exist():
    assert len(NEWS_WITH_MODS) >= 10


# ------------------------------------------------------------------ Raids
def raid_table(s):
    """Four players in the four Crime Rate bands, each with something to lose everywhere."""
    s.hoods = tuple(
        Hood(t, d, owner=seat, speakeasy=1, casino=1, alcohol=1)
        for seat, (t, d) in enumerate([(0, CENTRAL), (1, WEST), (2, SOUTH), (3, NORTH)])
    )
    s.police = (FAR_NORTH, CENTRAL, FAR_SOUTH)
    s.ness = 1
    for seat, p in enumerate(s.players):
        p.crime = (2, 5, 7, 10)[seat]
        p.thugs = tuple(1 if d in (CENTRAL, WEST, seat + 2) else 0 for d in range(7))
        p.recruits, p.safehouses, p.hq, p.prison, p.authorities, p.underworld = 0, 0, 3, 2, 2, 1
        p.recruits = 12 - p.thug_total() + p.recruits
        p.deals = (Deal((C.basic_guns,), guns=1),)
        p.stats = (2, 2, 1, 1, 1, 1)
        p.upgrades_made = 2
        p.money = 12 - seat * 4  # the last seat has $0: do as much as possible


@pytest.mark.parametrize("raid_id", [r.id for r in C.raids])
def test_raid_resolves_for_four_players_in_every_band(raid_id):
    card = C.raid_index[raid_id]
    s = new(4)
    raid_table(s)
    assert [crime_band(p.crime) for p in s.players] == [0, 1, 2, 3]
    s.raid_deck = (card,) + s.raid_deck
    prison_before = [p.prison + p.underworld for p in s.players]
    run(s, ResolveRaid())
    drive(s)
    assert s.raid_card == card and s.raid_discard[-1] == card and not s.in_raid
    for seat, p in enumerate(s.players):
        assert p.underworld == 0 and p.prison >= prison_before[seat]
        assert p.thug_total() == 12 and p.money >= 0 and s.ness + 1 <= p.crime <= 11
        assert 0 <= p.stats[0] - 1 <= 2
    assert 1 <= s.ness <= 6 and len(s.police) == 3


@pytest.mark.parametrize("raid_id", [r.id for r in C.raids])
def test_raid_band_effect_is_the_players_band(raid_id):
    """Each player suffers exactly their band's effect: the same as running that band alone."""
    card = C.raid_index[raid_id]
    raid = C.raids[card]
    s = new(4)
    raid_table(s)
    s.raid_deck = (card,) + s.raid_deck
    run(s, ResolveRaid())
    drive(s)
    for seat in range(4):
        t = new(4)
        raid_table(t)
        for p in t.players:
            p.prison += p.underworld
            p.underworld = 0
        t.in_raid = True
        if raid.overall.effect in GLOBAL_RAID_EFFECTS:
            run(t, RaidEffect(card, 0, t.active))
        else:
            run(t, *(RaidEffect(card, 0, k) for k in reversed(range(4))))
        drive(t)
        run(t, RaidEffect(card, 1, seat))
        drive(t)
        run(t, RaidEffect(card, 2, seat))
        drive(t)
        assert t.players[seat].money == s.players[seat].money
        assert t.players[seat].crime == s.players[seat].crime
        assert t.players[seat].prison == s.players[seat].prison
        assert t.players[seat].stats == s.players[seat].stats
        assert t.goods_of(seat) == s.goods_of(seat)


def test_every_modifier_key_has_an_observer():
    for key in MODIFIERS:
        assert isinstance(_observe(new(), key), int)
