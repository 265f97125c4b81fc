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
4. **Booze's warehouse fees**, every Operations still to come (the mat's table, 1 PP per 5 Gs). The
   next one as the Warehouse step will take it: the Booze then in the warehouse (this year's
   Production added while it is to come, the Booze the gang's Speakeasies and Nightclubs are
   stocked with taken off) against the Gs then in the vault (this year's Production's Gs added) —
   Booze the gang cannot pay for is lost, 1 PP each, so a vault emptied by stocking, building or
   bribing can cost the whole warehouse. The later ones on the Booze the buildings go on making
   (× `STOCK_RATE`), each at its fee. × `FEE_SOON` but for the Warehouse step of this very
   Operations (some Booze may be sold first).
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

import math
from typing import Any, Final

from .content.models import LOSSES
from .odds import Conflict, conflict, expand_chance_with
from .rules.attack import AttackGoons, AttackTarget
from .rules.conflict import (
    SEIZE,
    STEAL,
    TORCH,
    WITHDRAW,
    CallForHelp,
    FightOrRetreat,
    HelpUnits,
    Hits,
    Pip,
    PressOn,
    Spoils,
    hits,
)
from .rules.feds import BUILDINGS as LOSE_BUILDINGS
from .rules.feds import LoseOne
from .rules.operations import Warehouse
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
from .state import BREWERY, CHARM, LAST_YEAR, SETTLEMENT, STILL, TILES, ProhibitionState, round5

YEARS: Final = 6
BOOZE: Final = 1.0  # PP per Booze (it scores 1)
GS: Final = 0.2  # PP per G (5 Gs score 1)
STOCK_RATE: Final = 0.65  # share of later years a building is stocked
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
FEE_SOON: Final = 0.7  # share of a warehouse fee counted but for the Warehouse step of this Operations
HARM: Final = 1.0  # a rival's loss, against a gain of the gang's own, × 1 / (gangs - 1): it is one rival's
LOSS_PP: Final = (4.0, 1.5, 1.0, GS, BOOZE, 3.0)  # a Consequence's parts (LOSSES order), in PP

assert LOSE_BUILDINGS == LOSSES.index("buildings") == 0  # rules/feds.py codes follow LOSSES, as LOSS_PP does

# `Appraiser._heat_at`'s values kept in a list per gang, for this many degrees added; NOT_YET marks one
# not computed (a Heat term is never positive: were one this value, it would only be computed again)
HEAT_ROW: Final = 16
NOT_YET: Final = 1e300

HALVES: Final = 64  # `Tables.halves`: 0.5 ** Units for this many

Lines = tuple[tuple[int, int, bool], ...]  # a requirement's lines (`lines`)


class Tables:
    """Per content (`tables`): building yields and this year's output (per mat and kind), a Fed
    card's cost per mat and Threshold, the badges and the marks from 70 (and each one's
    Threshold), the Extortion rates, the Neighborhood bands (PP now and the way toward the next,
    per count of Blocks), 0.5 ** Units, the requirements as `lines`. Typed attributes: the
    evaluation reads them at every call."""

    __slots__ = (
        "yields",
        "outputs",
        "card",
        "marks",
        "mark_levels",
        "marks_sorted",
        "rate",
        "band_now",
        "band_way",
        "halves",
        "scheme_lines",
        "infamy_lines",
        "expand_dice",
        "seize_dice",
        "extra_need",
        "seize_heat",
        "seize_gs",
        "attack_pip",
        "extortion_per_block",
        "fees",
        "booze_made",
        "booze_stock",
        "gs_made",
    )

    def __init__(
        self,
        yields: tuple[tuple[float, ...], ...],
        outputs: tuple[tuple[float, ...], ...],
        card: tuple[tuple[float, ...], ...],
        marks: tuple[int, ...],
        mark_levels: tuple[int, ...],
        rate: tuple[int, ...],
        scheme_lines: tuple[Lines, ...],
        infamy_lines: tuple[Lines, ...],
        mat_bonus: tuple[dict[str, int], ...],
        expand_dice: tuple[int, ...],
        seize_dice: tuple[int, ...],
        extra_need: tuple[int, ...],
        fees: tuple[tuple[tuple[int, int], ...], ...],
        booze_made: tuple[tuple[int, ...], ...],
        booze_stock: tuple[int, ...],
        gs_made: tuple[int, ...],
    ):
        self.yields = yields
        self.outputs = outputs
        self.card = card
        self.marks = marks
        self.mark_levels = mark_levels
        self.marks_sorted: bool = list(marks) == sorted(marks)
        self.rate = rate
        self.band_now: tuple[int, ...] = tuple(band(m)[0] for m in range(9))
        self.band_way: tuple[float, ...] = tuple(band(m)[1] for m in range(9))
        self.halves: tuple[float, ...] = tuple(0.5**u for u in range(HALVES))
        self.scheme_lines = scheme_lines
        self.infamy_lines = infamy_lines
        # per mat, the bonuses the Appraiser reads (`ProhibitionState.bonus`: a dict lookup by name each)
        self.expand_dice = expand_dice  # per mat: extra dice to Expand (and rob an HQ)
        self.seize_dice = seize_dice  # per mat: extra dice to Seize after a won Conflict
        self.extra_need = extra_need  # per mat: the least face on which its extra dice succeed
        self.seize_heat: tuple[int, ...] = tuple(b.get("seize_heat", 0) for b in mat_bonus)  # Heat for a Seize
        self.seize_gs: tuple[int, ...] = tuple(b.get("seize_gs", 0) for b in mat_bonus)  # Gs for a Seize
        self.attack_pip: tuple[int, ...] = tuple(b.get("attack_pip", 0) for b in mat_bonus)
        self.extortion_per_block: tuple[int, ...] = tuple(b.get("extortion_per_block", 0) for b in mat_bonus)
        self.fees = fees  # per mat: the warehouse's (most Booze, fee) rows
        self.booze_made = booze_made  # per mat and kind: a stocked building's Booze (the mat's bonus in)
        self.booze_stock = booze_stock  # per kind: the Booze its Stock takes
        self.gs_made = gs_made  # per kind: a stocked building's Gs


_tables: dict[int, tuple[Any, Tables]] = {}


def tables(c) -> Tables:
    """The content's `Tables`, made once."""
    hit = _tables.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    kinds = range(len(c.b_heat))
    yields, outputs, booze_made = [], [], []
    for mat in range(len(c.mats)):
        bonus = c.mat_bonus[mat].get("booze_output", 0)
        row, made, booze_row = [], [], []
        for k in kinds:
            booze = c.b_booze[k] + (bonus if k in (STILL, BREWERY) and c.b_booze[k] else 0)
            booze_row.append(booze)
            out = booze * BOOZE + c.b_gs[k] * GS + c.b_payoff[k] * PAYOFF  # cooling: in the Heat term
            made.append(float(out))
            row.append(max(0.0, out - c.b_stock_gs[k] * GS - c.b_stock_booze[k] * BOOZE))
        yields.append(tuple(row))
        outputs.append(tuple(made))
        booze_made.append(tuple(booze_row))
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
    out = Tables(
        tuple(yields),
        tuple(outputs),
        tuple(costs),
        tuple(marks),
        tuple(level_of(c.thresholds, x) for x in marks),
        tuple(e.per_block for e in c.extortion),
        tuple(lines(r) for r in c.scheme_reqs),
        tuple(lines(r) for r in c.infamy_reqs),
        c.mat_bonus,
        c.mat_expand_dice,
        c.mat_seize_dice,
        c.mat_extra_need,
        c.mat_fees,
        tuple(booze_made),
        tuple(c.b_stock_booze),
        tuple(c.b_gs),
    )
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
    this year's output (and its Booze and Gs, term 4), the Booze the buildings make and take a year,
    the buildings' Heat and cooling, and the counts the requirements read."""

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
        "pending_booze",
        "pending_gs",
        "booze_made",
        "booze_taken",
    )

    def __init__(self, s: ProhibitionState, t: Tables, pending: bool, years: int):
        c = s.content
        hoods = len(c.nbhd_ids)
        limit = c.units_per_block
        halves = t.halves
        goons, guards, tile, stocked = s.goons, s.guards, s.tile, s.stocked
        cool = c.b_cool[SETTLEMENT] * STOCK_RATE * years  # a Settlement House's cooling in the later years
        self.per: list[list[int]] = []
        self.kinds: list[list[int]] = []
        self.blocks: list[int] = []
        self.units: list[int] = []
        self.exposure: list[float] = []
        self.pending_out: list[float] = []
        self.build_heat: list[int] = []
        self.cool_now: list[float] = []
        self.cool_later: list[float] = []
        self.later_yield: list[float] = []
        self.nbuild: list[int] = []
        self.goons: list[int] = []
        self.full: list[int] = []
        self.nstocked: list[int] = []
        self.pending_booze: list[int] = []
        self.pending_gs: list[int] = []
        self.booze_made: list[int] = []
        self.booze_taken: list[int] = []
        booze_stock, gs_made = t.booze_stock, t.gs_made
        for g, turf in zip(s.gangs, s.turfs()):  # ascending: every sum in the order of a pass over the map
            per, kinds = [0] * hoods, [0] * 6
            units = goons_on = full = nbuild = build_heat = nstocked = 0
            pending_booze = pending_gs = booze_made = booze_taken = 0
            exposure = pending_out = cool_now = cool_later = later_yield = 0.0
            yields, outputs, mat_heat = t.yields[g.mat], t.outputs[g.mat], c.mat_heat[g.mat]
            made = t.booze_made[g.mat]
            hq = g.hq if not g.robbed else -1
            for b in turf:
                hood = b >> 3
                per[hood] = per[hood] + 1  # not `+=`: compiled, a list item's `+=` is a generic call
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
                    kinds[k] = kinds[k] + 1
                    build_heat += mat_heat[k]
                    later_yield += yields[k]
                    booze_made += made[k]
                    booze_taken += booze_stock[k]
                    if k == SETTLEMENT:
                        cool_later += cool
                    worth += 3.0
                    if stocked >> b & 1:
                        nstocked += 1
                        if pending:
                            out = outputs[k]
                            pending_out += out
                            pending_booze += made[k]
                            pending_gs += gs_made[k]
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
            self.pending_booze.append(pending_booze)
            self.pending_gs.append(pending_gs)
            self.booze_made.append(booze_made)
            self.booze_taken.append(booze_taken)

    def rows(self, s: ProhibitionState) -> list[list[int]]:
        """Every gang's value of every requirement line (REQUIREMENTS order, BUILDING left 0), then
        its buildings per kind at 21 + kind."""
        out: list[list[int]] = []
        for k, g in enumerate(s.gangs):
            hoods = most = full = 0
            for x in self.per[k]:  # loops, not count() and max(): generic calls compiled
                if x:
                    hoods += 1
                    if x > most:
                        most = x
                    if x == 8:
                        full += 1
            types = 0
            for x in self.kinds[k]:
                if x:
                    types += 1
            # one list display in REQUIREMENTS order (asserted below the class), not 21 item stores
            m = [
                self.blocks[k],  # BLOCKS
                hoods,  # NEIGHBORHOODS
                most,  # BLOCKS_IN_ONE
                full,  # FULL_NEIGHBORHOODS
                self.nbuild[k],  # BUILDINGS
                0,  # BUILDING (per kind: from 21)
                types,  # BUILDING_TYPES
                self.nstocked[k],  # STOCKED
                g.gs,  # GS
                g.booze,  # BOOZE
                g.headlines,  # HEADLINES
                self.goons[k],  # GOONS_ON_MAP
                self.full[k],  # FULL_BLOCKS
                g.heat,  # HEAT_AT_LEAST
                g.heat,  # HEAT_AT_MOST
                g.jail,  # JAILTIME_AT_MOST
                g.steals,  # STEALS
                g.torches,  # TORCHES
                g.seizes,  # SEIZES
                g.robberies,  # ROBBERIES
                g.conflicts_won,  # CONFLICTS_WON
            ]
            m.extend(self.kinds[k])  # not `m + kinds`: a second list
            out.append(m)
        return out


# `_Scan.rows` lists a gang's values in this order
assert (
    BLOCKS,
    NEIGHBORHOODS,
    BLOCKS_IN_ONE,
    FULL_NEIGHBORHOODS,
    BUILDINGS,
    BUILDING,
    BUILDING_TYPES,
    STOCKED_,
    GS_,
    BOOZE_,
    HEADLINES,
    GOONS_ON_MAP,
    FULL_BLOCKS,
    HEAT_AT_LEAST,
    HEAT_AT_MOST,
    JAILTIME_AT_MOST,
    STEALS,
    TORCHES,
    SEIZES,
    ROBBERIES,
    CONFLICTS_WON,
) == tuple(range(21))


def measures(s: ProhibitionState) -> list[list]:
    """Every gang's value of every requirement line (rules/schemes.py `measure`, REQUIREMENTS order;
    BUILDING is left 0: the per-kind counts are `kinds`, at index 21), from one pass over the map."""
    return [[*m[:21], m[21:]] for m in _Scan(s, tables(s.content), False, 0).rows(s)]


def lines(reqs) -> tuple[tuple[int, int, bool], ...]:
    """A requirement as (index in a `_Scan.rows` row, n, an "at most" line) per line."""
    return tuple((21 + of if what == BUILDING else what, n, what in AT_MOST) for what, n, of in reqs)


def progress(m: list[int], req_lines: Lines) -> float:
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


def fee_for(fees: tuple[tuple[int, int], ...], booze: float) -> int:
    """The warehouse fee (Gs) for `booze` Booze, by a mat's (most Booze, fee) rows."""
    if booze <= 0:
        return 0
    for upto, fee in fees:
        if booze <= upto:
            return fee
    return fees[-1][1]


def warehouse_kept(fees: tuple[tuple[int, int], ...], booze: float, gs: float) -> float:
    """The Booze the Warehouse step leaves a gang with `booze` Booze and `gs` Gs: all of it, or the
    most whose fee the vault pays (rules/operations.py `Warehouse`; the rows ascend)."""
    if fee_for(fees, booze) <= gs:
        return booze
    keep = 0.0
    for upto, fee in fees:
        if fee > gs:
            break
        keep = float(upto)
    return keep


def warehouse_pp(
    fees: tuple[tuple[int, int], ...],
    booze: float,
    gs: float,
    then: float,
    a_year: float,
    events: int,
    this_operations: bool,
) -> float:
    """Term 4, a cost (≥ 0): `events` Warehouse steps still to come. The first takes its fee for
    `booze` from `gs` Gs and loses the Booze the vault cannot pay for (1 PP each); the second finds
    the Booze kept plus `then`, each later one `a_year` more; they are paid. × `FEE_SOON` but for the
    step of this Operations (`this_operations`)."""
    if events <= 0:
        return 0.0
    if booze < 0.0:
        booze = 0.0
    kept = warehouse_kept(fees, booze, gs)
    cost = fee_for(fees, kept) * GS + (booze - kept) * BOOZE
    if not this_operations:
        cost *= FEE_SOON
    b = kept + then
    for _ in range(1, events):
        cost += fee_for(fees, b) * GS * FEE_SOON
        b += a_year
    return cost


def band(m: int) -> tuple[int, float]:
    """A Neighborhood with m of the gang's Blocks: its PP now, and its way toward the next band."""
    if m == 8:
        return 20, 0.0
    if m >= 5:
        return 10, 10 * (m - 4) / 4
    if m:
        return 5, 5 * (m - 1) / 4
    return 0, 0.0


def heat_pp(
    s: ProhibitionState,
    t: Tables,
    k: int,
    build_heat: float,
    cool: float,
    years: int,
    activity: float,
    now: int = 0,
    later: float = 0.0,
) -> float:
    """Term 8 for gang k: its Fed cards owed or in hand, and the badges its projected Heat is heading
    for; `now` degrees added at once (badges passed owe their cards), `later` degrees added to the
    projection only (a building's Heat in the years left)."""
    g = s.gangs[k]
    card = t.card[g.mat]
    marks, mark_levels = t.marks, t.mark_levels
    heat = g.heat + now
    if heat < 1:
        heat = 1
    peak = g.peak
    feds = len(g.fed_cards) + g.fed_owed
    if heat > peak:
        for x in marks:
            if peak < x <= heat:
                feds += 1
        peak = heat
    value = -feds * card[level_of(s.content.thresholds, heat)] if feds else 0.0
    projected = heat + build_heat * years + activity - cool + later
    if projected > peak - RAMP:
        ramp2 = 2 * RAMP
        n_marks = len(marks)
        start = 0
        if t.marks_sorted:  # past the marks at or below the peak: `bisect_right`, without a module call
            while start < n_marks and marks[start] <= peak:
                start += 1
        for i in range(start, n_marks):
            x = marks[i]
            if x <= peak:
                continue
            w = 0.5 + (projected - x) / ramp2
            if w <= 0:
                break
            value -= card[mark_levels[i]] * (w if w < 1.0 else 1.0)
    return value


def block_worth(s: ProhibitionState, t: Tables, b: int, pending: bool) -> float:
    """What a Block puts at risk (term 6): 1 PP of Turf, a building's 3 PP and its pending output,
    half the vault on an unrobbed HQ."""
    o = s.owner[b]
    if o < 0:
        return 0.0
    worth = 1.0
    tl = s.tile[b]
    if tl >= 0:
        worth += 3.0
        if pending and s.stocked >> b & 1:
            worth += t.outputs[s.gangs[o].mat][tl // TILES]
    else:
        g = s.gangs[o]
        if g.hq == b and not g.robbed:
            worth += g.gs * GS / 2
    return worth


def best_help(s: ProhibitionState, seat: int, b: int) -> int:
    """The most Units a Call for Help can bring to the gang's HQ on b (one other Block's Guards and
    Goons not Laying Low, up to the room there)."""
    room = s.room(b)
    if room <= 0:
        return 0
    best = 0
    bit = 1 << seat
    for x in s.turf(seat):
        if x == b:
            continue
        n = s.guards[x] + (0 if s.gmask[x] & bit else s.goons[x])
        if n > best:
            best = n
    return best if best < room else room


class Appraiser:
    """What an Attack and its outcomes are worth, in this evaluation's terms, in one position: to
    the attacker (`own`) and to the gang that loses by it (`harm`, what it loses). A choice between
    outcomes weighs a rival's loss at `HARM / (gangs - 1)` of a gain of the bot's own (it is one
    rival's). Conflicts by `odds.conflict` (exact, fought to the end), pips and Call for Help
    included; Tactics are not foreseen (their hands are hidden)."""

    __slots__ = (
        "s",
        "t",
        "per",
        "build_heat",
        "cool",
        "years",
        "share",
        "pending",
        "unit",
        "wiped",
        "risk",
        "grow",
        "activity",
        "harm_weight",
        "turf_pp",
        "xd",
        "xd_seize",
        "xd_need",
        "seize_heat",
        "seize_fee",
        "pips",
        "markers",
        "_heat",
        "_heat_rows",
        "_buildings",
        "_targets",
    )

    def __init__(self, s: ProhibitionState, t: Tables, scan: _Scan, years: int, share: float, pending: bool):
        self.s = s
        self.t = t
        self.per = scan.per
        self.build_heat = scan.build_heat
        # each gang's cooling from Settlement Houses (this year's and later)
        self.cool: list[float] = [scan.cool_later[k] + scan.cool_now[k] for k in range(len(scan.cool_now))]
        self.years = years
        self.share = share
        self.pending = pending
        self.unit: float = UNIT + UNIT_LATER * share
        self.wiped: float = self.unit * (0.2 if years > 0 else 1.0)  # a Goon to the Hospital: back next Operations
        self.risk: float = RISK * share
        self.grow: float = GROW * share
        self.activity: float = ACTIVITY * share * YEARS
        self.harm_weight: float = HARM / (s.seats - 1) if s.seats > 1 else 0.0
        # per gang: a Block's Extortions to come (and this year's, if taken), its mat's extra dice to
        # Expand or Seize and pips in a Conflict it starts
        self.turf_pp: list[float] = []
        self.xd: list[int] = []  # per seat: the mat's extra dice to Expand (and rob an HQ)
        self.xd_seize: list[int] = []  # ... and to Seize after a won Conflict
        self.xd_need: list[int] = []  # ... the least face on which those dice succeed
        self.seize_heat: list[int] = []  # per seat: the mat's Heat for a successful Seize
        self.seize_fee: list[float] = []  # ... and its Gs for one (what the Vault can pay), in PP
        self.pips: list[int] = []
        self.markers: list[int] = []
        for k, g in enumerate(s.gangs):
            self.markers.append(s.markers_left(k))
            pp = EXTORT * (years + (1 if pending and g.extortion < 0 else 0))
            if pending and g.extortion >= 0:
                rate = t.rate[g.extortion - CHARM]
                if rate > 0:
                    pp += (rate + t.extortion_per_block[g.mat]) * GS
            self.turf_pp.append(pp)
            self.xd.append(t.expand_dice[g.mat])
            self.xd_seize.append(t.seize_dice[g.mat])
            self.xd_need.append(t.extra_need[g.mat])
            self.seize_heat.append(t.seize_heat[g.mat])
            self.seize_fee.append(min(t.seize_gs[g.mat], g.gs) * GS)
            self.pips.append(t.attack_pip[g.mat])
        self._heat: dict[int, float] = {}
        self._heat_rows: list[list[float]] = [[NOT_YET] * HEAT_ROW for _ in range(len(s.gangs))]
        # `building` by seat * 256 + Block: a Conflict's spoils ask it for the same two Blocks once for
        # each number of Goons the attacker may have left (a search's leaves: 5 % of its instructions)
        self._buildings: dict[int, tuple[float, float]] = {}
        # `attack_targets` by seat and source (a source's Goons are what `is_target` reads of it)
        self._targets: dict[int, list[tuple[int, int]]] = {}

    def heat_cost(self, seat: int, now: float, later: float = 0.0) -> float:
        """What `now` more degrees of Heat (fractional: between its two whole numbers) and `later`
        degrees in the projection cost the gang, in PP."""
        lo = int(now)
        if later:
            base = self._heat_at(seat, 0)
            return base - heat_pp(
                self.s, self.t, seat, self.build_heat[seat], self.cool[seat], self.years, self.activity, lo, later
            )
        at_lo = self._heat_at(seat, lo)
        cost = self._heat_at(seat, 0) - at_lo
        frac = now - lo
        if frac > 0:
            cost += frac * (at_lo - self._heat_at(seat, lo + 1))
        return cost

    def _heat_at(self, seat: int, now: int) -> float:
        if 0 <= now < HEAT_ROW:  # a list's item, not a dict's (the Conflicts' Heat asks at every outcome)
            row = self._heat_rows[seat]
            value = row[now]
            if value == NOT_YET:
                value = heat_pp(self.s, self.t, seat, self.build_heat[seat], self.cool[seat], self.years, self.activity, now)
                row[now] = value
            return value
        key = seat * 64 + now
        hit = self._heat.get(key)
        if hit is None:
            hit = heat_pp(self.s, self.t, seat, self.build_heat[seat], self.cool[seat], self.years, self.activity, now)
            self._heat[key] = hit
        return hit

    def building(self, seat: int, b: int) -> tuple[float, float]:
        """The building on b to gang `seat` (its 3 PP, later years, pending output, less its Heat to
        come), and what it puts at risk (0, 0 without one)."""
        s = self.s
        tl = s.tile[b]
        if tl < 0:
            return 0.0, 0.0
        key = seat * 256 + b
        hit = self._buildings.get(key)
        if hit is not None:
            return hit
        k = tl // TILES
        mat = s.gangs[seat].mat
        value = 3.0 + self.t.yields[mat][k] * STOCK_RATE * self.years
        worth = 3.0
        if self.pending and s.stocked >> b & 1:
            out = self.t.outputs[mat][k]
            value += out
            worth += out
        c = s.content
        heat = c.mat_heat[mat][k] * self.years - (c.b_cool[k] * STOCK_RATE * self.years if k == SETTLEMENT else 0.0)
        if heat:
            value -= self.heat_cost(seat, 0.0, heat)
        self._buildings[key] = (value, worth)
        return value, worth

    def hood_gain(self, seat: int, hood: int) -> float:
        """Gang `seat`'s gain in one more Block of the Neighborhood (its band, its way toward the
        next, the Block's Extortions)."""
        t = self.t
        m = self.per[seat][hood]
        if m >= 8:
            return 0.0
        return t.band_now[m + 1] - t.band_now[m] + self.grow * (t.band_way[m + 1] - t.band_way[m]) + self.turf_pp[seat]

    def hood_loss(self, victim: int, hood: int) -> float:
        """What gang `victim` loses with one of its Blocks of the Neighborhood (bare: no building)."""
        t = self.t
        m = self.per[victim][hood]
        if m <= 0:
            return 0.0
        return t.band_now[m] - t.band_now[m - 1] + self.grow * (t.band_way[m] - t.band_way[m - 1]) + self.turf_pp[victim]

    def block_gain(self, seat: int, b: int, goons: int) -> float:
        """Gang `seat` takes Block b (its building and Stock with it), `goons` Goons standing on it."""
        value, worth = self.building(seat, b)
        halves = self.t.halves  # 0.5 ** goons, the same floats as the power
        half = halves[goons] if 0 <= goons < len(halves) else 0.5**goons
        return self.hood_gain(seat, b >> 3) + value - self.risk * (1.0 + worth) * half

    def block_loss(self, victim: int, b: int) -> float:
        """What gang `victim` loses with Block b (no Unit left on it)."""
        value, worth = self.building(victim, b)
        return self.hood_loss(victim, b >> 3) + value - self.risk * (1.0 + worth)

    def spoils(self, seat: int, victim: int, b: int, goons: int) -> tuple[int, float, float, float]:
        """The best of Steal, Torch, Seize and withdraw for a victorious attacker with `goons` Goons
        left on b: (its code, own, harm, Goons expected to stay on b)."""
        best, own, harm, stay, score = self._raid(seat, victim, b)
        if self.markers[seat] > 0:
            o, h, st = self._seize(seat, goons, self._seize_terms(seat, victim, b))
            if o + self.harm_weight * h > score:
                best, own, harm, stay = SEIZE, o, h, st
        return best, own, harm, stay

    def _raid(self, seat: int, victim: int, b: int) -> tuple[int, float, float, float, float]:
        """The best of Steal, Torch and withdraw on b: (its code, own, harm, stay, own + weighted harm)."""
        s = self.s
        c = s.content
        hw = self.harm_weight
        best, own, harm, stay = WITHDRAW, 0.0, 0.0, 0.0
        score = 0.0
        tl = s.tile[b]
        if tl >= 0:
            k = tl // TILES
            raid = c.b_raid_heat[k]
            stock = 0.0
            if s.stocked >> b & 1:  # Steal: its Stock, a Headline; the victim's output this year is gone
                stock = c.b_stock_gs[k] * GS + c.b_stock_booze[k] * BOOZE
                o = 3.0 + stock - self.heat_cost(seat, float(raid))
                h = self.t.outputs[s.gangs[victim].mat][k] if self.pending else 0.0
                if o + hw * h > score:
                    best, own, harm, stay, score = STEAL, o, h, 0.0, o + hw * h
            value, worth = self.building(victim, b)
            o = 3.0 - self.heat_cost(seat, float(1 + raid))  # Torch: a Headline; the victim keeps the Stock
            h = value - stock - self.risk * worth
            if o + hw * h > score:
                best, own, harm, stay, score = TORCH, o, h, 0.0, o + hw * h
        return best, own, harm, stay, score

    def _seize_terms(self, seat: int, victim: int, b: int) -> tuple[float, float, float]:
        """What a Seize of b by gang `seat` is worth whatever Goons make it: `block_gain` but its
        Units' term, that term's weight (times 0.5 ** Goons), and `block_loss` to `victim`."""
        value, worth = self.building(seat, b)
        return self.hood_gain(seat, b >> 3) + value, self.risk * (1.0 + worth), self.block_loss(victim, b)

    def _seize(self, seat: int, goons: int, terms: tuple[float, float, float]) -> tuple[float, float, float]:
        """A Seize by `goons` Goons (one die each, and the mat's; the Block, its building and a
        Headline, less the mat's Heat and Gs for it), from its `_seize_terms`: (own, harm, Goons expected to stay)."""
        gain, units_weight, loss = terms
        q = expand_chance_with(goons, self.xd_seize[seat], self.xd_need[seat])
        half = self.t.halves[goons] if 0 <= goons < HALVES else 0.5**goons
        loud = self.seize_heat[seat]
        heat = self.heat_cost(seat, float(loud)) if loud else 0.0
        return q * (3.0 + (gain - units_weight * half) - heat - self.seize_fee[seat]), q * loss, q * goons

    def units_lost(self, cf: Conflict, goons: int, guards: int) -> float:
        """What the defender's expected losses of a Conflict cost it: Goons to the Hospital, Guards
        for good (Goons are wiped out first)."""
        units = goons + guards
        lost = cf.p_win * (goons * self.wiped + guards * self.unit)
        hold = cf.hold
        for i in range(len(hold)):
            p = hold[i]
            if p > 0.0:
                k = units - i
                lost += p * (min(k, goons) * self.wiped + max(0, k - goons) * self.unit)
        return lost

    def fight(
        self, seat: int, victim: int, b: int, cf: Conflict, goons: int, guards: int, heat_rounds: float
    ) -> tuple[float, float, float]:
        """A Conflict at b from here (`cf`: the attacker's Goons against `goons` + `guards`), each
        further round `heat_rounds` in all costing a degree: (own, harm, Goons expected not to come
        back)."""
        s = self.s
        g = s.gangs[victim]
        own = -cf.lost_a * self.wiped - self.heat_cost(seat, heat_rounds)
        harm = self.units_lost(cf, goons, guards)
        stay = cf.lost_a
        if g.hq == b:
            if not g.robbed:
                vault = g.gs // 10 * 5 * GS
                own += cf.p_win * (3.0 + vault)
                harm += cf.p_win * vault
            return own, harm, stay
        # The spoils for each number of Goons left (`spoils`), Steal and Torch valued once for them
        # all and a Seize's terms once (only its odds and its Units' risk read the Goons)
        win = cf.win
        _, raid_own, raid_harm, raid_stay, score = self._raid(seat, victim, b)
        seize = self.markers[seat] > 0
        terms = self._seize_terms(seat, victim, b) if seize else (0.0, 0.0, 0.0)
        hw = self.harm_weight
        for j in range(1, len(win)):
            p = win[j]
            if p > 0.0:
                o, h, st = raid_own, raid_harm, raid_stay
                if seize:
                    seize_own, seize_harm, seize_stay = self._seize(seat, j, terms)
                    if seize_own + hw * seize_harm > score:
                        o, h, st = seize_own, seize_harm, seize_stay
                own += p * o
                harm += p * h
                stay += p * st
        return own, harm, stay

    def target(self, seat: int, source: int, n: int, b: int) -> tuple[float, float, float]:
        """An Attack of `n` Goons from `source` on Block b: (own, harm, the chance it wins)."""
        s = self.s
        u_src = s.goons[source] + s.guards[source]
        return self._target(
            seat, n, b, u_src, self.risk * block_worth(s, self.t, source, self.pending), self.heat_cost(seat, 1.0)
        )

    def _target(self, seat: int, n: int, b: int, u_src: int, src_risk: float, heat1: float) -> tuple[float, float, float]:
        s = self.s
        o = s.owner[b]
        halves = self.t.halves
        if o < 0:
            return self.block_gain(seat, b, n) - src_risk * (halves[u_src - n] - halves[u_src]) - heat1, 0.0, 1.0
        g = s.gangs[o]
        goons, guards = s.goons[b], s.guards[b]
        hq = g.hq == b
        if goons + guards == 0:
            p = expand_chance_with(n, self.xd[seat], self.xd_need[seat])
            if hq:
                vault = 0.0 if g.robbed else g.gs // 10 * 5 * GS
                return p * (3.0 + vault) - heat1, p * vault, p
            gain = self.block_gain(seat, b, n) - src_risk * (halves[u_src - n] - halves[u_src])
            return p * gain - heat1, p * self.block_loss(o, b), p
        if hq:
            goons += best_help(s, o, b)  # help counted as Goons (wiped out first)
        cf = conflict(n, goons + guards, self.pips[seat], 1 if hq else 0)
        own, harm, stay = self.fight(seat, o, b, cf, goons, guards, cf.rounds)  # every round a degree
        # math.pow, not `**`: a float's power is typed Any, so compiled the sum around it was generic
        return own - src_risk * (math.pow(0.5, float(u_src) - stay) - halves[u_src]), harm, cf.p_win

    def attack_targets(self, seat: int) -> list[tuple[int, int]]:
        """`rules.attack.targets` of gang `seat`, ascending, each with the key of the Blocks alike
        (unclaimed, or bare undefended Turf of one gang, in one Neighborhood: (owner + 1) * 8 +
        Neighborhood), -1 for a Block valued on its own. Found once per Appraiser and seat (an
        Attack's Goons are valued for every number of them)."""
        hit = self._targets.get(seat)
        if hit is not None:
            return hit
        s = self.s
        markers = s.markers_left(seat) > 0
        owner, goons, guards, tile, conflicted, gangs = s.owner, s.goons, s.guards, s.tile, s.conflicted, s.gangs
        out: list[tuple[int, int]] = []
        for b in s.content.in_play[s.seats]:  # `targets`, inlined
            o = owner[b]
            if o == seat or conflicted >> b & 1:
                continue
            bare = False
            if o < 0:
                if not markers:
                    continue
                bare = True
            elif goons[b] or guards[b]:
                pass
            elif gangs[o].hq == b:
                if gangs[o].robbed:
                    continue
            elif not markers:
                continue
            else:
                bare = tile[b] < 0
            out.append((b, (o + 1) * 8 + (b >> 3) if bare else -1))
        self._targets[seat] = out
        return out

    def best_target(self, seat: int, source: int, n: int) -> tuple[float, int]:
        """The best Block for an Attack of `n` Goons from `source` (own + weighted harm), and it:
        `target` over `attack_targets`, Blocks alike valued once."""
        s = self.s
        u_src = s.goons[source] + s.guards[source]
        src_risk = self.risk * block_worth(s, self.t, source, self.pending)
        heat1 = self.heat_cost(seat, 1.0)
        hw = self.harm_weight
        alike: dict[int, float] = {}  # (owner + 1) * 8 + Neighborhood -> value
        best, where = -1e9, -1
        for b, key in self.attack_targets(seat):
            if key >= 0:
                v = alike.get(key)
                if v is None:
                    own, harm, _ = self._target(seat, n, b, u_src, src_risk, heat1)
                    v = own + hw * harm
                    alike[key] = v
            else:
                own, harm, _ = self._target(seat, n, b, u_src, src_risk, heat1)
                v = own + hw * harm
            if v > best:
                best, where = v, b
        return best, where


def appraiser(s: ProhibitionState, scan: _Scan | None = None) -> Appraiser:
    """An `Appraiser` of the position (the map read once, unless the caller has done it)."""
    t = tables(s.content)
    years = LAST_YEAR - s.year
    pending = s.phase in ("setup", "operations", "actions")
    share = (years + this_year_share(s, pending)) / YEARS
    if scan is None:
        scan = _Scan(s, t, pending, years)
    return Appraiser(s, t, scan, years, share, pending)


def this_year_share(s: ProhibitionState, pending: bool) -> float:
    """This year's part of `share`: the Gangsters still to place, as a share of the year's."""
    if s.phase == "actions":
        total = 0
        left = 0
        for g in s.gangs:
            total += g.gangsters
            left += g.gangsters_left
        return left / total if total else 0.0
    return 1.0 if pending else 0.0


def attack_chance(s: ProhibitionState, seat: int, n: int, b: int) -> float:
    """The chance an Attack of `n` Goons by gang `seat` on Block b wins, by the game's dice: 1 for
    an unclaimed Block; any 4+ of the Expand roll for undefended Turf or HQ (the mat's extra dice);
    the Conflict fought to the end otherwise (`odds.conflict`: the HQ's pip and its best Call for
    Help, the mat's attack pip; no Tactics). The reports' long shots and the bots' values use it."""
    o = s.owner[b]
    if o < 0:
        return 1.0
    units = s.goons[b] + s.guards[b]
    if units == 0:
        mat = s.gangs[seat].mat
        return expand_chance_with(n, s.content.mat_expand_dice[mat], s.content.mat_extra_need[mat])
    hq = s.gangs[o].hq == b
    if hq:
        units += best_help(s, o, b)
    return conflict(n, units, s.bonus(seat, "attack_pip"), 1 if hq else 0).p_win


def scheme_value(s: ProhibitionState, seat: int, card: int) -> float:
    """A Scheme in the gang's hand, as term 7 values it (its Prestige × the chance it is completed,
    and its Tactic side while not met): what playing it as a Tactic gives up."""
    t = tables(s.content)
    pending = s.phase in ("setup", "operations", "actions")
    years = LAST_YEAR - s.year
    share = (years + this_year_share(s, pending)) / YEARS
    row = _Scan(s, t, pending, years).rows(s)[seat]
    p = progress(row, t.scheme_lines[card])
    return s.content.scheme_pp[card] * chance(p, min(1.0, 2.0 * share)) + (0.0 if p >= 1.0 else TACTIC)


def attack_term(ap: Appraiser, s: ProhibitionState, seat: int) -> float:
    """Term 11, while the gang is choosing an Attack's Goons or target (AttackGoons, AttackTarget on
    top): the best Attack still open to it (`Appraiser.target`, over the Goons it may send)."""
    top = s.stack[-1]
    if isinstance(top, AttackTarget):
        return ap.best_target(seat, top.source, top.n)[0]
    assert isinstance(top, AttackGoons)
    best = -1e9
    for n in range(1, s.goons[top.source] + 1):
        v = ap.best_target(seat, top.source, n)[0]
        if v > best:
            best = v
    return best


def pending_pips(s: ProhibitionState, seat: int) -> int:
    """Pips the gang still has to put on its dice this round (Pip steps on the stack)."""
    n = 0
    for x in s.stack:
        if type(x) is Pip and x.seat_ == seat:
            n += 1
    return n


def pip_hits(dice: tuple[int, ...], pips: int) -> int:
    """Hits `pips` more pips add to `dice` (on a 3 first, then two on a 2)."""
    extra = 0
    threes = 0
    twos = 0
    for v in dice:
        if v == 3:
            threes += 1
        elif v == 2:
            twos += 1
    k = min(threes, pips)
    extra += k
    pips -= k
    extra += min(twos, pips // 2)
    return extra


def after_hits(ap: Appraiser, s: ProhibitionState, on_d: int, on_a: int) -> tuple[float, float]:
    """The Conflict under way once this round's hits land (`on_d` on the defender, `on_a` on the
    attacker): (the attacker's value, the defender's loss), the attacker going on only while
    that is worth more than retreating."""
    a = s.attack
    assert a is not None
    b, o, seat = a.block, a.defender, a.attacker
    goons, guards = s.goons[b], s.guards[b]
    a2 = max(0, a.goons - on_a)
    kg = min(goons, on_d)
    kd = min(guards, on_d - kg)
    now_own = -(a.goons - a2) * ap.wiped
    now_harm = kg * ap.wiped + kd * ap.unit
    left = goons - kg + guards - kd
    cf = conflict(a2, left)
    own, harm, _ = ap.fight(seat, o, b, cf, goons - kg, guards - kd, cf.rounds if a2 and left else 0.0)
    if a2 and left and own + ap.harm_weight * harm <= 0.0:  # the attacker retreats rather (PressOn)
        own = harm = 0.0
    return now_own + own, now_harm + harm


def conflict_now(ap: Appraiser, s: ProhibitionState) -> tuple[float, float]:
    """The Conflict under way, from here: (the attacker's value, the defender's loss)."""
    a = s.attack
    assert a is not None
    b, o, seat = a.block, a.defender, a.attacker
    top = s.stack[-1]
    goons, guards = s.goons[b], s.guards[b]
    if type(top) is Spoils:
        _, own, harm, _ = ap.spoils(seat, o, b, a.goons)
        return own, harm
    if any(type(x) is Hits for x in s.stack[-6:]):  # this round's dice are rolled
        on_d = hits(a.att_dice, a.att_six, a.def_cancel) + pip_hits(a.att_dice, pending_pips(s, seat))
        on_a = hits(a.def_dice, a.def_six, a.att_cancel) + pip_hits(a.def_dice, pending_pips(s, o))
        return after_hits(ap, s, on_d, on_a)
    kind = type(top)
    if kind is PressOn:
        cf = conflict(a.goons, goons + guards)
        own, harm, _ = ap.fight(seat, o, b, cf, goons, guards, cf.rounds)
        return (own, harm) if own + ap.harm_weight * harm > 0.0 else (0.0, 0.0)  # else the attacker retreats
    if kind is CallForHelp:
        goons += best_help(s, o, b)
    elif isinstance(top, HelpUnits):
        x = top.source
        goons += min(s.room(b), s.guards[x] + (0 if s.laying_low(x, o) else s.goons[x]))
    elif kind is not FightOrRetreat:
        return 0.0, 0.0
    first = a.round <= 1
    cf = conflict(a.goons, goons + guards, s.bonus(seat, "attack_pip") if first else 0, 1 if first and a.hq else 0)
    return ap.fight(seat, o, b, cf, goons, guards, cf.rounds - 1.0)[:2]


def under_way(s: ProhibitionState, ap: Appraiser | None) -> dict[int, float]:
    """Outcomes already set in motion but not yet on the board, per gang: a Conflict
    (`conflict_now`: the attacker's expected gain, the defender's expected loss), and the parts of
    a Fed card's Consequence still to be picked (LOSS_PP each)."""
    out: dict[int, float] = {}
    top = s.stack[-1]
    if type(top) is LoseOne:
        out[top.victim] = -(LOSS_PP[top.what] * top.n + sum(LOSS_PP[w] * n for w, n in top.rest))
        return out
    a = s.attack
    assert a is not None and ap is not None
    own, harm = conflict_now(ap, s)
    out[a.attacker] = own
    out[a.defender] = -harm
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
    values: list[float] = []
    _terms(s, range(s.seats) if seat is None else (seat,), values)
    return values if seat is None else values[0]


def breakdown(s: ProhibitionState, seat: int) -> dict[str, float]:
    """The terms of `evaluate(s, seat)` by name (numbered as in the module doc)."""
    return dict(zip(TERMS, _terms(s, (seat,))[0]))


def _terms(s: ProhibitionState, seats: range | tuple[int, ...], totals: list[float] | None = None) -> list[tuple[float, ...]]:
    """Per seat of `seats`, its terms in `TERMS` order (their sum is its value). `seats` typed: an
    untyped seat made every read of its gang a generic lookup (a sixth of an evaluation). Given
    `totals`, each seat's sum is appended to it instead (and nothing returned): the terms summed in
    order as `sum` adds them, without a tuple of boxed floats a seat (`evaluate`, a search's leaves)."""
    c = s.content
    t = tables(c)
    n = s.seats
    year, phase = s.year, s.phase
    years = LAST_YEAR - year
    pending = phase in ("setup", "operations", "actions")
    share = (years + this_year_share(s, pending)) / YEARS
    soon = min(1.0, 2.0 * share)
    # term 4: is this Operations' Warehouse step still to come (then it is the next one)?
    warehouse_now = False
    if phase == "operations":
        for step in s.stack:
            if type(step) is Warehouse:
                warehouse_now = True
                break
    events = years + 1 if warehouse_now else years
    unit = UNIT + UNIT_LATER * share
    risk = -RISK * share
    grow_share = GROW * share
    activity = ACTIVITY * share * YEARS

    scan = _Scan(s, t, pending, years)  # one pass over the map
    per, units = scan.per, scan.units
    gangs = s.gangs
    a = s.attack
    if a is not None:
        units[a.attacker] += a.goons

    band_now, band_way = t.band_now, t.band_way
    top = s.stack[-1] if s.stack else None
    attacker = top.seat_ if isinstance(top, (AttackGoons, AttackTarget)) else -1
    in_conflict = a is not None and a.conflict
    ap: Appraiser | None = None
    if attacker >= 0 or in_conflict:
        ap = Appraiser(s, t, scan, years, share, pending)
    under = under_way(s, ap) if in_conflict or type(top) is LoseOne else None
    rows: list[list[int]] | None = None
    infamy_lines = t.infamy_lines
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
            hood_pp += band_now[m]
            grow += band_way[m]
        done_pp = 0  # a loop, not sum() of a generator: compiled, the sum around it was generic
        for x in g.done:
            done_pp += c.scheme_pp[x]
        prestige = hood_pp + g.gs * GS + g.booze * BOOZE + 3 * (scan.nbuild[k] + g.headlines) - g.jail + done_pp
        # 2. this year's Production
        prod = 0.0
        extorted = 0
        if pending:
            prod = scan.pending_out[k]
            if g.extortion >= 0:
                rate = t.rate[g.extortion - CHARM]
                if rate > 0:
                    extorted = round5(blocks * (rate + s.bonus(k, "extortion_per_block")))
                    prod += extorted * GS
        # 3. buildings' later years
        buildings_later = scan.later_yield[k] * STOCK_RATE * years
        # 4. warehouse fees
        a_year = (scan.booze_made[k] - scan.booze_taken[k]) * STOCK_RATE
        taken = scan.booze_taken[k] * STOCK_RATE  # the next Operations' Stock, before its Warehouse step
        this_year = scan.pending_booze[k] if pending else 0
        if warehouse_now:
            wh = warehouse_pp(t.fees[mat], g.booze, g.gs, this_year - taken, a_year, events, True)
        elif pending:
            wh = warehouse_pp(
                t.fees[mat], g.booze + this_year - taken, g.gs + scan.pending_gs[k] + extorted, a_year, a_year, events, False
            )
        else:
            wh = warehouse_pp(t.fees[mat], g.booze - taken, g.gs, a_year, a_year, events, False)
        warehouse = -wh
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
            scheme_lines = t.scheme_lines
            for x in g.hand:
                p = progress(rows[k], scheme_lines[x])
                sch += c.scheme_pp[x] * chance(p, soon) + (0.0 if p >= 1.0 else TACTIC)
        # 8. Heat
        heat = heat_pp(s, t, k, scan.build_heat[k], scan.cool_later[k] + scan.cool_now[k], years, activity)
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
        attack = attack_term(ap, s, k) if attacker == k and ap is not None else 0.0
        # 12. outcomes under way: a Conflict, a Fed card's Consequence
        under_k = under.get(k, 0.0) if under else 0.0
        if totals is not None:
            totals.append(
                0.0
                + prestige
                + prod
                + buildings_later
                + warehouse
                + turf
                + unit_pp
                + exposure
                + sch
                + heat
                + inf
                + gangsters
                + attack
                + under_k
            )
            continue
        out.append(
            (prestige, prod, buildings_later, warehouse, turf, unit_pp, exposure, sch, heat, inf, gangsters, attack, under_k)
        )
    return out
