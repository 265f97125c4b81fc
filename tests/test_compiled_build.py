"""The compiled build plays the same games as the interpreted one (issue 15: "Same seeds, same
decisions → identical records and results, compiled and interpreted (a fingerprint test over a
few hundred games per game)").

Runs where the install compiled (setup.py): this process runs the compiled modules, a subprocess
with VOLSTEAD_PURE_PYTHON=1 the same install's sources. Skipped on an interpreted install, except
where VOLSTEAD_EXPECT_COMPILED=1 (.ci/run sets it where a C compiler is present) makes that a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from volstead.build_info import compiled_in_use, describe_build
from volstead.sim.fingerprint import fingerprint

# (game, bot, games): a few hundred random games of each, and greedy games (the bots' evaluation
# is compiled too) — sized to a few seconds of the compiled build's time each.
RUNS = [
    ("scarface1920", "random", 300),
    ("prohibition", "random", 200),
    ("mafia_chronicles", "random", 200),
    ("scarface1920", "greedy", 3),
    ("prohibition", "greedy", 2),
    ("mafia_chronicles", "greedy", 3),
]


def test_the_install_compiled_where_ci_expects_it():
    if os.environ.get("VOLSTEAD_EXPECT_COMPILED") != "1":
        pytest.skip("VOLSTEAD_EXPECT_COMPILED is not set")
    assert compiled_in_use(), f"the install did not compile: {describe_build()}"


@pytest.mark.parametrize("game, bot, games", RUNS)
def test_compiled_and_interpreted_play_the_same_games(game, bot, games):
    if not compiled_in_use():
        pytest.skip(f"this install runs {describe_build()}: no compiled build to compare")
    code = (
        "import sys; from volstead.sim.fingerprint import fingerprint; "
        "print(*fingerprint(sys.argv[1], int(sys.argv[3]), sys.argv[2]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code, game, bot, str(games)],
        capture_output=True,
        text=True,
        env={**os.environ, "VOLSTEAD_PURE_PYTHON": "1"},
    )
    assert done.returncode == 0, done.stderr
    decisions, digest = fingerprint(game, games, bot)
    assert done.stdout.split() == [str(decisions), digest]


def test_every_games_sample_setups_start_a_game():
    """The setups a fingerprint rotates through come from the game (the platform names none)."""
    from volstead.games import game_names, get_game

    for name in game_names():
        game = get_game(name)
        setups = game.sample_setups()
        assert setups and len({(n, tuple(sorted(o.items()))) for n, o in setups}) == len(setups), name
        for seats, opts in setups:
            options = game.options_from_json(opts)
            assert seats in game.seat_range(options), (name, seats, opts)
            assert not game.new_game(seed=1, seats=seats, options=options).is_over()
    assert [n for n, _ in get_game("prohibition").sample_setups()] == [4, 3, 2]
