"""`volstead play --terminal` tells the game's story in gang names (issue 12: "the terminal shows cards
and Jobs by name", "a log that tells the story in gang names"): a bot's public choices with their
labels, the game's lines (skills, Raids, income), and private lines to the one person at the screen."""

from __future__ import annotations

from typer.testing import CliRunner

from volstead.cli import app
from volstead.games.scarface1920 import GAME


def test_the_terminal_names_gangs_and_tells_the_story():
    names = GAME.seat_names(GAME.new_game(seed=4, seats=2))
    r = CliRunner().invoke(
        app, ["play", "--terminal", "scarface1920", "--seats", "human,random", "--seed", "4"], input="1\n" * 400 + "q\n"
    )
    out = r.output
    assert f"{names[1]} (random): Started in " in out  # a public choice of the bot, in the log's sentence
    assert f"Seat 0 ({names[0]}) to decide" in out and f"{names[0]} chose: " in out
    assert "Boss skill (" in out or "' skill: " in out or "'s skill: " in out  # a skill's outcome told
    assert "seat 1 (random) decided" not in out  # the gang's name, not a number


def test_two_people_at_one_terminal_read_no_private_lines():
    r = CliRunner().invoke(
        app, ["play", "--terminal", "scarface1920", "--seats", "human,human", "--seed", "4"], input="\n1\n" * 300 + "q\n"
    )
    assert "That brought you $" not in r.output and "That cost you $" not in r.output


def test_a_game_of_bots_tells_its_story_and_quiet_leaves_it_out(tmp_path):
    """Issue 36 §9: with only bots at the table the terminal still tells the story — Raids, News,
    income (the state's story, GameState.tell) — and `--quiet` leaves it out. The final scores and
    `volstead replay` name the gangs, not their ids."""
    record = tmp_path / "game.json"
    args = ["play", "--terminal", "scarface1920", "--seats", "random,random", "--seed", "4", "--record", str(record)]
    loud = CliRunner().invoke(app, args)
    assert loud.exit_code == 0, loud.output
    out = loud.output
    assert "Raid! " in out and "Extra! Extra! Eliot Ness rises" in out and " Reorganizes: $" in out
    assert "That brought you $" not in out and "That cost you $" not in out  # money stays behind the screens
    state = GAME.new_game(seed=4, seats=2)
    names = GAME.seat_names(state)
    ids = [GAME.factions()[i].id for i in range(4)]
    scores = out[out.index("Final scores") :]
    assert all(name in scores for name in names) and not any(f" {i} " in scores for i in ids)
    quiet = CliRunner().invoke(app, [*args[:-2], "--quiet"])
    assert quiet.exit_code == 0 and "Raid! " not in quiet.output and "Final scores" in quiet.output
    replayed = CliRunner().invoke(app, ["replay", str(record)])
    assert replayed.exit_code == 0, replayed.output
    table = replayed.output[replayed.output.index("Final scores") :]
    assert all(name in table for name in names) and not any(f" {i} " in table for i in ids)
