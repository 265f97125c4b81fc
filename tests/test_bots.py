"""Bot registry and RandomBot, on the fake game from test_engine.py."""

from __future__ import annotations

import random

import pytest

from test_engine import GAME
from volstead.bots import RandomBot, bot_names, get_bot


def play_with_bots(seed, bot_seeds):
    state = GAME.new_game(seed, len(bot_seeds))
    bots = [get_bot("random", s) for s in bot_seeds]
    picks = []
    while not state.is_over():
        d = state.decision()
        i = bots[d.seat].choose(state.view(d.seat), d)
        assert isinstance(i, int) and 0 <= i < len(d)
        picks.append(i)
        state.apply_index(i, seat=d.seat)
    return state, picks


def test_registry():
    assert "random" in bot_names()
    bot = get_bot("random", 3)
    assert isinstance(bot, RandomBot)
    with pytest.raises(KeyError, match="unknown bot 'genius'; known bots: random"):
        get_bot("genius", 1)


def test_random_bot_is_reproducible():
    a, picks_a = play_with_bots(11, [1, 2])
    b, picks_b = play_with_bots(11, [1, 2])
    assert picks_a == picks_b and a.record() == b.record()
    assert a.is_over()


def test_random_bot_uses_its_own_rng_not_the_games():
    state = GAME.new_game(5, 2)
    rng_before = state.rng
    random.seed(0)
    global_before = random.getstate()
    bot = RandomBot(1)
    for _ in range(20):
        bot.choose(state.view(0), state.decision())
    assert state.rng == rng_before and state.decisions_made == 0
    assert random.getstate() == global_before


def test_random_bot_covers_all_options():
    state = GAME.new_game(5, 2)
    bot = RandomBot(7)
    seen = {bot.choose(state.view(0), state.decision()) for _ in range(200)}
    assert seen == {0, 1}


def test_different_seeds_differ():
    picks = {tuple(play_with_bots(11, [s, s + 1])[1]) for s in range(20)}
    assert len(picks) > 1


class _Spy:
    """Records what ask_bot hands a bot."""

    def __init__(self, instant: bool):
        self.instant = instant
        self.seen: list = []

    def choose(self, view, decision, sampler=None) -> int:
        self.seen.append((view, decision, sampler))
        return len(decision) - 1

    def pick(self, count: int) -> int:
        self.seen.append(count)
        return count - 1


def test_an_instant_bot_is_asked_to_pick_among_the_number_of_options():
    """A random playout pays for neither the view, the option ids, a sampler nor a decision object
    (issue 15: the simulator's overhead over the bare loop): an instant bot is asked `pick(count)`;
    a bot that reads them is given them through `choose`."""
    from volstead.bots import ask_bot

    state = GAME.new_game(5, 2)
    d = state.decision()
    instant, reader = _Spy(True), _Spy(False)
    assert ask_bot(instant, state) == ask_bot(reader, state) == len(d) - 1
    assert instant.seen == [len(d)]
    view, decision, sampler = reader.seen[0]
    assert view == state.view(d.seat) and decision.option_ids == tuple(d.option_ids) and sampler is not None


def test_a_bot_that_reads_no_view_gets_ids_and_sampler_but_no_view():
    """Greedy and ISMCTS decide from their sampler alone (`reads_view = False`): ask_bot does not
    build the view for them (a tenth of a four-greedy game), but still hands the option ids and a
    sampler of the seat's view."""
    from volstead.bots import GreedyBot, ISMCTSBot, ask_bot

    assert GreedyBot(0).reads_view is False and ISMCTSBot(0).reads_view is False  # (compiled: instance defaults)
    state = GAME.new_game(5, 2)
    d = state.decision()
    blind = _Spy(False)
    blind.reads_view = False
    assert ask_bot(blind, state) == len(d) - 1
    view, decision, sampler = blind.seen[0]
    assert view == {} and decision.option_ids == tuple(d.option_ids) and sampler is not None


def test_the_simulators_loop_asks_an_instant_bot_pick_and_another_choose():
    """`play_to_end` (the simulator's loop) asks an instant seat `pick(count)` and any other seat
    `choose`, neither for a forced decision, and plays the game `ask_bot` would (same answers, same
    record)."""
    from test_engine import CountOptions
    from volstead.bots import ask_bot
    from volstead.sim.loop import play_to_end

    odd = CountOptions(target=11)  # adding 2 each time, the last step to 11 is forced (only +1 fits)
    state = GAME.new_game(5, 2, odd)
    instant, reader = _Spy(True), _Spy(False)
    play_to_end(GAME, state, [instant, reader])
    assert state.is_over() and len(instant.seen) + len(reader.seen) == state.decisions_made - 1
    assert instant.seen == [2] * len(instant.seen) and instant.seen
    assert [len(decision) for _, decision, _ in reader.seen] == [2] * len(reader.seen) and reader.seen

    again = GAME.new_game(5, 2, odd)
    bots = [_Spy(True), _Spy(False)]
    while not again.is_over():
        d = again.decision()
        again.apply_index(ask_bot(bots[d.seat], again, True, d.seat), d.seat)
    assert again.record() == state.record()
