"""The test game's encoder and action numbering (tests/platform_game/observation.py, actions.py),
exactly: the documented layout, the numbers of a known position, and every action's name."""

from __future__ import annotations

import numpy as np
import pytest

import volstead.rl as rl
from volstead.rl.encoding import layout_of, observe, option_index


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def test_the_layout_is_the_documented_one(prize_bids):
    layout = layout_of(prize_bids, 3, {"cards": 4})
    sizes = {f.name: f.size for f in layout.fields}
    assert sizes == {
        "hand": 4,
        "rival_hands": 8,
        "points": 3,
        "round": 1,
        "prize": 4,
        "prizes_left": 4,
        "first_seat": 3,
        "last_bids": 3,
        "last_winners": 3,
        "last_prize": 1,
        "my_bid": 4,
        "negotiation": 3,
        "deal": 3,
        "rules": 2,
        "asked": 6,
    }
    assert layout.size == 52 and layout.action_count == 4 * 4 + 9
    assert layout_of(prize_bids, 3, prize_bids.Options(cards=4)) is layout  # cached by value


def test_a_known_position_as_numbers(prize_bids):
    s = prize_bids.new_game(1, 2, {"cards": 3, "first_seat": 1})
    prize = s.prize
    s.apply("bid:3", 0)
    s.apply("bid:1", 1)
    s.apply("confirm", 1)  # seat 1 is done; seat 0 is asked to confirm its 3
    obs = observe(prize_bids, s, 0)
    parts = {name: obs["observation"][cut].tolist() for name, cut in layout_of(prize_bids, 2, s.options).field_slices().items()}
    assert parts["hand"] == [1, 1, 1] and parts["rival_hands"] == [1, 1, 1]
    assert parts["round"] == pytest.approx([1 / 3])
    assert parts["prize"] == [1.0 if k == prize else 0.0 for k in (1, 2, 3)]
    assert parts["first_seat"] == [0, 1]  # seat 1, the next seat from seat 0
    assert parts["my_bid"] == [0, 0, 1]
    assert parts["asked"] == [0, 1, 0, 0, 0, 0]  # confirm
    assert parts["rules"] == [0, 1]
    assert obs["action_mask"].tolist() == [0, 0, 0, 0, 1, 1] + [0] * 15  # confirm (C+1), back (C+2)
    seat1 = observe(prize_bids, s, 1)["observation"]
    assert seat1[-6:].tolist() == [0] * 6 and not observe(prize_bids, s, 1)["action_mask"].any()
    s.apply("confirm", 0)  # the reveal: seat 0 won the prize with 3 against 1; it may sell it to seat 1
    parts = {
        name: observe(prize_bids, s, 0)["observation"][cut].tolist()
        for name, cut in layout_of(prize_bids, 2, s.options).field_slices().items()
    }
    assert parts["hand"] == [1, 1, 0] and parts["rival_hands"] == [0, 1, 1]
    assert parts["points"] == pytest.approx([prize / 6, 0])
    assert parts["last_bids"] == pytest.approx([1, 1 / 3]) and parts["last_winners"] == [1, 0]
    assert parts["negotiation"] == [1, 1] and parts["deal"] == pytest.approx([prize / 3, 0, 1])  # seat 0 sells
    assert parts["asked"] == [0, 0, 1, 0, 0, 0]  # offer


def test_every_action_has_its_own_name_and_its_option_its_number(prize_bids):
    options = prize_bids.Options(cards=5)
    names = [prize_bids.action_name(n, 2, options) for n in range(prize_bids.action_count(2, options))]
    assert len(set(names)) == len(names) == 29
    assert names[:7] == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid blind", "confirm the bid"]
    assert names[-2:] == ["accept the final offer", "decline the final offer"]
    s = prize_bids.new_game(4, 2, options)
    d = s.decision(0)
    assert [names[n] for n in prize_bids.action_numbers(s, d)] == ["bid 1", "bid 2", "bid 3", "bid 4", "bid 5", "bid blind"]
    assert option_index(prize_bids, s, d, np.int32(5)) == 5  # the blind bid
    with pytest.raises(rl.IllegalActionError, match=r"action 6 \(confirm the bid\) is not legal now: seat 0's bid decision"):
        option_index(prize_bids, s, d, 6)
