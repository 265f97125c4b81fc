"""Instructions a decision of random playouts, counted by valgrind's callgrind: a figure that does
not move with the machine's load, for comparing two builds (or two commits) of the rules.

    .venv/bin/python benchmarks/count_instructions.py [--game NAME ...] [--games 20] [--src DIR ...]
    .venv/bin/python benchmarks/count_instructions.py --ismcts 3000 [--game NAME ...] [--src DIR ...]
    .venv/bin/python benchmarks/count_instructions.py --greedy 2 [--game NAME ...] [--src DIR ...]
    .venv/bin/python benchmarks/count_instructions.py --vs-peer [--game NAME ...] [--games 20] [--src DIR]
    .venv/bin/python benchmarks/count_instructions.py --sim [--game NAME ...] [--games 40] [--src DIR ...]
    .venv/bin/python benchmarks/count_instructions.py --cache [--game NAME ...] [--games 5] [--src DIR ...]

Each game's N random 4-player playouts (seeds 0 to N - 1, a uniformly random option at each
decision, as in `bench_playouts.py`) run under `valgrind --tool=callgrind`, counting only inside
`GameState.apply_index` (so neither start-up, the card set's loading nor the random choices are
counted); with several `--src` folders (the `src/` of other checkouts or scratch builds) each runs
in turn and the ratio to the first is printed. Counts are exact for one build: the same games give
the same count. The count starts at the compiled engine's `apply_index` (its C symbol), so it needs
a compiled install or scratch build (`python setup.py build_ext --inplace` in a clone); an
interpreted one is refused. `--ismcts N` counts instead one ISMCTS search of N iterations in
`bench_ismcts.py`'s position of each `--game` (default Scarface 1920 alone; inside the compiled
`ISMCTSBot.choose`), after a warm-up outside the count: a random game from the position to its end
(the rules modules imported lazily are loaded then) and a greedy decision (the evaluation imported);
the count holds every call of `choose`, so an earlier version's 200-iteration warm-up search was
counted too. `--greedy N` counts N four-greedy games of each game (seeds 0 to N - 1, inside the
compiled `GreedyBot.choose`: the bots' look-ahead, not the moves between). `--vs-peer` counts whole
loops instead, ours (the first `--src`) and the peer's (Catanatron 3.2.1 in its own environment,
`bench_playouts.py`'s loop), each as the count of N games less that of none (start-up and card sets
excluded), and prints the ratio: a load-free estimate of `bench_vs_peer.py`'s timed ratio (the two
interpreters' code may run at different speeds an instruction, so a timed run decides the target).
`--sim` counts whole loops too: `bench_sim_scaling.py`'s bare loop and a one-worker `run_sim` of the
same games with four random seats (results and records written to a temporary folder), each as a run
of N + 1 games less a run of one (the run's own fixed costs cancel), and prints their instructions a
decision and the simulator's ratio (the bots' streams play other games than the bare loop's one
generator, hence a decision, not a game).
`--cache` runs the whole loops of `--vs-peer` (ours for each `--src`, then the peer's) under
cachegrind's cache and branch simulation instead and prints, a decision, the instructions, the
I1 and D1 misses, the last-level misses and the mispredicted branches (cachegrind's own simple
predictor and the host's cache sizes: a comparison between builds and beside the peer, not a
prediction of cycles). It says why a timed ratio stays below the counted one: fewer instructions
that miss and mispredict more often each.
Callgrind runs about 50 times slower than the program: 20 games take 10–30 s a game and build. Issue
15, docs/performance.md. Not a pytest module.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs inside the measured interpreter: the games of bench_playouts.py, nothing else.
PLAYOUTS = r"""
import random, sys
from volstead.games import get_game
from volstead.build_info import describe_build
game, n = get_game(sys.argv[1]), int(sys.argv[2])
decisions = 0
for g in range(n):
    rng = random.Random(g)
    state = game.new_game(seed=g, seats=4)
    while not state.is_over():
        state.apply_index(rng.randrange(len(state.decision())))
    decisions += state.decisions_made
print(decisions)
print(describe_build())
"""

# One ISMCTS search in bench_ismcts.py's position of the game (argv[1]), after warming up outside
# the count: a random game played on from the position to its end (every rules module a search may
# reach is imported then) and a greedy decision (the evaluation imported). Not a warm-up search: the
# count toggles on at every call of `ISMCTSBot.choose`, so a warm-up search would be counted too.
# The game's shipped policy (the root's prior) is read from its file before the count: its forward
# pass a decision is counted, its loading (a one-off: a third of a 1,000-iteration count) is not.
ISMCTS = r"""
import random, sys
sys.path.insert(0, sys.argv[3])
from bench_ismcts import position
from volstead.bots import GreedyBot, ISMCTSBot, ask_bot
from volstead.build_info import describe_build
s = position(sys.argv[1])
warm, rng = s.clone(), random.Random(0)
while not warm.is_over():
    warm.apply_index(rng.randrange(len(warm.decision().codes)))
ask_bot(GreedyBot(0), s)
from volstead.bots.learned import OptionPrior
OptionPrior().probabilities(s.clone(), s.decision().seat)  # the shipped policy read from its file (None: none)
bot = ISMCTSBot(1, iterations=int(sys.argv[2]))
ask_bot(bot, s)
print(bot.last_iterations)
print(describe_build())
"""

# Four greedy seats (`bench_bot_games.py`'s bot, seeded per game and seat), N games seeded 0 to N - 1.
GREEDY = r"""
import sys
from volstead.games import get_game
from volstead.bots import ask_bot, get_bot
from volstead.build_info import describe_build
game, n = get_game(sys.argv[1]), int(sys.argv[2])
game.new_game(seed=10**6, seats=4)  # the card set loaded before the count starts
decisions = 0
for g in range(n):
    state = game.new_game(seed=g, seats=4)
    bots = [get_bot("greedy", seed=g * 10 + seat) for seat in range(4)]
    while not state.is_over():
        state.apply_index(ask_bot(bots[state.decision().seat], state))
    decisions += state.decisions_made
print(decisions)
print(describe_build())
"""

# Whole loops for --vs-peer, each printing the decisions it played on its first line: ours is
# PLAYOUTS after a game set up (the card set loaded, so that the count of no games, subtracted,
# holds it too); the peer's is bench_playouts.py's loop after a game set up.
OURS_LOOP = PLAYOUTS.replace("decisions = 0\n", "game.new_game(seed=10**6, seats=4)\ndecisions = 0\n", 1)
PEER_LOOP = r"""
import sys
from catanatron import Color, Game, RandomPlayer
n = int(sys.argv[1])
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
Game([RandomPlayer(c) for c in colors], seed=10**6)
decisions = 0
for seed in range(n):
    game = Game([RandomPlayer(c) for c in colors], seed=seed)
    game.play()
    decisions += len(game.state.actions)
print(decisions)
"""

# Whole loops for --sim, each printing the decisions it played (the last argument a number of games;
# a run of one is subtracted): bench_sim_scaling.py's bare loop (its folder the first argument, the
# game the second), and run_sim with one worker (the game first).
SIM_BARE = r"""
import sys
sys.path.insert(0, sys.argv[1])
from bench_sim_scaling import bare_loop
print(bare_loop(sys.argv[2], 4, 1, int(sys.argv[3]))["decisions"])
"""
SIM_RUN = r"""
import sys, tempfile
from volstead.games import get_game
from volstead.sim.runner import SimConfig, run_sim
game, n = sys.argv[1], int(sys.argv[2])
get_game(game).new_game(seed=0, seats=4)
with tempfile.TemporaryDirectory() as out:
    rows = run_sim(SimConfig(game, ("random",) * 4, 1), n, out, workers=1)
print(sum(r["decisions"] for r in rows))
"""

# The C symbols of the compiled `apply_index` and `ISMCTSBot.choose` (mypyc's wrappers, called
# from the interpreted loops above).
APPLY_INDEX = "CPyPy_volstead___engine___state___GameState___apply_index"
CHOOSE = "CPyPy_volstead___bots___ismcts___ISMCTSBot___choose"
GREEDY_CHOOSE = "CPyPy_volstead___bots___greedy___GreedyBot___choose"


def count(src: Path, game: str, games: int, ismcts: bool = False, greedy: bool = False) -> tuple[int, int, str]:
    """(instructions counted, decisions or iterations, build) for one source folder."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        cmd = ["valgrind", "--tool=callgrind", "--collect-atstart=no", f"--callgrind-out-file={out}"]
        if ismcts:
            cmd += [f"--toggle-collect={CHOOSE}", sys.executable, "-c", ISMCTS, game, str(games), str(ROOT / "benchmarks")]
        elif greedy:
            cmd += [f"--toggle-collect={GREEDY_CHOOSE}", sys.executable, "-c", GREEDY, game, str(games)]
        else:
            cmd += [f"--toggle-collect={APPLY_INDEX}", sys.executable, "-c", PLAYOUTS, game, str(games)]
        env = {**os.environ, "PYTHONPATH": str(src)}
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        if run.returncode != 0:
            raise SystemExit(f"{src}: the playouts failed under valgrind:\n{run.stderr[-2000:]}")
        found = re.search(r"Collected : (\d+)", run.stderr)
        if found is None:
            raise SystemExit(f"{src}: callgrind printed no count")
        lines = run.stdout.strip().splitlines()
        if int(found.group(1)) == 0:
            raise SystemExit(f"{src}: nothing counted: the engine or bots there are not compiled ({lines[-1]})")
        return int(found.group(1)), int(lines[-2]), lines[-1]


def count_whole(argv: list[str], env: dict | None = None) -> tuple[int, int]:
    """(instructions of the whole run, the number it prints) under callgrind."""
    with tempfile.TemporaryDirectory() as tmp:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={Path(tmp) / 'callgrind.out'}", *argv]
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise SystemExit(f"{argv[0]}: the loop failed under valgrind:\n{run.stderr[-2000:]}")
    return int(found.group(1)), int(run.stdout.strip().splitlines()[0])


def per_decision(argv: list[str], games: int, env: dict | None = None) -> tuple[float, int]:
    """Instructions a decision of `games` games less none, and the decisions counted."""
    base, _ = count_whole([*argv, "0"], env)
    total, decisions = count_whole([*argv, str(games)], env)
    return (total - base) / decisions, decisions


def vs_peer(src: Path, games: list[str], n: int) -> None:
    from bench_playouts import make_peer_python

    peer, peer_decisions = per_decision([str(make_peer_python()), "-c", PEER_LOOP], n)
    print(f"{'catanatron 3.2.1':17} {peer:>9,.0f} instructions a decision ({peer_decisions:,} decisions, {n} games)")
    env = {**os.environ, "PYTHONPATH": str(src)}
    for game in games:
        ours, decisions = per_decision([sys.executable, "-c", OURS_LOOP, game], n, env)
        print(
            f"{game:17} {ours:>9,.0f} instructions a decision ({decisions:,} decisions)  "
            f"{peer / ours:.2f}x fewer than the peer  [{src}]"
        )


def per_decision_past_one(argv: list[str], games: int, env: dict | None = None) -> tuple[float, int]:
    """Instructions a decision of games 1 to `games` (a run of `games` + 1 less a run of one): a
    run's own fixed costs (its folder, its first game's warm-up) cancel out."""
    base, base_decisions = count_whole([*argv, "1"], env)
    total, decisions = count_whole([*argv, str(games + 1)], env)
    return (total - base) / (decisions - base_decisions), decisions - base_decisions


def sim_overhead(src: Path, games: list[str], n: int) -> None:
    """Print, for each game, the instructions a decision of the bare loop and of a one-worker
    `run_sim` (four random seats, records written), and their ratio."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    for game in games:
        bare, bare_decisions = per_decision_past_one([sys.executable, "-c", SIM_BARE, str(ROOT / "benchmarks"), game], n, env)
        sim, sim_decisions = per_decision_past_one([sys.executable, "-c", SIM_RUN, game], n, env)
        print(
            f"{game:17} bare loop {bare:>9,.0f} instructions a decision ({bare_decisions:,} decisions), "
            f"sim {sim:>9,.0f} ({sim_decisions:,}): sim/bare {sim / bare:.3f}x  [{src}]"
        )


# cachegrind's events (--cache-sim=yes --branch-sim=yes), and the columns --cache prints from them.
CACHE_EVENTS = ("Ir", "I1mr", "ILmr", "Dr", "D1mr", "DLmr", "Dw", "D1mw", "DLmw", "Bc", "Bcm", "Bi", "Bim")


def cache_whole(argv: list[str], env: dict | None = None) -> tuple[dict[str, int], int]:
    """({event: count} of the whole run, the number it prints) under cachegrind's simulation."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "cachegrind.out"
        cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=yes", "--branch-sim=yes", f"--cachegrind-out-file={out}", *argv]
        run = subprocess.run(cmd, capture_output=True, text=True, env=env, check=False)
        text = out.read_text() if out.exists() else ""
    events = re.search(r"^events: (.*)$", text, re.M)
    summary = re.search(r"^summary: (.*)$", text, re.M)
    if run.returncode != 0 or events is None or summary is None:
        raise SystemExit(f"{argv[0]}: the loop failed under cachegrind:\n{run.stderr[-2000:]}")
    return dict(zip(events.group(1).split(), map(int, summary.group(1).split()), strict=True)), int(run.stdout.split()[0])


def cache_per_decision(argv: list[str], games: int, env: dict | None = None) -> tuple[dict[str, float], int]:
    base, _ = cache_whole([*argv, "0"], env)
    total, decisions = cache_whole([*argv, str(games)], env)
    return {e: (total[e] - base[e]) / decisions for e in CACHE_EVENTS}, decisions


def cache_table(srcs: list[Path], games: list[str], n: int) -> None:
    """Print cachegrind's events a decision of whole random loops, ours (each game, each --src) then
    the peer's."""
    from bench_playouts import make_peer_python

    peer_python = make_peer_python()
    print(
        f"a decision, {n} random games less none: instructions (Ir), I1 misses, D1 misses (reads + writes), "
        f"last-level misses (all), mispredicted conditional and indirect branches"
    )
    print(f"{'':36}{'Ir':>8}{'I1 miss':>9}{'D1 miss':>9}{'LL miss':>9}{'Bc miss':>9}{'Bi miss':>9}")
    rows = [
        (f"{game} [{src}]"[-36:], [sys.executable, "-c", OURS_LOOP, game], {**os.environ, "PYTHONPATH": str(src)})
        for src in srcs
        for game in games
    ]
    rows.append(("catanatron 3.2.1", [str(peer_python), "-c", PEER_LOOP], None))
    for label, argv, env in rows:
        e, _ = cache_per_decision(argv, n, env)
        print(
            f"{label:36}{e['Ir']:8,.0f}{e['I1mr']:9,.0f}{e['D1mr'] + e['D1mw']:9,.0f}"
            f"{e['ILmr'] + e['DLmr'] + e['DLmw']:9,.1f}{e['Bcm']:9,.0f}{e['Bim']:9,.0f}"
        )


def main(argv: list[str] | None = None) -> int:
    from volstead.games import game_names

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--game", action="append", choices=game_names(), help="a registered game (default: every one)")
    ap.add_argument("--games", type=int, default=20, help="random playouts a game and build (default 20)")
    ap.add_argument("--ismcts", type=int, metavar="N", help="count one ISMCTS search of N iterations instead")
    ap.add_argument(
        "--greedy", type=int, metavar="N", help="count N four-greedy games of each --game instead (inside the bots' choices)"
    )
    ap.add_argument(
        "--vs-peer", action="store_true", help="count whole random loops, ours (the first --src) and the peer's, and their ratio"
    )
    ap.add_argument(
        "--sim",
        action="store_true",
        help="count whole loops: the bare loop and a one-worker run_sim of the same games, and their ratio",
    )
    ap.add_argument(
        "--cache",
        action="store_true",
        help="cachegrind's cache and branch simulation of whole random loops, ours and the peer's, a decision",
    )
    ap.add_argument(
        "--src",
        action="append",
        type=Path,
        help="a checkout's src/ folder to count (repeat to compare; default: this checkout's)",
    )
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (Debian: apt install valgrind)")
    if args.games < 1:
        raise SystemExit("--games must be at least 1")
    srcs = args.src or [ROOT / "src"]
    for src in srcs:
        if not (src / "volstead").is_dir():
            raise SystemExit(f"--src {src}: no volstead package there")
    if args.vs_peer:
        vs_peer(srcs[0], args.game or game_names(), args.games)
        return 0
    if args.cache:
        cache_table(srcs, args.game or game_names(), args.games)
        return 0
    if args.sim:
        for src in srcs:
            sim_overhead(src, args.game or game_names(), args.games)
        return 0
    if args.ismcts is not None:
        if args.ismcts < 1:
            raise SystemExit("--ismcts must be at least 1")
        for game in args.game or ["scarface1920"]:
            first = None
            for src in srcs:
                instructions, iterations, build = count(src, game, args.ismcts, ismcts=True)
                per = instructions / iterations
                ratio = "" if first is None else f"  ({per / first:.3f} of the first)"
                first = per if first is None else first
                print(
                    f"ismcts {game:17} {src}: {per:>9,.0f} instructions an iteration ({iterations:,} iterations)"
                    f"{ratio}  [{build}]"
                )
        return 0
    if args.greedy is not None and args.greedy < 1:
        raise SystemExit("--greedy must be at least 1")
    for game in args.game or game_names():
        first = None
        for src in srcs:
            if args.greedy is not None:
                instructions, decisions, build = count(src, game, args.greedy, greedy=True)
                per = instructions / args.greedy
                ratio = "" if first is None else f"  ({per / first:.3f} of the first)"
                first = per if first is None else first
                print(
                    f"greedy {game:17} {src}: {per:>13,.0f} instructions a game ({args.greedy} games, "
                    f"{decisions:,} decisions){ratio}  [{build}]"
                )
                continue
            instructions, decisions, build = count(src, game, args.games)
            per = instructions / decisions
            ratio = "" if first is None else f"  ({per / first:.3f} of the first)"
            first = per if first is None else first
            print(
                f"{game:17} {src}: {per:>9,.0f} instructions a decision ({decisions:,} decisions, "
                f"{instructions:,} in all){ratio}  [{build}]"
            )
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "src"))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    raise SystemExit(main())
