"""What a skill, a Job or the Enforcer did, told in full (issue 36 §9: the outcome lines never say
"no effect" for an effect that happened): police moved, vehicles, thugs in Headquarters or on
Deals, the Family Ring, permanent Jobs and this turn's bonuses are counted (rules/outcome.py)."""

from __future__ import annotations

import random

from scarface_helpers import CENTRAL, FAR_NORTH, WEST, bare_game, job  # noqa: I001  (a sibling module)

from volstead.games.scarface1920 import GAME
from volstead.games.scarface1920.options import Options
from volstead.games.scarface1920.rules.outcome import tell_outcome
from volstead.games.scarface1920.state import Deal


def told(s, change) -> list:
    """The outcome line of an effect that does `change` to the state."""
    s.tell_story()
    tell_outcome(s, 0, "Test")
    step = s.stack.pop()
    change(s)
    step.run(s)
    return s.take_story()


def test_police_vehicles_and_the_family_ring_are_told():
    """Cops: "If an effect lets you move a police car on the board, you can freely put it on any
    district"; Vehicles (Upgrade your gang, Gang stats): a car or truck placed; Hire 1 Associate:
    "take the Family Ring from whichever player has it" — each a change the table sees."""
    s = bare_game(3, seed=7)
    s.police = (FAR_NORTH,)
    s.family_ring = -1

    def change(s):
        s.police = (CENTRAL,)
        p = s.players[0]
        p.cars = p.cars[:WEST] + (1,) + p.cars[WEST + 1 :]
        s.family_ring = 0

    gang = s.gang_name(0)
    assert told(s, change) == [
        (
            f"Test: {gang} +1 car on the board; a police car moved from Far North Side to Central; "
            f"the Family Ring went to {gang}.",
            None,
        )
    ]


def test_thugs_in_headquarters_on_deals_and_pieces_moved_are_told():
    """Recruiting thugs: "from the Safehouses ... in your Headquarters"; Send 1 thug to a Deal: "Put a
    thug from your Headquarters on one of your Deals"; Move: pieces change district."""
    s = bare_game(3, seed=7)
    p = s.players[0]
    p.deals = (Deal((0,)),)
    p.thugs = (1, 0, 0, 0, 0, 0, 0)
    p.safehouses, p.hq = 2, 2

    def change(s):
        p = s.players[0]
        p.safehouses -= 1
        p.deals = (Deal((0,), thugs=1),)  # one from Headquarters to the Deal, one from the Safehouses in
        p.thugs = (0, 1, 0, 0, 0, 0, 0)  # a thug walked from Far North Side to North Side

    gang = s.gang_name(0)
    assert told(s, change) == [
        (f"Test: {gang} -1 thug in the Safehouses, +1 thug on Deals, pieces moved between districts.", None)
    ]


def test_a_permanent_job_and_this_turns_bonuses_are_told():
    """Fulfilling a Job: "Permanent Jobs ... are kept face up in front of you for the rest of the
    game"; a skill's "This turn, Neighborhoods you seize have 1 less defense" lasts the turn."""
    s = bare_game(3, seed=7)
    j = job(s, "jazz_night")
    s.players[0].jobs = (j,)
    s.active = 0

    def change(s):
        s.players[0].jobs = ()
        s.players[0].done_jobs = (j,)
        s.turn_seize_discount = 1

    gang = s.gang_name(0)
    assert told(s, change) == [
        (f"Test: {gang} -1 Job face down, +1 permanent Job in play, +1 off a Seize's defense this turn.", None)
    ]


def test_no_effect_only_when_nothing_changed():
    s = bare_game(3, seed=7)
    assert told(s, lambda s: None) == [("Test: no effect.", None)]


def test_every_action_the_enforcer_takes_is_told_with_what_it_did():
    """Solo mode, Void actions: "If the effect of an action is null ... the Enforcer is not considered
    to have carried out that action": so every action he is told to take changed something, and the
    log says what (his money is on the table: no screen in solo, setup step 13)."""
    lines = []
    for seed in range(4):
        s = GAME.new_game(seed, 1, Options(solo=True))
        s.tell_story()
        rng = random.Random(seed)
        while not s.is_over():
            d = s.decision()
            s.apply_index(rng.randrange(len(d.codes)))
            lines += [t for t, to in s.take_story() if t.startswith("The Enforcer (")]
    assert len(lines) > 100
    assert not [t for t in lines if t.endswith("no effect.") or "money only" in t]
    assert any("-$" in t or "+$" in t for t in lines)  # his money, told to all
