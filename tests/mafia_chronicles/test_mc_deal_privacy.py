"""Offers are private to the two parties (issue 14, rulebook §6.5): the last move's record in every
view keeps a Shipment's/Heist's shares and payments and a Fix's fee for the parties alone."""

from __future__ import annotations

import json
import random

from mc_games import busy_choice, new_game
from mc_helpers import blank, moves, put, put_asset

from volstead.games.mafia_chronicles.view import DEAL_KEYS


def heist_done(dice):
    """Seat 0's Heist with seat 2 (10%) and seat 3 (15%) as partners, rolled: 18 x $35K = $630K."""
    s = blank()
    put(s, 0, 2, "bugsy_feld")
    put_asset(s, 0, 2, "plans")
    put(s, 2, 1, "eddie_the_ear")
    put_asset(s, 2, 1, "spotter")
    put(s, 3, 3, "sal_the_kid")
    put_asset(s, 3, 7, "insider")
    moves(s, 0)
    for oid, seat in (("heist:2", 0), ("link:2.1", 0), ("link:3.3", 0), ("offer:10", 0), ("accept", 2), ("offer:15", 0)):
        s.apply(oid, seat)
    dice += [5, 2, 3]
    s.apply("accept", 3)
    return s


def test_6_5_a_heists_shares_show_to_the_initiator_all_to_each_partner_its_own_to_others_none(dice):
    s = heist_done(dice)
    assert s.last_roll["shares"] == {"2": 10, "3": 15}  # the state keeps them (records, tests)
    public = {
        "round": 2,
        "seat": 0,
        "col": 2,
        "card": "bugsy_feld",
        "move": "heist",
        "rating": 4,
        "links": [[2, 1], [3, 3]],
        "rolls": [5, 2, 3],
        "edges": [9, 5, 4],
        "total": 18,
        "success": True,
        "heat": 1,
        "amount": 630,
    }
    assert s.view(0)["last_roll"] == {**public, "shares": {"2": 10, "3": 15}, "paid": {"2": 63, "3": 94}, "kept": 630 - 63 - 94}
    assert s.view(2)["last_roll"] == {**public, "shares": {"2": 10}, "paid": {"2": 63}}
    assert s.view(3)["last_roll"] == {**public, "shares": {"3": 15}, "paid": {"3": 94}}
    assert s.view(1)["last_roll"] == public
    assert s.view(None)["last_roll"] == public


def test_6_5_a_fix_fee_shows_to_the_fixer_and_the_owner_alone(dice):
    s = blank()
    put(s, 0, 2, "patsy_quinn")
    put(s, 1, 2, "sal_the_kid", heat=5, jailed=True)
    moves(s, 0)
    s.apply("fix:2", 0)
    s.apply("mob:1.2", 0)
    s.apply("fee:50", 0)
    dice.append(5)
    s.apply("accept", 1)
    assert s.last_roll["fee"] == 50
    assert s.view(0)["last_roll"]["fee"] == 50 == s.view(1)["last_roll"]["fee"]
    for seat in (2, 3, None):
        roll = s.view(seat)["last_roll"]
        assert "fee" not in roll and roll["success"] and roll["move"] == "fix"


def test_a_determinization_keeps_only_the_terms_its_seat_knows(dice):
    s = heist_done(dice)
    for seat in range(4):
        d = s.determinize(seat, random.Random(1))
        assert d.last_roll == s.view(seat)["last_roll"]


def test_no_view_shows_a_rivals_deal_terms_in_random_games():
    """Busy random games (deals made often): every view's last move shows deal terms only to parties."""
    terms_seen = 0
    for seed in range(20):
        s = new_game(seed)
        rng = random.Random(seed)
        while not s.is_over():
            rec = s.last_roll
            if any(k in rec for k in DEAL_KEYS):
                mover = rec["seat"]
                partners = set(rec.get("shares", {})) | ({str(rec["target"]["seat"])} if "fee" in rec else set())
                for v in (0, 1, 2, 3, None):
                    shown = s.view(v)["last_roll"]
                    if v == mover:
                        assert all(shown[k] == rec[k] for k in DEAL_KEYS if k in rec)
                        terms_seen += 1
                    elif str(v) in partners:
                        text = json.dumps({k: shown.get(k) for k in DEAL_KEYS})
                        others = partners - {str(v)} - {str(mover)}
                        assert "kept" not in shown and not any(f'"{o}"' in text for o in others)
                    else:
                        assert not any(k in shown for k in DEAL_KEYS), (seed, v, shown)
            pending = s.decisions()
            d = pending[rng.randrange(len(pending))]
            s.apply_index(busy_choice(d, rng), d.seat)
    assert terms_seen > 0
