"""Search bots in a secret simultaneous phase (issue 10 §4), on the platform's test game: a bot
never reads a rival's private choice — its decision is the same whatever the rival chose."""

from __future__ import annotations

import random

import pytest

from volstead.bots import ask_bot, get_bot


@pytest.fixture
def game(prize_bids):
    return prize_bids


@pytest.mark.parametrize("bot", ["greedy", "ismcts:60"])
def test_a_bots_choice_does_not_depend_on_a_rivals_secret_bid(game, bot):
    for seed in range(4):
        choices = set()
        for rival_bid in ("bid:1", "bid:3", "bid:5"):
            s = game.new_game(seed, 3, game.Options(cards=5))
            s.apply(rival_bid, 0)
            s.apply("confirm", 0)
            choices.add(ask_bot(get_bot(bot, f"{seed}/1"), s, seat=1))
        assert len(choices) == 1, (seed, choices)


def test_ismcts_answers_a_lane_decision_that_is_not_the_first_pending(game):
    s = game.new_game(3, 4, game.Options(cards=4))
    assert s.pending_seats() == (0, 1, 2, 3)
    b = get_bot("ismcts:80", 7)
    i = ask_bot(b, s, seat=2)
    assert 0 <= i < len(s.decision(2).codes) and b.last_iterations == 80
    s.apply_index(i, seat=2)
    assert s.pending_seats() == (0, 1, 2, 3) and s.decision(2).kind == "confirm"
    assert all(s.decision(k).kind == "bid" for k in (0, 1, 3))  # nobody else moved


def test_a_bots_determinization_holds_no_rivals_secret_step(game):
    from volstead.bots.base import make_sampler

    s = game.new_game(2, 3, game.Options(cards=4))
    s.apply("bid:4", 0)
    s.apply("back", 0)
    s.apply("bid:2", 0)
    s.apply("bid:1", 1)
    det = make_sampler(s, 1)(random.Random(1))
    assert det.decision_log() == [(1, "bid:1")] and det.decisions_made == 1
    assert s.decision_log()[:3] == [(0, "bid:4"), (0, "back"), (0, "bid:2")]  # the real game keeps all


def test_clone_deciding_keeps_every_pending_lane_decision(game):
    """A clone that keeps a simultaneous phase's pending decisions (rebound to it) gives the same
    options, and plays on exactly as a plain clone, whose decisions are rebuilt."""
    s = game.new_game(5, 4, game.Options(cards=4))
    s.apply("bid:2", 1)
    before = [(d.seat, d.kind, d.codes) for d in s.decisions()]
    c = s.clone_deciding()
    assert [(d.seat, d.kind, d.codes) for d in c.decisions()] == before
    assert all(d is not e for d, e in zip(c.decisions(), s.decisions()))
    f = s.clone()
    for seat in (3, 1, 0, 2):
        c.apply_index(len(c.decision(seat).codes) - 1, seat)
        f.apply_index(len(f.decision(seat).codes) - 1, seat)
    assert c.record() == f.record() and c.pending_seats() == f.pending_seats()
    assert [(d.seat, d.kind, d.codes) for d in s.decisions()] == before  # the original untouched
