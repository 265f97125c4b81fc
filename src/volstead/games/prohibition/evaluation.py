"""A static evaluation of a Prohibition position for each gang, in Prestige Points (PP).

Used by the game-agnostic bots (`greedy` cut-offs, `ismcts` leaves) through
`GAME.evaluate(state, seat)`. It is the Prestige the gang would score if the game ended now,
plus what it has built toward more, with the costs it has run up. Time is counted in what is
left of the game: `years` = Operations/Production years after this one (1926 − year);
`pending` = this year's Production is still to come (set-up, Operations, Action Phase);
`share` = the Action Phases left, as a share of the 6 (this year's counts by the Gangsters
still to place), so what only pays through future actions fades to nothing at the end.

1. **Prestige now** (the scoring table without Infamy): Neighborhoods 5/10/20, 1 PP per 5 Gs,
   1 per Booze, 3 per building and per Headline, −1 per month, completed Schemes.
2. **This year's Production**, while `pending`: the Extortion taken (Blocks × rate, to the
   nearest 5 Gs, as Production pays it) and the output of every stocked building
   (Booze 1 PP, 5 Gs 1 PP, a Ward Machine's Payoff ½ PP; a Settlement House's −3 Heat
   counts in the Heat term).
3. **Buildings' later years**: each building yields `YIELD[kind]` PP a year for `years`
   more years (output minus the Stock it needs, a mat's `booze_output` counted; a
   building that does not pay for its Stock yields 0), × `STOCK_RATE` (not every year's Stock
   is affordable).
4. **Booze's warehouse fee** at the next Operations (the mat's table, 1 PP per 5 Gs; × 0.7
   before the Action Phase is over, when some Booze may still be sold first).
5. **Turf toward more**: `EXTORT` PP a Block for each Extortion still to come (the years left,
   and this year's if none taken yet); per Neighborhood the way to the next band —
   ¼ of 5 PP per Block beyond the first up to 4 (toward 5 Blocks), ¼ of 10 PP per Block from
   5 to 7 (toward 8) — × `GROW` × `share`.
6. **Units**: `UNIT` + `UNIT_LATER` × `share` PP per Goon and Guard on the map (the Goons of
   an Attack under way and Units picked up to move included), 0.8 of a Goon's worth for one in
   the Hospital while a Defend is still to come (Guards there are lost), `SUPPLY` per Goon in
   the supply. **Exposure**: each Block's worth at risk (1 PP of Turf, a building's 3 PP and
   its pending output, half the vault on an unrobbed HQ) × `RISK` × `share` × ½ per Unit
   on it — so a Unit on a Block with a building or the HQ counts more than one on bare
   Turf, and Defend your Turf has something to choose by.
7. **Schemes in hand**: Prestige × the chance to complete it — `MET` if the requirement is met
   now (below 1, so completing it is worth doing), else
   `min(1, 2 × share) × (0.05 + 0.6 × progress²)`, progress being the product over the
   requirement's lines of how far each is (`measure / n`, capped at 1; an "at most" line
   met is 1) — plus `TACTIC` for its Tactic side while it is not met (a met Scheme is
   completed, not played).
8. **Heat**: the Fed cards owed or being dealt with, each at the cost of a card at the gang's
   Threshold now; and the badges still to come: Heat is projected to the end (every
   building's Heat for each Operations left, `ACTIVITY` a year for the Attacks and
   Extortions still to come, minus the Settlement Houses' cooling) and each badge above the
   gang's highest Heat (the marks from 70 too) counts the cost of a card at its Threshold,
   ramped over ±`RAMP` degrees around the projection. A card's cost at a Threshold is the
   mean over the 8 Fed cards of the cheapest of its Bribe (1 PP per 5 Gs, the mat's discount
   taken off), its months and its Consequence at a rough price (a building 4 PP, a Stock
   1.5, a Goon 1, 5 Gs 1, a Booze 1, a Headline 3).
9. **Infamy** (each gang's own card): its Prestige × the chance the gang meets it (as for a
   Scheme, `MET` if met now) × the chance no rival does (1 − the same chance computed on each
   rival's board). Rivals' cards are only ever the determinization's guess.
10. **Gangsters** still to place this year: `GANGSTER` PP each (so a gang that has acted is not
    ahead of one that has not yet).

Once the game is over it is the final score. The evaluation reads the state it is given;
bots only ever give it a determinization of their seat's view, so rivals' Schemes in hand and
Infamy cards are the determinization's guess, never the real ones.
"""

from __future__ import annotations

import bisect
import functools
import math
from typing import Any, Final

from .content.models import LOSSES
from .rules.attack import AttackGoons, AttackTarget, targets
from .rules.conflict import CallForHelp, FightOrRetreat, HelpUnits, Hits, PressOn, Spoils, hits
from .rules.feds import BUILDINGS as LOSE_BUILDINGS
from .rules.feds import LoseOne
from .rules.schemes import (
    AT_MOST,
    BLOCKS,
    BLOCKS_IN_ONE,
    BUILDING,
    BUILDING_TYPES,
    BUILDINGS,
    CONFLICTS_WON,
    FULL_BLOCKS,
    FULL_NEIGHBORHOODS,
    GOONS_ON_MAP,
    HEADLINES,
    HEAT_AT_LEAST,
    HEAT_AT_MOST,
    JAILTIME_AT_MOST,
    NEIGHBORHOODS,
    ROBBERIES,
    SEIZES,
    STEALS,
    TORCHES,
)
from .rules.schemes import BOOZE as BOOZE_
from .rules.schemes import GS as GS_
from .rules.schemes import STOCKED as STOCKED_
from .state import BREWERY, CHARM, LAST_YEAR, SETTLEMENT, STILL, ProhibitionState, round5

YEARS: Final = 6
BOOZE: Final = 1.0  # PP per Booze (it scores 1)
GS: Final = 0.2  # PP per G (5 Gs score 1)
STOCK_RATE: Final = 0.8  # share of later years a building is stocked
PAYOFF: Final = 0.5  # a Ward Machine's Payoff
EXTORT: Final = 0.4  # PP a Block per Extortion still to come
GROW: Final = 0.4  # share of the next Neighborhood band counted per step toward it (× share)
# PP per Unit on the map: now, and × share
UNIT: Final = 0.3
UNIT_LATER: Final = 0.6
SUPPLY: Final = 0.15  # a Goon in the supply (3 come out a year)
RISK: Final = 0.3  # share of a Block's worth at risk while undefended (× share)
MET: Final = 0.8  # a Scheme or Infamy met now
TACTIC: Final = 0.4  # a Scheme's Tactic side
ACTIVITY: Final = 2.0  # Heat a year from Attacks and Extortion
RAMP: Final = 6.0  # degrees over which a badge's card is phased in
GANGSTER: Final = 2.0  # PP per Gangster still to place this year
FEE_SOON: Final = 0.7  # share of the warehouse fee counted during the Action Phase and Production
LOSS_PP: Final = (4.0, 1.5, 1.0, GS, BOOZE, 3.0)  # a Consequence's parts (LOSSES order), in PP

assert LOSE_BUILDINGS == LOSSES.index("buildings") == 0  # rules/feds.py codes follow LOSSES, as LOSS_PP does

_tables: dict[int, tuple[Any, dict[str, Any]]] = {}


def tables(c) -> dict[str, Any]:
    """Per content: building yields and this year's output (per mat and kind), card costs per
    Threshold and mat, the badges from 70, the Neighborhood bands, the requirements as `lines`."""
    hit = _tables.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    kinds = range(len(c.b_heat))
    yields, outputs = [], []
    for mat in range(len(c.mats)):
        bonus = c.mat_bonus[mat].get("booze_output", 0)
        row, made = [], []
        for k in kinds:
            booze = c.b_booze[k] + (bonus if k in (STILL, BREWERY) and c.b_booze[k] else 0)
            out = booze * BOOZE + c.b_gs[k] * GS + c.b_payoff[k] * PAYOFF  # cooling: in the Heat term
            made.append(out)
            row.append(max(0.0, out - c.b_stock_gs[k] * GS - c.b_stock_booze[k] * BOOZE))
        yields.append(tuple(row))
        outputs.append(tuple(made))
    costs = []
    for mat in range(len(c.mats)):
        discount = c.mat_bonus[mat].get("bribe_discount", 0)
        per_level = []
        for level in range(len(c.thresholds)):
            total = 0.0
            for rows in c.fed_rows:
                r = rows[level]
                face = sum(LOSS_PP[what] * n for what, n in r.lose)
                total += min(max(0, r.bribe - discount) * GS, float(r.months), face)
            per_level.append(total / len(c.fed_rows))
        costs.append(tuple(per_level))
    heat = c.board.heat
    marks = list(c.badges)
    for x in range(heat.extra_from, heat.extra_from + 60, heat.extra_every):
        marks += [x] * heat.extra_cards
    levels = tuple(level_of(c.thresholds, x) for x in marks)
    out = {
        "yield": tuple(yields),
        "output": tuple(outputs),
        "card": tuple(costs),
        "marks": tuple(marks),
        "mark_levels": levels,
        "marks_sorted": marks == sorted(marks),
        "rate": tuple(e.per_block for e in c.extortion),
        "band": tuple(band(m) for m in range(9)),
        "halves": tuple(0.5**u for u in range(64)),
        "scheme_lines": tuple(lines(r) for r in c.scheme_reqs),
        "infamy_lines": tuple(lines(r) for r in c.infamy_reqs),
    }
    _tables[id(c)] = (c, out)
    return out


def level_of(thresholds, heat: int) -> int:
    level = 0
    for i, start in enumerate(thresholds):
        if heat >= start:
            level = i
    return level


class _Scan:
    """One pass over the map, per gang: Blocks per Neighborhood, buildings, Units, exposure (term 6),
    this year's output, the buildings' Heat and cooling, and the counts the requirements read."""

    __slots__ = (
        "per",
        "blocks",
        "units",
        "exposure",
        "pending_out",
        "build_heat",
        "cool_now",
        "cool_later",
        "later_yield",
        "nbuild",
        "goons",
        "full",
        "nstocked",
        "kinds",
    )

    def __init__(self, s: ProhibitionState, t: dict[str, Any], pending: bool, years: int):
        c = s.content
        hoods = len(c.nbhd_ids)
        limit = c.board.limits.units_per_block
        halves = t["halves"]
        goons, guards, tile, stocked = s.goons, s.guards, s.tile, s.stocked
        cool = c.b_cool[SETTLEMENT] * STOCK_RATE * years  # a Settlement House's cooling in the later years
        self.per, self.kinds = [], []
        self.blocks, self.units, self.exposure, self.pending_out, self.build_heat = [], [], [], [], []
        self.cool_now, self.cool_later, self.later_yield, self.nbuild, self.goons = [], [], [], [], []
        self.full, self.nstocked = [], []
        for g, turf in zip(s.gangs, s.turfs()):  # ascending: every sum in the order of a pass over the map
            per, kinds = [0] * hoods, [0] * 6
            units = goons_on = full = nbuild = build_heat = cool_now = nstocked = 0
            exposure = pending_out = cool_later = later_yield = 0.0
            yields, outputs, mat_heat = t["yield"][g.mat], t["output"][g.mat], c.mat_heat[g.mat]
            hq = g.hq if not g.robbed else -1
            for b in turf:
                per[b >> 3] += 1
                gn = goons[b]
                u = gn + guards[b]
                units += u
                goons_on += gn
                if u >= limit:
                    full += 1
                worth = 1.0
                tl = tile[b]
                if tl >= 0:
                    k = tl // 7
                    nbuild += 1
                    kinds[k] += 1
                    build_heat += mat_heat[k]
                    later_yield += yields[k]
                    if k == SETTLEMENT:
                        cool_later += cool
                    worth += 3.0
                    if stocked >> b & 1:
                        nstocked += 1
                        if pending:
                            out = outputs[k]
                            pending_out += out
                            cool_now += c.b_cool[k]
                            worth += out
                elif b == hq:  # an unrobbed HQ: half the vault
                    worth += g.gs * GS / 2
                exposure += worth * halves[u]
            self.per.append(per)
            self.kinds.append(kinds)
            self.blocks.append(len(turf))
            self.units.append(units)
            self.exposure.append(exposure)
            self.pending_out.append(pending_out)
            self.build_heat.append(build_heat)
            self.cool_now.append(cool_now)
            self.cool_later.append(cool_later)
            self.later_yield.append(later_yield)
            self.nbuild.append(nbuild)
            self.goons.append(goons_on)
            self.full.append(full)
            self.nstocked.append(nstocked)

    def rows(self, s: ProhibitionState) -> list[list[int]]:
        """Every gang's value of every requirement line (REQUIREMENTS order, BUILDING left 0), then
        its buildings per kind at 21 + kind."""
        out = []
        for k, g in enumerate(s.gangs):
            m = [0] * 21
            per = self.per[k]
            m[BLOCKS] = self.blocks[k]
            m[NEIGHBORHOODS] = len(per) - per.count(0)
            m[BLOCKS_IN_ONE] = max(per)
            m[FULL_NEIGHBORHOODS] = per.count(8)
            m[BUILDINGS] = self.nbuild[k]
            m[BUILDING_TYPES] = len(self.kinds[k]) - self.kinds[k].count(0)
            m[STOCKED_] = self.nstocked[k]
            m[GS_], m[BOOZE_], m[HEADLINES] = g.gs, g.booze, g.headlines
            m[GOONS_ON_MAP] = self.goons[k]
            m[FULL_BLOCKS] = self.full[k]
            m[HEAT_AT_LEAST] = m[HEAT_AT_MOST] = g.heat
            m[JAILTIME_AT_MOST] = g.jail
            m[STEALS], m[TORCHES], m[SEIZES], m[ROBBERIES], m[CONFLICTS_WON] = (
                g.steals,
                g.torches,
                g.seizes,
                g.robberies,
                g.conflicts_won,
            )
            out.append(m + self.kinds[k])
        return out


def measures(s: ProhibitionState) -> list[list]:
    """Every gang's value of every requirement line (rules/schemes.py `measure`, REQUIREMENTS order;
    BUILDING is left 0: the per-kind counts are `kinds`, at index 21), from one pass over the map."""
    return [[*m[:21], m[21:]] for m in _Scan(s, tables(s.content), False, 0).rows(s)]


def lines(reqs) -> tuple[tuple[int, int, bool], ...]:
    """A requirement as (index in a `_Scan.rows` row, n, an "at most" line) per line."""
    return tuple((21 + of if what == BUILDING else what, n, what in AT_MOST) for what, n, of in reqs)


def progress(m: list[int], req_lines) -> float:
    """How far a gang (its `_Scan.rows` row) is toward a requirement (its `lines`): 1 when met, else
    the product of its lines' shares (an "at most" line over its limit: 1 − a tenth per point over)."""
    p = 1.0
    for i, n, at_most in req_lines:
        v = m[i]
        if at_most:
            if v > n:
                p *= max(0.0, 1.0 - (v - n) / 10.0)
        elif v < n:
            p *= v / n
    return p


def chance(p: float, soon: float) -> float:
    """The chance a requirement at progress `p` is met at the end (met now: MET)."""
    return MET if p >= 1.0 else soon * (0.05 + 0.6 * p * p)


def warehouse_fee(c, mat: int, booze: int) -> int:
    if booze <= 0:
        return 0
    fee = 0
    for upto, f in c.mat_fees[mat]:
        fee = f
        if booze <= upto:
            break
    return fee


def band(m: int) -> tuple[int, float]:
    """A Neighborhood with m of the gang's Blocks: its PP now, and its way toward the next band."""
    if m == 8:
        return 20, 0.0
    if m >= 5:
        return 10, 10 * (m - 4) / 4
    if m:
        return 5, 5 * (m - 1) / 4
    return 0, 0.0


def attack_potential(s: ProhibitionState, seat: int, per: list[int], share: float, ext_left: int) -> float:
    """While the gang is choosing an Attack's Goons or target (AttackGoons, AttackTarget on top): the
    best gain in sight — a Block claimed (unclaimed: at once; undefended rival Turf: at the chance
    that one of its dice shows 4+, with the building on it) worth its Neighborhood band, its way
    toward the next and its Extortions to come; an undefended unrobbed HQ: its robbery (half the
    vault, a Headline) at that chance. A Conflict is not foreseen (0)."""
    top = s.stack[-1]
    assert isinstance(top, (AttackGoons, AttackTarget))
    n = top.n if isinstance(top, AttackTarget) else s.goons[top.source]
    hit = 1.0 - 0.5 ** (n + s.bonus(seat, "expansion_dice"))
    best = 0.0
    for b in targets(s, seat):
        o = s.owner[b]
        if o >= 0 and s.units(b):
            continue
        if o >= 0 and s.gangs[o].hq == b:
            gain = hit * (s.gangs[o].gs // 10 * 5 * GS + 3)
        else:
            m = per[b >> 3]
            now, way = band(m)
            after, way_after = band(m + 1)
            gain = after - now + GROW * share * (way_after - way) + EXTORT * ext_left
            if o >= 0:
                gain = hit * (gain + (3 if s.tile[b] >= 0 else 0))
        best = max(best, gain)
    return best


@functools.cache
def conflict_odds(att: int, dfd: int) -> tuple[float, float, float]:
    """(P the attacker wins, expected Goons it loses, expected Units the defender loses) of a
    Conflict fought to the end (the defender always fights, the attacker always continues), each
    die hitting on 4+ (half the time), both sides' hits at once; no pips or Tactics."""
    if att <= 0:
        return 0.0, 0.0, 0.0
    if dfd <= 0:
        return 1.0, 0.0, 0.0
    stay = 0.5 ** (att + dfd)  # nobody hits: the same round again
    win = lost_a = lost_d = 0.0
    for ha in range(att + 1):  # the attacker's hits
        pa = math.comb(att, ha) * 0.5**att
        for hd in range(dfd + 1):  # the defender's hits
            if ha == 0 and hd == 0:
                continue
            pr = pa * math.comb(dfd, hd) * 0.5**dfd
            a2, d2 = max(0, att - hd), max(0, dfd - ha)
            w, la, ld = conflict_odds(a2, d2) if a2 and d2 else (1.0 if a2 else 0.0, 0.0, 0.0)
            win += pr * w
            lost_a += pr * (att - a2 + la)
            lost_d += pr * (dfd - d2 + ld)
    return win / (1 - stay), lost_a / (1 - stay), lost_d / (1 - stay)


def under_way(s: ProhibitionState, per: list[list[int]], share: float, years: int) -> dict[int, float]:
    """Outcomes already set in motion but not yet on the board, per gang: a Conflict (by
    `conflict_odds` from the Units there, this round's dice once rolled; a victorious attacker's
    spoils: a Headline and the better of the Stock or a Seize at 3 in 4 of the Block and its
    building, the defender losing half a Block and building; an HQ: half the vault), and the
    parts of a Fed card's Consequence still to be picked (LOSS_PP each)."""
    out: dict[int, float] = {}
    top = s.stack[-1]
    if type(top) is LoseOne:
        out[top.victim] = -(LOSS_PP[top.what] * top.n + sum(LOSS_PP[w] * n for w, n in top.rest))
        return out
    a = s.attack
    assert a is not None
    b, o = a.block, a.defender
    unit = UNIT + UNIT_LATER * share
    wiped = unit * (0.2 if years > 0 else 1.0)  # a Goon to the Hospital (back next Operations)
    att, dfd = a.goons, s.units(b)
    if type(top) is Spoils:
        win, la, ld = 1.0, 0.0, 0.0
    elif any(type(x) is Hits for x in s.stack[-6:]):  # this round's dice are rolled
        on_d = hits(a.att_dice, a.att_six, a.def_cancel)
        on_a = hits(a.def_dice, a.def_six, a.att_cancel)
        a2, d2 = max(0, att - on_a), max(0, dfd - on_d)
        w, la, ld = conflict_odds(a2, d2) if a2 and d2 else (1.0 if a2 else 0.0, 0.0, 0.0)
        win, la, ld = w, att - a2 + la, dfd - d2 + ld
    elif type(top) in (FightOrRetreat, CallForHelp, HelpUnits, PressOn):
        win, la, ld = conflict_odds(att, dfd)
    else:
        return out
    g_d = s.gangs[o]
    guards_lost = max(0.0, ld - s.goons[b])
    if a.hq:
        vault = 0 if g_d.robbed else g_d.gs // 10 * 5 * GS
        gain, loss = 3 + vault, vault
    else:
        m = per[a.attacker][b >> 3]
        building = 3.0 if s.tile[b] >= 0 else 0.0
        stock = 0.0
        if s.is_stocked(b):
            k = s.kind_at(b)
            stock = s.content.b_stock_gs[k] * GS + s.content.b_stock_booze[k] * BOOZE
        now, way = band(m)
        after, way_after = band(m + 1)
        block = after - now + GROW * share * (way_after - way)
        gain = 3 + max(stock, 0.75 * (block + building))
        loss = 0.5 * (1 + building) + stock
    out[a.attacker] = win * gain - la * wiped
    out[o] = -win * loss - (ld - guards_lost) * wiped - guards_lost * unit
    return out


TERMS: Final[tuple[str, ...]] = (  # numbered as in the module doc (6 is two)
    "prestige",
    "production",
    "buildings_later",
    "warehouse",
    "turf",
    "units",
    "exposure",
    "schemes",
    "heat",
    "infamy",
    "gangsters",
    "attack",
    "under_way",
)


def evaluate(s: ProhibitionState, seat: int | None = None) -> float | list[float]:
    """The gang's value in PP; with `seat=None`, the list of every gang's value (one pass)."""
    if s.final is not None:
        totals = [float(r["total"]) for r in s.final]
        return totals if seat is None else totals[seat]
    values = [sum(p) for p in _terms(s, range(s.seats) if seat is None else (seat,))]
    return values if seat is None else values[0]


def breakdown(s: ProhibitionState, seat: int) -> dict[str, float]:
    """The terms of `evaluate(s, seat)` by name (numbered as in the module doc)."""
    return dict(zip(TERMS, _terms(s, (seat,))[0]))


def _terms(s: ProhibitionState, seats) -> list[tuple[float, ...]]:
    """Per seat of `seats`, its terms in `TERMS` order (their sum is its value)."""
    c = s.content
    t = tables(c)
    n = s.seats
    year, phase = s.year, s.phase
    years = LAST_YEAR - year
    pending = phase in ("setup", "operations", "actions")
    if phase == "actions":
        total = sum(g.gangsters for g in s.gangs)
        this_year = sum(g.gangsters_left for g in s.gangs) / total if total else 0.0
    else:
        this_year = 1.0 if pending else 0.0
    share = (years + this_year) / YEARS
    soon = min(1.0, 2.0 * share)
    fee_share = 1.0 if phase == "operations" else FEE_SOON if years > 0 else 0.0
    unit = UNIT + UNIT_LATER * share
    risk = -RISK * share
    grow_share = GROW * share
    activity = ACTIVITY * share * YEARS
    ramp2 = 2 * RAMP

    scan = _Scan(s, t, pending, years)  # one pass over the map
    per, units = scan.per, scan.units
    gangs = s.gangs
    a = s.attack
    if a is not None:
        units[a.attacker] += a.goons

    bands = t["band"]
    marks, mark_levels = t["marks"], t["mark_levels"]
    top = s.stack[-1] if s.stack else None
    under = under_way(s, per, share, years) if (a is not None and a.conflict) or type(top) is LoseOne else None
    attacker = top.seat_ if isinstance(top, (AttackGoons, AttackTarget)) else -1
    rows: list[list[int]] | None = None
    infamy_lines = t["infamy_lines"]
    chances: dict[int, list[float]] = {}  # per Infamy card: each gang's chance to meet it

    out: list[tuple[float, ...]] = []
    for k in seats:
        g = gangs[k]
        mat = g.mat
        blocks = scan.blocks[k]
        # 1. Prestige now (no Infamy)
        hood_pp = 0.0
        grow = 0.0
        for m in per[k]:
            now, way = bands[m]
            hood_pp += now
            grow += way
        prestige = (
            hood_pp
            + g.gs * GS
            + g.booze * BOOZE
            + 3 * (scan.nbuild[k] + g.headlines)
            - g.jail
            + (sum(c.scheme_pp[x] for x in g.done) if g.done else 0)
        )
        # 2. this year's Production
        prod = 0.0
        if pending:
            prod = scan.pending_out[k]
            if g.extortion >= 0:
                rate = t["rate"][g.extortion - CHARM]
                if rate > 0:
                    prod += round5(blocks * (rate + s.bonus(k, "extortion_per_block"))) * GS
        # 3. buildings' later years
        buildings_later = scan.later_yield[k] * STOCK_RATE * years
        # 4. warehouse fee
        warehouse = -warehouse_fee(c, mat, g.booze) * GS * fee_share
        # 5. Turf toward more
        ext_left = years + (1 if pending and g.extortion < 0 else 0)
        turf = EXTORT * blocks * ext_left + grow_share * grow
        # 6. Units
        unit_pp = (
            unit * (units[k] + g.to_place + g.guards_to_place)
            + SUPPLY * g.goon_supply
            + (0.8 * unit * g.hosp_goons if years > 0 else 0.0)
        )
        exposure = risk * scan.exposure[k]
        # 7. Schemes in hand
        sch = 0.0
        if g.hand:
            if rows is None:
                rows = scan.rows(s)
            scheme_lines = t["scheme_lines"]
            for x in g.hand:
                p = progress(rows[k], scheme_lines[x])
                sch += c.scheme_pp[x] * chance(p, soon) + (0.0 if p >= 1.0 else TACTIC)
        # 8. Heat
        card = t["card"][mat]
        feds = len(g.fed_cards) + g.fed_owed
        heat = -feds * card[s.threshold(k)] if feds else 0.0
        projected = g.heat + scan.build_heat[k] * years + activity - scan.cool_later[k] - scan.cool_now[k]
        peak = g.peak
        if projected > peak - RAMP:
            for i in range(bisect.bisect_right(marks, peak) if t["marks_sorted"] else 0, len(marks)):
                x = marks[i]
                if x <= peak:
                    continue
                w = 0.5 + (projected - x) / ramp2
                if w <= 0:
                    break
                heat -= card[mark_levels[i]] * (w if w < 1.0 else 1.0)
        # 9. Infamy
        inf = 0.0
        if g.infamy >= 0:
            if rows is None:
                rows = scan.rows(s)
            on = chances.get(g.infamy)
            if on is None:
                req = infamy_lines[g.infamy]
                on = chances[g.infamy] = [chance(progress(m, req), soon) for m in rows]
            mine = on[k]
            if mine > 0:
                alone = 1.0
                for r in range(n):
                    if r != k:
                        alone *= 1.0 - on[r]
                inf = c.infamy_pp[g.infamy] * mine * alone
        # 10. Gangsters still to place
        gangsters = GANGSTER * g.gangsters_left if phase == "actions" else 0.0
        # 11. an Attack being ordered
        attack = attack_potential(s, k, per[k], share, ext_left) if attacker == k else 0.0
        # 12. outcomes under way: a Conflict, a Fed card's Consequence
        under_k = under.get(k, 0.0) if under else 0.0
        out.append(
            (prestige, prod, buildings_later, warehouse, turf, unit_pp, exposure, sch, heat, inf, gangsters, attack, under_k)
        )
    return out
