"""The game log in sentences (issue 36 §4): Step.option_said tells what a gang did, in the past
tense, after its name; Step.hidden_said tells rivals what was decided without the answer."""

from __future__ import annotations

import random
import re

from volstead.games.scarface1920 import GAME, PUBLIC_DECISION_KINDS
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.words import HIDDEN
from volstead.server.logtext import entry_text

PAST = re.compile(
    r"^(Seized|Sent|Moved|Played|Kept|Hired|Fulfilled|Activated|Sold|Spent|Stored|Added|Removed|Upgraded|Placed|"
    r"Opened|Lost|Brought|Hit|Killed|Started|Returned|Waived|Stopped|Finished|Ended|Passed|Took|Chose|Put|Used|"
    r"Carried out|Recruited)( |$)"
)


def logged(seeds: range):
    """(kind, label, said, hidden) of every decision taken in random games, solo and draft too."""
    for seed in seeds:
        for s in (GAME.new_game(seed, 4, Options(job_draft=True)), GAME.new_game(seed, 1, Options(solo=True))):
            rng = random.Random(seed)
            while not s.is_over():
                d = s.decision()
                i = rng.randrange(len(d.codes))
                said, hidden = d.log_texts(i)
                yield d.kind, d.options[i].label, said, hidden
                s.apply_index(i)


def test_every_decision_reads_as_a_sentence_and_hidden_ones_name_no_answer():
    kinds = set()
    for kind, label, said, hidden in logged(range(5)):
        kinds.add(kind)
        assert PAST.match(said), f"{kind}: {said!r} is not a sentence in the past tense"
        assert "thug(s)" not in said and " a The " not in said and "0 guns" not in said, said
        if kind in PUBLIC_DECISION_KINDS:
            assert hidden == "", kind
        else:  # what rivals read: the question, never the answer
            assert hidden == HIDDEN[kind] and hidden
            assert label not in hidden
    assert {"keep_job", "draft_job", "card_to_hand", "job_window", "seize", "plan", "action"} <= kinds


def test_the_sentences_of_some_decisions_word_for_word():
    seen: dict[tuple[str, str], str] = {}
    for kind, label, said, _ in logged(range(3)):
        seen.setdefault((kind, label), said)
    examples = {
        ("recruit", "Recruits → Safehouses"): "Recruited a thug from the Recruits to the Safehouses",
        ("recruit", "Safehouses → Headquarters"): "Brought a thug from the Safehouses to Headquarters",
        ("action", "End your turn"): "Ended the turn",
        ("action", "Send 1 thug to a Deal (get goods)"): "Carried out the order: Send 1 thug to a Deal (get goods)",
        ("starting_goods", "2 guns"): "Put 2 guns on the starting Dealers",
        ("card_to_hand", "To your discard pile"): "Put the new card on the discard pile",
        ("plan", "Finish the Plan"): "Finished the Plan",
    }
    for key, text in examples.items():
        assert seen[key] == text
    seize = next(said for (kind, label), said in seen.items() if kind == "seize")
    assert re.fullmatch(r"Seized [A-Z][\w' ]+ \(defense \d+\)", seize)
    hit = [said for (kind, _), said in seen.items() if kind == "hit" and said != "Stopped"]
    assert hit and all(re.fullmatch(r"(Hit|Killed) a [A-Z][\w ]+ thug in [A-Z][\w ]+", h) for h in hit)


def test_the_log_shows_rivals_the_hidden_sentence_and_the_chooser_the_full_one():
    entry = {"seat": 1, "kind": "keep_job", "label": "Keep Bank Job: ...", "said": "Kept Bank Job: ...", "public": False}
    entry["hidden"] = HIDDEN["keep_job"]
    assert entry_text(entry, viewer=1) == "Kept Bank Job: ..."
    assert entry_text(entry, viewer=0) == "Kept one of the Jobs drawn (the rest went to the bottom of the deck)"
