"""The test game through the platform's tools, which know no game: `volstead games`, `play
--terminal` (hot-seat in a secret phase), `cards`, `sim` and `replay`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from volstead import replay
from volstead.cli import app
from volstead.engine import load_record
from volstead.sim.records import read_run_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def _registered(prize_bids):
    return prize_bids


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_json_describes_it_with_its_options_schema():
    r = invoke("games", "--json")
    assert r.exit_code == 0, r.output
    described = {g["name"]: g for g in json.loads(r.output)}
    g = described["prize_bids"]
    assert (g["title"], g["min_seats"], g["max_seats"]) == ("Prize Bids (test game)", 2, 4)
    props = g["options_schema"]["properties"]
    assert props["ties"]["enum"] == ["discard", "split"] and props["cards"]["maximum"] == 13
    assert g["faction_option"] == "factions" and [f["id"] for f in g["factions"]] == ["red", "blue", "green", "gold"]


def test_generated_flags_and_option_pairs_reach_the_game(tmp_path):
    path = tmp_path / "g.json"
    r = invoke(
        "play",
        "--terminal",
        "prize_bids",
        "--seats",
        "random,random",
        "--seed",
        "4",
        "--quiet",
        "--ties",
        "split",
        "--no-negotiation",
        "-o",
        "cards=3",
        "--factions",
        "gold,random",
        "--record",
        str(path),
    )
    assert r.exit_code == 0, r.output
    rec = load_record(path)
    assert rec["options"] == {
        "cards": 3,
        "ties": "split",
        "negotiation": False,
        "factions": ["gold", "random"],
        "first_seat": None,
        "prize_set": "",
    }
    assert replay(rec).result().factions[0] == "gold"
    r = invoke("play", "--terminal", "prize_bids", "--seats", "random,random", "--factions", "purple")
    assert r.exit_code == 2 and "unknown faction 'purple'" in r.output


def test_two_people_bid_in_private_at_one_terminal(tmp_path):
    path = tmp_path / "q.json"
    # seat 0 is asked first (pass the screen), bids 3 and confirms; then seat 1 (pass the screen)
    r = invoke(
        "play",
        "--terminal",
        "prize_bids",
        "--seats",
        "human,human",
        "--seed",
        "2",
        "-o",
        "cards=3",
        "--record",
        str(path),
        input="\n3\n1\n\n1\n1\nq\n",
    )
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.count("Pass the screen to seat") == 2
    assert "Seat 0 to decide (in private)" in out and "Seat 1 to decide (in private)" in out
    assert "choose the card you bid this round (in secret)" in out  # the game's rules_help
    assert load_record(path)["decisions"][:4] == [[0, "bid:3"], [0, "confirm"], [1, "bid:1"], [1, "confirm"]]


def test_a_bot_deciding_in_private_is_not_shown_to_the_person(tmp_path):
    r = invoke("play", "--terminal", "prize_bids", "--seats", "human,random", "--seed", "2", "-o", "cards=3", input="1\n1\nq\n")
    assert r.exit_code == 0, r.output
    assert "seat 1 (random) decided in private" in r.output
    assert "bid:" not in r.output.split("seat 1 (random) decided in private")[0].split("Seat 0 to decide")[0]


def test_cards_shows_its_prize_deck_and_another_set_s(tmp_path):
    """Its card set (content.py) as `volstead cards` shows the built-in games': one table, the
    prizes a game of C cards deals."""
    r = invoke("cards", "prize_bids", "-o", "cards=4")
    assert r.exit_code == 0, r.output
    assert "a game of 4 cards deals prizes 1-4" in r.output and "Engraved Tommy gun" in r.output
    folder = tmp_path / "set"
    folder.mkdir()
    text = (Path(__file__).parent / "cards" / "prizes.toml").read_text().replace('name = "Racehorse"', 'name = "Derby winner"')
    (folder / "prizes.toml").write_text(text)
    r = invoke("cards", "prize_bids", "-o", f"prize_set={folder}")
    assert r.exit_code == 0, r.output
    assert "Derby winner" in r.output and "Racehorse" not in r.output


def test_sim_runs_it_and_reports_by_faction_and_its_stats(tmp_path):
    out = tmp_path / "run"
    r = invoke(
        "sim",
        "prize_bids",
        "--seats",
        "random,greedy,ismcts:20",
        "--games",
        "6",
        "--seed",
        "3",
        "--out",
        str(out),
        "-o",
        "cards=4",
    )
    assert r.exit_code == 0, r.output
    rows = [json.loads(line) for line in (out / "results.jsonl").read_text().splitlines()]
    assert len(rows) == 6 and all(set(r["factions"]) <= {"red", "blue", "green", "gold"} for r in rows)
    assert all(set(r["stats"]) == {"deals"} for r in rows)
    report = (out / "report.md").read_text()
    assert "### By faction" in report and "Deals per game: mean" in report
    for row in rows:
        rec = read_run_record(out, row["index"])
        assert list(replay(rec).result().scores) == row["scores"]
