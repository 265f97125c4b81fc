"""ISMCTS's search: progressive widening (below the root, a node passed n times has at most
ceil(widen_c · n^widen) children of a decision kind; the root tries every option) and the
determinizations a game asks for (`search_reuse`)."""

from __future__ import annotations

import math
import random

import pytest

from volstead.bots import BotDecision, ISMCTSBot
from volstead.bots.ismcts import PHASE, Node
from volstead.games.scarface1920 import GAME


def mid_game(seed=3, after=150, min_options=4):
    s = GAME.new_game(seed=seed, seats=4)
    rng = random.Random(seed)
    while not (s.decisions_made >= after and len(s.decision().codes) >= min_options):
        s.apply_index(rng.randrange(len(s.decision().codes)))
    return s


def grow(bot: ISMCTSBot, s) -> Node:
    """The tree of one search from `s`, every determinization the real state itself (so every node's
    options are the same at each pass and the widening's count is exact)."""
    bot.keep_tree = True
    d = s.decision()
    bot.choose({}, BotDecision.of(d), lambda rng: s.clone())
    assert bot.last_tree is not None
    return bot.last_tree


def nodes_below(root: Node):
    """Every node below the root (with the root's children), depth first."""
    todo = [child for kind, children in root.children.items() if kind is not PHASE for child in children.values()]
    while todo:
        node = todo.pop()
        yield node
        todo.extend(child for kind, children in node.children.items() if kind is not PHASE for child in children.values())


def widest_excess(root: Node, widen: float, widen_c: float) -> tuple[int, int]:
    """(how many nodes have more children of a kind than widening allows, how many have fewer than
    their options: widening bound them)."""
    over = bound = 0
    for node in nodes_below(root):
        # children are added on a pass through the node, before its count goes up: the last pass saw
        # visits - 1 earlier ones
        allowed = math.ceil(widen_c * (node.visits - 1) ** widen) if node.visits > 1 else 0
        for children in node.children.values():
            if len(children) > max(allowed, 1 if node.visits > 1 else 0):
                over += 1
            elif len(children) == allowed:
                bound += 1
    return over, bound


@pytest.mark.parametrize("widen,widen_c", [(0.5, 1.0), (0.3, 2.0)])
def test_widening_bounds_each_nodes_children(widen, widen_c):
    s = mid_game()
    root = grow(ISMCTSBot(3, iterations=400, widen=widen, widen_c=widen_c), s)
    over, bound = widest_excess(root, widen, widen_c)
    assert over == 0
    assert bound > 0  # the limit was reached somewhere: the test would see a breach


def test_without_widening_a_node_tries_every_option_first():
    s = mid_game()
    root = grow(ISMCTSBot(3, iterations=400, widen=None), s)
    over, _ = widest_excess(root, 0.5, 1.0)
    assert over > 0  # the same search unwidened outgrows the formula


def test_the_root_tries_every_option():
    s = mid_game()
    n = len(s.decision().codes)
    root = grow(ISMCTSBot(3, iterations=4 * n, widen=0.5), s)
    assert len(root.children[s.decision().kind]) == n


def test_widening_arguments_are_checked():
    with pytest.raises(ValueError, match="widen must be between 0 and 1"):
        ISMCTSBot(1, widen=1.5)
    with pytest.raises(ValueError, match="widen_c must be positive"):
        ISMCTSBot(1, widen_c=0.0)


@pytest.mark.parametrize("game_name,reuse", [("scarface1920", 4), ("mafia_chronicles", 8)])
def test_a_determinization_serves_the_games_search_reuse_iterations(game_name, reuse):
    from volstead.bots.base import game_of

    game = game_of(game_name)
    assert getattr(game, "search_reuse", 4) == reuse
    s = game.new_game(seed=2, seats=4)
    rng = random.Random(2)
    while len(s.decision().codes) < 2:
        s.apply_index(rng.randrange(len(s.decision().codes)))
    d = s.decision()
    drawn = []

    def sampler(r):
        drawn.append(1)
        return s.determinize(d.seat, r)

    ISMCTSBot(1, iterations=48, follow_policy=False).choose({}, BotDecision.of(d), sampler)
    assert len(drawn) == 48 // reuse
    drawn.clear()
    ISMCTSBot(1, iterations=48, reuse=2, follow_policy=False).choose({}, BotDecision.of(d), sampler)
    assert len(drawn) == 24


@pytest.mark.parametrize("root_weight", [0, 8])
def test_a_root_options_first_evaluation_counts_root_weight_more_visits(root_weight):
    s = mid_game()
    d = s.decision()
    n = len(d.codes)
    # n iterations: each expands one root option (the root tries every option first) and scores it
    root = grow(ISMCTSBot(3, iterations=n, root_weight=root_weight), s)
    children = root.children[d.kind]
    assert len(children) == n
    assert {child.visits for child in children.values()} == {1 + root_weight}
    # the credited visits carry the first evaluation's reward: the mean is that reward
    alone = grow(ISMCTSBot(3, iterations=n, root_weight=0), s).children[d.kind]
    for code, child in children.items():
        assert child.reward == pytest.approx((1 + root_weight) * alone[code].reward)


def test_the_games_search_root_weight_is_the_default():
    from volstead.bots.base import game_of, search_root_weight

    assert game_of("prohibition").search_root_weight == 8
    assert search_root_weight(game_of("scarface1920").new_game(seed=1, seats=4), 0) == 0
    with pytest.raises(ValueError, match="root_weight must be at least 0"):
        ISMCTSBot(1, root_weight=-1)
