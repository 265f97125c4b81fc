"""Help for people (Game.rules_help, data/help.toml): the year in steps, a glossary, and a line for every
kind of decision a person can be asked."""

from __future__ import annotations

import random

from volstead.engine.step import Step
from volstead.games.prohibition import GAME


def step_kinds() -> set[str]:
    import importlib
    import pkgutil

    import volstead.games.prohibition.rules as rules

    for m in pkgutil.iter_modules(rules.__path__):  # every rules module is imported
        importlib.import_module(f"{rules.__name__}.{m.name}")
    seen, todo = set(), [Step]
    while todo:
        cls = todo.pop()
        if cls.__module__.startswith("volstead.games.prohibition"):
            seen.add(cls.kind)
        todo.extend(cls.__subclasses__())
    return seen


def test_the_help_has_a_year_a_glossary_and_only_real_decision_kinds():
    h = GAME.rules_help()
    assert h["summary"] and len(h["turn"]) >= 4
    for term in ("Turf", "Heat", "Outrage Threshold", "Fed card", "Conflict", "Scheme", "Infamy", "Headline"):
        assert h["glossary"][term]
    assert set(h["kinds"]) <= step_kinds()


def test_every_decision_a_person_meets_in_play_has_its_help():
    kinds = set()
    for seed in range(16):
        s = GAME.new_game(seed, 2 + seed % 3)
        rng = random.Random(seed)
        while not s.is_over():
            d = s.decision()
            kinds.add(d.kind)
            s.apply_index(rng.randrange(len(d.codes)))
    assert kinds - set(GAME.rules_help()["kinds"]) == set()
    assert {"action", "fight_or_retreat", "fed_card", "draft_scheme", "keep_infamy"} <= kinds


def test_public_decision_kinds_are_decision_kinds_and_keep_the_draft_secret():
    kinds = set(GAME.rules_help()["kinds"])
    assert GAME.public_decision_kinds <= kinds
    assert not {"draft_scheme", "keep_infamy"} & GAME.public_decision_kinds


def test_labels_help_and_groups_are_text_for_every_option():
    s = GAME.new_game(4, 3)
    rng = random.Random(4)
    while not s.is_over():
        d = s.decision()
        for o in d.options:
            assert o.label and isinstance(o.help, str) and isinstance(o.group, str)
        assert d.prompt
        s.apply_index(rng.randrange(len(d.codes)))
