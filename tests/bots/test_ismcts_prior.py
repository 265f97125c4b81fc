"""ISMCTS's root biased by the game's shipped policy (bots/ismcts.py `_select`, bots/learned.py
`OptionPrior`; docs/bots.md): the prior is the policy's softmax over the legal options, the same for
every determinization of the seat; with a large weight the root's visits follow it; no prior where
the game's policy does not fit the table, and none where the game sets no `search_prior`."""

from __future__ import annotations

import random

import pytest

from volstead.bots import BotDecision, ISMCTSBot
from volstead.bots.base import game_of, search_prior
from volstead.bots.learned import LearnedBot, OptionPrior


def searched_decision(game_name, seed=5, after=60, min_options=3):
    """A mid-game state whose pending decision has a choice the game's own policy does not answer."""
    game = game_of(game_name)
    s = game.new_game(seed=seed, seats=4)
    rng = random.Random(seed)
    kinds = getattr(game, "policy_kinds", frozenset())
    while not (s.decisions_made >= after and len(s.decision().codes) >= min_options and s.decision().kind not in kinds):
        s.apply_index(rng.randrange(len(s.decision().codes)))
    return s


@pytest.mark.parametrize("game_name", ["prohibition", "mafia_chronicles"])
def test_the_prior_is_the_shipped_policys_softmax_over_the_legal_options(game_name):
    s = searched_decision(game_name)
    d = s.decision()
    seat = d.seat
    first = OptionPrior().probabilities(s.determinize(seat, random.Random(1)), seat)
    assert first is not None and set(first) == set(d.codes)
    assert sum(first.values()) == pytest.approx(1.0) and min(first.values()) > 0
    # the seat's observation: every determinization of its view gives the same prior
    assert OptionPrior().probabilities(s.determinize(seat, random.Random(2)), seat) == first
    # its most probable option is the learned bot's (the network's argmax), which plays the same network
    bot = LearnedBot(1, follow_policy=False)
    chosen = bot.choose({}, BotDecision.of(d), lambda rng: s.determinize(seat, rng))
    assert first[d.codes[chosen]] == max(first.values())


def test_no_prior_where_the_games_policy_does_not_fit_the_table():
    s = game_of("scarface1920").new_game(seed=1, seats=2)  # Scarface ships a policy for four seats
    assert OptionPrior().probabilities(s, s.decision().seat) is None
    four = game_of("scarface1920").new_game(seed=1, seats=4)
    assert OptionPrior().probabilities(four, four.decision().seat) is not None


def test_with_a_heavy_prior_the_roots_visits_follow_the_policy():
    s = searched_decision("mafia_chronicles")
    d = s.decision()
    prior = OptionPrior().probabilities(s, d.seat)
    assert prior is not None
    n = len(d.codes)
    bot = ISMCTSBot(3, iterations=6 * n, prior=1e6)
    bot.keep_tree = True
    bot.choose({}, BotDecision.of(d), lambda rng: s.clone())
    assert bot.last_tree is not None
    visits = {code: child.visits for code, child in bot.last_tree.children[d.kind].items()}
    assert set(visits) == set(d.codes)  # the root still tries every option
    favourite = max(prior, key=lambda code: prior[code])
    assert visits[favourite] == max(visits.values()) > 2 * n  # past the first n, the bias leads
    # without the prior the same search spreads its visits by the values alone
    bot = ISMCTSBot(3, iterations=6 * n, prior=0)
    bot.keep_tree = True
    bot.choose({}, BotDecision.of(d), lambda rng: s.clone())
    assert bot.last_tree is not None
    assert max(child.visits for child in bot.last_tree.children[d.kind].values()) < 2 * n


def test_the_games_search_prior_is_the_default():
    assert game_of("prohibition").search_prior == 3.0 and game_of("mafia_chronicles").search_prior == 3.0
    # Scarface 1920's policy steered its search worse (docs/bots.md): no prior there
    assert search_prior(game_of("scarface1920").new_game(seed=1, seats=4), 0.0) == 0.0
    with pytest.raises(ValueError, match="prior must be at least 0"):
        ISMCTSBot(1, prior=-1.0)
