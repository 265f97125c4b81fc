"""How the bots played (issue 34, item 1): the simulator counts each seat's decision kinds and the
game's notes on its choices, and the report shows them by bot, faction, winners and losers."""

from __future__ import annotations

import json
import random

import pytest

from volstead.bots import get_bot
from volstead.games import get_game
from volstead.sim import SimConfig, run_sim
from volstead.sim.loop import play_and_count
from volstead.sim.play import family_shares, play_figures, play_markdown


class AskedRandom:
    """A random bot that is asked like a thinking one (not `instant`): the loop takes notes on its
    choices, as on greedy's and ISMCTS's, at a random game's speed."""

    name, instant, reads_view = "asked-random", False, False

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, view, decision, sampler=None) -> int:
        return self.rng.randrange(len(decision))


def test_the_loop_counts_each_seats_choices_by_kind_and_the_games_notes():
    game = get_game("mafia_chronicles")
    state = game.new_game(seed=4, seats=4)
    bots = [AskedRandom(k) for k in range(2)] + [get_bot("random", k) for k in range(2, 4)]
    plays, kinds, notes = play_and_count(game, state, bots)
    # replayed decision by decision: every decision with a choice is counted once, under its seat
    again, counted, noted = game.new_game(seed=4, seats=4), [{} for _ in range(4)], [{} for _ in range(4)]
    for seat, option_id in state.decision_log():
        d = again.decision(seat)
        if len(d.codes) > 1:
            counted[seat][d.kind] = counted[seat].get(d.kind, 0) + 1
            if seat < 2 and d.kind in game.play_note_kinds:  # notes only for the asked bots
                note = game.play_note(again, d, d.index_of(option_id))
                if note is not None:
                    noted[seat][note] = noted[seat].get(note, 0) + 1
        again.apply(option_id, seat)
    assert kinds == counted and notes == noted
    assert all(any(n.startswith("move: ") for n in notes[seat]) for seat in (0, 1))
    assert notes[2] == notes[3] == {} and kinds[2] and kinds[3]  # an instant bot's kinds, no notes


def rows() -> list[dict]:
    return [
        {"bots": ["a", "b"], "factions": ["x", "y"], "winners": [0], "kinds": [{"act": 3, "buy": 1}, {"act": 4}],
         "notes": [{"menu: attack": 2, "menu: build": 1}, {"menu: attack": 3, "long shot": 1}]},
        {"bots": ["b", "a"], "factions": ["x", "y"], "winners": [1], "kinds": [{"act": 2}, {"act": 1, "buy": 1}],
         "notes": [{"menu: attack": 1}, {"menu: build": 2}]},
    ]  # fmt: skip


def test_play_figures_by_bot_faction_and_outcome_are_exact():
    figs = play_figures(rows())
    a = figs["by_bot"]["a"]
    assert a["seats"] == 2 and a["decisions_per_game"] == 3.0
    assert a["kind_shares"] == {"act": 4 / 6, "buy": 2 / 6}
    assert a["notes_per_game"] == {"menu: attack": 1.0, "menu: build": 1.5}
    assert figs["by_bot"]["b"]["notes_per_game"] == {"long shot": 0.5, "menu: attack": 2.0}
    assert figs["by_faction"]["x"]["decisions_per_game"] == 3.0
    assert figs["winners"]["notes_per_game"] == {"menu: attack": 1.0, "menu: build": 1.5}  # a won both
    assert family_shares(a["notes_per_game"]) == {"menu: attack": 0.4, "menu: build": 0.6}
    text = "\n".join(play_markdown(figs))
    assert "| menu: attack | 1.00 (40%) | 2.00 (100%) |" in text and "| long shot | 0.00 | 0.50 |" in text
    assert "| kind act | 67% | 100% |" in text and "| kind buy | 33% | – |" in text


def test_rows_without_counts_leave_the_section_out():
    old = [{k: v for k, v in r.items() if k not in ("kinds", "notes")} for r in rows()]
    assert play_markdown(play_figures(old)) == []


@pytest.mark.parametrize("game", ["scarface1920", "prohibition"])
def test_the_report_shows_how_the_bots_played(tmp_path, game):
    out = tmp_path / "run"
    run_sim(SimConfig(game, ("greedy", "random", "random", "random"), 7, {}, False), 2, out, workers=1)
    from volstead.sim.report import write_report

    text = write_report(out).read_text()
    assert "## How the bots played" in text and "![how the bots played](play.png)" in text
    assert (out / "play.png").stat().st_size > 10_000
    figs = json.loads((out / "figures.json").read_text())["play"]
    assert figs["by_bot"]["random"]["seats"] == 6 and figs["by_bot"]["greedy"]["seats"] == 2
    family = "placement" if game == "prohibition" else "action"
    assert any(n.startswith(family + ": ") for n in figs["by_bot"]["greedy"]["notes_per_game"])
    assert figs["by_bot"]["random"]["notes_per_game"] == {}  # an instant bot's choices are not noted
