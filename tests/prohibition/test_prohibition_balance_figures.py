"""The game's own balance figures in a sim report (balance.py, `Game.report_sections`;
docs/prohibition-balance.md), and `volstead balance` printing them."""

from __future__ import annotations

import json
import re
import shutil

from typer.testing import CliRunner

from volstead import replay
from volstead.cli import app
from volstead.games.prohibition import GAME
from volstead.games.prohibition.balance import PARTS
from volstead.games.prohibition.content.loader import DATA_DIR, default_content
from volstead.sim.records import iter_run_records
from volstead.sim.runner import SimConfig, run_sim

runner = CliRunner()


def row(plays=({}, {}, {}, {})):
    return {"plays": list(plays)}


def test_schemes_never_completed_and_fed_cards_never_drawn():
    rows = [row(plays=({"scheme:a": 1}, {}, {"fed:x": 2}, {})), row()]
    unplayed, parts = GAME.report_sections(rows, ["scheme:a", "scheme:b", "tactic:a", "fed:x", "fed:y"], [])
    assert unplayed.title == "Schemes and Fed cards"
    assert unplayed.lines == ("Schemes never completed: scheme:b", "Fed cards never drawn: fed:y")
    assert unplayed.figures == {"never_completed": ["scheme:b"], "never_drawn": ["fed:y"]}
    assert parts.title == "Mean score by part, per mat (0 games replayed)"
    assert parts.lines == ("no records to replay (a run made with --no-records)",)


def test_the_score_parts_are_each_mats_means_over_the_replayed_games(tmp_path):
    run_sim(SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 0}), 3, tmp_path)
    finals = [replay(record) for _, record in iter_run_records(tmp_path)]
    by_mat: dict[str, list[dict]] = {}
    for state in finals:
        result = state.result()
        for mat, detail in zip(result.factions, result.details):
            by_mat.setdefault(mat, []).append(detail)
    _, parts = GAME.report_sections([], [], iter(finals))
    assert parts.title == "Mean score by part, per mat (3 games replayed)"
    want = {mat: {p: sum(d[p] for d in ds) / len(ds) for p in PARTS} for mat, ds in sorted(by_mat.items())}
    assert parts.figures == {"games": 3, "mats": want}
    mat = min(want)
    assert parts.lines[0] == f"{mat}: " + ", ".join(f"{p} {want[mat][p]:.1f}" for p in PARTS)


def test_volstead_balance_replays_a_run_with_its_own_card_set(tmp_path):
    cards = tmp_path / "set"
    shutil.copytree(DATA_DIR, cards)
    out = tmp_path / "run"
    run_sim(SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 0, "cards": str(cards)}), 3, out)
    r = runner.invoke(app, ["balance", str(out)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("3 games of prohibition, ") and "\nwin rate by faction, mean score:\n  bowery: " in r.output
    assert "\nSchemes and Fed cards:\n  Schemes never completed: " in r.output
    assert "\nMean score by part, per mat (3 games replayed):\n  bowery: neighborhoods " in r.output
    # the set changed under the run (every Scheme renamed: the draft's first pick no longer replays)
    schemes = cards / "schemes.toml"
    schemes.write_text(re.sub(r'^id = "(\w+)"', r'id = "\1_v2"', schemes.read_text(), flags=re.M))
    assert json.loads((out / "records.jsonl").read_text().splitlines()[0])["options"]["cards"] == str(cards)
    default_content.cache_clear()  # a set is read once per process and folder
    r = runner.invoke(app, ["balance", str(out)])
    assert r.exit_code == 1
    assert r.output.startswith("3 games of prohibition, ")  # the simulator's figures need no record
    assert "Mean score by part" not in r.output
    assert f"error: the game's own figures: game 0 of {out} does not replay under the run's options (" in r.output
    assert "was the game or its card set changed since the run?" in r.output
    r = runner.invoke(app, ["balance", str(tmp_path / "missing")])
    assert r.exit_code == 2 and "no results.jsonl" in r.output


def test_only_pieces_of_one_run_pool(tmp_path):
    """Pooled folders must be ranges of one run (--first-game): same game, seats, seed and options, no
    game twice; anything else is refused with the difference named, and nothing is printed."""
    config = SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 0})
    run_sim(config, 2, tmp_path / "a")
    run_sim(config, 4, tmp_path / "b", first_game=2)
    r = runner.invoke(app, ["balance", str(tmp_path / "a"), str(tmp_path / "b")])
    assert r.exit_code == 0 and r.output.startswith("4 games of prohibition, ")
    assert "Mean score by part, per mat (4 games replayed)" in r.output  # the records of both pieces
    run_sim(SimConfig("prohibition", ("random",) * 4, seed=5, options={"first_seat": 1}), 4, tmp_path / "c", first_game=2)
    r = runner.invoke(app, ["balance", str(tmp_path / "a"), str(tmp_path / "c")])
    assert r.exit_code == 2
    assert r.output.startswith("error: ") and "are not pieces of one run: their options differ" in r.output
    run_sim(config, 3, tmp_path / "d", first_game=1)
    r = runner.invoke(app, ["balance", str(tmp_path / "a"), str(tmp_path / "d")])
    assert r.exit_code == 2 and "game 1 is in both" in r.output
