"""Help for people (Game.rules_help, data/help.toml): the turn in steps, a glossary, and a line for
every kind of decision a person can be asked (issue 12: "Rules help in the page")."""

from __future__ import annotations

import random

from volstead.engine.step import Step
from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options


def step_kinds() -> set[str]:
    GAME.new_game(1, 2), GAME.new_game(1, 1, Options(solo=True))  # every rules module is imported
    seen, todo = set(), [Step]
    while todo:
        cls = todo.pop()
        seen.add(cls.kind)
        todo.extend(cls.__subclasses__())
    return seen


def test_the_help_has_a_turn_a_glossary_and_only_real_decision_kinds():
    h = GAME.rules_help()
    assert h["summary"] and len(h["turn"]) >= 4
    for term in ("Plan", "Muscle", "Influence", "Order", "Crime Rate", "Raid", "Job", "Deal", "Family Ring"):
        assert h["glossary"][term]
    assert set(h["kinds"]) <= step_kinds()


def test_every_decision_a_person_meets_in_play_has_its_help():
    kinds = set()
    for seed in range(12):
        for s in (GAME.new_game(seed, 3), GAME.new_game(seed, 1, Options(solo=True))):
            rng = random.Random(seed)
            while not s.is_over():
                d = s.decision()
                kinds.add(d.kind)
                s.apply_index(rng.randrange(len(d.codes)))
    assert kinds - set(GAME.rules_help()["kinds"]) == set()
