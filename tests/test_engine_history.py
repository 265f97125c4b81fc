"""A compacted history (GameState.compact_history: what a server holding thousands of live games
does to keep full garbage collections short) tells the same decisions as the full one, keeps its
newest nodes as steps, and leaves a secret simultaneous phase's private steps alone."""

from __future__ import annotations

import random

from volstead.engine.state import EarlierDecisions
from volstead.games import get_game


def play(game_name: str, seats: int, seed: int, compact_keep: int | None, limit: int = 4000):
    state = get_game(game_name).new_game(seed=seed, seats=seats)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over():
            break
        d = state.decision()
        state.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
        if compact_keep is not None:
            state.compact_history(compact_keep)
    return state


def history_nodes(state) -> list:
    nodes, node = [], state.history
    while node is not None:
        nodes.append(node)
        node = node[3]
    return nodes


def test_a_compacted_scarface_history_has_the_same_decisions_record_and_result():
    full = play("scarface1920", 4, 11, None)
    compact = play("scarface1920", 4, 11, 8)
    assert full.is_over() and compact.is_over()
    assert compact.decision_log() == full.decision_log()
    assert compact.record() == full.record()
    assert compact.record_pairs() == full.record_pairs() == [[seat, oid] for seat, oid in full.decision_log()]
    assert compact.result() == full.result()
    nodes = history_nodes(compact)
    assert type(nodes[-1][0]) is EarlierDecisions  # the oldest node holds every earlier decision
    assert 8 <= len(nodes) - 1 <= 16  # between `keep` and 2 × `keep` steps above it
    assert len(nodes[-1][0].ids) + len(nodes) - 1 == compact.decisions_made


def test_compacting_a_short_history_changes_nothing():
    state = play("scarface1920", 2, 3, None, limit=20)
    before = state.history
    state.compact_history(64)
    assert state.history is before


def test_private_steps_of_an_open_phase_are_not_folded(prize_bids):
    state = prize_bids.new_game(seed=5, seats=3)
    rng = random.Random(5)
    while not state.is_over():
        if state.in_lanes():  # every seat but one bids in secret, then the phase is still open
            before = state.history
            state.compact_history(0)
            assert state.history is before
        d = state.decision()
        state.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
        state.compact_history(1)
    reference = prize_bids.new_game(seed=5, seats=3)
    rng = random.Random(5)
    while not reference.is_over():
        d = reference.decision()
        reference.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
    assert state.decision_log() == reference.decision_log()


def test_a_story_is_kept_only_when_asked_and_never_by_clones():
    """GameState.tell: nothing is kept unless someone listens (tell_story), a clone (a bot's search, a
    playout) keeps nothing, and take_story drains what was told."""
    state = get_game("scarface1920").new_game(seed=4, seats=2)
    assert state.story is None
    state.tell("nobody hears this")
    assert state.take_story() == []
    state.tell_story()
    state.tell("for everyone")
    state.tell("for seat 1", to=1)
    assert state.clone().story is None
    assert state.take_story() == [("for everyone", None), ("for seat 1", 1)]
    assert state.take_story() == []


def test_a_finished_game_folded_whole_keeps_its_decisions_in_a_few_bytes_each():
    """Issue 15: a finished game kept in memory (the server folds it when it ends) holds its history as
    flat codes — one byte of seat and a shared, interned option id a decision — not as steps."""
    import sys

    full = play("scarface1920", 4, 12, None)
    folded = play("scarface1920", 4, 12, None)
    folded.compact_history(0)
    nodes = history_nodes(folded)
    assert len(nodes) == 1 and type(nodes[0][0]) is EarlierDecisions
    earlier = nodes[0][0]
    assert len(earlier.seats) == len(earlier.ids) == full.decisions_made
    assert folded.decision_log() == full.decision_log() and folded.record() == full.record()
    own_bytes = sys.getsizeof(earlier.seats) + sys.getsizeof(earlier.ids)
    assert own_bytes < 10 * full.decisions_made + 200
    other = play("scarface1920", 4, 13, None)
    other.compact_history(0)
    shared = {id(s) for s in earlier.ids} & {id(s) for s in history_nodes(other)[0][0].ids}
    assert shared  # the same option ids are one string for every game that took them


def test_the_server_folds_a_finished_game_whole_and_a_live_one_to_its_newest_steps():
    """`server.live.compact`, called at every save: a game over keeps no step in its history."""
    from volstead.server.live import HISTORY_KEPT, compact

    live = play("scarface1920", 4, 14, None, limit=3 * HISTORY_KEPT)
    assert not live.is_over()
    compact(live)
    assert HISTORY_KEPT <= len(history_nodes(live)) - 1 <= 2 * HISTORY_KEPT
    over = play("scarface1920", 4, 14, None)
    log = over.decision_log()
    compact(over)
    assert [type(n[0]) for n in history_nodes(over)] == [EarlierDecisions]
    assert over.decision_log() == log
