"""What a seat may know (`view`) and a full state consistent with it (`determinize`).

Public: the map (Turf, Units, buildings and their Stock, Gangsters), the action board, every
mat (Gs are coins on the table, Booze, Headlines, Jailtime, Heat and badges reached), completed
Schemes, Fed cards being dealt with, discard piles, the Conflict's dice and Tactics, counts of
hands and decks. Private to its gang: Schemes in hand, the draft packet and this round's pick,
the Infamy cards dealt and kept — until the game is over, when every view shows them. Secret to
all: the order of the Scheme and Fed decks, the Infamy cards not dealt or discarded.
"""

from __future__ import annotations

from typing import Any

from .content.models import BUILDING_KINDS
from .hidden import determinize
from .rules.actions import open_spaces, space_cost, space_id, space_name
from .rules.scoring import prestige
from .rules.setup import DRAFT_KEEP
from .state import EXTORTION, SPACES, TILES, ProhibitionState


def _spaces(s: ProhibitionState) -> list[dict[str, Any]]:
    shown = [*range(6), *EXTORTION, *open_spaces(s)]
    out = []
    for sp in shown:
        kind = "building" if sp < 6 else "extortion" if sp in EXTORTION else "open"
        out.append(
            {
                "id": space_id(s, sp),
                "name": space_name(s, sp),
                "kind": kind,
                "cost": space_cost(s, sp),
                "gangs": [k for k in range(s.seats) if s.spaces[sp] >> k & 1],
            }
        )
    return out


def _block(s: ProhibitionState, b: int) -> dict[str, Any]:
    c = s.content
    kind = s.kind_at(b)
    return {
        "id": c.block_ids[b],
        "neighborhood": c.nbhd_ids[b >> 3],
        "cell": list(c.cells[b]),
        "owner": s.owner[b] if s.owner[b] >= 0 else None,
        "goons": s.goons[b],
        "guards": s.guards[b],
        "building": BUILDING_KINDS[kind] if kind >= 0 else None,
        "cost": c.tile_cost[s.tile[b]] if kind >= 0 else None,
        "stocked": s.is_stocked(b),
        "hq": s.hq_owner(b) if s.hq_owner(b) >= 0 else None,
        "gangsters": [k for k in range(s.seats) if s.gmask[b] >> k & 1],
        "conflict_this_year": bool(s.conflicted >> b & 1),
    }


def _attack(s: ProhibitionState) -> dict[str, Any] | None:
    a = s.attack
    if a is None:
        return None
    return {
        "attacker": a.attacker,
        "defender": a.defender if a.defender >= 0 else None,
        "block": s.block_name(a.block),
        "from": s.block_name(a.source),
        "goons": a.goons,
        "conflict": a.conflict,
        "hq": a.hq,
        "round": a.round,
        "units_lost": a.lost,
        "attacker_dice": list(a.att_dice),
        "defender_dice": list(a.def_dice),
        "tactics": [{"seat": k, "scheme": s.content.schemes[x].id} for k, x in a.played],
    }


def view(s: ProhibitionState, seat: int | None) -> dict[str, Any]:
    c = s.content
    over = s.is_over()
    gangs = []
    for g in s.gangs:
        me = seat == g.seat or over
        mat = c.mats[g.mat]
        score = prestige(s, g.seat)
        gangs.append(
            {
                "seat": g.seat,
                "mat": mat.id,
                "name": mat.name,
                "color": mat.color,
                "gs": g.gs,
                "booze": g.booze,
                "headlines": g.headlines,
                "jailtime": g.jail,
                "heat": g.heat,
                "threshold": s.threshold(g.seat) + 1,
                "badges": [x for x in c.badges if x <= g.peak],
                "peak_heat": g.peak,
                "hq": s.block_name(g.hq),
                "hq_robbed": g.robbed,
                "blocks": s.blocks_of(g.seat),
                "turf_markers_left": s.markers_left(g.seat),
                "gangsters": g.gangsters,
                "gangsters_left": g.gangsters_left,
                "goon_supply": g.goon_supply,
                "goons_to_place": g.to_place,
                "guards_to_place": g.guards_to_place,
                "hospital": {"goons": g.hosp_goons, "guards": g.hosp_guards},
                "extortion": space_id(s, g.extortion) if g.extortion >= 0 else None,
                "hand": [c.schemes[x].id for x in g.hand] if me else None,
                "hand_count": len(g.hand),
                "completed": [c.schemes[x].id for x in g.done],
                "infamy": (c.infamy[g.infamy].id if g.infamy >= 0 else None) if me else None,
                "fed_cards": [c.feds[x].id for x in g.fed_cards],
                "fed_owed": g.fed_owed,
                "record": {
                    "steals": g.steals,
                    "torches": g.torches,
                    "seizes": g.seizes,
                    "robberies": g.robberies,
                    "conflicts_won": g.conflicts_won,
                },
                # the public part of the score (Infamy is secret until the end)
                "prestige": score["total"] - (0 if over else score["infamy"]),
            }
        )
    out: dict[str, Any] = {
        "game": s.game_name,
        "seat": seat,
        "seats": s.seats,
        "year": s.year,
        "phase": s.phase,
        "overlay": s.year >= 1926,
        "start": s.start,
        "turn": s.turn if s.turn >= 0 else None,
        "blocks": [_block(s, b) for b in c.in_play[s.seats]],
        "spaces": _spaces(s),
        "stacks": {
            BUILDING_KINDS[k]: {"left": len(st), "next_cost": c.tile_cost[k * TILES + st[0]] if st else None}
            for k, st in enumerate(s.stacks)
        },
        "torched": len(s.torched),
        "guard_supply": s.guard_supply,
        "gangs": gangs,
        "scheme_deck": len(s.scheme_deck),
        "scheme_discard": [c.schemes[x].id for x in s.scheme_discard],
        "fed_deck": len(s.fed_deck),
        "fed_discard": [c.feds[x].id for x in s.fed_discard],
        "attack": _attack(s),
        "last_roll": ({"seat": s.last_roll[0], "for": s.last_roll[1], "dice": list(s.last_roll[2])} if s.last_roll else None),
        "over": over,
    }
    if seat is not None and not over:
        g = s.gangs[seat]
        if s.draft_round < DRAFT_KEEP and g.packet:
            out["draft"] = {
                "round": s.draft_round + 1,
                "packet": [c.schemes[x].id for x in g.packet],
                "pick": c.schemes[g.pick].id if g.pick >= 0 else None,
            }
        out["infamy_dealt"] = [c.infamy[x].id for x in g.infamy_dealt]
    if over:
        out["result"] = s.result().to_json()
    elif not s.in_lanes():  # in a secret phase, who is still choosing is no view's business
        out["deciding"] = s.decision().seat
    return out


__all__ = ["SPACES", "determinize", "view"]
