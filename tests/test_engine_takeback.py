"""Take-back points (engine/takeback.py): a die, a draw, a card turned, a rival's decision and a
closed secret phase each end a seat's take-back window — in a small game made here, in the
platform's test game, and at real decisions of each of the three games."""

from __future__ import annotations

import random
from typing import Any

import pytest

from volstead.engine.state import DictState
from volstead.engine.step import SeatStep
from volstead.engine.takeback import (
    CHANCE,
    LANE_CHANCE,
    LANE_DONE,
    NOTHING,
    PHASE,
    REVEAL,
    RIVAL,
    Windows,
    closed_by,
    final_options,
    marks,
)
from volstead.games import get_game


# ------------------------------------------------------------ a game made here
class Turn(SeatStep):
    """Seat's turn: "pass" (nothing), "draw" (the top card of a deck shuffled at set-up: no number is
    drawn, the game marks it through hidden_piles), "roll" (a die from the stream)."""

    __slots__ = ()
    kind = "turn"

    def options(self, s: Any) -> tuple:
        return ("pass", "draw", "roll")

    def choose(self, s: Any, code: str) -> None:
        if code == "draw":
            s.hand, s.deck = s.hand + s.deck[:1], s.deck[1:]
        elif code == "roll":
            s.rolled = s.dice(1, 6)
        if s.turns < 6:
            s.turns += 1
            s.stack.append(Turn(s.turns % 2))


class Cards(DictState):
    game_name = "cards"

    def hidden_piles(self) -> tuple:
        return (self.deck,)


def cards() -> Cards:
    s = Cards()
    s.seed, s.seats, s.options, s.rng = 1, 2, None, 12345
    s.deck, s.hand, s.rolled, s.turns = (5, 3, 8, 1), (), (), 0
    s.stack = [Turn(0)]
    s._start()
    return s


def take(state, windows: Windows, option: str, seat: int | None = None) -> None:
    d = state.decision(seat)
    windows.take(state, d.option_ids.index(option), d.seat)


def test_a_decision_that_makes_nothing_known_can_be_taken_back_again_and_again():
    s, w = cards(), Windows(2)
    assert w.target(0) is NOTHING
    take(s, w, "pass")
    assert w.target(0) == [0] and w.count(0) == 1
    take(s, w, "pass")  # seat 1's: seat 0 has seen it
    assert w.target(0) is RIVAL and w.target(1) == [1]
    w.removed([1])  # seat 1 takes it back: seat 0's window stays closed (it saw the decision)
    assert w.target(0) is RIVAL and w.target(1) is NOTHING and len(w) == 1


def test_a_die_ends_every_window_and_a_card_drawn_from_a_shuffled_deck_too():
    s, w = cards(), Windows(2)
    take(s, w, "roll")
    assert s.rolled == (1,) and w.target(0) is CHANCE and w.open_from == [1, 1] and w.why == [CHANCE, CHANCE]
    take(s, w, "draw")  # seat 1: the deck's top card, no number drawn — the game marks it (hidden_piles)
    assert s.hand == (5,) and w.target(1) is REVEAL and REVEAL.since == "a card was drawn or turned since"


def test_final_options_say_which_options_end_the_window_before_the_click():
    s = cards()
    finals = final_options(s, 0)
    assert {s.decision().option_ids[i]: r.final for i, r in finals.items()} == {
        "draw": "a card is drawn or turned",
        "roll": "dice are rolled or a card is drawn",
    }
    assert s.decisions_made == 0 and s.hand == () and s.rolled == ()  # tried on clones only


def test_the_forced_decisions_the_server_takes_after_one_go_with_it():
    s, w = cards(), Windows(2)
    take(s, w, "pass")
    w.decided(0, False, None, auto=True)  # as the server's forced single option of seat 0 would be
    assert w.target(0) == [0, 1]


# ---------------------------------------------------- the platform's test game
@pytest.fixture
def bids(prize_bids):
    return prize_bids.new_game(seed=3, seats=3, options=prize_bids.options_from_json({"negotiation": False}))


def test_in_a_secret_phase_a_private_step_stays_open_while_rivals_step_and_ends_when_it_closes(bids):
    s, w = bids, Windows(3)
    assert s.in_lanes() and s.decision(0).kind == "bid"
    take(s, w, s.decision(0).option_ids[0], 0)  # seat 0 bids a card of its hand: nothing made known
    take(s, w, "bid:blind", 1)  # seat 1's lane draws from its own stream: only its window ends
    assert w.target(1) is LANE_CHANCE and w.target(0) == [0]
    take(s, w, "confirm", 0)
    take(s, w, "confirm", 1)  # a rival's private step: not known to seat 0, its window stays open
    assert w.target(0) == [2] and w.count(0) == 2 and w.target(1) == [3] and w.count(1) == 1  # after its draw
    take(s, w, s.decision(2).option_ids[0], 2)
    finals = final_options(s, 2)
    # the last step closes it; said as for any seat's last step of a phase (the warning must not
    # change when the last rival finishes: the decision would move while the seat reads it)
    assert s.decision(2).option_ids == ("confirm", "back") and finals == {0: LANE_DONE}
    take(s, w, "confirm", 2)
    assert [w.target(seat) for seat in range(3)] == [PHASE, PHASE, PHASE]


# ----------------------------------------------------------- the three games
def find(game_name: str, seats: int, kind: str, key: str | None, lane: bool | None = None, games: int = 4):
    """A real decision of `kind` (a state before it, the seat, an option index) whose option
    makes `key` known (None: nothing), met by playing seeded random games."""
    game = get_game(game_name)
    for seed in range(games):
        state = game.new_game(seed=seed, seats=seats, options=game.options_from_json({}))
        rnd = random.Random(seed)
        while not state.is_over():
            d = rnd.choice(state.decisions())
            if d.kind == kind and (lane is None or d.lane == lane):
                for i in range(len(d.codes)):
                    before, trial = marks(state, d.seat), state.clone()
                    trial.apply_index(i, d.seat)
                    reason = closed_by(before, trial, d.seat)
                    if (reason.key if reason else None) == key:
                        return state, d.seat, i
            state.apply_index(rnd.randrange(len(d.codes)), d.seat)
    raise AssertionError(f"no {kind} decision of {game_name} made {key} known")


def window_after(state, seat: int, index: int) -> Windows:
    w = Windows(state.seats)
    w.take(state, index, seat)
    return w


# (game, seats, decision kind, what it makes known, in a secret phase)
REAL_POINTS = [
    ("scarface1920", 2, "recruit", CHANCE, False),  # the turn ends: a hand's deck, run out, is reshuffled
    ("scarface1920", 2, "hire", REVEAL, False),  # the Market's next card is turned up: no number drawn
    ("prohibition", 2, "attack_target", CHANCE, False),  # a Conflict's dice
    ("prohibition", 2, "action", REVEAL, False),  # a Scheme drawn from the deck shuffled at set-up
    ("prohibition", 2, "draft_scheme", PHASE, True),  # the last pick of the Scheme draft closes it
    ("mafia_chronicles", 4, "target", CHANCE, False),  # a hit's D5
    ("mafia_chronicles", 4, "market", PHASE, True),  # the last seat done in the Market closes it
]


@pytest.mark.parametrize("game_name, seats, kind, reason, lane", REAL_POINTS, ids=[f"{p[0]}-{p[2]}" for p in REAL_POINTS])
def test_real_decisions_that_end_the_window(game_name, seats, kind, reason, lane):
    state, seat, index = find(game_name, seats, kind, reason.key, lane)
    said = final_options(state, seat)[index]
    if lane and reason is PHASE:  # before the click: the seat's part of the phase ends (see above)
        assert said == LANE_DONE and window_after(state, seat, index).target(seat) == PHASE
        return
    assert said.key == reason.key and window_after(state, seat, index).target(seat) == said
    if game_name == "scarface1920" and said.key == "chance":  # no dice in Scarface: its own words
        assert said.final == "cards are shuffled or picked at random"
    else:
        assert said == reason


# (game, seats, decision kind, what the next rival's decision does to the seat's window)
OPEN_POINTS = [
    ("scarface1920", 2, "starting_goods", RIVAL),  # set-up: the seat's last choice before the next seat's
    ("prohibition", 2, "move_to", RIVAL),
    ("prohibition", 2, "draft_scheme", PHASE),  # a pick stays open while rivals pick; the last closes it
    ("mafia_chronicles", 4, "market", None),  # a purchase in the secret Market: a rival's step is not known
]


@pytest.mark.parametrize("game_name, seats, kind, then", OPEN_POINTS, ids=[f"{p[0]}-{p[2]}" for p in OPEN_POINTS])
def test_real_decisions_that_can_be_taken_back_until_a_rival_decides(game_name, seats, kind, then):
    state, seat, index = find(game_name, seats, kind, None)
    # a pick that ends the seat's part of a secret phase is said to (LANE_DONE), though it stays open
    assert final_options(state, seat).get(index) in (None, LANE_DONE)
    w = window_after(state, seat, index)
    assert w.target(seat) == [0]
    # the seat decides on, choosing what keeps its window open, until another seat decides
    while True:
        d = state.decisions()[0]
        if d.seat != seat:
            break
        finals = final_options(state, seat, follow_forced=False)
        w.take(state, next(k for k in range(len(d.codes)) if k not in finals), seat)
    assert w.target(seat) == [len(w) - 1]
    before = marks(state, d.seat)
    state.apply_index(0, d.seat)
    reason = closed_by(before, state, d.seat)
    w.decided(d.seat, d.lane, reason)
    if then is None:
        assert d.lane and reason is None and w.target(seat) == [len(w) - 2]
    else:
        assert w.target(seat) == then and (reason is None if then is RIVAL else reason == then)
