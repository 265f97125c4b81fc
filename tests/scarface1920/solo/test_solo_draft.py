"""Solo set-up's Job draft, one pair at a time (Solo mode setup, your gang's step 12: "Draw 2 cards
from the Jobs deck, choose 1 and add it to your hand. Put the other one next to the Enforcer's
board. Repeat this twice."), and determinize, which never re-draws what the view shows (issue 36
§9: bots must not plan on a state that contradicts what they see)."""

from __future__ import annotations

import random

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.hidden import determinize
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.solo.enforcer import HUMAN


def to_draft(seed: int):
    s = GAME.new_game(seed, 1, Options(solo=True))
    while s.decision().kind != "draft_job":
        s.apply_index(0)
    return s


def test_the_draft_shows_one_pair_then_draws_the_next():
    s = to_draft(4)
    deck = s.job_deck
    shown = []
    for k in range(3):
        d = s.decision()
        assert d.kind == "draft_job" and d.prompt.startswith(f"Job draft {k + 1}/3")
        pairs = s.view(HUMAN)["enforcer"]["job_draft"]
        assert len(pairs) == 1 and len(pairs[0]) == 2  # only the pair on the table
        assert [o.id for o in d.options] == ["draft:" + j for j in pairs[0]]
        assert s.job_deck == deck[2 * k :]  # the next pairs are still in the deck
        shown.append(pairs[0])
        s.apply_index(1)
    assert s.view(HUMAN)["enforcer"]["job_draft"] == []
    kept = sorted(pair[1] for pair in shown)
    given = [pair[0] for pair in shown]
    assert sorted(s.content.jobs[j].id for j in s.players[HUMAN].jobs) == kept
    assert [s.content.jobs[j].id for j in s.enf_jobs] == given


def test_determinize_agrees_with_the_view_before_and_after():
    """Over many seeds and positions (the draft, the first turns, solo and a 4-player draft game),
    the seat's view of a determinized state is its view of the real one."""
    checked = 0
    for seed in range(30):
        for s in (GAME.new_game(seed, 1, Options(solo=True)), GAME.new_game(seed, 4, Options(job_draft=True))):
            rng = random.Random(seed)
            for n in range(60):
                if s.is_over():
                    break
                d = s.decision()
                if n % 3 == 0 or d.kind == "draft_job":
                    assert determinize(s, d.seat, random.Random(n)).view(d.seat) == s.view(d.seat), (seed, n)
                    checked += 1
                s.apply_index(rng.randrange(len(d.codes)))
    assert checked > 1000
