"""Greedy judges an option that leads to another decision of its own by that decision's best outcome.

A fake one-seat game: "cash" is worth 1 at once; "invest" costs 2 at once and
then asks the same seat which project to back (worth 0 or 10). One decision of
lookahead alone stops at the cost (greedy without follow-through takes the
cash); seeing its own order through, greedy invests and backs the good project.
"""

from __future__ import annotations

import pytest

import volstead.games
from volstead.bots import GreedyBot, ask_bot
from volstead.engine import DictState, Step
from volstead.engine import rng as vrng

NAME = "invest-fake"


class Choose(Step):
    __slots__ = ()
    kind = "choose"

    def seat(self, state):
        return 0

    def options(self, state):
        return ("cash", "invest")

    def choose(self, state, code):
        if code == "cash":
            state.value += 1
        else:
            state.value -= 2
            state.stack.append(Project())

    def option_id(self, state, code):
        return code


class Project(Step):
    __slots__ = ()
    kind = "project"

    def seat(self, state):
        return 0

    def options(self, state):
        return (0, 10)

    def choose(self, state, code):
        state.value += code

    def option_id(self, state, code):
        return f"project{code}"


class InvestState(DictState):
    game_name = NAME

    def __init__(self):
        self.seed, self.seats, self.options = 1, 1, None
        self.rng = vrng.seed_state(1)
        self.value = 0
        self.stack = [Choose()]
        self._start()

    def result(self):
        return {"scores": [self.value], "money": [self.value], "winners": [0], "details": {}}

    def view(self, seat):
        return {"value": self.value}

    def determinize(self, seat, rng):
        return self.clone()


class InvestGame:
    name, title, min_seats, max_seats = NAME, "Invest", 1, 1

    @staticmethod
    def evaluate(state, seat=None):
        values = [float(state.value)]
        return values if seat is None else values[seat]


GAME = InvestGame()


@pytest.fixture(autouse=True)
def _registered(monkeypatch):
    monkeypatch.setitem(volstead.games._GAMES, NAME, __name__)


def test_greedy_sees_its_own_order_through():
    s = InvestState()
    assert s.decision().option_ids[ask_bot(GreedyBot(1), s)] == "invest"
    s.apply("invest")
    assert s.decision().option_ids[ask_bot(GreedyBot(1), s)] == "project10"
    s.apply("project10")
    assert s.is_over() and s.value == 8


def test_without_follow_through_greedy_stops_at_the_cost():
    s = InvestState()
    assert s.decision().option_ids[ask_bot(GreedyBot(1, follow_through=False), s)] == "cash"
