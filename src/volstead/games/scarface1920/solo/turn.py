"""The Enforcer's turn as automatic steps (rulebook: Solo mode — The Enforcer's turn,
Types of actions, Void actions, Reorganizing), and the automatic answers he gives to
decisions other rules put to his seat (`decide`)."""

from __future__ import annotations

from volstead.engine.step import Step

from ..rules.goods import ALCOHOL, GUNS, take_from
from ..rules.modifiers import MOD_RECRUITMENT
from ..rules.outcome import tell_outcome
from ..rules.raid_check import CheckRaidLazy as CheckRaid
from ..rules.reorganize import ReorganizeIncome
from ..rules.sales import finish_sale
from . import enforcer as E
from .actions import ACTIONS, recruit_steps
from .enforcer import ENFORCER, HUMAN
from .state import SoloState
from .ties import ChooseForEnforcer, ask_human, pick_or_ask, tie_action  # noqa: F401  (ChooseForEnforcer re-exported)


def start_enforcer_turn(s: SoloState) -> None:
    """Called by StartTurn for his seat (after his Family Ring income; EndTurn is already pushed)."""
    if not s.enf_deck:
        s.stack.extend([EnforcerReorganizeFinish(), EnforcerRecruit(), EnforcerIncome(), EnforcerReorganizeSell()])
        s.tell("The Enforcer Reorganizes.")
        return
    row = E.boss_row(s)
    k = min(row.plan, len(s.enf_deck))
    s.enf_plan, s.enf_deck = s.enf_deck[:k], s.enf_deck[k:]
    moves = sum(s.solo.cards[c].move for c in s.enf_plan)
    s.enf_district = E.next_district(s, s.enf_district, moves)
    s.enf_cubes = ()
    if s.story is not None:
        cards = ", ".join(s.solo.cards[c].name for c in s.enf_plan)
        district = s.content.district_names[s.enf_district]
        s.tell(f"The Enforcer's turn: he lays out {cards}; his token moves {moves} to {district}.")
    s.stack.append(EnforcerEndPlan())
    s.stack.append(EnforcerAct(0, 0, row.actions))


def next_action(s: SoloState, line: int, pos: int):
    """The next doable action from (line, pos): along the line to the right, then the next
    line from the leftmost card. Returns (line, pos, total power) or None."""
    lines = s.solo.lines
    plan = s.enf_plan
    while line < 4:
        while pos < len(plan):
            ln = lines[plan[pos]][line]
            power = 0 if ln.free else E.total_power(s, ln.bonus)
            if ACTIONS[ln.action].doable(s, power, **ln.args):
                return line, pos, power
            pos += 1
        line, pos = line + 1, 0
    return None


class EnforcerAct(Step[SoloState]):
    """Take the next doable action, put a cube on it, and go on while cubes are left."""

    __slots__ = ("line", "pos", "cubes")
    auto = True
    kind = "enforcer_act"

    def __init__(self, line, pos, cubes):
        self.line, self.pos, self.cubes = line, pos, cubes

    def run(self, s: SoloState) -> None:
        if self.cubes <= 0:
            return
        found = next_action(s, self.line, self.pos)
        if found is None:
            return
        line, pos, power = found
        ln = s.solo.lines[s.enf_plan[pos]][line]
        s.enf_cubes = s.enf_cubes + ((line, pos),)
        s.stack.append(EnforcerAct(line, pos + 1, self.cubes - 1))
        s.stack.append(CheckRaid())
        if s.story is not None:  # what he did, told once the action (and any tie you break) is done
            name = s.solo.cards[s.enf_plan[pos]].name
            tell_outcome(s, ENFORCER, f"The Enforcer ({name}, Power {power}), “{ln.text.rstrip('.')}”")
        ACTIONS[ln.action].run(s, power, **ln.args)


class EnforcerEndPlan(Step[SoloState]):
    __slots__ = ()
    auto = True
    kind = "enforcer_end"

    def run(self, s: SoloState) -> None:
        s.enf_discard = s.enf_discard + s.enf_plan
        s.enf_last_plan, s.enf_last_cubes = s.enf_plan, s.enf_cubes
        s.enf_plan = ()
        s.enf_cubes = ()


# ------------------------------------------------------------------ sales
def enforcer_sale(s: SoloState, i: int) -> None:
    """One sale in Neighborhood i: the truck bonus, goods of the Neighborhood before Deals,
    the price, then graft."""
    a, g = E.sale_cost(s, i)
    for good, n in ((ALCOHOL, a), (GUNS, g)):
        for _ in range(n):
            src = E.spend_source(s, good, i)
            assert src is not None, "a sale costs only goods he has"
            take_from(s, ENFORCER, src, good)
    finish_sale(s, ENFORCER, i)


class EnforcerSales(Step[SoloState]):
    """Up to `left` sales, most profitable first (rule 6); a tie no rule breaks is yours to choose."""

    __slots__ = ("left", "sold")
    auto = True
    kind = "enforcer_sales"

    def __init__(self, left, sold):
        self.left, self.sold = left, sold

    def run(self, s: SoloState) -> None:
        if self.left <= 0:
            return
        cands = [i for i in s.owned_hoods(ENFORCER) if i not in self.sold and E.can_sell(s, i)]
        pick_or_ask(s, cands, lambda i: E.sale_key(s, i), "sell", (self.left, self.sold))


@tie_action("sell", "you choose where he sells")
def _sell_chosen(s, i, left, sold):
    s.stack.append(EnforcerSales(left - 1, sold | {i}))
    enforcer_sale(s, i)


# ------------------------------------------------------------------ Reorganizing
class EnforcerReorganizeSell(Step[SoloState]):
    __slots__ = ()
    auto = True
    kind = "enforcer_reorganize_sell"

    def run(self, s: SoloState) -> None:
        s.stack.append(EnforcerSales(7, frozenset()))


class EnforcerIncome(Step[SoloState]):
    """Businesses and retrieving thugs as usual, and he steals (his Jobs × News cards) from you."""

    __slots__ = ()
    auto = True
    kind = "enforcer_income"

    def run(self, s: SoloState) -> None:
        ReorganizeIncome(ENFORCER).run(s)
        steal = reorganize_steal(s)
        s.transfer(HUMAN, ENFORCER, steal)
        if steal and s.story is not None:
            s.tell(f"The Enforcer takes ${steal} from you ({len(s.enf_jobs)} Jobs × {s.news_revealed} News).")


def reorganize_steal(s) -> int:
    """(# the Enforcer's Jobs) × (# News cards in the active News space)."""
    return len(s.enf_jobs) * s.news_revealed


class EnforcerRecruit(Step[SoloState]):
    __slots__ = ()
    auto = True
    kind = "enforcer_recruit"

    def run(self, s: SoloState) -> None:
        from ..state import RECRUITMENT

        recruit_steps(s, max(0, E.solo_stat(s, RECRUITMENT) + s.mod(ENFORCER, MOD_RECRUITMENT)))


class EnforcerReorganizeFinish(Step[SoloState]):
    __slots__ = ()
    auto = True
    kind = "enforcer_reorganize_finish"

    def run(self, s: SoloState) -> None:
        s.enf_deck = s.shuffle(s.enf_discard)
        s.enf_discard = ()
        s.reorganizations += 1
        spaces = s.content.time_spaces[s.seats]
        s.time = min(spaces, s.time + 1)
        if s.time >= spaces:
            from ..rules.raid import EndOfRound

            s.stack.append(EndOfRound())


# ------------------------------------------------------------------ his answers to other rules' decisions
def decide(s: SoloState, step, codes) -> None:
    """Resolve a decision put to the Enforcer's seat by his priority rules (the step is popped).
    Each case cites its rule in docs/scarface1920-solo.md; a decision no rule of his answers
    goes to the human seat (`ask_human`)."""
    kind = step.kind
    if kind == "store_goods":  # Goods storage
        E.store(s, step.alcohol, step.guns)
        return
    if kind == "pay_goods":  # Spending goods when selling / Other goods expenditures
        _pay(s, step)
        return
    if kind == "extra_goods":  # Supplies from the Deals
        a, _ = E.collect_order(step.alcohol, step.guns, step.extra)
        E.store(s, a, step.alcohol + step.guns + step.extra - a)
        return
    if kind == "to_prison":  # Thug management: the Put in Prison chart
        area = E.chart_pick(s, E.PRISON_CHART, _prison_allowed(step))
        code = None
        if area is not None:
            code = area[1] if area[0] == "district" else area[0]
        if code in codes:
            step.choose(s, code)
        else:
            ask_human(s, step, codes)
        return
    if kind == "lose_upgrade":  # Removing gang upgrades
        k = E.downgrade_pick(s, codes)
        if k is None:
            ask_human(s, step, codes)
        else:
            step.choose(s, k)
        return
    if kind == "recruit":  # rule 2: Safehouses before Recruits
        step.choose(s, "promote" if "promote" in codes else "recruit")
        return
    if kind == "sell":  # an effect made him sell: his Make sales rule, trucks = all his vehicles
        s.stack.append(EnforcerSales(step.left, step.sold))
        return
    if kind == "place_vehicle":
        from .actions import place_vehicle

        place_vehicle(s)
        return
    if kind == "nightclub":
        from .actions import open_nightclub

        open_nightclub(s)
        return
    # No rule of his covers it (e.g. which business marker a Raid removes): you choose for him.
    ask_human(s, step, codes)


def _prison_allowed(step):
    out = set()
    for src in step.sources:
        out.add({"districts": "districts", "hq": "hq", "authorities": "authorities"}.get(src, src))
    return out


def _pay(s, step):
    """Spending goods: for a sale (a Neighborhood named) its goods before Deals; otherwise the
    other-expenditures order (surplus, least profitable Neighborhood upwards, Deals)."""
    a, g, e = step.alcohol, step.guns, step.either
    oh = step.only_hood
    for good, n in ((ALCOHOL, a), (GUNS, g)):
        for _ in range(n):
            src = E.spend_source(s, good, oh if oh >= 0 else None)
            if src is None or (oh == -2 and src[0] != "deal"):
                break
            take_from(s, ENFORCER, src, good)
    if e:
        if oh == -2:  # Deals only
            p = s.players[ENFORCER]
            for _ in range(e):
                k = next((k for k, d in enumerate(p.deals) if d.alcohol or d.guns), None)
                if k is None:
                    break
                take_from(s, ENFORCER, ("deal", k), GUNS if p.deals[k].guns else ALCOHOL)
        else:
            E.spend_goods(s, e)
