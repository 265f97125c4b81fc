"""What a seat may know (`view`) and a full state consistent with it (`determinize`).

Public: every syndicate's area (cards, Heat, damage, Jail, exhausted), the move counts, the
first player and its rolls, the Event, the dice of the Moves phase, who negotiates with whom.
Private to its syndicate: its stash and "went negative" mark, its market (face-up rows, deck
sizes), what it learnt by stash steals, its choices while a simultaneous phase is open (the
others see its area as the phase found it), the offers of a negotiation it is part of.
Secret to all: the order of every deck. Once the game is over every stash is shown.
"""

from __future__ import annotations

import random
from typing import Any

from volstead.engine.lanes import Lanes
from volstead.engine.rng import Lcg, seed_state
from volstead.engine.tuples import replaced

from .content.loader import A0, B0
from .rules.chains import SHARE_STEP, SHARE_STEPS
from .rules.negotiation import AcceptFinal, Deal, FeeAnswer, FinalOffer, FixFee, Respond
from .rules.ratings import grit, move_rating, smarts
from .state import COLUMNS, MOVE_NAMES, MafiaState, Syndicate


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


# What a move's record (`state.last_roll`) keeps for the parties of a deal alone (§6.5 "offers are
# private"): a Shipment's/Heist's agreed shares and what each partner was paid, and a Fix's fee.
DEAL_KEYS = ("shares", "paid", "kept", "fee")


def roll_view(rec: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The last move as `seat` may see it: the dice, Edges and outcome for everyone; a chain's shares
    and payments to the initiator (all) and each partner (its own); a Fix's fee to the fixer and the
    target's owner. Spectators (None) see no deal terms."""
    if not any(k in rec for k in DEAL_KEYS):
        return rec
    out = {k: v for k, v in rec.items() if k not in DEAL_KEYS}
    if seat is None:
        return out
    mover = rec["seat"]
    if "fee" in rec:
        target = rec.get("target") or {}
        if seat in (mover, target.get("seat")):
            out["fee"] = rec["fee"]
    for key in ("shares", "paid"):
        if key in rec:
            if seat == mover:
                out[key] = dict(rec[key])
            elif str(seat) in rec[key]:
                out[key] = {str(seat): rec[key][str(seat)]}
    if "kept" in rec and seat == mover:
        out["kept"] = rec["kept"]
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


# ------------------------------------------------------------------ determinize
def _split(pool: list[int], sizes: list[int]) -> list[tuple[int, ...]]:
    out, k = [], 0
    for n in sizes:
        out.append(tuple(pool[k : k + n]))
        k += n
    return out


def _shuffled(draws: Lcg, items: Any) -> list[int]:
    pool = sorted(items)
    draws.shuffle(pool)
    return pool


def determinize(s: MafiaState, seat: int, rng: random.Random) -> MafiaState:
    """A full state the seat cannot tell from the real one: rivals' choices in an open secret
    phase undone and, while the seat itself is deciding in it, every rival taken as done with
    it, as if it had changed nothing (what the seat sees of it; only the "deciding"/"done"
    status differs, see below; a seat already done sees its rivals still deciding start again),
    rivals' stashes guessed as the seat's own, rivals' market cards re-dealt among what the seat
    has not seen, every deck's order and the random stream redrawn, a negotiation's offers
    re-drawn unless the seat is a party. Every hidden pool is sorted before it is shuffled, so
    the result depends only on what the seat knows and on `rng` (which seeds the engine's `Lcg`
    that shuffles them).

    Why rivals are done in an open secret phase rather than deciding again: the simulator and the
    server ask the seats of a phase one after another, so the last seat asked found its rivals done
    and the first found them deciding; greedy's lookahead after its own "done" then went on into the
    next phases for the last seat only (the others' rivals still had Market choices to play), and the
    last seat bought 7.7 cards a game to the others' 9.5 and won 39 % of 100 four-greedy games.
    With every rival done, every seat looks ahead alike (7.1–7.5 cards; docs/bots.md)."""
    draws = Lcg(rng.getrandbits(64))
    d = s.clone()
    if s.in_lanes() and s.lane_start is not None:
        lanes = d.stack[-1]
        assert isinstance(lanes, Lanes)
        stacks, rngs, syn = list(lanes.stacks), list(lanes.rngs), list(d.syn)
        deciding = seat in lanes.seats and bool(lanes.stacks[lanes.lane_of(seat)])
        for i, k in enumerate(lanes.seats):
            if k != seat:
                syn[k] = s.lane_start[k].copy()
                rngs[i] = seed_state(rng.getrandbits(63))
                if deciding:  # done, as if it had changed nothing (its choices are unknown)
                    stacks[i] = []
                elif stacks[i]:  # (the seat itself is done: a rival still deciding decides again)
                    stacks[i] = list(s.lane_init[k])
        d.syn = tuple(syn)
        d.stack[-1] = Lanes(lanes.seats, stacks, rngs)
    me = d.syn[seat]
    me.g_deck, me.b_deck, me.a_deck = (
        tuple(_shuffled(draws, me.g_deck)),
        tuple(_shuffled(draws, me.b_deck)),
        tuple(_shuffled(draws, me.a_deck)),
    )
    rivals = [y for y in d.syn if y.seat != seat]
    # Gangsters the seat has not seen could be in any rival's market.
    g_parts = [(y.g_row, y.g_deck, tuple(x for x in y.dropped if x < B0)) for y in rivals]
    pool = _shuffled(draws, [x for part in g_parts for seq in part for x in seq])
    dealt = _split(pool, [len(seq) for part in g_parts for seq in part])
    for i, y in enumerate(rivals):
        y.g_row, y.g_deck, dropped_g = dealt[3 * i], dealt[3 * i + 1], dealt[3 * i + 2]
        # a rival's own Business and Asset copies stay its own, re-dealt among its hidden places
        b_parts = (y.b_row, y.b_deck, tuple(x for x in y.dropped if B0 <= x < A0))
        a_parts = (y.a_row, y.a_deck, tuple(x for x in y.dropped if x >= A0))
        y.b_row, y.b_deck, dropped_b = _split(_shuffled(draws, sum(b_parts, ())), [len(p) for p in b_parts])
        y.a_row, y.a_deck, dropped_a = _split(_shuffled(draws, sum(a_parts, ())), [len(p) for p in a_parts])
        y.dropped = dropped_g + dropped_b + dropped_a
        y.stash = me.stash  # Volstead's neutral guess of a secret stash
        y.went_negative = y.stash < 0
        y.known = ()
    start = s.lane_start
    if start is not None:  # rivals as the open phase found them: the determinized guesses
        d.lane_start = tuple(start[k] if k == seat else y.copy() for k, y in enumerate(d.syn))
    d.observer = seat
    d.event_deck = tuple(_shuffled(draws, d.event_deck))
    if d.last_roll:
        d.last_roll = roll_view(d.last_roll, seat)
    top = d.stack[-1] if d.stack else None
    if isinstance(top, Deal):
        chain = top.chain
        if seat != chain.seat:  # a partner knows its own share only, an outsider none
            chain = replaced(chain, shares=tuple((t, k if t == seat else rng.randint(0, SHARE_STEPS)) for t, k in chain.shares))
        share = top.share if seat in top.parties() else rng.randint(0, SHARE_STEPS)
        d.stack[-1] = type(top)(top.seat_, chain, top.other, share)
    elif isinstance(top, FeeAnswer) and seat not in top.parties():
        d.stack[-1] = FeeAnswer(top.seat_, top.fixer, top.col, top.tcol, 10 * rng.randint(1, 10))
    d.rng = seed_state(rng.getrandbits(63))
    d._decision = None
    return d
