"""sim/compare.py: two runs side by side with each change and whether it is beyond noise (compare.json
for the designer's workbench, compare.md for people; docs/sim.md)."""

from __future__ import annotations

import json
import math

import pytest

from volstead.sim.compare import compare_markdown, compare_runs, comparison, fragile_changes, welch_t, z_proportions
from volstead.sim.runner import SimConfig, run_sim


def test_the_tests_give_the_textbook_values():
    # pooled 0.6: sqrt(0.24 * (1/100 + 1/100)) = 0.069282; (0.7 - 0.5) / 0.069282
    assert z_proportions(50, 100, 70, 100) == pytest.approx(2.886751, abs=1e-6)
    assert z_proportions(50, 100, 50, 100) == 0.0
    assert z_proportions(0, 0, 3, 10) == 0.0  # no trials: no evidence
    # variances 1 and 1, 3 values each: (5 - 2) / sqrt(1/3 + 1/3)
    assert welch_t([1, 2, 3], [4, 5, 6]) == pytest.approx(3 / math.sqrt(2 / 3))
    assert welch_t([1], [4, 5, 6]) == 0.0
    assert welch_t([2, 2], [2, 2]) == 0.0
    assert welch_t([2, 2], [3, 3]) == math.inf  # no spread: a certain difference


def _row(index, winner, scores, decisions, plays, kinds, factions=("red", "blue")):
    return {
        "index": index,
        "bots": ["greedy", "greedy"],
        "factions": list(factions),
        "scores": scores,
        "winners": [winner],
        "decisions": decisions,
        "plays": plays,
        "kinds": kinds,
        "stats": {"rounds": decisions / 10},
    }


def _runs(games, red_wins_a, red_wins_b):
    """Two runs of `games` games: red (seat 0) wins the first `red_wins_*` of them."""

    def run(red_wins, extra_plays):
        return [
            _row(
                i,
                0 if i < red_wins else 1,
                [10, 5] if i < red_wins else [5, 10],
                100,
                [{"ace": 1 + extra_plays}, {}],
                [{"attack": 3, "build": 1}, {"attack": 2, "build": 2}],
            )
            for i in range(games)
        ]

    return run(red_wins_a, 0), run(red_wins_b, 1)


def test_a_large_change_is_beyond_noise_and_a_small_one_is_not():
    a, b = _runs(200, 100, 140)  # red 50 % -> 70 %: z = 4.08
    comp = comparison(a, {"seats": ["greedy", "greedy"]}, b, {"seats": ["greedy", "greedy"]}, "base", "cheaper ace")
    red = next(r for r in comp["rates"]["faction"] if r["key"] == "red")
    assert (red["a"]["rate"], red["b"]["rate"], red["change"]) == (0.5, 0.7, pytest.approx(0.2))
    assert red["z"] == pytest.approx(0.2 / math.sqrt(0.6 * 0.4 * 2 / 200)) and red["beyond_noise"] is True
    assert red["a"]["lo"] < 0.5 < red["a"]["hi"] and red["a"]["n"] == 200
    a, b = _runs(200, 100, 110)  # 50 % -> 55 %: z = 1.00
    comp = comparison(a, {}, b, {}, "base", "variant")
    red = next(r for r in comp["rates"]["faction"] if r["key"] == "red")
    assert red["beyond_noise"] is False and red["z"] == pytest.approx(0.05 / math.sqrt(0.525 * 0.475 * 2 / 200))
    # every game played one more ace in b, with no spread: beyond noise; lengths equal: not
    ace = next(c for c in comp["cards"] if c["id"] == "ace")
    assert (ace["plays_a"], ace["plays_b"]) == (1.0, 2.0) and ace["beyond_noise"] is True
    assert comp["length"]["beyond_noise"] is False and comp["length"]["a"]["mean"] == 100
    assert comp["games"] == {"a": 200, "b": 200} and comp["labels"] == {"a": "base", "b": "variant"}
    assert [(m["kind"], m["a"], m["b"]) for m in comp["decision_mix"]] == [("attack", 0.625, 0.625), ("build", 0.375, 0.375)]
    hist = comp["scores"]["a"]["hist"]
    assert len(hist) == 10 and sum(c for _, _, c in hist) == 400 and hist[0][0] == 5 and hist[-1][1] == 10


def test_fragile_when_two_strengths_disagree():
    a, b = _runs(200, 100, 140)
    strong = comparison(a, {}, b, {}, "base", "variant")  # red +20 pts
    a2, b2 = _runs(200, 100, 102)
    weak = comparison(a2, {}, b2, {}, "base", "variant")  # red +1 pt
    found = fragile_changes(strong, weak)
    assert {(f["kind"], f["key"]) for f in found} == {("faction", "red"), ("faction", "blue"), ("seat", "0"), ("seat", "1")}
    red = next(f for f in found if f["key"] == "red")
    assert (red["strength1_change"], red["strength2_change"]) == (pytest.approx(20.0), pytest.approx(1.0))
    assert fragile_changes(strong, strong) == []
    strong["fragile"] = found
    text = "\n".join(compare_markdown(strong))
    assert "## Fragile findings" in text and "- faction red: +20.0 pts with the first bots, +1.0 with the second" in text
    assert "| red | 50.0 % | 70.0 % | +20.0 pts | **beyond noise** |" in text


def test_compare_runs_writes_the_json_and_the_markdown_of_real_runs(tmp_path):
    config = SimConfig("scarface1920", ("random", "random"), seed=3)
    run_sim(config, 4, tmp_path / "a", workers=1)
    run_sim(config, 4, tmp_path / "b", workers=1)
    path = compare_runs(tmp_path / "a", tmp_path / "b", tmp_path / "out", "base", "same")
    comp = json.loads((tmp_path / "out" / "compare.json").read_text())
    assert path.name == "compare.md" and comp["games"] == {"a": 4, "b": 4}
    # the same set and seeds: the same games, so no change anywhere
    assert all(r["change"] == 0 and not r["beyond_noise"] for kind in comp["rates"].values() for r in kind)
    assert all(c["plays_a"] == c["plays_b"] for c in comp["cards"]) and comp["cards"]
    assert comp["length"]["change"] == 0 and comp["decision_mix"]
    assert path.read_text().startswith("# Card-set comparison: base → same\n")
