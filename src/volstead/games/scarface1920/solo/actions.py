"""The Enforcer's actions (rulebook: Solo mode — Changes in the main actions 1–13, Keywords).

Each action is a pair of functions registered by name: `doable(s, power, **args)` says
whether carrying it out would change anything (a void action takes no cube), and
`run(s, power, **args)` carries it out. `power` is the total Power for a Power action
("P", "P+n", "P-n") and 0 for a free action ("X")."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from volstead.engine.step import Step

from ..rules import market
from ..rules.goods import ALCOHOL, GUNS
from ..rules.modifiers import MOD_AUTHORITIES_PRICE, MOD_DEAL_BONUS, MOD_UNDERWORLD_CRIME
from ..rules.thugs import add_at, hit_or_kill
from ..state import CARS, DEALERS_SUPPLY, NIGHTCLUBS, RECRUITMENT, TRUCKS, VEHICLES, Deal
from . import enforcer as E
from .enforcer import ENFORCER, HUMAN
from .state import SoloState
from .ties import ChooseForEnforcer, best_group, pick_or_ask, tie_action


class ActionSpec(NamedTuple):
    doable: Callable
    run: Callable
    args: tuple[str, ...]
    free_only: bool


ACTIONS: dict[str, ActionSpec] = {}


def action(name: str, args: tuple[str, ...] = (), free_only: bool = False):
    def register(doable):
        def with_run(run):
            ACTIONS[name] = ActionSpec(doable, run, args, free_only)
            return run

        return with_run

    return register


def _me(s):
    return s.players[ENFORCER]


def _to_area(s: SoloState, area: str) -> None:
    """Underworld / Authorities actions: a thug from Headquarters to that area."""
    p = _me(s)
    p.hq -= 1
    setattr(p, area, getattr(p, area) + 1)
    if area == "underworld":
        s.change_crime(ENFORCER, max(0, p.underworld + s.mod(ENFORCER, MOD_UNDERWORLD_CRIME)))


# ------------------------------------------------------------------ goods ties (Goods management)
@tie_action("store", "you choose which of his Neighborhoods gets his goods first")
def _store_chosen(s, i, alcohol, guns):
    E.store(s, alcohol, guns, prefer=(i,))


@tie_action("spend", "you choose which of his Neighborhoods he spends from first")
def _spend_chosen(s, i, n):
    E.spend_goods(s, n, prefer=(i,))


# ------------------------------------------------------------------ 1. Send 1 thug to a Deal
def _free_deal(s):
    return next((k for k, d in enumerate(_me(s).deals) if not d.thugs), None)


@action("deal")
def _deal_ok(s, power):
    return _me(s).hq > 0 and _free_deal(s) is not None


@_deal_ok
def _deal(s, power):
    p = _me(s)
    k = _free_deal(s)
    p.hq -= 1
    d = p.deals[k]
    p.deals = p.deals[:k] + (Deal(d.dealers, d.alcohol, d.guns, thugs=1),) + p.deals[k + 1 :]
    dealers = s.content.dealers
    alcohol = sum(dealers[x].alcohol for d in p.deals for x in d.dealers)
    guns = sum(dealers[x].guns for d in p.deals for x in d.dealers)
    extra = E.solo_stat(s, DEALERS_SUPPLY) * len(p.deals) + s.mod(ENFORCER, MOD_DEAL_BONUS)
    a, g = E.collect_order(alcohol, guns, max(0, extra))
    E.store(s, a, g)


# ------------------------------------------------------------------ 2. Recruit
def recruit_steps(s, n: int) -> None:
    """His recruitment steps move Safehouse thugs to Headquarters before touching the Recruits."""
    p = _me(s)
    for _ in range(n):
        if p.safehouses:
            p.safehouses -= 1
            p.hq += 1
        elif p.recruits:
            p.recruits -= 1
            p.safehouses += 1
        else:
            return


@action("recruit")
def _recruit_ok(s, power):
    p = _me(s)
    return power > 0 and p.hq > 0 and (p.recruits or p.safehouses)


@_recruit_ok
def _recruit(s, power):
    _to_area(s, "underworld")
    recruit_steps(s, power)


# ------------------------------------------------------------------ 3. Choose 1 Job
@action("job")
def _job_ok(s, power):
    return power > 0 and _me(s).hq > 0 and bool(s.job_deck)


@_job_ok
def _job(s, power):
    _to_area(s, "underworld")
    s.enf_jobs = s.enf_jobs + s.draw_jobs(1)


# ------------------------------------------------------------------ 4. Choose 1 Dealer
@action("dealer")
def _dealer_ok(s, power):
    return power > 0 and _me(s).hq > 0 and bool(s.dealer_deck)


@_dealer_ok
def _dealer(s, power):
    from ..state import Deal

    _to_area(s, "underworld")
    card = s.dealer_deck[0]
    s.dealer_deck = s.dealer_deck[1:]
    p = _me(s)
    p.deals = p.deals + (Deal((card,)),)  # never tucked: each of his Deals is 1 Dealer


# ------------------------------------------------------------------ 5. Hire 1 Associate
def hire_target(s, power):
    """The highest-level Associate he can hire; leftmost on a tie (revealed deck top, then spaces)."""
    stars = s.content.card_stars
    best = None
    for which in (market.LOW, market.HIGH):
        for row, pos, card in market.hireable(s):
            if row != which or stars[card] > power:
                continue
            if best is None or stars[card] > stars[best[2]]:
                best = (row, pos, card)
    return best


@action("hire")
def _hire_ok(s, power):
    return power > 0 and _me(s).hq > 0 and hire_target(s, power) is not None


@_hire_ok
def _hire(s, power):
    _to_area(s, "underworld")
    row, pos, card = hire_target(s, power)
    market.take(s, row, pos)
    s.enf_associates = s.enf_associates + (card,)
    s.take_family_ring(ENFORCER)
    gain_enforcer_card(s, "B" if s.content.card_stars[card] <= 3 else "C", 1 if s.content.card_stars[card] <= 3 else 2)


def gain_enforcer_card(s, deck: str, cost: int) -> None:
    """A new card from deck B or C: on top of his play-deck if he spends `cost` goods,
    else face up on his discard pile."""
    attr = "enf_deck_b" if deck == "B" else "enf_deck_c"
    pile = getattr(s, attr)
    if not pile:
        return
    card, rest = pile[0], pile[1:]
    setattr(s, attr, rest)
    if sum(s.goods_of(ENFORCER)) >= cost:
        E.spend_goods(s, cost)
        s.enf_deck = (card,) + s.enf_deck
    else:
        s.enf_discard = s.enf_discard + (card,)


# ------------------------------------------------------------------ 6. Make sales
@action("sell")
def _sell_ok(s, power):
    return power > 0 and _me(s).hq > 0 and any(E.can_sell(s, i) for i in s.owned_hoods(ENFORCER))


@_sell_ok
def _sell(s, power):
    from .turn import EnforcerSales

    _to_area(s, "underworld")
    s.stack.append(EnforcerSales(power, frozenset()))


# ------------------------------------------------------------------ 7. Remove control
def _player_hoods(s):
    return [i for i, h in enumerate(s.hoods) if h.owner == HUMAN]


@action("remove_control")
def _remove_ok(s, power):
    return power >= 5 and _me(s).hq > 0 and bool(_player_hoods(s))


@_remove_ok
def _remove(s, power):
    _to_area(s, "authorities")
    s.stack.append(EnforcerRemoveControl(power // 5))


class EnforcerRemoveControl(Step[SoloState]):
    """Rule 7: your Neighborhood with the bigger profits loses its control marker first (lower
    district number on equal profits); two of one district with equal profits: you choose —
    unless he removes all of them anyway."""

    __slots__ = ("left",)
    auto = True
    kind = "enforcer_remove_control"

    def __init__(self, left):
        self.left = left

    def run(self, s: SoloState) -> None:
        if self.left <= 0:
            return
        group = best_group(_player_hoods(s), lambda i: E.profit_key(s, i))
        if not group:
            return
        if len(group) <= self.left:
            for i in group:
                s.set_hood(i, owner=-1)
            s.stack.append(EnforcerRemoveControl(self.left - len(group)))
        else:
            s.stack.append(ChooseForEnforcer("remove", group, (self.left,)))


@tie_action("remove", "you choose which of your control markers he removes")
def _remove_chosen(s, i, left):
    s.set_hood(i, owner=-1)
    s.stack.append(EnforcerRemoveControl(left - 1))


# ------------------------------------------------------------------ 8. Add business markers
def _business_kinds(s):
    return [k for k in ("speakeasy", "casino", "brothel") if s.businesses_left(k)]


@action("business")
def _business_ok(s, power):
    return (
        power > 0
        and _me(s).hq > 0
        and bool(_business_kinds(s))
        and any(s.hoods[i].basic_businesses < 3 for i in s.owned_hoods(ENFORCER))
    )


@_business_ok
def _business(s, power):
    _to_area(s, "authorities")
    s.stack.append(EnforcerBusiness(power))


class EnforcerBusiness(Step[SoloState]):
    """Rule 8: as many business markers as possible in his Neighborhood with the bigger profits,
    then the next (lower district number on equal profits; two of one district with equal
    profits and markers for only one of them: you choose); each marker's kind at random."""

    __slots__ = ("left",)
    auto = True
    kind = "enforcer_business"

    def __init__(self, left):
        self.left = left

    def run(self, s: SoloState) -> None:
        if self.left <= 0 or not _business_kinds(s):
            return
        cands = [i for i in s.owned_hoods(ENFORCER) if s.hoods[i].basic_businesses < 3]
        group = best_group(cands, lambda i: E.profit_key(s, i))
        if not group:
            return
        room = sum(3 - s.hoods[i].basic_businesses for i in group)
        if len(group) == 1 or room <= self.left:  # all of them fill up: the order changes nothing
            _fill_with_businesses(s, group[0], self.left)
        else:
            s.stack.append(ChooseForEnforcer("business", group, (self.left,)))


def _fill_with_businesses(s, i, left):
    while left and s.hoods[i].basic_businesses < 3:
        kinds = _business_kinds(s)
        if not kinds:
            return
        kind = kinds[s.randbelow(len(kinds))]  # picked at random
        s.set_hood(i, **{kind: getattr(s.hoods[i], kind) + 1})
        left -= 1
    s.stack.append(EnforcerBusiness(left))


@tie_action("business", "you choose where he adds business markers first")
def _business_chosen(s, i, left):
    _fill_with_businesses(s, i, left)


# ------------------------------------------------------------------ 9. Sell goods for $6 each
@action("sell_authorities")
def _auth_ok(s, power):
    return power > 0 and _me(s).hq > 0 and sum(s.goods_of(ENFORCER)) > 0


@_auth_ok
def _auth(s, power):
    _to_area(s, "authorities")
    sold = E.spend_goods(s, power)
    s.gain(ENFORCER, sold * max(0, 6 + s.mod(ENFORCER, MOD_AUTHORITIES_PRICE)))


# ------------------------------------------------------------------ reduce Crime Rate, Prison
@action("reduce_crime")
def _crime_ok(s, power):
    return power > 0 and _me(s).hq > 0 and _me(s).crime > s.ness + 1


@_crime_ok
def _crime(s, power):
    _to_area(s, "authorities")
    s.change_crime(ENFORCER, -power)


@action("prison")
def _prison_ok(s, power):
    return power >= 2 and _me(s).hq > 0 and _me(s).prison > 0


@_prison_ok
def _prison(s, power):
    _to_area(s, "authorities")
    p = _me(s)
    p.hq += p.prison
    p.prison = 0


# ------------------------------------------------------------------ send thugs
@action("send")
def _send_ok(s, power):
    p = _me(s)
    return power > 0 and p.hq > 0 and p.money >= s.bribe(ENFORCER, s.enf_district)


@_send_ok
def _send(s, power):
    p = _me(s)
    d = s.enf_district
    per = s.bribe(ENFORCER, d)
    k = min(power, p.hq)
    if per:
        k = min(k, p.money // per)
    p.hq -= k
    p.thugs = add_at(p.thugs, d, k)
    s.pay(ENFORCER, per * k)


# ------------------------------------------------------------------ 10. Move thugs and/or vehicles
def move_plan(s, power) -> list[tuple]:
    """Moves toward his district: thugs on foot (adjacent) first, then thugs riding a vehicle
    (the vehicle counts as a move too), then vehicles; lower district numbers first."""
    p = _me(s)
    dest = s.enf_district
    left = power
    money = p.money
    per = s.bribe(ENFORCER, dest)
    thugs = list(p.thugs)
    veh = [E.vehicles(p, d) for d in range(7)]
    out = []
    order = [d for d in E.by_number(s) if d != dest]
    for d in order:  # 1st: on foot
        if dest in s.content.adjacency[d]:
            while thugs[d] and left and money >= per:
                out.append(("thug", d, 0))
                thugs[d] -= 1
                left -= 1
                money -= per
    for d in order:  # 2nd: thugs with a vehicle
        while thugs[d] and veh[d] and left >= 2 and money >= 2 * per:
            riders = min(thugs[d], left - 1, (money // per - 1) if per else thugs[d])
            if riders <= 0:
                break
            out.append(("vehicle", d, riders))
            thugs[d] -= riders
            veh[d] -= 1
            left -= 1 + riders
            money -= per * (1 + riders)
    for d in order:  # 3rd: vehicles
        while veh[d] and left and money >= per:
            out.append(("vehicle", d, 0))
            veh[d] -= 1
            left -= 1
            money -= per
    return out


@action("move")
def _move_ok(s, power):
    return power > 0 and bool(move_plan(s, power))


@_move_ok
def _move(s, power):
    p = _me(s)
    dest = s.enf_district
    for kind, d, riders in move_plan(s, power):
        if kind == "thug":
            p.thugs = add_at(add_at(p.thugs, d, -1), dest, 1)
            s.pay(ENFORCER, s.bribe(ENFORCER, dest))
            continue
        if p.cars[d]:
            p.cars = add_at(add_at(p.cars, d, -1), dest, 1)
        else:
            p.trucks = add_at(add_at(p.trucks, d, -1), dest, 1)
        if riders:
            p.thugs = add_at(add_at(p.thugs, d, -riders), dest, riders)
        s.pay(ENFORCER, s.bribe(ENFORCER, dest, 1 + riders))


# ------------------------------------------------------------------ 11. Seize
def present(s, d: int) -> bool:
    p = _me(s)
    return d == s.enf_district or bool(p.thugs[d] or p.cars[d] or p.trucks[d]) or s.controls_in(ENFORCER, d)


def seize_candidates(s, power) -> list[int]:
    if s.control_markers_left(ENFORCER) <= 0:
        return []
    return [
        i for i, h in enumerate(s.hoods) if h.owner != ENFORCER and present(s, h.district) and s.defense(i, ENFORCER) <= power
    ]


def seize_key(s, i) -> tuple:
    """Rule 11: your Neighborhood first, then bigger profits, then higher defense; then the lower
    district number (Choosing a district). Equal keys: you choose."""
    return (s.hoods[i].owner != HUMAN, -E.profit(s, i), -s.defense(i, ENFORCER), E.number(s, s.hoods[i].district))


def seize_targets(s, power) -> tuple:
    """The Neighborhoods his priorities leave tied for the seizure (one unless you must choose)."""
    return best_group(seize_candidates(s, power), lambda i: seize_key(s, i))


@action("seize")
def _seize_ok(s, power):
    return bool(seize_candidates(s, power))


@_seize_ok
def _seize(s, power):
    pick_or_ask(s, seize_candidates(s, power), lambda i: seize_key(s, i), "seize")


@tie_action("seize", "you choose which Neighborhood he seizes")
def _seize_chosen(s, i):
    s.set_hood(i, owner=ENFORCER)


# ------------------------------------------------------------------ 12. Upgrade
def upgrade_target(s, power):
    p = _me(s)
    if p.boss_box >= 12:
        return None
    from .content import SOLO_STATS

    stats = s.solo.board.stats
    for k in E.stat_order(s):
        level = p.stats[k]
        if level >= 3:
            continue
        if power < (2 if level == 1 else 4):
            continue
        if p.money < stats[SOLO_STATS[k]].cost[level - 1]:
            continue
        return k
    return None


@action("upgrade")
def _upgrade_ok(s, power):
    return upgrade_target(s, power) is not None


@_upgrade_ok
def _upgrade(s, power):
    from .content import SOLO_STATS

    p = _me(s)
    k = upgrade_target(s, power)
    st = s.solo.board.stats[SOLO_STATS[k]]
    level = p.stats[k]
    s.pay(ENFORCER, st.cost[level - 1])
    box = s.solo.board.boss_track[p.boss_box]
    p.boss_box += 1
    p.stats = p.stats[:k] + (level + 1,) + p.stats[k + 1 :]
    p.upgrades_made += 1
    s.change_crime(ENFORCER, st.crime[level - 1])
    # Upgrade your gang, step 3 before step 4: the money of the box the cube leaves is his before
    # the stat's effect (a vehicle he places pays its bribe from it).
    s.gain(ENFORCER, box.money)
    if k == VEHICLES:
        place_vehicle(s)
    elif k == NIGHTCLUBS:
        open_nightclub(s)
    if box.letters:
        decks = box.letters.split("+")
        cards = []
        for deck in decks:
            attr = "enf_deck_b" if deck == "B" else "enf_deck_c"
            pile = getattr(s, attr)
            if pile:
                cards.append(pile[0])
                setattr(s, attr, pile[1:])
        if not cards:
            return
        if sum(s.goods_of(ENFORCER)) >= 2:  # 2 goods, even for B+C
            E.spend_goods(s, 2)
            s.enf_deck = tuple(cards) + s.enf_deck
        else:
            s.enf_discard = s.enf_discard + tuple(cards)


def place_vehicle(s) -> None:
    """A new vehicle goes to his district (a car while he has one, else a truck), and he bribes its
    police: "Whenever one of your thugs or vehicles is placed on a district for whichever reason, you
    must spend 2 for each police car on it" — and "if you want to place ... but don't have enough
    money to pay for the bribery, you cannot place them" (Cops: Bribery)."""
    p = _me(s)
    d = s.enf_district
    bribe = s.bribe(ENFORCER, d)
    if bribe > p.money:
        return
    if sum(p.cars) < CARS:
        p.cars = add_at(p.cars, d, 1)
    elif sum(p.trucks) < TRUCKS:
        p.trucks = add_at(p.trucks, d, 1)
    else:
        return
    s.pay(ENFORCER, bribe)


def open_nightclub(s) -> None:
    """A Nightclub upgrade flips his Neighborhood with the bigger profits (lower district number on
    equal profits; you choose between two of one district)."""
    if not s.businesses_left("nightclub"):
        return
    cands = [i for i in s.owned_hoods(ENFORCER) if not s.hoods[i].night]
    pick_or_ask(s, cands, lambda i: E.profit_key(s, i), "nightclub")


@tie_action("nightclub", "you choose where he opens his Nightclub")
def _nightclub_chosen(s, i):
    s.set_hood(i, night=True, nightclub=1)


# ------------------------------------------------------------------ free / keyword actions
@action("gain_money")
def _money_ok(s, power):
    return power > 0


@_money_ok
def _money(s, power):
    s.gain(ENFORCER, power)


@action("gain_goods", args=("n",), free_only=True)
def _goods_ok(s, power, n):
    return n > 0 and (bool(s.owned_hoods(ENFORCER)) or s.deal_space(ENFORCER) > 0)


@_goods_ok
def _goods(s, power, n):
    a, g = E.collect_order(0, 0, n)
    E.store(s, a, g)


def next_hoods(s, business) -> list[int]:
    """Keyword *Next* for an element: his Neighborhoods with that business where he can sell, in
    the first district (from the one after his, wrapping) that has any."""
    for d in E.next_order(s):
        here = [
            i for i in s.owned_hoods(ENFORCER) if s.hoods[i].district == d and getattr(s.hoods[i], business) and E.can_sell(s, i)
        ]
        if here:
            return here
    return []


def _next_hood(s, business):
    """The one Neighborhood he sells in (None: none, or a tie you break)."""
    group = best_group(next_hoods(s, business), lambda i: E.sale_key(s, i))
    return group[0] if len(group) == 1 else None


@action("sell_next", args=("business",), free_only=True)
def _sell_next_ok(s, power, business):
    return bool(next_hoods(s, business))


@_sell_next_ok
def _sell_next(s, power, business):
    # Two in one district: his Make sales order, then you choose.
    pick_or_ask(s, next_hoods(s, business), lambda i: E.sale_key(s, i), "sell_one")


@tie_action("sell_one", "you choose where he sells")
def _sell_one_chosen(s, i):
    from .turn import enforcer_sale

    enforcer_sale(s, i)


@action("police_next", free_only=True)
def _police_ok(s, power):
    return bool(s.police)


@_police_ok
def _police(s, power):
    s.police = tuple(sorted(E.next_district(s, d) for d in s.police))


def unsupplied_next(s) -> list[int]:
    """Keyword *Next* + *Unsupplied*: his unsupplied Neighborhoods in the first district (from the
    one after his, wrapping) that has any."""
    for d in E.next_order(s):
        here = [i for i in s.owned_hoods(ENFORCER) if s.hoods[i].district == d and not E.supplied(s, i)]
        if here:
            return here
    return []


def _unsupplied(s):
    group = best_group(unsupplied_next(s), lambda i: E.profit_key(s, i))
    return group[0] if len(group) == 1 else None


@action("supply_unsupplied", free_only=True)
def _supply_ok(s, power):
    return bool(unsupplied_next(s))


@_supply_ok
def _supply(s, power):
    # Two in one district: bigger profits (as Goods storage), then you choose.
    pick_or_ask(s, unsupplied_next(s), lambda i: E.profit_key(s, i), "supply")


@tie_action("supply", "you choose which Neighborhood he supplies")
def _supply_chosen(s, i):
    a, g = E.sale_cost(s, i)
    h = s.hoods[i]
    s.set_hood(i, alcohol=max(h.alcohol, a), guns=max(h.guns, g))


def _hit_district(s):
    you = s.players[HUMAN]
    return next((d for d in E.next_order(s) if you.thugs[d]), None)


@action("hit_next", free_only=True)
def _hit_ok(s, power):
    return _hit_district(s) is not None


@_hit_ok
def _hit(s, power):
    hit_or_kill(s, HUMAN, ("district", _hit_district(s)), False)


_ = (ALCOHOL, GUNS, RECRUITMENT)
