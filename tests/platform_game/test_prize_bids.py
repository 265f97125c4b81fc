"""The platform's test game through the engine: secret simultaneous phases (lanes), a
negotiation with private offers, records and replay, views and determinizations.

Rules are those of tests/platform_game/__init__.py (the game's own docstring is its rulebook)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from volstead import replay
from volstead.engine import IllegalOptionError, WrongSeatError
from volstead.engine.contract import OptionsError, SetupError


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def game():
    import platform_game

    return platform_game.GAME


def bid_round(s, bids: dict[int, int | str], order=None) -> None:
    """Every seat bids its card (or "blind") and confirms, in the given seat order."""
    for seat in order or sorted(bids):
        s.apply(f"bid:{bids[seat]}", seat)
    for seat in order or sorted(bids):
        s.apply("confirm", seat)


def test_a_round_opens_a_lane_per_seat_and_the_highest_bid_wins():
    s = game().new_game(1, 3, game().Options(cards=3, negotiation=False))
    assert s.in_lanes() and s.pending_seats() == (0, 1, 2)
    assert all(d.lane and d.kind == "bid" for d in s.decisions())
    assert s.decision(1).option_ids == ("bid:1", "bid:2", "bid:3", "bid:blind")
    prize = s.prize
    bid_round(s, {0: 1, 1: 3, 2: 2})
    assert s.points == (0.0, float(prize), 0.0)
    assert s.hands == ((2, 3), (1, 2), (1, 3))
    assert s.last_reveal == {"round": 1, "prize": prize, "bids": [1, 3, 2], "winners": [1]}


def test_tied_highest_bids_discard_the_prize_or_split_it():
    for ties, share in (("discard", 0.0), ("split", 0.5)):
        s = game().new_game(2, 2, game().Options(cards=3, ties=ties, negotiation=False))
        prize = s.prize
        bid_round(s, {0: 3, 1: 3})
        assert s.points == (share * prize, share * prize)


def test_a_seat_decides_only_in_its_own_lane_and_the_phase_waits_for_everyone():
    s = game().new_game(3, 2, game().Options(cards=3))
    s.apply("bid:2", 1)
    s.apply("confirm", 1)
    assert s.pending_seats() == (0,) and s.in_lanes()  # seat 1 is done, the phase waits for seat 0
    with pytest.raises(WrongSeatError):
        s.decision(1)
    with pytest.raises(IllegalOptionError):
        s.apply("bid:9", 0)
    s.apply("bid:1", 0)
    s.apply("back", 0)  # taken back once: the next confirm has no "back"
    assert s.decision(0).kind == "bid" and s.bids[0] == 0
    s.apply("bid:3", 0)
    assert s.decision(0).option_ids == ("confirm",)
    s.apply("confirm", 0)
    assert s.last_reveal["bids"] == [3, 2]


def test_a_rivals_private_choice_is_invisible_until_the_reveal():
    s = game().new_game(4, 3, game().Options(cards=4))
    before = [json.dumps(s.view(k), sort_keys=True) for k in (None, 1, 2)]
    s.apply("bid:4", 0)
    s.apply("confirm", 0)
    after = [json.dumps(s.view(k), sort_keys=True) for k in (None, 1, 2)]
    for b, a in zip(before, after, strict=True):  # only "deciding" -> "done" changed for others
        assert a == b.replace(
            '"bidding": "deciding", "faction": "' + s.factions[0], '"bidding": "done", "faction": "' + s.factions[0], 1
        )
    assert s.view(0)["my_bid"] == 4 and s.view(1)["my_bid"] is None
    assert "4" not in json.dumps(s.view(1)["seats"][0]["bidding"])


def test_blind_bids_draw_from_the_seats_own_stream_whatever_the_order():
    def play(order):
        s = game().new_game(5, 3, game().Options(cards=5, negotiation=False))
        bid_round(s, {0: "blind", 1: "blind", 2: "blind"}, order)
        return s.last_reveal["bids"]

    first = play([0, 1, 2])
    assert play([2, 0, 1]) == first == play([1, 2, 0])
    assert all(1 <= b <= 5 for b in first)


def play_interleaved(seed: int, seats: int, choices: list[int]) -> object:
    """Play a whole game: at each step the seat `choices[k] % pending` of the pending seats
    moves, and every seat follows the same fixed policy (its first legal option after a
    rotation by round), so only the interleaving of the seats differs between calls."""
    s = game().new_game(seed, seats, game().Options(cards=4))
    k = 0
    while not s.is_over():
        pending = s.decisions()
        d = pending[choices[k % len(choices)] % len(pending)] if choices else pending[0]
        k += 1
        s.apply_index((d.seat + s.round) % len(d.codes), d.seat)
    return s


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**31 - 1), st.integers(2, 4), st.lists(st.integers(0, 3), max_size=40))
def test_replay_is_exact_whatever_order_the_seats_acted_in(seed, seats, choices):
    a = play_interleaved(seed, seats, choices)
    b = play_interleaved(seed, seats, [])
    assert a.result() == b.result()
    rec = a.record()
    assert rec["format"] == 2 and all(isinstance(x, list) and len(x) == 2 for x in rec["decisions"])
    assert replay(json.loads(json.dumps(rec))).result() == a.result()


def test_negotiation_offer_counter_final_accept():
    s = game().new_game(6, 3, game().Options(cards=5))
    prize = s.prize
    bid_round(s, {0: 5, 1: 4, 2: 1})  # seat 0 wins, seat 1 is the runner-up
    d = s.decision()
    assert (d.seat, d.kind, d.lane) == (0, "offer", False)
    assert d.option_ids == ("keep", *(f"offer:{p}" for p in range(1, prize + 1)))
    s.apply(f"offer:{prize}", 0)
    assert s.view(2)["negotiation"] == {"between": [0, 1], "prize": prize}  # the price stays between them
    assert s.view(1)["negotiation"]["price"] == prize
    s.apply("counter:0", 1)
    s.apply("final:1", 0)
    s.apply("accept", 1)
    assert s.points[:2] == (1.0, prize - 1.0) and s.deals == 1
    assert s.deal_note == f"seat 1 bought prize {prize} from seat 0 for 1"
    assert s.in_lanes()  # the next round's bids


def test_a_third_seats_determinization_does_not_know_the_price():
    seed = next(k for k in range(100) if game().new_game(k, 3, game().Options(cards=5)).prize >= 4)
    s = game().new_game(seed, 3, game().Options(cards=5))
    bid_round(s, {0: 5, 1: 4, 2: 1})
    s.apply("offer:2", 0)
    prices = {s.determinize(2, random.Random(k)).stack[-1].price for k in range(30)}
    assert len(prices) > 1  # re-drawn for the outsider
    assert {s.determinize(1, random.Random(k)).stack[-1].price for k in range(10)} == {2}


def test_determinizations_do_not_depend_on_a_rivals_secret_bid():
    a = game().new_game(7, 3, game().Options(cards=5))
    b = a.clone()
    a.apply("bid:5", 0)
    b.apply("bid:1", 0)
    for seat in (1, 2):
        da, db = a.determinize(seat, random.Random(3)), b.determinize(seat, random.Random(3))
        assert da.bids == db.bids == (0, 0, 0) and repr(da.stack[-1].stacks) == repr(db.stack[-1].stacks)
        assert json.dumps(da.view(seat), sort_keys=True) == json.dumps(db.view(seat), sort_keys=True)
        assert da.decision(0).kind == "bid"  # the rival's lane starts again
        assert da.deck == db.deck


def test_options_are_validated_with_a_message_naming_the_option():
    g = game()
    with pytest.raises(OptionsError, match="option 'factions': Value error, unknown faction 'purple'"):
        g.options_from_json({"factions": ["purple", "red"]})
    with pytest.raises(OptionsError, match="a faction can be chosen for one seat only"):
        g.options_from_json({"factions": ["red", "red"]})
    with pytest.raises(OptionsError, match="option 'cards': Input should be less than or equal to 13"):
        g.options_from_json({"cards": 20})
    with pytest.raises(SetupError, match=r"option 'first_seat': 3 is not a seat of 2 \(seats are 0–1\)"):
        g.new_game(1, 2, g.Options(first_seat=3))


def test_factions_random_entries_and_first_seat_breaks_ties():
    g = game()
    s = g.new_game(8, 3, g.Options(factions=("random", "gold", "random"), first_seat=2, cards=3, negotiation=False))
    assert s.factions[1] == "gold" and len(set(s.factions)) == 3 and s.first == 2
    while not s.is_over():  # every seat bids its highest card: every prize is tied and discarded
        for d in s.decisions():
            s.apply_index(len(d.codes) - 2 if d.kind == "bid" else 0, d.seat)
    r = s.result()
    assert r.scores == (0.0, 0.0, 0.0) and r.winners == (2,) and r.factions == s.factions


@pytest.mark.parametrize("bot", ["random", "greedy", "ismcts:30"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_bots_play_it_to_the_end(bot, seats):
    from volstead.bots import ask_bot, get_bot

    s = game().new_game(seats, seats)
    bots = [get_bot(bot, k) for k in range(seats)]
    while not s.is_over():
        d = s.decisions()[-1]  # the last pending seat: bots act out of seat order too
        s.apply_index(ask_bot(bots[d.seat], s, seat=d.seat), seat=d.seat)
    r = s.result()
    assert len(r.scores) == seats and len(r.winners) == 1 and s.hands == ((),) * seats
    assert sum(r.scores) <= sum(range(1, 6))  # points only come from the prizes (sales move them)


def test_a_choice_in_one_lane_leaves_the_other_lanes_decisions_as_they_were(monkeypatch):
    """Only the lane that moved runs again (a lane writes only what its seat owns, so no other
    lane's options change; issue 15: the Mafia Market asked four menus a decision)."""
    import platform_game.steps as steps

    s = game().new_game(4, 3, game().Options(cards=3, negotiation=False))
    d0, d2 = s.decision(0), s.decision(2)
    asked = []
    original = steps.Bid.options
    monkeypatch.setattr(steps.Bid, "options", lambda self, state: asked.append(self.seat_) or original(self, state))
    s.apply("bid:2", 1)
    assert s.decision(0) is d0 and s.decision(2) is d2 and asked == []  # seat 1's lane moved on to Confirm
    assert s.pending_seats() == (0, 1, 2) and s.decision(1).option_ids[0] == "confirm"
    s.apply("back", 1)
    assert asked == [1] and s.decision(0) is d0  # seat 1's Bid again, asked once
    bid_round(s, {0: 1, 1: 3, 2: 2})
    assert s.last_reveal["bids"] == [1, 3, 2]


def test_a_clone_in_a_secret_phase_and_its_original_go_their_own_ways():
    """The engine changes a phase's lanes in place (issue 15), so a clone taken mid-phase shares
    them until either side moves: each then works on its own copy, and neither sees the other's
    choices."""
    s = game().new_game(6, 3, game().Options(cards=3, negotiation=False))
    s.apply("bid:2", 1)  # the original owns its lanes now
    c = s.clone()
    c.apply("confirm", 1)
    c.apply("bid:3", 0)
    assert s.pending_seats() == (0, 1, 2) and s.decision(1).option_ids[0] == "confirm"
    assert s.decision(0).option_ids == ("bid:1", "bid:2", "bid:3", "bid:blind") and s.bids[0] == 0
    s.apply("bid:1", 0)
    assert c.decision(0).option_ids[0] == "confirm" and c.bids[0] == 3 and c.pending_seats() == (0, 2)
    for t in (s, c):
        t.apply("bid:3", 2)
        for seat in t.pending_seats():
            t.apply("confirm", seat)
    assert s.last_reveal["bids"] == [1, 2, 3] and c.last_reveal["bids"] == [3, 2, 3]
