"""The orders of an action turn (rulebook: Actions a–h; player aid).

`legal_orders` lists the orders that can do something with the current
Plan; `start_order` carries one out, pushing the steps that need choices.
In the `rulebook-wip` variant an order is due every turn and Remove thugs is
always legal: it is what you must do when you cannot or will not do anything
else (WIP p.17). The published game has 15 orders, none of them Remove thugs,
and the order is optional (summary §5, transcript).
"""

from __future__ import annotations

from typing import Any, Final

from volstead.engine.step import SeatStep

from .. import refs, words
from ..content.tables import Upgrade as UpgradeTerms
from ..state import (
    DEALERS_SUPPLY,
    HOOD_FIELD_INDEX,
    NIGHTCLUBS,
    STATS,
    VEHICLES,
    Deal,
    ScarfaceState,
    basic_businesses,
    deal_plus,
    replace_at,
)
from . import market
from .goods import ALCOHOL, PayGoods, SellGoodsStep, StoreGoods, available, goods_words
from .modifiers import (
    MOD_AUTHORITIES_PRICE,
    MOD_BRIBE,
    MOD_DEAL_BONUS,
    MOD_GRAFT,
    MOD_HIRE_ALCOHOL,
    MOD_UNDERWORLD_CRIME,
    MOD_UPGRADE_COST,
)
from .sales import SellLoop, sale_possible
from .thugs import MoveFrom, RecruitSteps, SendThugs, can_move_from

ORDER_LABELS: Final[dict[str, str]] = {
    "deal": "Send 1 thug to a Deal (get goods)",
    "recruit": "Underworld: recruit thugs",
    "hire": "Underworld: hire 1 Associate",
    "job": "Underworld: choose 1 Job",
    "dealer": "Underworld: choose 1 Dealer",
    "sell": "Underworld: make sales in your Neighborhoods",
    "business": "Authorities: add businesses",
    "reduce_crime": "Authorities: decrease your Crime Rate",
    "prison": "Authorities: retrieve your thugs from Prison",
    "remove_control": "Authorities: remove control markers",
    "sell_authorities": "Authorities: sell goods for $6 each",
    "send": "Send thugs to 1 district",
    "move": "Move thugs and/or vehicles from 1 district",
    "seize": "Seize 1 Neighborhood",
    "upgrade": "Upgrade your gang",
    "remove_thugs": "Remove thugs (1 per Plan card)",
}
# The action menu's code of each order, built once (compiled, a tuple display in a function is built
# at every call, and the menu lists the legal orders after every action of every clone). Typed as
# tuples of any length: a fixed-length tuple type is kept unboxed and boxed again at each use.
_DEAL: Final[tuple[Any, ...]] = ("order", "deal")
_RECRUIT: Final[tuple[Any, ...]] = ("order", "recruit")
_HIRE: Final[tuple[Any, ...]] = ("order", "hire")
_JOB: Final[tuple[Any, ...]] = ("order", "job")
_DEALER: Final[tuple[Any, ...]] = ("order", "dealer")
_SELL: Final[tuple[Any, ...]] = ("order", "sell")
_BUSINESS: Final[tuple[Any, ...]] = ("order", "business")
_REDUCE_CRIME: Final[tuple[Any, ...]] = ("order", "reduce_crime")
_PRISON: Final[tuple[Any, ...]] = ("order", "prison")
_REMOVE_CONTROL: Final[tuple[Any, ...]] = ("order", "remove_control")
_SELL_AUTHORITIES: Final[tuple[Any, ...]] = ("order", "sell_authorities")
_SEND: Final[tuple[Any, ...]] = ("order", "send")
_MOVE: Final[tuple[Any, ...]] = ("order", "move")
_SEIZE: Final[tuple[Any, ...]] = ("order", "seize")
_UPGRADE: Final[tuple[Any, ...]] = ("order", "upgrade")
_REMOVE_THUGS: Final[tuple[Any, ...]] = ("order", "remove_thugs")
UNDERWORLD: Final[tuple[str, ...]] = ("recruit", "hire", "job", "dealer", "sell")
AUTHORITIES: Final[tuple[str, ...]] = ("business", "reduce_crime", "prison", "remove_control", "sell_authorities")
# The rules passage (data/help.toml [sections]) each order's help and reasons cite as "§key".
ORDER_SECTIONS: Final[dict[str, str]] = {
    **{order: "underworld" for order in UNDERWORLD},
    **{order: "authorities" for order in AUTHORITIES},
    "sell": "sales",
    "deal": "deal",
    "send": "street",
    "move": "street",
    "seize": "street",
    "upgrade": "upgrade",
    "remove_thugs": "remove-thugs",
}


def unavailable_orders(s: ScarfaceState, seat: int) -> list[tuple[str, str]]:
    """(label, reason) of the orders of this variant that cannot be carried out with this Plan
    (for people: display only). Remove thugs, when it is an order, is always legal."""
    legal = set(legal_orders(s, seat))
    p = s.players[seat]
    m, i = s.muscle(seat), s.influence(seat)
    no_muscle = "no Muscle in your Plan"
    reasons = {
        "deal": "no Deal with room for a thug whose requirement your Plan meets" if p.deals else "you have no Deal",
        "recruit": "nobody to recruit (no thug in Recruits or Safehouses)",
        "hire": f"no Associate of {i}★ or less in the Market",
        "job": "the Job deck is empty",
        "dealer": "the Dealer deck is empty",
        "sell": "no sale possible in your Neighborhoods",
        "business": "no room for a business in your Neighborhoods, or none left",
        "reduce_crime": "your Crime Rate is already just above Eliot Ness",
        "prison": "needs 2 Influence and a thug of yours in Prison",
        "remove_control": "needs 5 Influence and a rival control marker",
        "sell_authorities": "you have no goods",
        "send": "needs Muscle, a thug in Headquarters and a district where you are present that you can pay for"
        if m
        else no_muscle,
        "move": "nothing of yours that could move with this Plan" if m else no_muscle,
        "seize": f"no Neighborhood where you are present whose defense {m} Muscle covers",
        "upgrade": "no upgrade whose requirement and cost you meet",
    }
    out: list[tuple[str, str]] = []
    for order, label in ORDER_LABELS.items():
        if order in legal or order == "remove_thugs":
            continue
        if (order in UNDERWORLD or order in AUTHORITIES) and not (p.hq and i):
            reason = "no thug in your Headquarters" if not p.hq else "no Influence in your Plan"
        else:
            reason = reasons[order]
        out.append((label, f"{reason} (§{ORDER_SECTIONS[order]})"))  # each order's own passage
    return out


def order_help(s: ScarfaceState, seat: int, order: str) -> str:
    """What an order does with the current Plan and what it costs, for people (the action menu)."""
    p = s.players[seat]
    m, i = s.muscle(seat), s.influence(seat)
    if order in UNDERWORLD:
        crime = max(0, p.underworld + 1 + s.mod(seat, MOD_UNDERWORLD_CRIME))
        cost = f"Costs a thug from Headquarters to the Underworld (Crime Rate +{crime}). "
    elif order in AUTHORITIES:
        cost = "Costs a thug from Headquarters to the Authorities (back on your next Reorganize). "
    else:
        cost = ""
    bribe, graft = max(0, 2 + s.mod(seat, MOD_BRIBE)), max(0, 2 + s.mod(seat, MOD_GRAFT))
    does = {
        "deal": "A thug from Headquarters onto a Deal whose requirement your Plan meets: take its goods "
        "(stored on your Deals, the rest on your Neighborhoods).",
        "recruit": f"{i} recruitment step{'s' if i != 1 else ''}: Slums to Safehouses, or Safehouses to Headquarters.",
        "hire": f"Hire an Associate of up to {i}★ from the Market (to your hand for 1 alcohol, 2 for 4–5★); "
        "you take the Family Ring.",
        "job": f"Draw {i} Job{'s' if i != 1 else ''} and keep 1 face down.",
        "dealer": f"Draw {i} Dealer{'s' if i != 1 else ''}, keep 1 as a new Deal or tucked under one.",
        "sell": f"Up to {i} sale{'s' if i != 1 else ''}, one per Neighborhood you control; each police car in its "
        f"district takes ${graft}.",
        "business": f"Add up to {i} business{'es' if i != 1 else ''} to Neighborhoods you control (3 at most each).",
        "reduce_crime": f"Your Crime Rate goes down {i} (never to Eliot Ness's level).",
        "prison": "Every thug of yours in Prison goes back to Headquarters.",
        "remove_control": f"Remove {i // 5} rival control marker{'s' if i // 5 != 1 else ''} (1 per 5 Influence).",
        "sell_authorities": f"Sell up to {i} of your goods for ${6 + s.mod(seat, MOD_AUTHORITIES_PRICE)} each.",
        "send": f"Send up to {m} thug{'s' if m != 1 else ''} from Headquarters to a district where you are present; "
        f"${bribe} a thug for each police car there.",
        "move": f"Up to {m} move{'s' if m != 1 else ''} from 1 district: thugs walk to a next district, vehicles "
        f"(and thugs riding them) go anywhere; ${bribe} a piece for each police car where it arrives.",
        "seize": f"Take a Neighborhood where you are present if your {m} Muscle covers the defense your pieces "
        "there leave standing.",
        "upgrade": "Pay an upgrade's cost to raise a gang stat; take the bonus under the Boss's next box; the "
        "Crime Rate rises as the stat shows.",
        "remove_thugs": f"Remove {len(p.plan)} of your thugs from the game (1 per Plan card).",
    }[order]
    return f"{cost}{does} (§{ORDER_SECTIONS[order]})"


# ------------------------------------------------------------------ legality
def deal_requirement(s: ScarfaceState, seat: int, deal: Deal) -> tuple[int, int, int]:
    terms = s.content.dealer_terms
    m = i = e = 0
    for d in deal.dealers:
        x = terms[d]
        m += x.muscle
        i += x.influence
        e += x.either
    return m, i, e


def deal_ok(s: ScarfaceState, seat: int, idx: int, muscle: int, influence: int) -> bool:
    deal = s.players[seat].deals[idx]
    if deal.thugs >= s.content.dealer_terms[deal.dealers[0]].thug_limit:
        return False
    m, i, e = deal_requirement(s, seat, deal)
    return muscle >= m and influence >= i and (muscle - m) + (influence - i) >= e


def upgradable_stats(s: ScarfaceState, seat: int, muscle: int, influence: int) -> list[int]:
    """The stats the seat could upgrade now, with this Plan's Muscle and Influence."""
    return [k for k in range(6) if _may_upgrade(s, seat, k, muscle, influence)]


def can_upgrade(s: ScarfaceState, seat: int, muscle: int, influence: int) -> bool:
    return any(_may_upgrade(s, seat, k, muscle, influence) for k in range(6))


def _may_upgrade(s: ScarfaceState, seat: int, k: int, muscle: int, influence: int) -> bool:
    p = s.players[seat]
    level = p.stats[k]
    if p.boss_box >= 12 or level >= 3:
        return False
    up = s.content.upgrade_table[p.gang][k][level - 1]
    return muscle >= up.muscle and influence >= up.influence and p.money >= upgrade_cost(s, seat, up)


def upgrade_cost(s: ScarfaceState, seat: int, up: UpgradeTerms) -> int:
    return max(0, up.cost + s.mod(seat, MOD_UPGRADE_COST) - s.turn_upgrade_discount)


def seizable(s: ScarfaceState, seat: int, muscle: int) -> list[int]:
    if s.control_markers_left(seat) <= 0:
        return []
    mask = s.presence(seat)
    return [i for i in range(len(s.hoods)) if _may_seize(s, seat, i, mask, muscle)]


def can_seize(s: ScarfaceState, seat: int, muscle: int) -> bool:
    if s.control_markers_left(seat) <= 0:
        return False
    mask = s.presence(seat)
    return any(_may_seize(s, seat, i, mask, muscle) for i in range(len(s.hoods)))


def _may_seize(s: ScarfaceState, seat: int, i: int, presence: int, muscle: int) -> bool:
    h = s.hoods[i]
    return h.owner != seat and presence >> h.district & 1 == 1 and s.defense(i, seat) <= muscle


def can_move(s: ScarfaceState, seat: int) -> bool:
    """Some piece can move: a vehicle to any other district, a thug on foot to an
    adjacent one, where the bribe for entering is affordable."""
    for d in range(7):
        if can_move_from(s, seat, d, 1):
            return True
    return False


def legal_orders(s: ScarfaceState, seat: int) -> list[str]:
    """The orders that can do something with the seat's current Plan."""
    return [code[1] for code in add_legal_orders(s, seat, [])]


def add_legal_orders(s: ScarfaceState, seat: int, out: list[Any]) -> list[Any]:
    """Append the action menu's code, ("order", name), of every legal order to `out`, and return it
    (straight into the menu's list: it comes back after every action, and a search builds it for
    every clone)."""
    p = s.players[seat]
    muscle, influence = s.muscle(seat), s.influence(seat)
    if p.hq:
        if p.deals and any(deal_ok(s, seat, i, muscle, influence) for i in range(len(p.deals))):
            out.append(_DEAL)
        if influence:
            if p.recruits or p.safehouses:
                out.append(_RECRUIT)
            if market.can_hire(s, influence):
                out.append(_HIRE)
            if s.job_deck:
                out.append(_JOB)
            if s.dealer_deck:
                out.append(_DEALER)
            owned = s.owned_hoods(seat)
            if owned and any(sale_possible(s, seat, i) for i in owned):
                out.append(_SELL)
            if any(basic_businesses(s.hoods[i]) < 3 for i in owned) and (
                s.businesses_left("speakeasy") or s.businesses_left("casino") or s.businesses_left("brothel")
            ):
                out.append(_BUSINESS)
            if p.crime > s.ness + 1:
                out.append(_REDUCE_CRIME)
            if influence >= 2 and p.prison:
                out.append(_PRISON)
            if influence >= 5 and any(h.owner >= 0 and h.owner != seat for h in s.hoods):
                out.append(_REMOVE_CONTROL)
            alcohol, guns = s.goods_of(seat)
            if alcohol or guns:
                out.append(_SELL_AUTHORITIES)
        if muscle:
            mask = s.presence(seat)
            if any(mask >> d & 1 and s.bribe(seat, d) <= p.money for d in range(7)):
                out.append(_SEND)
    if muscle and can_move(s, seat):
        out.append(_MOVE)
    if can_seize(s, seat, muscle):
        out.append(_SEIZE)
    if p.boss_box < 12 and can_upgrade(s, seat, muscle, influence):
        out.append(_UPGRADE)
    if s.content.variant == "rulebook-wip":  # WIP p.17; the published game has no such order
        out.append(_REMOVE_THUGS)
    return out


# ------------------------------------------------------------------ carrying out
def start_order(s: ScarfaceState, seat: int, order: str) -> None:
    p = s.players[seat]
    muscle, influence = s.muscle(seat), s.influence(seat)
    if order in UNDERWORLD:
        p.hq -= 1
        p.underworld += 1
        s.change_crime(seat, max(0, p.underworld + s.mod(seat, MOD_UNDERWORLD_CRIME)))
    elif order in AUTHORITIES:
        p.hq -= 1
        p.authorities += 1

    if order == "deal":
        s.stack.append(ChooseDeal(seat))
    elif order == "recruit":
        RecruitSteps.push(s, seat, influence)
    elif order == "hire":
        s.stack.append(HireAssociate(seat, influence))
    elif order == "job":
        drawn = s.draw_jobs(influence)
        if drawn:
            s.stack.append(KeepJob(seat, drawn))
    elif order == "dealer":
        drawn = s.dealer_deck[:influence]
        s.dealer_deck = s.dealer_deck[influence:]
        if drawn:
            s.stack.append(KeepDealer(seat, drawn))
    elif order == "sell":
        SellLoop.push(s, seat, influence, frozenset())
    elif order == "business":
        s.stack.append(AddBusiness(seat, influence))
    elif order == "reduce_crime":
        s.change_crime(seat, -influence)
    elif order == "prison":
        p.hq += p.prison
        p.prison = 0
    elif order == "remove_control":
        s.stack.append(RemoveControl(seat, influence // 5))
    elif order == "sell_authorities":
        s.stack.append(SellToAuthorities(seat, influence))
    elif order == "send":
        s.stack.append(SendThugs(seat, muscle))
    elif order == "move":
        s.stack.append(MoveFrom(seat, muscle))
    elif order == "seize":
        s.stack.append(Seize(seat, muscle))
    elif order == "upgrade":
        s.stack.append(Upgrade(seat))
    elif order == "remove_thugs":
        RemoveThugs.push(s, seat, len(p.plan))
    else:  # pragma: no cover - legal_orders never offers anything else
        raise ValueError(order)


# ------------------------------------------------------------------ a) Deal
class ChooseDeal(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "choose_deal"

    def prompt(self, s: ScarfaceState) -> str:
        return "Send a thug to which Deal?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        m, i = s.muscle(self.seat_), s.influence(self.seat_)
        return tuple(k for k in range(len(s.players[self.seat_].deals)) if deal_ok(s, self.seat_, k, m, i))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        supply_from_deal(s, self.seat_, code)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.deal(code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"deal:{code + 1}:" + s.content.dealers[s.players[self.seat_].deals[code].dealers[0]].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        deal = s.players[self.seat_].deals[code]
        names = " + ".join(s.content.dealers[d].name for d in deal.dealers)
        return f"Send a thug to {names}"


def supply_from_deal(s: ScarfaceState, seat: int, idx: int) -> None:
    """Thug from HQ onto the Deal; its goods, plus the Dealers Supply bonus per Dealer card."""
    p = s.players[seat]
    deal = p.deals[idx]
    p.hq -= 1
    p.deals = replace_at(p.deals, idx, deal_plus(deal, thugs=1))
    dealers = s.content.dealers
    alcohol = sum(dealers[d].alcohol for d in deal.dealers)
    guns = sum(dealers[d].guns for d in deal.dealers)
    extra = s.stat(seat, DEALERS_SUPPLY) * len(deal.dealers) + s.mod(seat, MOD_DEAL_BONUS)
    if extra > 0:
        s.stack.append(ChooseExtraGoods(seat, alcohol, guns, extra))
        return
    if extra < 0:  # a card takes goods away: alcohol first, guns are worth more to keep
        fewer = min(-extra, alcohol)
        alcohol -= fewer
        guns = max(0, guns + extra + fewer)
    StoreGoods.push(s, seat, alcohol, guns)


class ChooseExtraGoods(SeatStep[ScarfaceState]):
    __slots__ = ("alcohol", "guns", "extra")
    kind = "extra_goods"

    def __init__(self, seat, alcohol, guns, extra):
        self.seat_, self.alcohol, self.guns, self.extra = seat, alcohol, guns, extra

    def prompt(self, s: ScarfaceState) -> str:
        return f"Dealers Supply: how many of your {self.extra} extra goods are alcohol (the rest guns)?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(range(self.extra + 1))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        StoreGoods.push(s, self.seat_, self.alcohol + code, self.guns + self.extra - code)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"extra:{code}a{self.extra - code}g"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return goods_words(code, self.extra - code)


# ------------------------------------------------------------------ b) Underworld
class HireAssociate(SeatStep[ScarfaceState]):
    __slots__ = ("influence",)
    kind = "hire"

    def __init__(self, seat, influence):
        self.seat_, self.influence = seat, influence

    def prompt(self, s: ScarfaceState) -> str:
        return f"Hire an Associate of at most {self.influence}★"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        stars = s.content.card_stars
        return tuple(h for h in market.hireable(s) if stars[h[2]] <= self.influence)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        seat = self.seat_
        card = market.take(s, code[0], code[1])
        s.take_family_ring(seat)
        gain_card(s, seat, card, 1 if s.content.card_stars[card] <= 3 else 2)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.card(s, code[2]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "hire:" + s.content.cards[code[2]].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        c = s.content.cards[code[2]]
        return f"Hire {c.name} ({c.stars}★ {c.crime}, {c.muscle} Muscle {c.influence} Influence)"


def gain_card(s: ScarfaceState, seat: int, card: int, alcohol_to_hand: int) -> None:
    """A new card goes to the discard pile, or to hand for `alcohol_to_hand` alcohol.

    It is put on the discard pile at once and the choice moves it to hand, so
    that while the choice is pending the card is already the seat's (views,
    bot evaluations and scores all see it).
    """
    cost = max(0, alcohol_to_hand + s.mod(seat, MOD_HIRE_ALCOHOL))
    p = s.players[seat]
    p.discard = p.discard + (card,)
    if available(s, seat, ALCOHOL) >= cost:
        s.stack.append(CardToHand(seat, card, cost))


class CardToHand(SeatStep[ScarfaceState]):
    __slots__ = ("card", "cost")
    kind = "card_to_hand"

    def __init__(self, seat, card, cost):
        self.seat_, self.card, self.cost = seat, card, cost

    def prompt(self, s: ScarfaceState) -> str:
        return f"Put {s.content.cards[self.card].name} in your hand for {self.cost} alcohol, or in your discard pile?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return (True, False)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code:
            p = s.players[self.seat_]
            top = len(p.discard) - 1 - p.discard[::-1].index(self.card)  # the copy gain_card put on top
            p.discard = p.discard[:top] + p.discard[top + 1 :]
            p.hand = tuple(sorted(p.hand + (self.card,)))
            PayGoods.push(s, self.seat_, self.cost, 0)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "to:hand" if code else "to:discard"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"To your hand (spend {self.cost} alcohol)" if code else "To your discard pile"


class KeepJob(SeatStep[ScarfaceState]):
    __slots__ = ("drawn",)
    kind = "keep_job"

    def __init__(self, seat, drawn):
        self.seat_, self.drawn = seat, drawn

    def prompt(self, s: ScarfaceState) -> str:
        return "Keep one of the Jobs you drew (the others go to the bottom of the deck)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(self.drawn))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        rest = list(self.drawn)
        rest.remove(code)
        s.job_deck = s.job_deck + tuple(rest)
        p = s.players[self.seat_]
        p.jobs = tuple(sorted(p.jobs + (code,)))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.job(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "keep:" + s.content.jobs[code].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        j = s.content.jobs[code]
        return f"Keep {j.name}: {j.effect.text if j.effect else ''} ({j.requires_text})"


class KeepDealer(SeatStep[ScarfaceState]):
    __slots__ = ("drawn",)
    kind = "keep_dealer"

    def __init__(self, seat, drawn):
        self.seat_, self.drawn = seat, drawn

    def prompt(self, s: ScarfaceState) -> str:
        return "Keep one of the Dealers you drew"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        deals = len(s.players[self.seat_].deals)
        return tuple((d, where) for d in dict.fromkeys(self.drawn) for where in range(-1, deals))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        d, where = code
        rest = list(self.drawn)
        rest.remove(d)
        s.dealer_deck = s.dealer_deck + tuple(rest)
        p = s.players[self.seat_]
        if where == -1:
            p.deals = p.deals + (Deal((d,)),)
        else:
            deal = p.deals[where]
            p.deals = replace_at(p.deals, where, Deal(deal.dealers + (d,), deal.alcohol, deal.guns, deal.thugs))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.dealer(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        d, where = code
        return f"dealer:{s.content.dealers[d].id}:" + ("new" if where == -1 else f"tuck{where + 1}")

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        d, where = code
        name = s.content.dealers[d].name
        if where == -1:
            return f"Keep {name} as a new Deal"
        top = s.content.dealers[s.players[self.seat_].deals[where].dealers[0]].name
        return f"Keep {name}, tucked under your {top} Deal"


# ------------------------------------------------------------------ c) Authorities
class AddBusiness(SeatStep[ScarfaceState]):
    __slots__ = ("left",)
    kind = "add_business"

    def __init__(self, seat, left):
        self.seat_, self.left = seat, left

    def prompt(self, s: ScarfaceState) -> str:
        return f"Add a business marker ({self.left} left)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        kinds = [k for k in ("speakeasy", "casino", "brothel") if s.businesses_left(k)]
        out = [(i, k) for i, h in enumerate(s.hoods) if h.owner == self.seat_ and basic_businesses(h) < 3 for k in kinds]
        return tuple(out) + (None,) if out else ()

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        i, kind = code
        s.add_to_hood(i, HOOD_FIELD_INDEX[kind], 1)
        if self.left > 1:
            AddBusiness.push(s, self.seat_, self.left - 1)

    @staticmethod
    def push(s, seat, left):
        step = AddBusiness(seat, left)
        if step.options(s):
            s.stack.append(step)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.hood(s, code[0]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else f"business:{s.content.tiles[s.hoods[code[0]].tile].id}:{code[1]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop adding businesses"
        return f"Add a {code[1]} in {s.content.tiles[s.hoods[code[0]].tile].name}"


class RemoveControl(SeatStep[ScarfaceState]):
    __slots__ = ("left",)
    kind = "remove_control"

    def __init__(self, seat, left):
        self.seat_, self.left = seat, left

    def prompt(self, s: ScarfaceState) -> str:
        return "Remove a rival's control marker"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        out = tuple(i for i, h in enumerate(s.hoods) if h.owner >= 0 and h.owner != self.seat_)
        return out + (None,) if out else (None,)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        if code is None:
            return
        s.set_hood(code, owner=-1)
        if self.left > 1:
            s.stack.append(RemoveControl(self.seat_, self.left - 1))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return () if code is None else (refs.hood(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def hidden_said(self, s: ScarfaceState) -> str:
        return words.HIDDEN[self.kind]

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "stop" if code is None else "remove:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if code is None:
            return "Stop"
        return f"Remove the control marker from {s.content.tiles[s.hoods[code].tile].name}"


class SellToAuthorities(SellGoodsStep):
    """Sell 1 good per Influence for $6 each."""

    __slots__ = ()
    kind = "sell_authorities"
    id_prefix = "sell6"

    def price(self, s):
        return max(0, 6 + s.mod(self.seat_, MOD_AUTHORITIES_PRICE))

    def again(self, left):
        return SellToAuthorities(self.seat_, left)


# ------------------------------------------------------------------ f) Seize
class Seize(SeatStep[ScarfaceState]):
    __slots__ = ("muscle",)
    kind = "seize"

    def __init__(self, seat, muscle):
        self.seat_, self.muscle = seat, muscle

    def prompt(self, s: ScarfaceState) -> str:
        return f"Seize which Neighborhood (your Muscle: {self.muscle})?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(seizable(s, self.seat_, self.muscle))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        # The new owner keeps businesses, goods and even a Nightclub.
        s.set_hood(code, owner=self.seat_)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.hood(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "seize:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        h = s.hoods[code]
        # what the seizer's Muscle must still make up: none once its pieces outnumber the defense
        left = max(0, s.defense(code, self.seat_))
        return f"Seize {s.content.tiles[h.tile].name} (defense {left})"


# ------------------------------------------------------------------ g) Upgrade
class Upgrade(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "upgrade"

    def prompt(self, s: ScarfaceState) -> str:
        return "Upgrade which gang stat?"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        return tuple(upgradable_stats(s, seat, s.muscle(seat), s.influence(seat)))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        seat = self.seat_
        p = s.players[seat]
        gang = s.content.gangs[p.gang]
        up = s.content.upgrade_table[p.gang][code][p.stats[code] - 1]
        # WIP "Upgrade your gang": 2. pay; 3. take the cube ahead of the Boss and the vacated box's
        # bonus; 4. put the cube on the stat (its vehicle or Nightclub comes with it), Crime Rate up;
        # 5. the Boss advances. The bonus money is in hand before the vehicle's bribe is due.
        s.pay(seat, upgrade_cost(s, seat, up))
        box = gang.boss_track[p.boss_box]  # the cube ahead of the Boss
        s.gain(seat, box.money)
        p.stats = p.stats[:code] + (p.stats[code] + 1,) + p.stats[code + 1 :]
        p.upgrades_made += 1
        s.change_crime(seat, up.crime)
        p.boss_box += 1  # the Boss advances into the vacated box
        if code == VEHICLES:
            PlaceVehicle.push(s, seat)
        elif code == NIGHTCLUBS:
            OpenNightclub.push(s, seat)
        if box.right_hand and p.right_hands:  # pushed last: chosen first (step 3), then the vehicle
            s.stack.append(ChooseRightHand(seat))

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.stat(code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "upgrade:" + STATS[code]

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        p = s.players[self.seat_]
        up = s.content.upgrade_table[p.gang][code][p.stats[code] - 1]
        return (
            f"Upgrade {STATS[code].replace('_', ' ')} to level {p.stats[code] + 1} "
            f"(${upgrade_cost(s, self.seat_, up)}, Crime Rate +{up.crime})"
        )


class ChooseRightHand(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "right_hand"

    def prompt(self, s: ScarfaceState) -> str:
        return "Choose a Right-hand to join your gang"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        return tuple(dict.fromkeys(s.players[self.seat_].right_hands))

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        rh = list(p.right_hands)
        rh.remove(code)
        p.right_hands = tuple(rh)
        gain_card(s, self.seat_, code, 2)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.card(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "right_hand:" + s.content.cards[code].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        c = s.content.cards[code]
        return f"{c.name} ({c.muscle} Muscle, {c.influence} Influence)"


class PlaceVehicle(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "place_vehicle"

    @staticmethod
    def push(s, seat):
        step = PlaceVehicle(seat)
        if step.options(s):
            s.stack.append(step)

    def prompt(self, s: ScarfaceState) -> str:
        return "Place a car or a truck in a district where you are present"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        seat = self.seat_
        p = s.players[seat]
        kinds = [k for k, left in (("car", 3 - sum(p.cars)), ("truck", 2 - sum(p.trucks))) if left > 0]
        return tuple((k, d) for d in s.present_districts(seat) if p.money >= s.bribe(seat, d) for k in kinds)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        kind, d = code
        p = s.players[self.seat_]
        s.pay(self.seat_, s.bribe(self.seat_, d))
        if kind == "car":
            p.cars = p.cars[:d] + (p.cars[d] + 1,) + p.cars[d + 1 :]
        else:
            p.trucks = p.trucks[:d] + (p.trucks[d] + 1,) + p.trucks[d + 1 :]

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.district(s, code[1]),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return f"place:{code[0]}:{s.content.district_ids[code[1]]}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Place a {code[0]} in {s.content.district_names[code[1]]}"


class OpenNightclub(SeatStep[ScarfaceState]):
    __slots__ = ()
    kind = "nightclub"

    @staticmethod
    def push(s, seat):
        step = OpenNightclub(seat)
        if step.options(s):
            s.stack.append(step)

    def prompt(self, s: ScarfaceState) -> str:
        return "Flip a Neighborhood you control to its Nightclub side"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        if not s.businesses_left("nightclub"):
            return ()
        return tuple(i for i, h in enumerate(s.hoods) if h.owner == self.seat_ and not h.night)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        s.set_hood(code, night=True, nightclub=1)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return (refs.hood(s, code),)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        return "nightclub:" + s.content.tiles[s.hoods[code].tile].id

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        return f"Open a Nightclub in {s.content.tiles[s.hoods[code].tile].name}"


# ------------------------------------------------------------------ h) Remove thugs
class RemoveThugs(SeatStep[ScarfaceState]):
    """Forced: remove 1 thug per Plan card, from any area, back to the box."""

    __slots__ = ("left",)
    kind = "remove_thugs"

    def __init__(self, seat, left):
        self.seat_, self.left = seat, left

    def prompt(self, s: ScarfaceState) -> str:
        return f"Remove a thug from the game ({self.left} to remove)"

    def options(self, s: ScarfaceState) -> tuple[Any, ...]:
        p = s.players[self.seat_]
        out: list[Any] = [a for a in ("recruits", "safehouses", "hq", "prison", "underworld", "authorities") if getattr(p, a)]
        out.extend(("district", d) for d in range(7) if p.thugs[d])
        out.extend(("deal", i) for i, d in enumerate(p.deals) if d.thugs)
        if p.job_thugs:
            out.append("jobs")
        return tuple(out)

    @staticmethod
    def push(s, seat, left):
        step = RemoveThugs(seat, left)
        if left > 0 and step.options(s):
            s.stack.append(step)

    def choose(self, s: ScarfaceState, code: Any) -> None:
        p = s.players[self.seat_]
        if isinstance(code, str):
            attr = "job_thugs" if code == "jobs" else code
            setattr(p, attr, getattr(p, attr) - 1)
        elif code[0] == "district":
            p.thugs = replace_at(p.thugs, code[1], p.thugs[code[1]] - 1)
        else:
            deal = p.deals[code[1]]
            p.deals = replace_at(p.deals, code[1], deal_plus(deal, thugs=-1))
        p.removed += 1
        RemoveThugs.push(s, self.seat_, self.left - 1)

    def option_refs(self, s: ScarfaceState, code: Any) -> tuple[str, ...]:
        return refs.thug_source(s, self.seat_, code)

    def option_said(self, s: ScarfaceState, code: Any) -> str:
        return words.said(self.kind, self.option_label(s, code))

    def option_id(self, s: ScarfaceState, code: Any) -> str:
        if isinstance(code, str):
            return "remove:" + code
        if code[0] == "district":
            return "remove:" + s.content.district_ids[code[1]]
        return f"remove:deal{code[1] + 1}"

    def option_label(self, s: ScarfaceState, code: Any) -> str:
        if isinstance(code, str):
            return f"Remove a thug from your {code.replace('hq', 'Headquarters')}"
        if code[0] == "district":
            return f"Remove a thug from {s.content.district_names[code[1]]}"
        return f"Remove a thug from Deal {code[1] + 1}"
