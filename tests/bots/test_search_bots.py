"""greedy and ismcts: honesty (choices depend only on the seat's view), budgets, own RNG."""

from __future__ import annotations

import math
import random

import pytest

from volstead.bots import BotDecision, GreedyBot, ISMCTSBot, ask_bot, get_bot, make_sampler
from volstead.games.scarface1920 import GAME


def mid_game(seed=3, seats=4, after=150, min_options=4):
    s = GAME.new_game(seed=seed, seats=seats)
    rng = random.Random(seed)
    while True:
        d = s.decision()
        if s.decisions_made >= after and len(d.codes) >= min_options:
            return s
        s.apply_index(rng.randrange(len(d.codes)))


def snapshot(s):
    return (s.record(), s.rng, repr(s.stack), s.view(None), [sorted(p.fields().items(), key=lambda kv: kv[0]) for p in s.players])


def perturb_unseen(s, seat):
    """A clone differing from s in what determinize throws away: rivals' money, the game's generator."""
    d = s.clone()
    for p in d.players:
        if p.seat != seat:
            p.money += 17
    d.rng ^= 0x5DEECE66D
    d._decision = None
    return d


def perturb_cards(s, seat):
    """A clone whose rivals hold other hidden cards (hand ↔ deck swapped) and other face-down Jobs."""
    d = s.clone()
    for p in d.players:
        if p.seat == seat:
            continue
        pool = p.deck + p.hand
        p.hand, p.deck = tuple(sorted(pool[: len(p.hand)])), pool[len(p.hand) :]
    rivals = [p for p in d.players if p.seat != seat]
    jobs = list(d.job_deck) + [j for p in rivals for j in p.jobs]
    k = len(d.job_deck)
    d.job_deck = tuple(jobs[:k])
    rest = jobs[k:]
    for p in rivals:
        p.jobs, rest = tuple(sorted(rest[: len(p.jobs)])), rest[len(p.jobs) :]
    d._decision = None
    return d


BOTS = [lambda: GreedyBot(5), lambda: ISMCTSBot(5, iterations=60)]


@pytest.mark.parametrize("make", BOTS, ids=["greedy", "ismcts"])
def test_same_view_other_unseen_state_same_choice(make):
    for seed in (3, 8):
        a = mid_game(seed)
        seat = a.decision().seat
        b = perturb_unseen(a, seat)
        assert a.view(seat) == b.view(seat) and snapshot(a) != snapshot(b)
        assert ask_bot(make(), a) == ask_bot(make(), b)


@pytest.mark.parametrize("make", BOTS, ids=["greedy", "ismcts"])
def test_same_view_other_hidden_cards_same_choice(make):
    for seed in (3, 8):
        a = mid_game(seed)
        d = a.decision()
        seat = d.seat
        b = perturb_cards(a, seat)
        assert a.view(seat) == b.view(seat)
        assert any(pa.hand != pb.hand or pa.jobs != pb.jobs for pa, pb in zip(a.players, b.players))
        # Through the real harness: determinize() depends only on the view and the bot's rng.
        assert ask_bot(make(), a) == ask_bot(make(), b)


def test_bots_get_no_state():
    s = mid_game(5)
    seen = {}

    class Spy:
        instant = False

        def choose(self, view, decision, sampler=None):
            seen["view"], seen["decision"], seen["sampler"] = view, decision, sampler
            return 0

    ask_bot(Spy(), s)
    d = seen["decision"]
    assert isinstance(d, BotDecision) and not hasattr(d, "_state") and not hasattr(d, "__dict__")
    assert d.option_ids == s.decision().option_ids and d.codes == s.decision().codes
    assert seen["view"] == s.view(d.seat)
    det = seen["sampler"](random.Random(1))
    assert det is not s and det.view(d.seat) == s.view(d.seat)


@pytest.mark.parametrize("name", ["greedy", "ismcts:40"])
def test_thinking_leaves_the_game_and_global_random_alone(name):
    s = mid_game(7)
    before = snapshot(s)
    random.seed(0)
    g = random.getstate()
    for k in range(3):
        ask_bot(get_bot(name, k), s)
    assert snapshot(s) == before
    assert random.getstate() == g


def test_ismcts_logarithms_are_math_log_exactly():
    """UCB1's ln(availability) comes from a table (a speed change: the same values, so the same
    choices), also across the table's end, where it calls math.log again."""
    from volstead.bots.ismcts import _LOG_TABLE_SIZE, log_count

    for n in [*range(1, 5000), *range(_LOG_TABLE_SIZE - 3, _LOG_TABLE_SIZE + 3), 10**6]:
        assert log_count(n) == math.log(n), n


def test_ismcts_iteration_budget():
    s = mid_game(4)
    bot = ISMCTSBot(1, iterations=37)
    ask_bot(bot, s)
    assert bot.last_iterations == 37


def test_search_bots_pause_the_cycle_collector_only_while_they_search():
    import gc

    s = mid_game(4)
    d = s.decision()
    real = make_sampler(s, d.seat)
    seen = []

    def sampler(rng):  # asked once a determinization, inside the search
        seen.append(gc.isenabled())
        return real(rng)

    assert gc.isenabled()
    ISMCTSBot(1, iterations=5, reuse=1).choose(s.view(d.seat), BotDecision.of(d), sampler)
    assert seen == [False] * 5 and gc.isenabled()
    seen.clear()
    GreedyBot(1, samples=2).choose(s.view(d.seat), BotDecision.of(d), sampler)
    assert seen == [False] * 2 and gc.isenabled()
    gc.disable()  # a caller that had it off keeps it off
    try:
        ask_bot(ISMCTSBot(1, iterations=5), s)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_ismcts_time_budget():
    """A millisecond budget stops the search at the first clock check past the deadline.

    The bot gets a fake clock that advances 5 ms per reading, so the test does not
    depend on how loaded the machine is."""
    readings = []

    def clock():
        readings.append(len(readings) * 0.005)
        return readings[-1]

    s = mid_game(4)
    bot = ISMCTSBot(1, ms=40)
    bot.clock = clock
    ask_bot(bot, s)
    deadline = readings[0] + 0.040
    assert 1 <= bot.last_iterations <= 8  # at most one clock reading per 5 ms of a 40 ms budget
    past = [r for r in readings if r >= deadline]
    assert 1 <= len(past) <= 2  # the first reading past it ends the search (inner check, then the outer one)


def test_a_settled_search_plays_what_its_whole_budget_would():
    """A wall-clock search stops once its most visited option leads the next by more visits than the
    time left could give (`settle`); it then plays what searching to the deadline plays. A fake
    clock, 1 ms a reading, gives both searches the same iterations in the same order."""

    def fake_clock():
        ticks = iter(range(10**9))
        return lambda: next(ticks) * 0.001

    stopped_early = 0
    for seed in range(8):
        s = mid_game(seed, min_options=3)
        whole, settled = ISMCTSBot(seed, ms=600, settle=False), ISMCTSBot(seed, ms=600)
        whole.clock, settled.clock = fake_clock(), fake_clock()
        assert ask_bot(settled, s) == ask_bot(whole, s)
        assert not whole.last_settled and whole.last_iterations >= 590
        assert settled.last_iterations <= whole.last_iterations
        stopped_early += settled.last_settled and settled.last_iterations < whole.last_iterations
    assert stopped_early >= 1


def test_only_wall_clock_budgets_settle():
    """An iteration budget runs every iteration (its games replay exactly, whatever the machine)."""
    assert ISMCTSBot(1, ms=50).settle and not ISMCTSBot(1, iterations=50).settle
    assert ISMCTSBot(1, iterations=50, settle=True).settle


@pytest.mark.parametrize("name", ["greedy", "ismcts:30"])
def test_same_seed_same_choices(name):
    s = mid_game(9)
    picks = [ask_bot(get_bot(name, "x"), s) for _ in range(2)]
    assert picks[0] == picks[1]


def test_forced_and_sampler_less_decisions():
    d = BotDecision(0, "k", (7,), ("only",))
    for bot in (GreedyBot(1), ISMCTSBot(1)):
        assert bot.choose({}, d, None) == 0
    d = BotDecision(0, "k", (1, 2, 3), ("a", "b", "c"))
    assert 0 <= ISMCTSBot(1).choose({}, d) < 3 and 0 <= GreedyBot(1).choose({}, d) < 3


def test_budget_names():
    assert get_bot("ismcts:120", 1).iterations == 120
    assert get_bot("ismcts:25ms", 1).ms == 25
    assert get_bot("greedy:3", 1).samples == 3
    with pytest.raises(KeyError, match="bad budget"):
        get_bot("ismcts:lots", 1)
    with pytest.raises(ValueError):
        ISMCTSBot(1, iterations=5, ms=5)


def test_search_bots_finish_a_two_player_game():
    s = GAME.new_game(seed=11, seats=2)
    bots = [get_bot("greedy", 1), get_bot("ismcts:8", 2)]
    while not s.is_over():
        i = ask_bot(bots[s.decision().seat], s, skip_forced=True)
        s.apply_index(i)
    assert s.is_over() and s.result().winners


def test_sampler_closure_is_the_seats_determinization():
    s = mid_game(2)
    seat = s.decision().seat
    a = make_sampler(s, seat)(random.Random(4))
    b = s.determinize(seat, random.Random(4))
    assert a.record() == b.record() and a.view(seat) == b.view(seat)


def test_ismcts_plays_the_games_policy_at_its_own_policy_decision():
    """At a decision the game's policy plays (Prohibition's Attack, seed 2: its Goons, then its
    target among 48 options), ISMCTS answers with the policy's choice, without a search."""
    from volstead.games import get_game

    game = get_game("prohibition")
    s = game.new_game(seed=2, seats=4)
    rng = random.Random(5)
    while s.decisions_made < 18:
        s.apply_index(rng.randrange(len(s.decision().codes)))
    seen = []
    for kind, options in (("attack_goons", 3), ("attack_target", 48)):
        d = s.decision()
        assert (d.kind, len(d.codes)) == (kind, options)
        bot = ISMCTSBot(1, iterations=50)
        i = ask_bot(bot, s)
        det = make_sampler(s, d.seat)(random.Random(9))
        assert i == game.policy_choice(det) and bot.last_iterations == 0
        seen.append(i)
        s.apply_index(i)
    assert seen == [2, 15]


@pytest.mark.parametrize("name", ["greedy", "ismcts", "learned"])
def test_every_bot_plays_the_games_policy_answer(name):
    """`bots.base.policy_answer`, the one place the bots take the game's own answer: at
    Prohibition's Attack (seed 2, as above) greedy, ISMCTS and the learned bot all play the policy's
    Goons and target; at the Action turn before it (no policy there) there is no answer."""
    from volstead.bots.base import policy_answer, policy_of, public_decision
    from volstead.games import get_game

    game = get_game("prohibition")
    s = game.new_game(seed=2, seats=4)
    rng = random.Random(5)
    while s.decisions_made < 17:
        s.apply_index(rng.randrange(len(s.decision().codes)))
    action = s.decision()
    assert action.kind == "action"
    det = make_sampler(s, action.seat)(random.Random(9))
    assert policy_answer(det, public_decision(action), policy_of(det)) is None
    s.apply_index(rng.randrange(len(action.codes)))
    seen = []
    for kind in ("attack_goons", "attack_target"):
        d = s.decision()
        assert d.kind == kind
        det = make_sampler(s, d.seat)(random.Random(9))
        expected = game.policy_choice(det)
        assert policy_answer(det, public_decision(d), policy_of(det)) == expected
        i = ask_bot(get_bot(name, seed=1), s)
        assert i == expected
        seen.append(i)
        s.apply_index(i)
    assert seen == [2, 15]
