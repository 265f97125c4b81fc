"""The compiled build against the interpreted one, in this install (issue 15; docs/performance.md).

The install compiles the hot path with mypyc where it can (setup.py); `VOLSTEAD_PURE_PYTHON=1`
makes the same install run its `.py` files. For each game this runs, in alternating order (a
drift of the machine's speed hits both builds):

- random playouts: 4-player games on the fast path (`apply_index`), decisions/s of process time;
- then the fingerprint of `--fingerprint-games` seeded games with random bots and of a few with
  greedy bots (`volstead.sim.fingerprint`): the two builds must print the same hashes.

    .venv/bin/python benchmarks/compare_builds.py [--game NAME ...] [--games 60]

Needs an install that compiled (`volstead --version` says so). Not a pytest module.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

PURE_ENV = "VOLSTEAD_PURE_PYTHON"
PLAYOUTS = """
import random, sys, time
from volstead.build_info import describe_build
from volstead.games import get_game
game, n = sys.argv[1], int(sys.argv[2])
g = get_game(game)
start, decisions = time.process_time(), 0
for i in range(n):
    s, rng = g.new_game(i, 4), random.Random(i)
    while not s.is_over():
        s.apply_index(rng.randrange(len(s.decision().codes)))
        decisions += 1
print(f"{describe_build()}: {decisions / (time.process_time() - start):,.0f} decisions/s ({n} random games)")
"""
BUILDS = {"interpreted": "1", "compiled": "0"}


def run(build: str, *args: str) -> str:
    env = {**os.environ, PURE_ENV: BUILDS[build]}
    return subprocess.run([sys.executable, *args], env=env, check=True, capture_output=True, text=True).stdout.strip()


def main(argv: list[str] | None = None) -> int:
    from volstead.build_info import compiled_in_use, describe_build
    from volstead.games import game_names

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", action="append", choices=game_names(), help="a game (repeatable; default: all)")
    ap.add_argument("--games", type=int, default=60, help="random playouts per build and round")
    ap.add_argument("--fingerprint-games", type=int, default=300)
    ap.add_argument("--greedy-games", type=int, default=12)
    args = ap.parse_args(argv)
    if not compiled_in_use():
        print(
            f"this install runs {describe_build()}: nothing to compare (reinstall where a C compiler is present)", file=sys.stderr
        )
        return 1
    for game in args.game or game_names():
        for _ in range(2):
            for build in BUILDS:
                print(f"{game}: {run(build, '-c', PLAYOUTS, game, str(args.games))}", flush=True)
        for build in BUILDS:
            for bot, n in (("random", args.fingerprint_games), ("greedy", args.greedy_games)):
                out = run(build, "-m", "volstead.sim.fingerprint", "--game", game, "--games", str(n), "--bot", bot)
                print(f"{build}: {out}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
