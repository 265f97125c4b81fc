"""The simulator: per-game seeds, seat rotation, worker-count independence, resume, reports, CLI."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from volstead.cli import app
from volstead.sim import SimConfig, game_seed, run_sim, seat_bots
from volstead.sim.records import RECORDS_FILE, iter_run_records, read_run_record
from volstead.sim.report import CHART_LEAST, CHART_MOST, charted_cards, elo_ladder, figures, wilson, write_report
from volstead.sim.runner import RESULTS, Batches, _chunk, load_results

CONFIG = SimConfig("scarface1920", ("greedy", "random"), seed=5)  # greedy draws determinizations: its RNG must be per game
DATA = Path(__file__).resolve().parents[2] / "src" / "volstead" / "games" / "scarface1920" / "data"


def test_game_seeds_and_rotation():
    assert game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1) != game_seed(2, 1)
    assert 0 <= game_seed(123, 456) < 2**31
    seats = ("ismcts", "greedy", "greedy", "random")
    rotations = [seat_bots(seats, i) for i in range(4)]
    assert rotations[0] == list(seats) and rotations[1] == ["greedy", "greedy", "random", "ismcts"]
    for pos in range(4):  # every bot sits in every position once per 4 games
        assert sorted(r[pos] for r in rotations) == sorted(seats)


def test_games_are_sent_to_workers_a_few_at_a_time_with_the_same_results(tmp_path):
    """Up to 8 games a send (32 when every seat is an instant bot), at least 16 sends a worker
    (issue 15: one game a send cost the parent a third of a random game's CPU); the results and
    records are those of one worker."""
    assert [_chunk(games, workers) for games, workers in ((6, 2), (64, 2), (200, 2), (10_000, 2), (100, 16))] == [1, 2, 6, 8, 1]
    assert [_chunk(games, workers, quick=True) for games, workers in ((6, 2), (200, 2), (10_000, 2), (800, 16))] == [1, 6, 32, 3]
    config = SimConfig("prohibition", ("random",) * 3, seed=4)
    run_sim(config, 64, tmp_path / "w1", workers=1)
    run_sim(config, 64, tmp_path / "w2", workers=2)
    assert (tmp_path / "w1" / RESULTS).read_text() == (tmp_path / "w2" / RESULTS).read_text()
    assert (tmp_path / "w1" / RECORDS_FILE).read_bytes() == (tmp_path / "w2" / RECORDS_FILE).read_bytes()


def test_same_results_whatever_the_number_of_workers(tmp_path):
    run_sim(CONFIG, 6, tmp_path / "w1", workers=1)
    run_sim(CONFIG, 6, tmp_path / "w2", workers=2)
    a = (tmp_path / "w1" / RESULTS).read_text()
    assert a == (tmp_path / "w2" / RESULTS).read_text()
    assert [r["index"] for r in load_results(tmp_path / "w1")] == list(range(6))
    assert (tmp_path / "w1" / RECORDS_FILE).read_bytes() == (tmp_path / "w2" / RECORDS_FILE).read_bytes()
    assert [i for i, _ in iter_run_records(tmp_path / "w2")] == list(range(6))


def test_resume_keeps_finished_games_and_matches_a_fresh_run(tmp_path):
    config = SimConfig("scarface1920", ("random", "random"), seed=5)
    fresh = tmp_path / "fresh"
    run_sim(config, 5, fresh, workers=1)
    part = tmp_path / "part"
    run_sim(config, 2, part, workers=1)
    with open(part / RESULTS, "a") as f:  # an interrupted write
        f.write('{"index": 2, "sco')
    fresh_records = (fresh / RECORDS_FILE).read_bytes().splitlines(keepends=True)
    with open(part / RECORDS_FILE, "ab") as f:  # game 2's record was written, then a cut one
        f.write(fresh_records[2] + fresh_records[3][:50])
    seen = []
    rows = run_sim(config, 5, part, workers=2, on_start=lambda total, done: seen.append((total, done)))
    assert seen == [(5, 2)]
    assert rows == load_results(fresh) and [r["index"] for r in rows] == list(range(5))  # the two kept, three new
    assert (part / RESULTS).read_text() == (fresh / RESULTS).read_text()
    assert (part / RECORDS_FILE).read_bytes() == (fresh / RECORDS_FILE).read_bytes()


def test_a_run_written_by_the_older_encoder_resumes_into_the_same_file(tmp_path):
    """results.jsonl lines were once written by the json module (spaces after separators); a run
    resumed over such a file rewrites it as a fresh run writes it."""
    config = SimConfig("scarface1920", ("random", "random"), seed=5)
    fresh = tmp_path / "fresh"
    run_sim(config, 4, fresh, workers=1)
    rows = load_results(fresh)
    old = tmp_path / "old"
    run_sim(config, 1, old, workers=1)
    (old / RESULTS).write_text("".join(json.dumps(r, sort_keys=True) + "\n" for r in rows[:2]))
    run_sim(config, 4, old, workers=1)
    assert (old / RESULTS).read_bytes() == (fresh / RESULTS).read_bytes()
    assert b", " not in (fresh / RESULTS).read_bytes().split(b"\n")[0]  # the compact encoding


def test_lines_are_written_a_batch_at_a_time_records_first(tmp_path):
    """The parent writes a batch when it holds `max_bytes`, when `max_seconds` have passed, and at
    the end; a batch's records reach the file before its results (a resume trusts results.jsonl)."""
    with Batches(tmp_path, records=True, max_bytes=100, max_seconds=3600) as batches:
        batches.add(b'{"index":0}\n', b'{"index":0,"r":1}\n')
        assert (tmp_path / RESULTS).read_bytes() == (tmp_path / RECORDS_FILE).read_bytes() == b""  # 30 bytes held
        results_write = batches.results.write

        def write_results(data: bytes) -> int:  # the batch's records are on disk when its results go out
            lines_after = (tmp_path / RESULTS).read_bytes().count(b"\n") + data.count(b"\n")
            assert (tmp_path / RECORDS_FILE).read_bytes().count(b"\n") == lines_after
            return results_write(data)

        batches.results.write = write_results
        batches.add(b'{"index":1}\n', b'{"index":1,"r":' + b"2" * 80 + b"}\n")  # over 100 bytes: written
        assert (tmp_path / RESULTS).read_bytes() == b'{"index":0}\n{"index":1}\n'
        batches.add(b'{"index":2}\n', b'{"index":2}\n')
        assert (tmp_path / RESULTS).read_bytes().count(b"\n") == 2
    assert (tmp_path / RESULTS).read_bytes().count(b"\n") == (tmp_path / RECORDS_FILE).read_bytes().count(b"\n") == 3
    (tmp_path / "slow").mkdir()
    with Batches(tmp_path / "slow", records=False, max_bytes=1 << 20, max_seconds=0.0) as batches:
        batches.add(b'{"index":0}\n', None)  # half a second since the last write (here: none at all)
        assert (tmp_path / "slow" / RESULTS).read_bytes() == b'{"index":0}\n'
    assert not (tmp_path / "slow" / RECORDS_FILE).exists()


def test_a_run_stopped_by_an_error_keeps_the_games_before_it(tmp_path, monkeypatch):
    """The batch in hand is written when a run stops (an error, Ctrl-C): the games finished before
    it are kept, and the run resumes from them to the files a fresh run writes."""
    from volstead.sim import runner

    config = SimConfig("prohibition", ("random",) * 3, seed=4)
    run_sim(config, 5, tmp_path / "fresh")
    play_lines = runner.play_lines

    def failing(config: SimConfig, index: int):
        if index == 3:
            raise RuntimeError("the machine went away")
        return play_lines(config, index)

    monkeypatch.setattr(runner, "play_lines", failing)
    with pytest.raises(RuntimeError, match="went away"):
        run_sim(config, 5, tmp_path / "part")
    assert [r["index"] for r in load_results(tmp_path / "part")] == [0, 1, 2]
    assert [i for i, _ in iter_run_records(tmp_path / "part")] == [0, 1, 2]
    monkeypatch.setattr(runner, "play_lines", play_lines)
    run_sim(config, 5, tmp_path / "part", workers=2)
    assert (tmp_path / "part" / RESULTS).read_bytes() == (tmp_path / "fresh" / RESULTS).read_bytes()
    assert (tmp_path / "part" / RECORDS_FILE).read_bytes() == (tmp_path / "fresh" / RECORDS_FILE).read_bytes()


# Python 3.11's executor raised InvalidStateError in its own thread (printed on a Ctrl-C) when it
# failed a game that the map had just cancelled: one interrupted run in 20-60 did (runner._stop_workers).
@pytest.mark.filterwarnings("error::pytest.PytestUnhandledThreadExceptionWarning")
def test_an_interrupted_run_stops_its_workers_at_once(tmp_path, monkeypatch):
    """An error or Ctrl-C in the parent stops the workers then and there, as a process pool's exit
    did, instead of waiting for the games they hold (here, games that would take a minute each);
    the games finished before it are kept."""
    import multiprocessing
    import time

    from volstead.sim import runner

    play_lines = runner.play_lines

    def slow_after_the_first(config: SimConfig, index: int):
        if index > 0:
            time.sleep(60)
        return play_lines(config, index)

    # the forked workers look the function up by its name
    slow_after_the_first.__module__, slow_after_the_first.__qualname__ = runner.__name__, "play_lines"
    monkeypatch.setattr(runner, "play_lines", slow_after_the_first)

    def stop(index: int):
        raise RuntimeError("the parent gave up")

    start = time.monotonic()
    with pytest.raises(RuntimeError, match="gave up"):
        run_sim(SimConfig("prohibition", ("random",) * 3, seed=4), 6, tmp_path, workers=2, on_game=stop)
    while multiprocessing.active_children() and time.monotonic() - start < 20:  # the workers gone, not asleep
        time.sleep(0.05)
    assert multiprocessing.active_children() == []
    assert [r["index"] for r in load_results(tmp_path)] == [0]
    assert [i for i, _ in iter_run_records(tmp_path)] == [0]


def test_a_resumed_run_must_match_its_configuration(tmp_path):
    run_sim(CONFIG, 1, tmp_path)
    with pytest.raises(ValueError, match="seed"):
        run_sim(SimConfig("scarface1920", ("greedy", "random"), seed=6), 2, tmp_path)


def test_records_replay_to_the_same_result(tmp_path):
    from volstead import replay

    rows = run_sim(SimConfig("scarface1920", ("random", "greedy"), seed=5), 2, tmp_path)
    for row in rows:
        state = replay(read_run_record(tmp_path, row["index"]))
        assert list(state.result().scores) == row["scores"]
    assert replay(read_run_record(tmp_path / RECORDS_FILE, 1)).decision_log() == state.decision_log()


def test_a_run_of_the_older_layout_is_read_and_resumed(tmp_path):
    """Runs once wrote records/game-NNNNNN.json, a file a game: the readers read them, and a resumed
    run adds its new games to records.jsonl."""
    from volstead.engine import RecordError, save_record

    config = SimConfig("mafia_chronicles", ("random",) * 4, seed=4)
    fresh = tmp_path / "fresh"
    run_sim(config, 3, fresh)
    old = tmp_path / "old"
    run_sim(SimConfig("mafia_chronicles", ("random",) * 4, seed=4, records=False), 2, old)
    (old / "records").mkdir()
    for i in range(2):
        save_record(read_run_record(fresh, i), old / "records" / f"game-{i:06d}.json")
    run_sim(config, 3, old)
    assert (old / RESULTS).read_bytes() == (fresh / RESULTS).read_bytes()
    assert [(i, r) for i, r in iter_run_records(old)] == [
        (2, read_run_record(fresh, 2)),
        (0, read_run_record(fresh, 0)),
        (1, read_run_record(fresh, 1)),
    ]
    assert read_run_record(old, 1) == read_run_record(fresh, 1)
    with pytest.raises(RecordError, match=r"records.jsonl has no record of game 7 \(it holds game 2\)"):
        read_run_record(old, 7)
    (tmp_path / "nothing").mkdir()
    with pytest.raises(RecordError, match="holds no game records"):
        read_run_record(tmp_path / "nothing", 0)


def test_a_run_without_records_writes_none_and_the_same_results(tmp_path):
    with_records = run_sim(SimConfig("mafia_chronicles", ("random",) * 4, seed=4), 3, tmp_path / "a")
    without = run_sim(SimConfig("mafia_chronicles", ("random",) * 4, seed=4, records=False), 3, tmp_path / "b", workers=2)
    assert without == with_records
    assert [i for i, _ in iter_run_records(tmp_path / "a")] == [0, 1, 2]
    assert not (tmp_path / "b" / RECORDS_FILE).exists()
    assert (tmp_path / "a" / RESULTS).read_bytes() == (tmp_path / "b" / RESULTS).read_bytes()


def test_report_on_a_small_run(tmp_path):
    run_sim(SimConfig("scarface1920", ("random", "random", "random"), seed=2), 3, tmp_path, workers=1)
    path = write_report(tmp_path)
    text = path.read_text()
    for heading in (
        "## Elo ladder",
        "### By bot",
        "### By seat position",
        "### By faction",
        "## Scores",
        "## Game length",
        "## Cards",
        "Never played",
    ):
        assert heading in text
    for png in (
        "win_rate_by_bot.png",
        "win_rate_by_position.png",
        "win_rate_by_faction.png",
        "scores.png",
        "length.png",
        "cards.png",
    ):
        assert (tmp_path / png).read_bytes()[:4] == b"\x89PNG"
    fig = json.loads((tmp_path / "figures.json").read_text())
    assert fig["games"] == 3 and sum(r["wins"] for r in fig["by_position"].values()) == pytest.approx(3)
    assert fig["never_played"] and all(c in fig["cards"] for c in fig["never_played"])


def test_the_cards_chart_shows_the_least_and_most_played_of_a_large_set():
    few = {f"c{i}": {"plays": i % 7} for i in range(CHART_MOST + CHART_LEAST)}
    assert sorted(charted_cards(few)) == sorted(few)  # a set that fits is charted whole
    many = {f"c{i:03}": {"plays": i // 2} for i in range(200)}  # plays 0, 0, 1, 1, ... 99, 99
    shown = charted_cards(many)
    assert shown == [f"c{i:03}" for i in range(CHART_LEAST)] + [f"c{i:03}" for i in range(200 - CHART_MOST, 200)]


def test_wilson_and_elo():
    low, high = wilson(50, 100)
    assert low < 0.5 < high and high - low == pytest.approx(0.19, abs=0.01)
    assert wilson(10, 10)[1] == 1.0
    rows = [
        {"index": i, "bots": ["a", "b"] if i % 2 else ["b", "a"], "winners": [0 if i % 2 else 1]} for i in range(20)
    ]  # a always wins
    ladder = elo_ladder(rows)
    assert [e["bot"] for e in ladder] == ["a", "b"] and ladder[0]["elo"] > ladder[1]["elo"] + 200
    assert figures(rows)["by_bot"]["a"]["rate"] == 1.0


def test_cli_sim_and_ladder(tmp_path):
    runner = CliRunner()
    out = tmp_path / "run"
    r = runner.invoke(
        app,
        [
            "sim",
            "scarface1920",
            "--games",
            "2",
            "--seats",
            "random,random",
            "--workers",
            "1",
            "--seed",
            "3",
            "--out",
            str(out),
            "--no-report",
        ],
    )
    assert r.exit_code == 0, r.output
    assert "games/s" in r.output and "| rank | bot |" in r.output
    assert len(load_results(out)) == 2 and [i for i, _ in iter_run_records(out)] == [0, 1]
    r = runner.invoke(app, ["ladder", str(out)])
    assert r.exit_code == 0 and "random" in r.output
    bare = tmp_path / "bare"
    r = runner.invoke(
        app,
        [
            "sim",
            "scarface1920",
            "--games",
            "2",
            "--seats",
            "random,random",
            "--seed",
            "3",
            "--out",
            str(bare),
            "--no-report",
            "--no-records",
        ],
    )
    assert r.exit_code == 0, r.output
    assert load_results(bare) == load_results(out) and not (bare / RECORDS_FILE).exists()
    r = runner.invoke(app, ["sim", "scarface1920", "--games", "1", "--seats", "random,genius", "--out", str(out)])
    assert r.exit_code == 2 and "seat 1 is 'genius', which is not a player kind; use one of: random" in r.output


def test_cli_replays_a_game_of_a_run(tmp_path):
    runner = CliRunner()
    out, bare = tmp_path / "run", tmp_path / "bare"
    run_sim(SimConfig("scarface1920", ("random", "random"), seed=3), 2, out)
    run_sim(SimConfig("scarface1920", ("random", "random"), seed=3, records=False), 1, bare)
    single = tmp_path / "one.json"
    single.write_text(json.dumps(read_run_record(out, 1)))
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(b'{"index":0,"format":2,oops}\n')
    for args in ([str(out), "--game", "1"], [str(out / RECORDS_FILE), "--game", "0"], [str(single)]):
        r = runner.invoke(app, ["replay", *args])
        assert r.exit_code == 0 and "Final scores" in r.output, (args, r.output)
    for args, message in (
        ([str(out)], "holds a simulator run's records: say which game with --game INDEX"),
        ([str(out), "--game", "5"], "has no record of game 5 (it holds games 0–1)"),
        ([str(bare), "--game", "0"], "holds no game records (a run made with --no-records"),
        ([str(single), "--game", "0"], "is a single record (leave --game out)"),
        ([str(broken), "--game", "0"], "game 0's line of"),
        ([str(tmp_path / "gone.jsonl"), "--game", "0"], "does not exist"),
    ):
        r = runner.invoke(app, ["replay", *args])
        assert r.exit_code == 2 and message in " ".join(r.output.split()), (args, r.output)


def test_cli_compare_two_card_sets(tmp_path):
    a, b = tmp_path / "cardsA", tmp_path / "cardsB"
    shutil.copytree(DATA, a)
    shutil.copytree(DATA, b)
    runner = CliRunner()
    r = runner.invoke(
        app,
        [
            "sim",
            "scarface1920",
            "--games",
            "2",
            "--seats",
            "random,random",
            "--seed",
            "4",
            "--out",
            str(tmp_path / "cmp"),
            "--compare",
            str(a),
            str(b),
            "--no-report",
        ],
    )
    assert r.exit_code == 0, r.output
    text = (tmp_path / "cmp" / "compare.md").read_text()
    assert "Win rate by faction" in text and "cardsA" in text and "cardsB" in text
    # identical card sets: identical games
    ra = load_results(tmp_path / "cmp" / "cardsA")
    rb = load_results(tmp_path / "cmp" / "cardsB")
    assert [x["scores"] for x in ra] == [x["scores"] for x in rb]


def test_cli_compare_names_the_sets_and_plays_a_second_strength(tmp_path):
    a, b = tmp_path / "cardsA", tmp_path / "cardsB"
    shutil.copytree(DATA, a)
    shutil.copytree(DATA, b)
    out = tmp_path / "cmp"
    args = ["sim", "scarface1920", "--games", "2", "--seats", "random,random", "--seed", "4", "--out", str(out)]
    r = CliRunner().invoke(
        app,
        [*args, "--compare", str(a), str(b), "--labels", "base", "Cheap stills", "--seats2", "random,greedy", "--no-report"],
    )
    assert r.exit_code == 0, r.output
    comp = json.loads((out / "compare.json").read_text())
    assert comp["labels"] == {"a": "base", "b": "Cheap stills"} and comp["seats2"] == ["random", "greedy"]
    assert comp["fragile"] == []  # the same set at both strengths: no change to disagree on
    assert json.loads((out / "strength2" / "compare.json").read_text())["seats"] == ["random", "greedy"]
    assert [len(load_results(f)) for f in (out / "cardsA", out / "strength2" / "cardsA", out / "strength2" / "cardsB")] == [
        2,
        2,
        2,
    ]
    text = (out / "compare.md").read_text()
    assert text.startswith("# Card-set comparison: base → Cheap stills\n")
    assert "A second strength of play (random, greedy) played the same games" in text
    r = CliRunner().invoke(app, [*args, "--labels", "x", "y"])
    assert r.exit_code == 2 and "--labels and --seats2 go with --compare" in r.output


def test_ray_backend_gives_the_local_results(tmp_path):
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        config = SimConfig("scarface1920", ("random", "random"), seed=9)
        run_sim(config, 3, tmp_path / "ray", backend="ray")
    finally:
        ray.shutdown()
    run_sim(config, 3, tmp_path / "local", workers=1)
    assert (tmp_path / "ray" / RESULTS).read_text() == (tmp_path / "local" / RESULTS).read_text()
    assert (tmp_path / "ray" / RECORDS_FILE).read_bytes() == (tmp_path / "local" / RECORDS_FILE).read_bytes()


class FakeRay:
    """Ray's driver calls as the backend makes them, run in this process: a task runs when it is
    sent; `wait` returns the oldest still running (most tests run without Ray installed)."""

    def __init__(self, cpus: int):
        self.cpus, self.in_flight, self.most_in_flight, self.inits = cpus, 0, 0, []

    def is_initialized(self):
        return False

    def init(self, **kwargs):
        self.inits.append(kwargs)

    def shutdown(self):
        pass

    def available_resources(self):
        return {"CPU": float(self.cpus)}

    def remote(self, fn):
        fake = self

        class Remote:
            @staticmethod
            def remote(*args):
                fake.in_flight += 1
                fake.most_in_flight = max(fake.most_in_flight, fake.in_flight)
                return fn(*args)

        return Remote

    def wait(self, refs, num_returns):
        self.in_flight -= num_returns
        return refs[:num_returns], refs[num_returns:]

    def get(self, ref):
        return ref


def test_the_ray_driver_keeps_twice_the_cpus_in_flight_and_plays_every_game(tmp_path, monkeypatch):
    fake = FakeRay(cpus=2)
    monkeypatch.setitem(sys.modules, "ray", fake)
    config = SimConfig("mafia_chronicles", ("random",) * 4, seed=9)
    run_sim(config, 9, tmp_path / "ray", backend="ray", workers=3)
    assert fake.inits == [{"ignore_reinit_error": True, "log_to_driver": False, "num_cpus": 3}]
    assert fake.most_in_flight == 4 and fake.in_flight == 0
    run_sim(config, 9, tmp_path / "local", workers=1)
    assert (tmp_path / "ray" / RESULTS).read_bytes() == (tmp_path / "local" / RESULTS).read_bytes()
    assert (tmp_path / "ray" / RECORDS_FILE).read_bytes() == (tmp_path / "local" / RECORDS_FILE).read_bytes()


def test_a_run_split_in_two_plays_the_same_games(tmp_path):
    whole, low, high = tmp_path / "whole", tmp_path / "low", tmp_path / "high"
    run_sim(CONFIG, 5, whole, workers=1)
    run_sim(CONFIG, 2, low, workers=1)
    seen = []
    rows = run_sim(CONFIG, 5, high, workers=1, first_game=2, on_start=lambda total, done: seen.append((total, done)))
    assert seen == [(3, 0)]
    assert [r["index"] for r in rows] == [2, 3, 4]
    pooled = (low / RESULTS).read_text() + (high / RESULTS).read_text()
    assert pooled == (whole / RESULTS).read_text()
    assert read_run_record(high, 4) == read_run_record(whole, 4)
    assert (low / RECORDS_FILE).read_bytes() + (high / RECORDS_FILE).read_bytes() == (whole / RECORDS_FILE).read_bytes()
    with pytest.raises(ValueError, match="first game"):
        run_sim(CONFIG, 5, tmp_path / "bad", first_game=5)
