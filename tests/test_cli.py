"""The `volstead` command, driven through typer's CliRunner on the fake game."""

from __future__ import annotations

import io
import json

import pytest
from typer.testing import CliRunner

from test_engine import FAKE_NAME, register_fake_game
from volstead import replay
from volstead.cli import app
from volstead.engine import load_record

runner = CliRunner()


@pytest.fixture(autouse=True)
def _fake_game(monkeypatch):
    register_fake_game(monkeypatch)


def invoke(*args, input=None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_games():
    r = invoke("games")
    assert r.exit_code == 0, r.output
    assert "scarface1920" in r.output
    assert FAKE_NAME in r.output and "Count to N" in r.output


def test_unknown_game_exits_2():
    r = invoke("play", "--terminal", "chess", "--seats", "random,random")
    assert r.exit_code == 2
    assert "unknown game 'chess'" in r.output


def test_bad_seat_name_exits_2():
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "human,genius", "--seed", "1")
    assert r.exit_code == 2
    assert "seat 1 is 'genius', which is not a player kind; use one of: human, random" in r.output


def test_seat_count_out_of_range_exits_2():
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random,random,random", "--seed", "1")
    assert r.exit_code == 2
    assert "seats: Count to N takes 2–3 seats, not 4 (--seats random,random,random,random)" in r.output
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random", "--seed", "1")
    assert r.exit_code == 2


def test_bad_variant_exits_2():
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "--variant", "nope")
    assert r.exit_code == 2
    assert "option 'variant': Input should be 'published' or 'short', not 'nope'" in r.output
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "--job-draft")
    assert r.exit_code == 2
    assert "no such option --job-draft; Count to N's options: --variant, --target" in r.output
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "-o", "target=1")
    assert r.exit_code == 2
    assert "option 'target': Input should be greater than or equal to 2, not 1" in r.output
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "-o", "colour=red")
    assert r.exit_code == 2
    assert "option 'colour': unknown option" in r.output
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "-o", "target")
    assert r.exit_code == 2
    assert "--option takes key=value, not 'target'" in r.output


def test_all_bots_play_to_the_end_with_record(tmp_path):
    path = tmp_path / "g.json"
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random,random", "--seed", "3", "--record", str(path))
    assert r.exit_code == 0, r.output
    assert "seat 0  Add" in r.output  # one log line per decision
    assert "Final scores" in r.output
    rec = load_record(path)
    state = replay(rec)
    assert state.is_over() and rec["seed"] == 3 and rec["seats"] == 3
    # same seed and seats: same bots, same game
    path2 = tmp_path / "g2.json"
    r2 = invoke(
        "play", "--terminal", FAKE_NAME, "--seats", "random,random,random", "--seed", "3", "--quiet", "--record", str(path2)
    )
    assert r2.exit_code == 0
    assert load_record(path2) == rec
    assert "seat 0  Add" not in r2.output


def test_variant_reaches_the_game(tmp_path):
    path = tmp_path / "g.json"
    r = invoke(
        "play",
        "--terminal",
        FAKE_NAME,
        "--seats",
        "random,random",
        "--seed",
        "3",
        "--variant",
        "short",
        "--quiet",
        "--record",
        str(path),
    )
    assert r.exit_code == 0, r.output
    assert json.loads(path.read_text())["options"]["variant"] == "short"


def test_human_plays_by_number_and_id(tmp_path):
    path = tmp_path / "h.json"
    # seat 0 human, seat 1 random; the human always adds 2 ("2" or "add2")
    r = invoke(
        "play",
        "--terminal",
        FAKE_NAME,
        "--seats",
        "human,random",
        "--seed",
        "1",
        "--record",
        str(path),
        input="2\nadd2\n2\nadd2\n2\nadd2\n2\n",
    )
    assert r.exit_code == 0, r.output
    assert "What seat 0 sees" in r.output and "secret" in r.output
    assert "seat 1 (random) decided: add" in r.output  # bots' labels are not shown to humans
    assert "Final scores" in r.output
    rec = load_record(path)
    assert replay(rec).is_over()


def test_human_invalid_input_then_quit_writes_record(tmp_path):
    path = tmp_path / "q.json"
    r = invoke(
        "play", "--terminal", FAKE_NAME, "--seats", "human,human", "--seed", "1", "--record", str(path), input="9\nbogus\n1\nq\n"
    )
    assert r.exit_code == 0, r.output
    assert "'9' is neither a number 1–2 nor an option id" in r.output
    assert "quit after 1 decisions" in r.output
    rec = load_record(path)
    assert rec["decisions"] == [[0, "add1"]]  # format 2: [seat, option id]


def test_human_undo(tmp_path):
    path = tmp_path / "u.json"
    # seat 0 adds 1, seat 1 adds 2, seat 1... undo goes back to seat 1's decision
    r = invoke(
        "play",
        "--terminal",
        FAKE_NAME,
        "--seats",
        "human,human",
        "--seed",
        "1",
        "--record",
        str(path),
        input="u\n1\n2\nu\n1\nq\n",
    )
    assert r.exit_code == 0, r.output
    assert "nothing to undo" in r.output
    assert "undone 1 decision(s)" in r.output
    assert load_record(path)["decisions"] == [[0, "add1"], [1, "add1"]]


def test_human_undo_stops_at_a_bots_decision(tmp_path):
    # the take-back window (engine/takeback.py): the bot decided after seat 0, so seat 0 saw it
    path = tmp_path / "u.json"
    r = invoke(
        "play", "--terminal", FAKE_NAME, "--seats", "human,random", "--seed", "1", "--record", str(path), input="1\nu\n2\nq\n"
    )
    assert r.exit_code == 0, r.output
    assert "cannot undo: another seat has decided since" in r.output and "undone" not in r.output
    rec = load_record(path)
    assert [d for d in rec["decisions"] if d[0] == 0] == [[0, "add1"], [0, "add2"]] and len(rec["decisions"]) == 4


def test_eof_quits(tmp_path):
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "human,random", "--seed", "1", input="")
    assert r.exit_code == 0
    assert "quit after 0 decisions" in r.output


def test_replay_command(tmp_path):
    path = tmp_path / "g.json"
    assert (
        invoke(
            "play", "--terminal", FAKE_NAME, "--seats", "random,random", "--seed", "8", "--quiet", "--record", str(path)
        ).exit_code
        == 0
    )
    r = invoke("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "finished" in r.output and "Final scores" in r.output and "Public view" in r.output
    n = len(load_record(path)["decisions"])
    r = invoke("replay", str(path), "--show-log")
    assert r.exit_code == 0, r.output
    assert f"#{n:>5}  seat" in r.output


def test_replay_unfinished_record(tmp_path):
    path = tmp_path / "q.json"
    invoke("play", "--terminal", FAKE_NAME, "--seats", "human,human", "--seed", "1", "--record", str(path), input="1\nq\n")
    r = invoke("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "not finished: seat 1 (add) to decide" in r.output


@pytest.mark.parametrize(
    "content, message",
    [
        ("{oops", "is not valid JSON"),
        ("[]", "must be a JSON object, got list"),
        (json.dumps({"format": 1, "game": "chess"}), "no 'version' field"),
        (
            json.dumps({"format": 1, "game": "chess", "version": "0.1.0", "options": {}, "seed": 1, "seats": 2, "decisions": []}),
            "unknown game 'chess'",
        ),
        (
            json.dumps(
                {
                    "format": 1,
                    "game": FAKE_NAME,
                    "version": "0.1.0",
                    "options": {},
                    "seed": 1,
                    "seats": 2,
                    "decisions": ["add1", "add9"],
                }
            ),
            "decision #1 does not match the game",
        ),
    ],
)
def test_replay_malformed_exits_2(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    r = invoke("replay", str(path))
    assert r.exit_code == 2
    assert message in r.output


@pytest.mark.parametrize(
    "content, message",
    [
        (b"[" * 100_000 + b"]" * 100_000, "is nested too deeply to be a game record"),
        ('{"game": "caf\xe9"}'.encode("latin-1"), "is not UTF-8 text (byte 13)"),
        (
            b'{"format": 2, "game": "x", "version": "99.0.0", "options": {}, "seed": 1, "seats": 2, "decisions": []}',
            "written by Volstead 99.0.0, newer than this one",
        ),
        (
            b'{"format": 2, "game": "x", "version": "0.1.0", "options": {}, "seed": 1.5, "seats": 2, "decisions": []}',
            "the game record's 'seed' is invalid: Input should be a valid integer",
        ),
    ],
)
def test_replay_of_a_deep_undecodable_or_newer_record_exits_2(tmp_path, content, message):
    """Issue 33: every malformed record is a RecordError, so `volstead replay` exits 2, never 1."""
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    r = invoke("replay", str(path))
    assert r.exit_code == 2, r.output
    assert message in r.output


def test_replay_missing_file_exits_2(tmp_path):
    r = invoke("replay", str(tmp_path / "nope.json"))
    assert r.exit_code == 2
    assert "cannot read the record" in r.output


def test_internal_error_keeps_record_and_exits_1(tmp_path, monkeypatch):
    import test_engine

    options = test_engine.Add.options

    def broken_options(self, state):
        if state.decisions_made >= 3:
            raise RuntimeError("options exploded")
        return options(self, state)

    monkeypatch.setattr(test_engine.Add, "options", broken_options)
    path = tmp_path / "crash.json"
    r = invoke("play", "--terminal", FAKE_NAME, "--seats", "random,random", "--seed", "1", "--record", str(path))
    assert r.exit_code == 1
    assert "the game stopped after 3 decisions: RuntimeError: options exploded" in r.output
    assert len(load_record(path)["decisions"]) == 3


def _scarface_missing_module():
    """The name of a Scarface module not written yet, or None once the game can start and show views."""
    from volstead.games import get_game

    try:
        state = get_game("scarface1920").new_game(7, 2)
        state.view(state.decision().seat)
        state.view(None)
    except ModuleNotFoundError as e:
        return e.name
    return None


def test_scarface_all_random_two_players_record_and_replay(tmp_path):
    missing = _scarface_missing_module()
    if missing:
        pytest.skip(f"Scarface 1920 is still being written ({missing} is missing)")
    path = tmp_path / "scarface.json"
    r = invoke("play", "--terminal", "scarface1920", "--seats", "random,random", "--seed", "7", "--quiet", "--record", str(path))
    assert r.exit_code == 0, r.output
    assert "Final scores" in r.output
    rec = load_record(path)
    assert rec["game"] == "scarface1920" and rec["seats"] == 2
    assert replay(rec).is_over()
    r = invoke("replay", str(path))
    assert r.exit_code == 0, r.output
    assert "finished" in r.output and "Final scores" in r.output


def test_compact_summaries():
    from volstead.cli import compact

    assert compact({"casino": 1, "brothel": 0}) == "casino 1"
    assert compact({"alcohol": 0, "guns": 0}) == "—"
    assert compact({"owner": 0, "name": "Pilsen"}) == "owner 0, name Pilsen"  # zeros kept unless all are counts
    assert compact([{"a": 1}, {"b": 2}]) == "a 1; b 2"
    assert compact(["x", None, True]) == "x, —, yes"


def test_render_fits_the_width():
    from rich.console import Console

    from volstead.cli import render

    view = {
        "players": [
            {
                "seat": i,
                "name": f"p{i}",
                "hand": ["card_" * 5 + str(j) for j in range(6)],
                "money": i * 10,
                "goods": {"alcohol": i, "guns": 0},
            }
            for i in range(4)
        ],
        "board": [{"id": f"n{i}", "owner": None if i % 2 else 0, "price": i} for i in range(5)],
    }
    c = Console(width=80, record=True, file=io.StringIO())
    c.print(render(view, 80))
    text = c.export_text()
    assert all(len(line) <= 80 for line in text.splitlines())
    assert "▸ p0" in text and "alcohol 1" in text and "owner" in text


def test_terminal_play_needs_seats():
    r = invoke("play", "--terminal", FAKE_NAME)
    assert r.exit_code == 2
    assert "--terminal needs --seats" in r.output


def test_play_without_terminal_starts_the_server(monkeypatch, tmp_path):
    """`volstead play` creates a game (human + 3 bots by default) and runs the server with its link."""
    import volstead.server.commands as commands

    ran = {}
    monkeypatch.setattr(commands, "_run", lambda app, host, port, url, open_browser: ran.update(url=url, open=open_browser))
    db = f"sqlite:///{tmp_path / 'v.db'}"
    r = invoke("play", "--no-browser", "--db", db, "--seed", "5")
    assert r.exit_code == 0, r.output
    assert ran["open"] is False and "/game/" in ran["url"] and "?token=" in ran["url"]
    assert ran["url"] in r.output.replace("\n", "")
    from volstead.server.store import Store

    games = Store(db).load_all()
    assert len(games) == 1 and games[0].kinds == ["human", "greedy", "greedy", "greedy"] and games[0].seed == 5


def test_replay_browser_imports_the_record(monkeypatch, tmp_path):
    import volstead.server.commands as commands

    ran = {}
    monkeypatch.setattr(commands, "_run", lambda app, host, port, url, open_browser: ran.update(url=url))
    path = tmp_path / "g.json"
    assert (
        invoke(
            "play", "--terminal", FAKE_NAME, "--seats", "random,random", "--seed", "8", "--quiet", "--record", str(path)
        ).exit_code
        == 0
    )
    db = f"sqlite:///{tmp_path / 'v.db'}"
    r = invoke("replay", str(path), "--browser", "--no-browser", "--db", db)
    assert r.exit_code == 0, r.output
    assert "/replay/" in ran["url"]


def test_workbench_serves_the_game_s_workbench_page_with_its_experiment_limits(monkeypatch, tmp_path):
    """Issue 38 §1: `volstead workbench GAME` serves the app on this machine and opens
    /workbench/GAME; --workers and --ray reach the experiments' queue (RunLimits)."""
    import volstead.server.commands as commands

    ran = {}

    def run(app, host, port, url, open_browser):
        ran.update(url=url, open=open_browser, host=host, limits=app.state.workbench_runs.limits)

    monkeypatch.setattr(commands, "_run", run)
    db = f"sqlite:///{tmp_path / 'v.db'}"
    r = invoke("workbench", "prohibition", "--no-browser", "--db", db, "--workers", "3", "--ray", "ray://head:10001")
    assert r.exit_code == 0, r.output
    assert ran["open"] is False and ran["host"] == "127.0.0.1"
    assert ran["url"].endswith("/workbench/prohibition") and ran["url"] in r.output.replace("\n", "")
    assert (ran["limits"].workers, ran["limits"].ray_address) == (3, "ray://head:10001")
    r = invoke("workbench", "--no-browser", "--db", db)
    assert r.exit_code == 0, r.output
    assert ran["url"].endswith("/workbench") and ran["limits"].ray_address is None


def test_workbench_names_a_game_it_cannot_open(monkeypatch):
    import volstead.server.commands as commands

    monkeypatch.setattr(commands, "_run", lambda *a: pytest.fail("served"))
    r = invoke("workbench", "nope", "--no-browser")
    assert r.exit_code == 2 and "unknown game 'nope'" in r.output
    register_fake_game(monkeypatch)
    r = invoke("workbench", FAKE_NAME, "--no-browser")
    assert r.exit_code == 2 and "has no card set to edit in the workbench" in r.output


def test_cards_says_a_game_without_cards_has_none():
    r = invoke("cards", FAKE_NAME)
    assert r.exit_code == 2 and "has no cards to show" in r.output


def test_serve_passes_the_workbench_limits(monkeypatch):
    import volstead.server.commands as commands

    seen = {}
    monkeypatch.setattr(commands, "serve", lambda *a: seen.update(limits=a[-1]))
    r = invoke("serve", "--experiments", "2", "--experiment-workers", "4", "--ray", "ray://h:1")
    assert r.exit_code == 0, r.output
    assert (seen["limits"].running, seen["limits"].workers, seen["limits"].ray_address) == (2, 4, "ray://h:1")


def test_games_fits_80_columns_without_breaking_a_word(monkeypatch):
    """Issue 36 §4: `volstead games` at 80 columns — one block per game, its options below it at the
    full width; no line longer than the terminal and every word of every description whole."""
    from volstead.cli.commands import _option_line
    from volstead.games import game_names, get_game

    monkeypatch.setenv("COLUMNS", "80")
    from volstead.cli.common import console

    monkeypatch.setattr(console, "_width", 80)
    r = invoke("games")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    assert max(len(line) for line in lines) <= 80
    words = set(r.output.split())
    for name in game_names():
        game = get_game(name)
        assert f"{name} — {game.title} ·" in r.output
        for key, prop in game.options_schema().get("properties", {}).items():
            flag = _option_line(key, prop).partition(": ")[0]  # "--variant a|b (default "a")": one line
            assert any(line.strip() == flag for line in lines), flag
            assert set(prop.get("description", "").split()) <= words, prop.get("description")
