"""Scarface tells what happens (GameState.tell) in gang names: Raids and what each gang suffered,
what the Raid cost you (to you alone: money is behind the screen), the News, the Family Ring,
Reorganizing income and the Enforcer's turn (issue 12: "a log that tells the story")."""

from __future__ import annotations

import random

from scarface_helpers import bare_game, card, run, set_plan  # noqa: I001  (a sibling module)

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.rules.turn import ActionMenu


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
    assert private and all(
        t.startswith(("The Raid cost you $", "The Raid brought you $", "That cost you $", "That brought you $"))
        for t, _ in private
    )


def test_the_enforcers_turn_is_told_step_by_step():
    s = GAME.new_game(seed=3, seats=1, options=Options(solo=True))
    lines = [t for t, _ in told(s, 3)]
    assert any(t.startswith("The Enforcer's turn: he lays out ") for t in lines)
    assert any(t.startswith("The Enforcer (") and "Power" in t for t in lines)


# ------------------------------------------------------------------ what a skill did (issue 12)
def _skill_option(s, card_id: str, kind: str = "skill") -> str:
    d = s.decision()
    return next(o.id for o in d.options if o.id.startswith(f"{kind}:") and o.id.endswith(":" + card_id))


def test_a_skill_tells_its_public_outcome_to_all_and_its_money_to_its_user_alone():
    """Ward Heelers: "Decrease your Crime Rate by 1 and take $2." (gang_members.toml). The table sees
    the Crime Rate fall; the $2 go behind the screen, so only the user reads it."""
    s = bare_game(3, seed=7)
    set_plan(s, 0, 3, 3, cards=0, extra=(card(s, "outfit_ward_heelers"),))
    s.players[0].money, s.players[0].crime = 10, 4
    run(s, ActionMenu(0))
    s.tell_story()
    s.apply(_skill_option(s, "outfit_ward_heelers"))
    gang = s.gang_name(0)
    assert s.take_story() == [
        (f"{gang} uses Ward Heelers' skill: {gang} -1 Crime Rate.", None),
        ("That brought you $2 (you have $12).", 0),
    ]


def test_a_steal_is_told_once_its_rival_is_chosen_and_each_side_reads_its_own_money():
    """Pickpockets: "Choose a rival to pay you $2." The outcome waits for the choice; the thief and
    the victim each read their own money, the third gang reads neither."""
    s = bare_game(3, seed=7)
    set_plan(s, 1, 3, 3, cards=0, extra=(card(s, "black_wolves_pickpockets"),))
    for p in s.players:
        p.money = 10
    run(s, ActionMenu(1))
    s.tell_story()
    s.apply(_skill_option(s, "black_wolves_pickpockets"), seat=1)
    assert s.take_story() == []  # the rival is not chosen yet
    assert s.decision().kind == "choose_rival"
    assert {o.id: o.label for o in s.decision().options}["rival:2"] == s.gang_name(2)
    s.apply("rival:2", seat=1)
    lines = s.take_story()
    assert lines[0] == (f"{s.gang_name(1)} uses Pickpockets' skill: money only (amounts stay behind the screens).", None)
    assert sorted(lines[1:], key=lambda x: x[1]) == [
        ("That brought you $2 (you have $12).", 1),
        ("That cost you $2 (you have $8).", 2),
    ]


def test_a_fulfilled_job_tells_what_it_changed():
    s = GAME.new_game(seed=8, seats=3)
    lines = told(s, 8)
    jobs = [t for t, to in lines if to is None and "'s Job " in t or "' Job " in t]
    assert jobs and all(": " in t for t in jobs)


def test_nobody_listening_means_no_outcome_step_on_the_stack():
    s = bare_game(3, seed=7)
    set_plan(s, 0, 3, 3, cards=0, extra=(card(s, "outfit_ward_heelers"),))
    run(s, ActionMenu(0))
    s.apply(_skill_option(s, "outfit_ward_heelers"))
    assert not any(type(st).__name__ == "TellOutcome" for st in s.stack)


def test_listening_changes_nothing_in_the_game():
    """A told game (with TellOutcome steps on its stack) and an untold one take the same decisions to
    the same result."""
    for seed in (3, 8, 21):
        told_state = GAME.new_game(seed=seed, seats=4)
        told(told_state, seed)
        plain = GAME.new_game(seed=seed, seats=4)
        rng = random.Random(seed)
        while not plain.is_over():
            d = plain.decision()
            plain.apply_index(rng.randrange(len(d.codes)), seat=d.seat)
        assert told_state.decision_log() == plain.decision_log()
        assert told_state.result() == plain.result()
