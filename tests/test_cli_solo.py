"""`volstead play --terminal --solo` and `volstead sim --solo` (issue 5: solo mode from the command line)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from volstead import replay
from volstead.cli import app
from volstead.engine import load_record

runner = CliRunner()


def invoke(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_solo_game_with_a_bot_runs_to_the_end_and_replays(tmp_path):
    path = tmp_path / "solo.json"
    r = invoke("play", "--terminal", "--solo", "--seats", "random", "--seed", "3", "--quiet", "--record", str(path))
    assert r.exit_code == 0, r.output
    assert "Final scores" in r.output and "automa" in r.output
    rec = load_record(path)
    assert rec["seats"] == 1 and rec["options"]["solo"] is True
    state = replay(rec)
    assert state.is_over() and len(state.result().scores) == 2  # you and the Enforcer


def test_solo_needs_exactly_one_seat():
    r = invoke("play", "--terminal", "--solo", "--seats", "random,random", "--seed", "1")
    assert r.exit_code == 2
    assert "seats: Scarface 1920 takes 1 seat with these options, not 2 (--seats random,random)" in r.output


def test_sim_solo_counts_games_won_against_the_enforcer(tmp_path):
    out = tmp_path / "run"
    r = invoke("sim", "scarface1920", "--solo", "--seats", "random", "--games", "3", "--out", str(out))
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 3
    for row in rows:
        assert len(row["scores"]) == 1 and len(row["automa"]["scores"]) == 1
        assert row["automa"]["won"] or row["winners"] == [0]  # someone wins; ties are shared
    assert "Against the game's automa (solo)" in (out / "report.md").read_text()


def test_sim_solo_needs_exactly_one_seat(tmp_path):
    r = invoke("sim", "scarface1920", "--solo", "--seats", "random,greedy", "--games", "1", "--out", str(tmp_path))
    assert r.exit_code == 2
    assert "seats: Scarface 1920 takes 1 seat with these options, not 2" in r.output
