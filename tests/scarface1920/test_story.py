"""Scarface tells what happens (GameState.tell) in gang names: Raids and what each gang suffered,
what the Raid cost you (to you alone: money is behind the screen), the News, the Family Ring,
Reorganizing income and the Enforcer's turn (issue 12: "a log that tells the story")."""

from __future__ import annotations

import random

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options


def told(state, seed: int):
    state.tell_story()
    rng = random.Random(seed)
    lines = []
    while not state.is_over():
        d = state.decision()
        state.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
        lines += state.take_story()
    return lines


def test_a_game_tells_its_raids_news_family_ring_and_income_in_gang_names():
    s = GAME.new_game(seed=8, seats=3)
    gangs = [s.content.gangs[p.gang].name for p in s.players]
    lines = told(s, 8)
    public = [t for t, to in lines if to is None]
    assert sum(t.startswith("Raid! ") for t in public) >= 3  # one per end of round at least
    assert sum(t.startswith("Extra! Extra! Eliot Ness rises") for t in public) == 3
    assert any(t.endswith("takes the Family Ring.") for t in public)
    assert any(" Reorganizes: $" in t for t in public)
    assert all(any(t.startswith(g) for t in public) for g in gangs)  # every gang is named
    assert not [t for t in public if "seat " in t.lower()]
    private = [(t, to) for t, to in lines if to is not None]
    assert private and all(t.startswith("The Raid cost you $") or t.startswith("The Raid brought you $")
                           for t, _ in private)


def test_the_enforcers_turn_is_told_step_by_step():
    s = GAME.new_game(seed=3, seats=1, options=Options(solo=True))
    lines = [t for t, _ in told(s, 3)]
    assert any(t.startswith("The Enforcer's turn: he lays out ") for t in lines)
    assert any(t.startswith("The Enforcer (") and "Power" in t for t in lines)
