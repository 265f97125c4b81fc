"""The game's own balance figures in a sim report (balance.py, `Game.report_sections`;
docs/mafia-chronicles-balance.md), and `volstead balance` printing them."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from volstead.cli import app
from volstead.engine.contract import ReportSection
from volstead.games.mafia_chronicles import GAME
from volstead.games.mafia_chronicles.balance import figures, sections

runner = CliRunner()


def row(winners, bots=("greedy",) * 4, plays=({}, {}, {}, {}), index=0, **stats):
    return {"index": index, "winners": list(winners), "bots": list(bots), "plays": list(plays), "stats": stats}


def test_first_player_cards_and_conditions():
    rows = [
        row([0], plays=({"a": 2}, {}, {"b": 1}, {}), first_player_won=1.0, vp_frames=1),
        row([1, 2], first_player_won=0.5, vp_frames=0, vp_jail=2),
        row([3], bots=("ismcts", "greedy", "greedy", "greedy"), first_player_won=0.0),
    ]
    f = figures(rows, ["a", "b", "c"], ["frames", "jail", "gangsters"])
    assert f["games"] == 3 and f["first_player"] == (1.5, 3)
    assert f["never_bought"] == ["c"] and f["least_bought"] == [(1, "a"), (1, "b")]
    assert f["conditions"] == {"frames": 1, "jail": 1, "gangsters": 0}
    first, cards, conditions = sections(f)
    assert first == ReportSection("The first player", rates=(("first player wins", 1.5, 3),), figures={"first_player": (1.5, 3)})
    assert cards.lines == ("cards never bought: 1 (c)", "least bought (games): a 1, b 1")
    assert conditions.lines == ("frames 1, jail 1, gangsters 0",)


def test_a_boss_pick_is_an_acquisition_but_not_a_purchase():
    """§3: the free Boss is searched out of one's own deck, so a card picked as Boss everywhere is never
    left in a market to buy; it is still a card in play."""
    rows = [row([1], plays=({"boss:c": 1}, {"boss:a": 1, "a": 1}, {}, {})), row([0, 3], plays=({"boss:c": 1}, {}, {}, {}))]
    f = figures(rows, ["a", "b", "c"], [])
    assert f["never_bought"] == ["b", "c"] and f["never_acquired"] == ["b"]
    assert f["bosses"] == [("c", 2, 0.5), ("a", 1, 1.0)]
    first, cards, bosses = sections(f)  # no stats recorded: no conditions section
    assert first.rates == () and first.lines == ("not recorded (a run made before the balance stats)",)
    assert cards.lines[-1] == "cards never bought nor picked as Boss: 1 (b)"
    assert bosses.rates == (("c", 0.5, 2), ("a", 1.0, 1))


def test_the_hook_reads_the_rows_alone():
    """No record is replayed: the finals are never iterated."""

    def finals():
        raise AssertionError("replayed")
        yield

    got = GAME.report_sections([row([2], first_player_won=0.0)], GAME.card_ids(), finals())
    assert [s.title for s in got] == [
        "The first player",
        "Cards bought",
        "Victory conditions: games in which some syndicate scored each",
    ]


def test_volstead_balance_prints_them_after_the_simulators_figures(tmp_path):
    (tmp_path / "results.jsonl").write_text(json.dumps(row([2], first_player_won=0.0, vp_jail=1)) + "\n")
    config = {"game": "mafia_chronicles", "seats": ["greedy"] * 4, "seed": 1, "options": {}}
    (tmp_path / "sim.json").write_text(json.dumps(config))
    r = runner.invoke(app, ["balance", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("1 games of mafia_chronicles, seats greedy, greedy, greedy, greedy (rotated), seed 1")
    assert "\nwin rate by seat position:\n  seat 0: 0.0% (0.0–79.3%) of 1\n" in r.output
    assert "  seat 2: 100.0% (20.7–100.0%) of 1\n" in r.output
    assert "\nThe first player:\n  first player wins: 0.0% (0.0–79.3%) of 1\n" in r.output
    assert f"\nCards bought:\n  cards never bought: {len(GAME.card_ids())} (" in r.output
    assert "scored each:\n  never_murdered 0, only_boss 0, murdered_boss 0, frames 0, gangsters 0, " in r.output
    assert "jail 1, negative 0\n" in r.output
    r = runner.invoke(app, ["balance", str(tmp_path), str(tmp_path)])  # the same games twice
    assert r.exit_code == 2 and "game 0 is in both" in r.output
