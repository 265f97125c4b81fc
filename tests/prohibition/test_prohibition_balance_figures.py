"""The balance figures printed from sim runs (balance.py; docs/prohibition-balance.md)."""

from __future__ import annotations

import json
import re
import shutil

from volstead.games.prohibition.balance import figures, main, report
from volstead.games.prohibition.content.loader import DATA_DIR, default_content
from volstead.sim.runner import SimConfig, run_sim


def row(factions, scores, winners, plays=({}, {}, {}, {})):
    return {
        "bots": ["greedy"] * 4,
        "factions": list(factions),
        "scores": list(scores),
        "winners": list(winners),
        "plays": list(plays),
    }


def test_mats_seats_schemes_and_fed_cards():
    rows = [
        row(
            ("rum_row", "tammany", "bowery", "five_points"), (50, 60, 70, 40), [2], plays=({"scheme:a": 1}, {}, {"fed:x": 2}, {})
        ),
        row(("tammany", "rum_row", "five_points", "bowery"), (55, 55, 30, 20), [0, 1]),
    ]
    f = figures(rows, ["scheme:a", "scheme:b", "tactic:a", "fed:x", "fed:y"])
    assert f["games"] == 2
    assert {m: r["wins"] for m, r in f["mats"].items()} == {"bowery": 1.0, "five_points": 0.0, "rum_row": 0.5, "tammany": 0.5}
    assert f["mean_score"]["rum_row"] == 52.5 and f["seats"]["0"]["wins"] == 0.5
    assert f["never_completed"] == ["scheme:b"] and f["never_drawn"] == ["fed:y"]
    text = report(
        f,
        {
            "bowery": dict.fromkeys(
                ("neighborhoods", "gs", "booze", "buildings", "headlines", "jailtime", "schemes", "infamy"), 1.0
            )
        },
    )
    assert "bowery: win 50.0% (" in text and "— neighborhoods 1.0, gs 1.0" in text
    assert "Schemes never completed: scheme:b" in text and "Fed cards never drawn: fed:y" in text


def test_the_command_replays_a_run_with_its_own_card_set(tmp_path, capsys):
    cards = tmp_path / "set"
    shutil.copytree(DATA_DIR, cards)
    out = tmp_path / "run"
    run_sim(SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 0, "cards": str(cards)}), 3, out)
    assert main([str(out)]) == 0
    text = capsys.readouterr().out
    assert text.startswith("3 games\n") and "seat 0: " in text and "— neighborhoods " in text
    # the set changed under the run (every Scheme renamed: the draft's first pick no longer replays)
    schemes = cards / "schemes.toml"
    schemes.write_text(re.sub(r'^id = "(\w+)"', r'id = "\1_v2"', schemes.read_text(), flags=re.M))
    assert json.loads((out / "records.jsonl").read_text().splitlines()[0])["options"]["cards"] == str(cards)
    default_content.cache_clear()  # a set is read once per process and folder
    assert main([str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "was its card set changed since?" in err
    assert main([str(tmp_path / "missing")]) == 1
    assert "no results.jsonl" in capsys.readouterr().err


def test_only_pieces_of_one_run_pool(tmp_path, capsys):
    """Pooled folders must be ranges of one run (--first-game): same game, seats, seed and options, no
    game twice; anything else is refused with the difference named, and nothing is printed."""
    config = SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 0})
    run_sim(config, 2, tmp_path / "a")
    run_sim(config, 4, tmp_path / "b", first_game=2)
    assert main([str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    assert capsys.readouterr().out.startswith("4 games\n")
    run_sim(SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 1}), 4, tmp_path / "c", first_game=2)
    assert main([str(tmp_path / "a"), str(tmp_path / "c")]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "are not pieces of one run: their options differ" in out.err
    run_sim(config, 3, tmp_path / "d", first_game=1)
    assert main([str(tmp_path / "a"), str(tmp_path / "d")]) == 1
    assert "game 1 is in both" in capsys.readouterr().err
