"""The Enforcer's facts and his priority rules (rulebook: Solo mode — Key concepts,
Choosing a district, Goods management, Thug management, Removing gang upgrades,
Keywords). Pure functions of the state; docs/scarface1920-solo.md cites each rule."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..rules.goods import ALCOHOL, GUNS
from ..state import HAND_SIZE, deal_plus, replace_at

if TYPE_CHECKING:
    from .state import SoloState

ENFORCER: Final = 1  # the Enforcer's seat: a Player in state.players that never decides
HUMAN: Final = 0


# ------------------------------------------------------------------ board facts
def number(s: SoloState, d: int) -> int:
    """The district's number (1–7) from the district token on it."""
    return s.district_no[d]


def by_number(s: SoloState) -> list[int]:
    """Districts in ascending order of their tokens."""
    return sorted(range(7), key=lambda d: s.district_no[d])


def next_district(s: SoloState, d: int, k: int = 1) -> int:
    """The district k steps further in ascending order (district 7 wraps to 1)."""
    n = (s.district_no[d] - 1 + k) % 7 + 1
    return s.district_no.index(n)


def next_order(s: SoloState) -> list[int]:
    """Keyword *Next*: districts from the one after the Enforcer's, wrapping, his own last."""
    here = s.enf_district
    return [next_district(s, here, k) for k in range(1, 8)]


def profit(s: SoloState, i: int) -> int:
    """A Neighborhood's profits: the price of one sale there."""
    return s.hood_side(i).price


def wants(s: SoloState, i: int) -> tuple[int, int]:
    side = s.hood_side(i)
    return side.alcohol, side.guns


def power_level(s: SoloState) -> int:
    p = s.players[ENFORCER]
    return s.solo.board.stats["power"].values[p.stats[HAND_SIZE] - 1]


def solo_stat(s: SoloState, k: int) -> int:
    from .content import SOLO_STATS

    p = s.players[ENFORCER]
    return s.solo.board.stats[SOLO_STATS[k]].values[p.stats[k] - 1]


def plan_bonus(s: SoloState) -> int:
    cards = s.solo.cards
    return sum(cards[c].power for c in s.enf_plan)


def total_power(s: SoloState, bonus: int) -> int:
    """Power stat + the Plan's Overall Power Bonus + the action's Individual Power Bonus."""
    return max(0, power_level(s) + plan_bonus(s) + bonus)


def boss_row(s: SoloState):
    p = s.players[ENFORCER]
    board = s.solo.board
    row = board.boss_track[p.boss_box - 1].row if p.boss_box else 0
    return board.rows[row]


def vehicles(p, d: int) -> int:
    """His vehicles are cars and trucks at once."""
    return p.cars[d] + p.trucks[d]


def owned_by_profit(s: SoloState, seat: int = ENFORCER, reverse: bool = True, prefer: tuple = ()) -> list[int]:
    """His Neighborhoods by profits (descending unless reverse=False), lower district number first;
    `prefer`: the Neighborhood you chose first among tied ones (see `_ask_if_tie_matters`)."""
    hoods = s.owned_hoods(seat)
    sign = -1 if reverse else 1

    def key(i):
        return (sign * profit(s, i), number(s, s.hoods[i].district), i not in prefer, i)

    return sorted(hoods, key=key)


def tied_hoods(s: SoloState) -> tuple:
    """His first group of Neighborhoods with equal profits in one district (empty if none)."""
    seen: dict[tuple, list[int]] = {}
    for i in s.owned_hoods(ENFORCER):
        seen.setdefault((profit(s, i), s.hoods[i].district), []).append(i)
    for group in seen.values():
        if len(group) > 1:
            return tuple(group)
    return ()


def _ask_if_tie_matters(s: SoloState, what: str, fn, args: tuple) -> bool:
    """Two of his Neighborhoods tie on profits and district: if it changes where goods go, push
    a decision of yours (`what` handler, then `fn(s, *args, prefer=(chosen,))`) and return True."""
    group = tied_hoods(s)
    if not group:
        return False
    outcomes = set()
    for i in group:
        c = s.clone()
        fn(c, *args, prefer=(i,))
        outcomes.add((c.hoods, c.players[ENFORCER].deals))
    if len(outcomes) == 1:
        return False
    from .ties import ChooseForEnforcer

    s.stack.append(ChooseForEnforcer(what, group, args))
    return True


# ------------------------------------------------------------------ truck bonus / supplied
def truck_waiver(s: SoloState, i: int) -> tuple[int, int]:
    """(alcohol, guns) the Enforcer's vehicles waive in a sale at Neighborhood i (Truck bonus):
    one good per vehicle, on the only wanted type, else on the type wanted more (alcohol if tied)."""
    a, g = wants(s, i)
    k = vehicles(s.players[ENFORCER], s.hoods[i].district)
    wa = wg = 0
    for _ in range(k):
        if a - wa <= 0 and g - wg <= 0:
            break
        if g - wg <= 0 or (a - wa > 0 and a - wa >= g - wg):
            wa += 1
        else:
            wg += 1
    return wa, wg


def sale_cost(s: SoloState, i: int) -> tuple[int, int]:
    a, g = wants(s, i)
    wa, wg = truck_waiver(s, i)
    return a - wa, g - wg


def can_sell(s: SoloState, i: int) -> bool:
    """Goods of this Neighborhood plus his Deals cover the sale (after the truck bonus)."""
    a, g = sale_cost(s, i)
    h = s.hoods[i]
    da = sum(d.alcohol for d in s.players[ENFORCER].deals)
    dg = sum(d.guns for d in s.players[ENFORCER].deals)
    return h.alcohol + da >= a and h.guns + dg >= g


def supplied(s: SoloState, i: int) -> bool:
    """Keyword *Supplied*: he could make a sale there when Reorganizing."""
    return s.hoods[i].owner == ENFORCER and can_sell(s, i)


def sale_key(s: SoloState, i: int) -> tuple:
    """Make sales (rule 6): bigger profits, then fewer goods wanted, then lower district number;
    equal keys are a tie you break ("you get to choose")."""
    a, g = wants(s, i)
    return (-profit(s, i), a + g, number(s, s.hoods[i].district))


def profit_key(s: SoloState, i: int) -> tuple:
    """Bigger profits first, then the lower district number (Choosing a district); equal keys
    (two Neighborhoods of one district with equal profits) are a tie you break."""
    return (-profit(s, i), number(s, s.hoods[i].district))


def sale_order(s: SoloState, hoods) -> list[list[int]]:
    """Make sales order as groups of Neighborhoods still tied (the human chooses within a group)."""
    ordered = sorted(hoods, key=lambda i: sale_key(s, i))
    groups: list[list[int]] = []
    for i in ordered:
        if groups and sale_key(s, groups[-1][0]) == sale_key(s, i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


# ------------------------------------------------------------------ goods
def collect_order(alcohol: int, guns: int, either: int) -> tuple[int, int]:
    """Supplies from the Deals: the specified goods first, then the free goods, the first of the
    type received least (alcohol if tied), alternating from then on. Returns the totals."""
    got = [alcohol, guns]
    good = ALCOHOL if alcohol <= guns else GUNS
    for _ in range(either):
        got[good] += 1
        good = 1 - good
    return got[0], got[1]


def store(s: SoloState, alcohol: int, guns: int, prefer: tuple | None = None) -> None:
    """Goods storage: Deals first (the good he has least there first, alternating, alcohol if
    tied) up to their storage; then Neighborhoods by profits — alcohol needed for a sale, then
    1 at a time balancing the surplus; then guns the same way. Two Neighborhoods of one district
    with equal profits: you choose which comes first (only asked if it changes anything)."""
    if prefer is None:
        if _ask_if_tie_matters(s, "store", store, (alcohol, guns)):
            return
        prefer = ()
    p = s.players[ENFORCER]
    dealers = s.content.dealers
    left = [alcohol, guns]
    # The first good is the type he has least in his Deals (alcohol if tied), then he alternates
    # (the other type when one runs out): solo "Goods storage", 1st.
    have_a = sum(d.alcohol for d in p.deals)
    have_g = sum(d.guns for d in p.deals)
    good = ALCOHOL if have_a <= have_g else GUNS
    while left[0] + left[1] > 0:
        room = [k for k, d in enumerate(p.deals) if dealers[d.dealers[0]].storage > d.alcohol + d.guns]
        if not room:
            break
        if not left[good]:
            good = 1 - good
        k = room[0]
        d = p.deals[k]
        d = deal_plus(d, alcohol=1) if good == ALCOHOL else deal_plus(d, guns=1)
        p.deals = replace_at(p.deals, k, d)
        left[good] -= 1
        good = 1 - good
    hoods = owned_by_profit(s, prefer=prefer)
    if not hoods:
        return  # no room anywhere: the rest goes back to the supply
    for good in (ALCOHOL, GUNS):
        attr = "alcohol" if good == ALCOHOL else "guns"
        # As many as required to make a sale, most profitable first.
        for i in hoods:
            if not left[good]:
                break
            need = wants(s, i)[good] - getattr(s.hoods[i], attr)
            if need > 0:
                k = min(need, left[good])
                s.set_hood(i, **{attr: getattr(s.hoods[i], attr) + k})
                left[good] -= k
        # Then 1 at a time, balancing the surplus (smallest surplus first, profits order on ties).
        while left[good]:
            i = min(hoods, key=lambda j: (getattr(s.hoods[j], attr) - wants(s, j)[good], hoods.index(j)))
            s.set_hood(i, **{attr: getattr(s.hoods[i], attr) + 1})
            left[good] -= 1


def spend_source(s: SoloState, good: int, only_hood: int | None = None, prefer: tuple = ()) -> tuple | None:
    """Where the next good he spends comes from.

    Selling (`only_hood` given): that Neighborhood's goods before his Deals.
    Anything else: surplus first (guns first when both could be spent, see `spend_pick`),
    then the least profitable Neighborhood upwards, then Deals."""
    p = s.players[ENFORCER]
    attr = "alcohol" if good == ALCOHOL else "guns"
    if only_hood is not None and only_hood >= 0:
        if getattr(s.hoods[only_hood], attr) > 0:
            return ("hood", only_hood)
    else:
        hoods = owned_by_profit(s, reverse=False, prefer=prefer)
        for i in hoods:
            if getattr(s.hoods[i], attr) > wants(s, i)[good]:
                return ("hood", i)
        for i in hoods:
            if getattr(s.hoods[i], attr) > 0:
                return ("hood", i)
    for k, d in enumerate(p.deals):
        if (d.alcohol if good == ALCOHOL else d.guns) > 0:
            return ("deal", k)
    return None


def surplus(s: SoloState, good: int) -> int:
    attr = "alcohol" if good == ALCOHOL else "guns"
    return sum(max(0, getattr(s.hoods[i], attr) - wants(s, i)[good]) for i in s.owned_hoods(ENFORCER))


def spend_pick(s: SoloState, prefer: tuple = ()) -> int | None:
    """Which type he spends when either will do: surplus first (guns if both or neither have
    surplus... guns first on a tie), then the type found first by the spending order."""
    sa, sg = surplus(s, ALCOHOL), surplus(s, GUNS)
    if sa or sg:
        return GUNS if sg >= sa else ALCOHOL
    a, g = s.goods_of(ENFORCER)
    if not a and not g:
        return None
    # Both types from the least profitable Neighborhood upwards, then Deals: guns first on a tie.
    for i in owned_by_profit(s, reverse=False, prefer=prefer):
        h = s.hoods[i]
        if h.guns:
            return GUNS
        if h.alcohol:
            return ALCOHOL
    return GUNS if g else ALCOHOL


def spend_goods(s: SoloState, n: int, prefer: tuple | None = None) -> int:
    """Spend up to n goods of either type (Other goods expenditures). Returns how many (when two
    tied Neighborhoods make it your decision, they are spent once you have chosen)."""
    from ..rules.goods import take_from

    if prefer is None:
        if _ask_if_tie_matters(s, "spend", spend_goods, (n,)):
            return min(n, sum(s.goods_of(ENFORCER)))
        prefer = ()
    done = 0
    while done < n:
        good = spend_pick(s, prefer)
        if good is None:
            break
        src = spend_source(s, good, prefer=prefer)
        assert src is not None, "spend_pick picks a good he has"
        take_from(s, ENFORCER, src, good)
        done += 1
    return done


# ------------------------------------------------------------------ thugs
PRISON_CHART: Final[tuple[str, ...]] = ("underworld", "authorities", "deals", "districts", "hq")
HIT_CHART: Final[tuple[str, ...]] = ("underworld", "prison", "authorities", "deals", "districts", "hq")


def chart_pick(s: SoloState, chart: tuple, allowed=None, districts=None) -> tuple | None:
    """The area a thug is taken from (Put in Prison / Hit or Kill chart, top to bottom).

    `allowed`: the areas the effect names (None: any); `districts`: the districts it allows
    (None: any). Districts go lower number first (Choosing a district); his Deals in the order
    he got them (which Deal a thug leaves changes nothing a rule reads). Safehouses and
    Recruits are never in the chart."""
    p = s.players[ENFORCER]
    for area in chart:
        if allowed is not None and area not in allowed:
            continue
        if area == "districts":
            for d in by_number(s):
                if p.thugs[d] and (districts is None or d in districts):
                    return ("district", d)
        elif area == "deals":
            for k, deal in enumerate(p.deals):
                if deal.thugs:
                    return ("deal", k)
        elif getattr(p, area):
            return (area,)
    return None


def hit_district(s: SoloState, districts) -> int | None:
    """Your effect hits or kills one of his thugs "in a district": the Hit/Kill chart read with
    only its Districts row allowed, i.e. his thug in the lowest-numbered district the effect
    allows."""
    got = chart_pick(s, HIT_CHART, {"districts"}, set(districts))
    return got[1] if got else None


# ------------------------------------------------------------------ upgrades
def stat_order(s: SoloState) -> list[int]:
    """Stats from the one matching his district's number, ascending, wrapping (district 7
    has no stat: it starts at the first)."""
    start = number(s, s.enf_district) - 1
    if start >= 6:
        start = 0
    return [(start + k) % 6 for k in range(6)]


def downgrade_pick(s: SoloState, options) -> int | None:
    """Removing gang upgrades: a level-3 stat before a level-2 one, from his district's stat upwards."""
    p = s.players[ENFORCER]
    order = stat_order(s)
    for level in (3, 2):
        for k in order:
            if k in options and p.stats[k] == level:
                return k
    return None
