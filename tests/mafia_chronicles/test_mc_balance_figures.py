"""The balance figures printed from sim runs (balance.py; docs/mafia-chronicles-balance.md)."""

from __future__ import annotations

import json

from volstead.games.mafia_chronicles.balance import figures, main, report, wilson


def row(winners, bots=("greedy",) * 4, plays=({}, {}, {}, {}), **stats):
    return {"winners": list(winners), "bots": list(bots), "plays": list(plays), "stats": stats}


def test_seat_first_player_cards_and_conditions():
    rows = [
        row([0], plays=({"a": 2}, {}, {"b": 1}, {}), first_player_won=1.0, vp_frames=1),
        row([1, 2], first_player_won=0.5, vp_frames=0, vp_jail=2),
        row([3], bots=("ismcts", "greedy", "greedy", "greedy"), first_player_won=0.0),
    ]
    f = figures(rows, ["a", "b", "c"], ["frames", "jail", "gangsters"])
    assert f["games"] == 3 and [w for w, *_ in f["seats"]] == [1, 0.5, 0.5, 1]
    assert f["bots"]["ismcts"][:2] == (0.0, 1) and f["bots"]["greedy"][:2] == (3.0, 11)
    assert f["first_player"][:2] == (1.5, 3)
    assert f["never_bought"] == ["c"] and f["least_bought"] == [(1, "a"), (1, "b")]
    assert f["conditions"] == {"frames": 1, "jail": 1, "gangsters": 0}
    text = report(f)
    assert "first player: 50.0% (" in text and "cards never bought: 1 (c)" in text


def test_a_boss_pick_is_an_acquisition_but_not_a_purchase():
    """§3: the free Boss is searched out of one's own deck, so a card picked as Boss everywhere is never
    left in a market to buy; it is still a card in play."""
    rows = [row([1], plays=({"boss:c": 1}, {"boss:a": 1, "a": 1}, {}, {})), row([0, 3], plays=({"boss:c": 1}, {}, {}, {}))]
    f = figures(rows, ["a", "b", "c"], [])
    assert f["never_bought"] == ["b", "c"] and f["never_acquired"] == ["b"]
    assert [b[:3] for b in f["bosses"]] == [("c", 2, 0.5), ("a", 1, 1.0)]
    text = report(f)
    assert "cards never bought nor picked as Boss: 1 (b)" in text
    assert "most picked Bosses (picks, their syndicate's win rate): c 2 25.0% (" in text


def test_wilson_interval():
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson(0, 0) == (0.0, 0.0)


def test_the_command_reads_run_folders(tmp_path, capsys):
    (tmp_path / "results.jsonl").write_text(json.dumps({"index": 0, **row([2], first_player_won=0.0)}) + "\n")
    assert main([str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("1 games\nseat 0: 0.0% (0.0–79.3%)") and "seat 2: 100.0%" in out
    assert main([str(tmp_path / "missing")]) == 1
    assert "no results.jsonl (not a `volstead sim` run folder)" in capsys.readouterr().err
    assert main([str(tmp_path), str(tmp_path)]) == 1  # the same games twice
    assert "game 0 is in both" in capsys.readouterr().err
