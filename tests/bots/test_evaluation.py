"""The Scarface 1920 evaluation bots use, and the search helpers around it."""

from __future__ import annotations

import random

import pytest

from volstead.bots import ISMCTSBot, ask_bot
from volstead.bots.base import clone_deciding
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.evaluation import crime_cost, evaluate


def states(seed, seats=2, limit=4000, variant="published"):
    s = GAME.new_game(seed=seed, seats=seats, options=GAME.options_from_json({"variant": variant}))
    rng = random.Random(seed)
    for _ in range(limit):
        if s.is_over():
            return
        yield s
        s.apply_index(rng.randrange(len(s.decision().codes)))


def test_every_seat_at_once_matches_one_seat_and_the_end_is_the_score():
    for seed in (1, 2):
        last = None
        for s in states(seed, seats=3):
            values = evaluate(s)
            assert values == [evaluate(s, k) for k in range(3)]
            last = s
        assert last is not None
    s = GAME.new_game(seed=4, seats=2)
    rng = random.Random(4)
    while not s.is_over():
        s.apply_index(rng.randrange(len(s.decision().codes)))
    assert evaluate(s) == [float(x) for x in s.result().scores]


def test_laying_out_a_card_is_worth_its_strength():
    """Playing a Plan card with Muscle or Influence (within the 2 free cards) raises the value."""
    checked = 0
    for seed in range(1, 6):
        for s in states(seed):
            d = s.decision()
            if d.kind != "plan" or s.players[d.seat].plan:
                continue
            seat = d.seat
            before = evaluate(s, seat)
            for i, code in enumerate(d.codes):
                c = s.content
                if code == -1 or c.card_muscle[code] + c.card_influence[code] == 0:
                    continue
                t = s.clone()
                t.apply_index(i)
                if t.is_over() or t.active != seat or not t.players[seat].plan:
                    continue
                if t.decision().kind == "plan":  # still laying out: no Crime Rate paid yet
                    assert evaluate(t, seat) > before
                    checked += 1
            if checked >= 10:
                return
    assert checked > 0


def test_removing_thugs_costs_value():
    checked = 0
    for seed in range(1, 8):
        for s in states(seed, variant="rulebook-wip"):  # the published game has no Remove thugs order
            d = s.decision()
            if d.kind != "remove_thugs":
                continue
            seat = d.seat
            before = evaluate(s, seat)
            for i in range(len(d.codes)):
                t = s.clone()
                t.apply_index(i)
                if not t.is_over() and t.decision().kind == "remove_thugs" and t.decision().seat == seat:
                    assert evaluate(t, seat) < before
                    checked += 1
            if checked >= 5:
                return
    assert checked > 0


def test_crime_rate_risk_is_convex():
    steps = [crime_cost(c + 1) - crime_cost(c) for c in range(1, 11)]
    assert crime_cost(4) == 0
    assert all(b >= a - 1e-9 for a, b in zip(steps, steps[1:]))
    assert crime_cost(11) - crime_cost(10) > 6  # a Raid now


def test_clone_deciding_keeps_the_same_options():
    for s in list(states(3, seats=4, limit=300))[::37]:
        d = s.decision()
        c = clone_deciding(s, d)
        assert c.decision().codes == s.clone().decision().codes
        assert c.decision().option_ids == d.option_ids
        c.apply_index(len(d.codes) - 1)
        f = s.clone()
        f.apply_index(len(d.codes) - 1)
        assert c.record() == f.record() and c.view(None) == f.view(None)


@pytest.mark.parametrize("reuse", [1, 3, 4])
def test_ismcts_reuse_keeps_the_budget_and_is_reproducible(reuse):
    s = next(x for x in states(6, seats=3) if x.decisions_made > 120 and len(x.decision().codes) >= 4)
    picks = []
    for _ in range(2):
        bot = ISMCTSBot(7, iterations=30, reuse=reuse)
        picks.append(ask_bot(bot, s))
        assert bot.last_iterations == 30
    assert picks[0] == picks[1]


def test_ismcts_reuse_must_be_positive():
    with pytest.raises(ValueError):
        ISMCTSBot(1, reuse=0)


def test_an_owned_associate_is_worth_its_stars_and_its_future_plays():
    """$2 a star (its end-of-game worth, published rules) plus $1.5 × (share of the game left) per
    Muscle, Influence and skill: what it will still do in the seat's Plans."""
    from volstead.games.scarface1920.evaluation import ASSOCIATE_PLAY, ROUNDS

    s = GAME.new_game(seed=1, seats=2)
    c = s.content
    card = next(i for i, x in enumerate(c.cards) if x.id == "beer_runner")  # 2★, 2 Muscle 1 Influence
    spaces = c.board.time_track_spaces["2"]
    later = max(0.0, ROUNDS - (s.round - 1) - s.time / spaces) / ROUNDS
    t = s.clone()
    t.players[0].discard = t.players[0].discard + (card,)
    assert later == 1.0
    assert evaluate(t, 0) - evaluate(s, 0) == pytest.approx(2 * 2 + ASSOCIATE_PLAY * later * (2 + 1 + 1))
    assert evaluate(t, 1) == evaluate(s, 1)
    t.round, t.time = ROUNDS + 1, 0  # no game left: only the stars count
    u = t.clone()
    u.players[0].discard = u.players[0].discard[:-1]
    assert evaluate(t, 0) - evaluate(u, 0) == pytest.approx(2 * 2)
