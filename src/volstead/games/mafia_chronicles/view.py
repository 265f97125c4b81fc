"""What a seat may know (`view`) and a full state consistent with it (`determinize`).

Public: every syndicate's area (cards, Heat, damage, Jail, exhausted), the move counts, the
first player and its rolls, the Event, the dice of the Moves phase, who negotiates with whom.
Private to its syndicate: its stash and "went negative" mark, its market (face-up rows, deck
sizes), what it learnt by stash steals, its choices while a simultaneous phase is open (the
others see its area as the phase found it), the offers of a negotiation it is part of.
Secret to all: the order of every deck. Once the game is over every stash is shown.
"""

from __future__ import annotations

from typing import Any

from .hidden import DEAL_KEYS, determinize, roll_view
from .rules.chains import SHARE_STEP
from .rules.negotiation import AcceptFinal, Deal, FeeAnswer, FinalOffer, FixFee, Respond
from .rules.ratings import grit, move_rating, smarts
from .state import BOSS_COL, COLUMNS, MOVE_NAMES, MafiaState, Syndicate


def _card(s: MafiaState, inst: int) -> dict[str, Any]:
    return {"inst": inst, "card": s.content.card_id(inst), "name": s.content.name(inst)}


def _mob(s: MafiaState, y: Syndicate, col: int) -> dict[str, Any] | None:
    mob = y.mobs[col]
    if mob is None:
        return None
    c = s.content
    m1, m2 = c.g_moves[mob.card]
    return {
        **_card(s, mob.card),
        "role": "boss" if col == 0 else "underboss" if col == 1 else "gangster",
        "heat": mob.heat,
        "jailed": mob.jailed,
        "exhausted": mob.exhausted,
        "damage": {"smarts": mob.d_smarts, "grit": mob.d_grit, "move1": mob.d_move1, "move2": mob.d_move2},
        "ratings": {
            "smarts": smarts(s, y, col),
            "grit": grit(s, y, col),
            MOVE_NAMES[m1]: move_rating(s, y, col, m1),
            MOVE_NAMES[m2]: move_rating(s, y, col, m2),
        },
        "flipped_from": mob.flipped_from if mob.flipped_from >= 0 else None,
        "joined_round": mob.joined,
    }


def _area(s: MafiaState, y: Syndicate) -> list[dict[str, Any]]:
    return [
        {
            "business": _card(s, y.biz[c]) if y.biz[c] >= 0 else None,
            "boss_or_gangster": _mob(s, y, c),
            "assets": [_card(s, y.assets[k]) if y.assets[k] >= 0 else None for k in (c, c + COLUMNS)],
        }
        for c in range(COLUMNS)
    ]


def _negotiation(s: MafiaState, seat: int | None) -> dict[str, Any] | None:
    top = s.stack[-1] if s.stack else None
    if not isinstance(top, (Deal, FixFee, FeeAnswer)):
        return None
    parties = sorted(top.parties())
    out: dict[str, Any] = {"between": parties, "step": top.kind}
    if isinstance(top, Deal):
        out["move"] = MOVE_NAMES[top.chain.kind]
    else:
        out["move"] = "fix"
    if seat in parties:  # the offers are the two parties' business
        if isinstance(top, (Respond, FinalOffer, AcceptFinal)):
            out["share_percent"] = SHARE_STEP * top.share
        if isinstance(top, Deal):
            out["agreed"] = {str(t): SHARE_STEP * k for t, k in top.chain.shares if seat in (top.chain.seat, t)}
        if isinstance(top, FeeAnswer):
            out["fee"] = top.fee
    return out


def view(s: MafiaState, seat: int | None) -> dict[str, Any]:
    over = s.is_over()
    lanes = s.in_lanes()
    deciding = set(s.pending_seats()) if not over else set()
    ids = s.syndicate_ids()
    syndicates = []
    for k, live in enumerate(s.syn):
        me = seat == k
        y = live if (me or not lanes or s.lane_start is None) else s.lane_start[k]
        setting = s.content.setting.syndicates[ids[k]]
        row: dict[str, Any] = {
            "seat": k,
            "syndicate": setting.id,
            "name": setting.name,
            "color": setting.color,
            "columns": _area(s, y),
            "wins": {MOVE_NAMES[m]: n for m, n in enumerate(y.wins)},
            "murdered_boss": y.murdered_boss,
            "lost_to_murder": y.lost_murder,
            "swap_used": y.swapped,
            "status": ("deciding" if k in deciding else "done") if lanes else None,
            "stash": live.stash if me or over else None,
            "went_negative": live.went_negative if me or over else None,
        }
        if me:
            row["known_stashes"] = [{"seat": v, "stash": amount, "round": r} for v, amount, r in live.known]
            row["market"] = {
                "gangsters": [_card(s, x) for x in live.g_row],
                "businesses": [_card(s, x) for x in live.b_row],
                "assets": [_card(s, x) for x in live.a_row],
                "deck_sizes": [len(live.g_deck), len(live.b_deck), len(live.a_deck)],
                "purchases": list(live.buys),
            }
            if s.phase == "setup" and live.mobs[BOSS_COL] is None:  # searching your deck for a Boss (§3)
                row["boss_deck"] = [_card(s, g) for g in sorted(live.g_deck)]
        syndicates.append(row)
    e = s.content.events[s.event] if s.event >= 0 else None
    out: dict[str, Any] = {
        "game": s.game_name,
        "seat": seat,
        "round": s.round,
        "phase": s.phase,
        "damage_bands": s.options.damage_bands,
        "first_seat": s.first if s.first >= 0 else None,
        "first_rolls": [list(r) for r in s.first_rolls],
        "turn": s.turn if s.turn >= 0 else None,
        "event": {"card": e.id, "name": e.name, "text": e.text} if e is not None else None,
        "events_left": len(s.event_deck),
        "syndicates": syndicates,
        "last_roll": roll_view(s.last_roll, seat) if s.last_roll else None,
        "last_deal": s.last_deal or None,
        "negotiation": _negotiation(s, seat),
        "deciding": sorted(deciding),
        "over": over,
    }
    if over:
        out["result"] = s.result().to_json()
    return out


__all__ = ["DEAL_KEYS", "determinize", "roll_view", "view"]
