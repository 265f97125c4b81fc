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


def test_a_four_seat_game_gives_six_pairs_by_where_they_finished():
    """The winner beats each loser, losers are ordered by their final scores, level ones draw."""
    wins, games = pair_results([{"bots": ["w", "x", "y", "z"], "winners": [0], "scores": [9, 5, 7, 5]}])
    assert wins["w", "x"] == wins["w", "y"] == wins["w", "z"] == 1.0 and wins["x", "w"] == 0.0
    assert wins["y", "x"] == wins["y", "z"] == 1.0 and wins["x", "y"] == wins["z", "y"] == 0.0
    assert wins["x", "z"] == wins["z", "x"] == 0.5
    assert games == {"w": 3, "x": 3, "y": 3, "z": 3}
    strength = fit(["w", "x", "y", "z"], wins)
    assert math.prod(strength.values()) == pytest.approx(1.0)  # their geometric mean 1
    assert strength["w"] > strength["y"] > strength["x"] == pytest.approx(strength["z"])


def test_two_winners_draw_whatever_their_scores_and_a_row_without_scores_draws_its_losers():
    wins, _ = pair_results([{"bots": ["a", "b", "c"], "winners": [0, 1], "scores": [8, 8, 3]}])
    assert wins["a", "b"] == 0.5 and wins["a", "c"] == wins["b", "c"] == 1.0
    wins, _ = pair_results([{"bots": ["a", "b", "c"], "winners": [0]}])
    assert wins["b", "c"] == wins["c", "b"] == 0.5


def test_a_bot_that_never_wins_but_always_finishes_last_is_far_below_the_rest():
    """Four seats, random always last and never winning: by finishing order it scores nothing
    against anyone (the draw rule for losers gave it a third of its pairings)."""
    rows = []
    for i in range(40):
        bots = ["random", "greedy", "ismcts", "learned"]
        bots = bots[i % 4 :] + bots[: i % 4]
        winner = ["greedy", "ismcts", "learned"][i % 3]
        scores = [9 if b == winner else {"random": 1, "greedy": 5, "learned": 6, "ismcts": 7}[b] for b in bots]
        rows.append({"bots": bots, "winners": [bots.index(winner)], "scores": scores})
    ladder = {e["bot"]: e for e in elo_ladder(rows)}
    assert ladder["random"]["score"] == 0.0 and ladder["random"]["elo"] == 1000.0
    assert min(ladder[b]["elo"] for b in ("greedy", "ismcts", "learned")) > 1500


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
