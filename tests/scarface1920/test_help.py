"""Help for people (Game.rules_help, data/help.toml): the turn in steps, a glossary, and a line for
every kind of decision a person can be asked (issue 12: "Rules help in the page")."""

from __future__ import annotations

import random
import re

from volstead.engine.help import SECTION_KEY
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


# ---------------------------------------------------------------- rules passages (issue 36 §3)
SECTION_REF = re.compile(rf"§\s?({SECTION_KEY})")


def _cited(text: str) -> set[str]:
    return {m.rstrip(".") for m in SECTION_REF.findall(text or "")}


def _random_games(seeds: range):
    for seed in seeds:
        for s in (
            GAME.new_game(seed, 4),
            GAME.new_game(seed, 3, Options(job_draft=True)),
            GAME.new_game(seed, 2, Options(variant="rulebook-wip")),
            GAME.new_game(seed, 1, Options(solo=True)),
        ):
            s.tell_story()
            rng = random.Random(seed)
            while not s.is_over():
                yield s
                d = s.decision()
                s.apply_index(rng.randrange(len(d.codes)))


def test_every_decision_kind_met_in_play_has_a_rules_passage_and_every_cited_passage_exists():
    """Each pending decision's passage is in the rules panel (its section's `kinds`), and every "§"
    in what people read — an option's help, a greyed reason, a log sentence, the story, the help
    itself — opens a section that exists."""
    h = GAME.rules_help()
    sections = h["sections"]
    governed = {k for sec in sections.values() for k in sec["kinds"]}
    assert governed <= step_kinds()
    kinds, cited = set(), set()
    for sec in sections.values():
        cited |= _cited(sec["text"])
    for text in [*h["turn"], *h["glossary"].values(), *h["kinds"].values()]:
        cited |= _cited(text)
    for s in _random_games(range(3)):
        d = s.decision()
        kinds.add(d.kind)
        for o in d.options:
            cited |= _cited(o.help) | _cited(o.label)
        for u in d.unavailable:
            cited |= _cited(u["reason"])
        said, hidden = d.log_texts(0)
        cited |= _cited(said) | _cited(hidden)
        for text, _ in s.take_story():
            cited |= _cited(text)
    assert kinds - governed == set()
    assert {"underworld", "authorities", "street"} <= cited  # the orders' help and reasons cite them
    assert cited - set(sections) == set()
