"""What a seat may know (`view`) and a full state consistent with it (`determinize`).

Public: the board, every Plan, the top card of every discard pile ("you cannot
look at another player's discard pile (other than its top face up card)", WIP
p.18), fulfilled Jobs, Deals, thugs, Crime Rates, counts of hands, decks,
discard piles and face-down Jobs.
Private to its owner: money behind the screen, hand, discard pile, face-down
Jobs, Job-draft packet — until the game is over, when every view shows them
(the record, public then, holds them anyway). Secret to all: the order of every deck (a gang deck's
order too).
"""

from __future__ import annotations

from .state import STATS, ScarfaceState


def _card(s: ScarfaceState, c: int) -> str:
    return s.content.cards[c].id


def view(s: ScarfaceState, seat: int | None) -> dict:
    c = s.content
    ids = c.district_ids
    players = []
    solo = s.enforcer >= 0
    over = not s.stack  # the game is over: screens come down, hands and Jobs are turned up
    for p in s.players:
        me = seat == p.seat or over
        players.append(
            {
                "seat": p.seat,
                "gang": c.gangs[p.gang].id,
                "crime_rate": p.crime,
                "money": p.money if me or solo else None,  # solo: no screen
                "hand": [_card(s, x) for x in p.hand] if me else None,
                "hand_count": len(p.hand),
                "deck_count": len(p.deck),
                "discard": [_card(s, x) for x in (p.discard if me else p.discard[-1:])],  # last = top
                "discard_count": len(p.discard),
                "plan": [_card(s, x) for x in p.plan],
                "jobs": [c.jobs[j].id for j in p.jobs] if me else None,
                "jobs_count": len(p.jobs),
                "fulfilled_jobs": [c.jobs[j].id for j in p.done_jobs],
                "deals": [
                    {
                        "dealers": [c.dealers[d].id for d in deal.dealers],
                        "alcohol": deal.alcohol,
                        "guns": deal.guns,
                        "thugs": deal.thugs,
                    }
                    for deal in p.deals
                ],
                "thugs": {
                    "recruits": p.recruits,
                    "safehouses": p.safehouses,
                    "headquarters": p.hq,
                    "underworld": p.underworld,
                    "authorities": p.authorities,
                    "prison": p.prison,
                    "on_jobs": p.job_thugs,
                    "removed": p.removed,
                    "districts": {ids[d]: n for d, n in enumerate(p.thugs) if n},
                },
                "cars": {ids[d]: n for d, n in enumerate(p.cars) if n},
                "trucks": {ids[d]: n for d, n in enumerate(p.trucks) if n},
                "boss_box": p.boss_box,
                "stats": {STATS[k]: lvl for k, lvl in enumerate(p.stats)},
                "right_hands_left": [_card(s, x) for x in p.right_hands],
            }
        )
    hoods = []
    for h in s.hoods:
        tile = c.tiles[h.tile]
        side = tile.night if h.night else tile.day
        hoods.append(
            {
                "id": tile.id,
                "name": tile.name,
                "district": ids[h.district],
                "side": "night" if h.night else "day",
                "defense": side.defense,
                "wants": {"alcohol": side.alcohol, "guns": side.guns},
                "price": side.price,
                "owner": h.owner if h.owner >= 0 else None,
                "businesses": {"speakeasy": h.speakeasy, "casino": h.casino, "brothel": h.brothel, "nightclub": h.nightclub},
                "goods": {"alcohol": h.alcohol, "guns": h.guns},
            }
        )
    out = {
        "game": s.game_name,
        "seat": seat,
        "seats": s.seats,
        "variant": s.options.variant,
        "round": s.round,
        "time": s.time,
        "time_spaces": c.board.time_track_spaces[str(s.seats)],
        "ness": s.ness,
        "active": s.active,
        "family_ring": s.family_ring if s.family_ring >= 0 else None,
        "news": c.news[s.news_active].id,
        "news_deck_count": len(s.news_deck),
        "police": [ids[d] for d in s.police],
        "neighborhoods": hoods,
        "market": {
            "low": [_card(s, x) for x in s.market_low],
            "low_deck_top": _card(s, s.deck_low[0]) if s.deck_low else None,
            "high": [_card(s, x) for x in s.market_high],
            "high_deck_top": _card(s, s.deck_high[0]) if s.deck_high else None,
        },
        "deck_counts": {
            "associates_low": len(s.deck_low),
            "associates_high": len(s.deck_high),
            "jobs": len(s.job_deck),
            "dealers": len(s.dealer_deck),
            "raids": len(s.raid_deck),
        },
        "last_raid": c.raids[s.raid_card].id if s.raid_card >= 0 else None,
        "players": players,
        "over": s.is_over(),
    }
    if solo:
        from .solo.view import enforcer_view

        out["enforcer"] = enforcer_view(s)
    elif s.draft and seat is not None:
        out["draft_packet"] = [c.jobs[j].id for j in s.draft[seat]]
    if not s.is_over():
        d = s.decision()
        out["deciding"] = d.seat
    else:
        out["result"] = s.result().to_json()
    return out
