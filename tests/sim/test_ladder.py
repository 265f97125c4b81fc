"""The Elo ladder (sim/ladder.py): the Bradley–Terry fit of every pair at a table, and each rating's
95 % interval from the games resampled (issue 34, item 7: the ratings the lobby shows)."""

from __future__ import annotations

import math

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.sim.ladder import elo_ladder, fit, ladder_text, pair_results


def duel(a_wins: int, b_wins: int) -> list[dict]:
    """Games of two seats, bots a and b alternating seats, a winning the first `a_wins`."""
    rows = []
    for i in range(a_wins + b_wins):
        bots = ["a", "b"] if i % 2 else ["b", "a"]
        winner = bots.index("a" if i < a_wins else "b")
        rows.append({"index": i, "bots": bots, "winners": [winner]})
    return rows


def test_two_bots_fit_their_score_with_the_half_draw_prior():
    """With w and l results, the fit's fixed point is s_a / (s_a + s_b) = (w + ¼) / (w + l + ½)
    (each pair's prior half-draw): 30 to 10 is 400·log10(30.25 / 10.25) ≈ 188.0 Elo apart."""
    ladder = elo_ladder(duel(30, 10))
    assert [e["bot"] for e in ladder] == ["a", "b"]
    assert ladder[1]["elo"] == 1000.0
    assert ladder[0]["elo"] == pytest.approx(1000 + 400 * math.log10(30.25 / 10.25), abs=1e-6)
    assert [e["games"] for e in ladder] == [40, 40] and ladder[0]["score"] == 0.75


def test_a_four_seat_game_gives_six_pairs_losers_drawing():
    wins, games = pair_results([{"bots": ["w", "x", "y", "z"], "winners": [0]}])
    assert wins["w", "x"] == wins["w", "y"] == wins["w", "z"] == 1.0 and wins["x", "w"] == 0.0
    assert wins["x", "y"] == wins["y", "x"] == 0.5
    assert games == {"w": 3, "x": 3, "y": 3, "z": 3}
    strength = fit(["w", "x", "y", "z"], wins)
    assert math.prod(strength.values()) == pytest.approx(1.0)  # their geometric mean 1
    assert strength["w"] > strength["x"] == pytest.approx(strength["y"])


def test_intervals_hold_the_rating_widen_with_fewer_games_and_repeat_with_the_seed():
    many = elo_ladder(duel(60, 20), resamples=200)
    few = elo_ladder(duel(6, 2), resamples=200)
    for ladder in (many, few):
        top, anchor = ladder
        assert top["low"] < top["elo"] < top["high"]
        assert anchor["low"] == anchor["high"] == 1000.0  # each refit is anchored on the weakest bot
    assert few[0]["high"] - few[0]["low"] > 1.5 * (many[0]["high"] - many[0]["low"])
    assert elo_ladder(duel(6, 2), resamples=200) == few
    assert "low" not in elo_ladder(duel(6, 2))[0]


def test_the_ladder_table_shows_the_interval_column_only_where_there_are_intervals():
    plain = ladder_text(elo_ladder(duel(3, 1)))
    assert plain.splitlines()[0] == "| rank | bot | Elo | pairings | score |"
    spans = ladder_text(elo_ladder(duel(3, 1), resamples=50)).splitlines()
    assert spans[0] == "| rank | bot | Elo | 95 % interval | pairings | score |"
    assert spans[3].startswith("| 2 | b | 1000 | 1000–1000 | 4 |")


def test_volstead_ladder_prints_intervals_unless_told_not_to(tmp_path):
    import json

    run = tmp_path / "run"
    run.mkdir()
    (run / "results.jsonl").write_text("".join(json.dumps(r) + "\n" for r in duel(9, 3)))
    runner = CliRunner()
    r = runner.invoke(app, ["ladder", str(run)])
    assert r.exit_code == 0, r.output
    assert "95 % interval" in r.output
    r = runner.invoke(app, ["ladder", str(run), "--resamples", "0"])
    assert r.exit_code == 0 and "95 % interval" not in r.output
    r = runner.invoke(app, ["ladder", str(run), "--resamples", "-3"])
    assert r.exit_code == 2 and "resamples" in r.output
