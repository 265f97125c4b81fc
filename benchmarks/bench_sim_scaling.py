"""`volstead sim` against the bare playout loop, and its scaling with worker processes.

1. **Bare loop** — the same games a simulation plays (seeds `game_seed(seed, i)`), on the fast
   path of `bench_playouts.py`: `apply_index` with a random index, no bots, no views, no records.
2. **Simulator, 1 worker** — `run_sim` with random seats into a temporary folder (results and
   records written, as a real run does). The ratio of their CPU times (one process each) is the
   simulator's overhead.
3. **Scaling** — `run_sim` with W workers playing `--per-worker` × W games; efficiency =
   games/s with W workers ÷ (W × games/s with 1 worker). Run it on an idle machine: a loaded
   one measures the other load.
4. **The machine's ceiling** — the same games as bare loops in W processes that share nothing
   (forked, each its own block of games): how well the machine itself scales (shared caches,
   memory bandwidth, two hardware threads a core, turbo clocks). The simulator cannot beat it; the
   gap between the two is the simulator's own.

5. **The peer** — Catanatron 3.2.1's random 4-player games (its own interpreter,
   `../shared/bench/peer-catanatron`), in W forked processes that share nothing, the same way
   (`--peer-per-worker` games each, 1 worker in-process): how well the peer's engine scales on the
   same machine in the same run, beside ours, with the ratio of the two efficiencies. The peer's
   package has no simulator (it plays a game at a time; its batch runner is not part of 3.2.1), so
   its figure is the nearest to ours there is: the ceiling of its loop, not a simulator's.
   `--peer-per-worker 0` skips it.

`--repeat R` runs each measurement R times and keeps the fastest (noise on a shared host only
ever slows a run down).

    .venv/bin/python benchmarks/bench_sim_scaling.py [--game scarface1920] [--per-worker 40] \
        [--workers 1,2] [--seats random,random,random,random] [--repeat 1] [--no-records] \
        [--peer-per-worker 20] [--json]

Targets (issue 15): sim within 1.3x of the bare loop; >= 90 % efficiency from 1 to 2 workers
(and on 16 cores where such a machine is at hand). Not a pytest module.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("volstead") is None:  # run from a checkout even without an install; an
    sys.path.insert(0, str(ROOT / "src"))  # install or PYTHONPATH (a scratch build) comes first
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_playouts import PEER_PYTHON, PEER_SCRIPT, make_peer_python  # noqa: E402

OVERHEAD_TARGET = 1.3
EFFICIENCY_TARGET = 0.90


def bare_loop(game_name: str, seats: int, seed: int, games: int, first: int = 0) -> dict:
    from volstead.games import get_game
    from volstead.sim.runner import game_seed

    game = get_game(game_name)
    game.new_game(seed=0, seats=seats)  # load the card set before the clock starts (the sim's workers do too)
    decisions = 0
    start = time.perf_counter()
    cpu = time.process_time()
    for i in range(first, first + games):
        s = game_seed(seed, i)
        rng = random.Random(s)
        state = game.new_game(seed=s, seats=seats)
        while not state.is_over():
            d = state.decisions()[0]
            state.apply_index(rng.randrange(len(d)), seat=d.seat)
        decisions += state.decisions_made
    wall = time.perf_counter() - start
    return {
        "games": games,
        "wall_s": round(wall, 3),
        "cpu_s": round(time.process_time() - cpu, 3),
        "games_per_s": round(games / wall, 2),
        "decisions": decisions,
    }


def _bare_block(args: tuple) -> dict:
    return bare_loop(*args)


def ceiling(game_name: str, seats: int, seed: int, per_worker: int, workers: int) -> dict:
    """Bare loops in `workers` forked processes, each its own block of the games a simulation with
    that many workers plays; wall time from the pool's start (as `simulate`'s includes it)."""
    import multiprocessing as mp

    blocks = [(game_name, seats, seed, per_worker, k * per_worker) for k in range(workers)]
    start = time.perf_counter()
    with mp.get_context("fork").Pool(workers) as pool:
        parts = pool.map(_bare_block, blocks, chunksize=1)
    wall = time.perf_counter() - start
    games = per_worker * workers
    return {
        "workers": workers,
        "games": games,
        "wall_s": round(wall, 3),
        "games_per_s": round(games / wall, 2),
        "decisions": sum(p["decisions"] for p in parts),
    }


# Runs in the peer's interpreter: its random games (seeds per worker block, as `ceiling` does ours)
# in 1 process, then in W forked ones, each count `repeat` times, the fastest kept; one JSON line.
PEER_SCALING = r"""
import json, multiprocessing as mp, sys, time
from catanatron import Color, Game, RandomPlayer
per_worker, counts, repeat = int(sys.argv[1]), [int(w) for w in sys.argv[2].split(",")], int(sys.argv[3])
COLORS = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]

def block(first):
    for seed in range(first, first + per_worker):
        Game([RandomPlayer(c) for c in COLORS], seed=seed).play()

Game([RandomPlayer(c) for c in COLORS], seed=10**6).play()  # warm: modules imported, first game played
out = []
for w in counts:
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        if w == 1:
            block(0)
        else:
            with mp.get_context("fork").Pool(w) as pool:
                pool.map(block, [k * per_worker for k in range(w)], chunksize=1)
        best = max(best, w * per_worker / (time.perf_counter() - start))
    out.append({"workers": w, "games": w * per_worker, "games_per_s": round(best, 2)})
print(json.dumps(out))
"""


def peer_scaling(per_worker: int, counts: list[int], repeat: int) -> list[dict] | str:
    """The peer's games/s and efficiency at each worker count, or why there are none."""
    try:
        peer_python = make_peer_python()
    except (subprocess.SubprocessError, OSError) as e:
        return f"no peer ({PEER_PYTHON} missing and {PEER_SCRIPT} could not make it: {e})"
    try:
        run = subprocess.run(
            [str(peer_python), "-c", PEER_SCALING, str(per_worker), ",".join(map(str, counts)), str(repeat)],
            capture_output=True,
            text=True,
            timeout=1800,
            check=True,
        )
        rows = json.loads(run.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, OSError, ValueError, IndexError) as e:
        return f"the peer's run failed: {e}"
    for r in rows:
        r["efficiency"] = round(r["games_per_s"] / (r["workers"] * rows[0]["games_per_s"]), 3)
    return rows


def fastest(runs: list[dict]) -> dict:
    return max(runs, key=lambda r: r["games_per_s"])


def simulate(game_name: str, seats: tuple[str, ...], seed: int, games: int, workers: int, records: bool = True) -> dict:
    from volstead.sim.runner import SimConfig, run_sim

    config = SimConfig(game_name, seats, seed, records=records)
    with tempfile.TemporaryDirectory(prefix="volstead-scaling-") as out:
        start = time.perf_counter()
        cpu = time.process_time()
        rows = run_sim(config, games, out, workers=workers)
        wall = time.perf_counter() - start
        cpu_s = time.process_time() - cpu
    assert len(rows) == games
    return {
        "workers": workers,
        "games": games,
        "wall_s": round(wall, 3),
        "parent_cpu_s": round(cpu_s, 3),
        "games_per_s": round(games / wall, 2),
        "decisions": sum(r["decisions"] for r in rows),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="scarface1920")
    ap.add_argument("--seats", default="random,random,random,random", help="bots, comma-separated (rotated)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--per-worker", type=int, default=40, help="games per worker in each scaling run")
    ap.add_argument("--workers", default="1,2", help="worker counts, comma-separated (1 is always run)")
    ap.add_argument("--repeat", type=int, default=1, help="runs of each measurement; the fastest is kept")
    ap.add_argument(
        "--no-records",
        dest="records",
        action="store_false",
        help="simulate as `volstead sim --no-records` (results only; no file a game)",
    )
    ap.add_argument(
        "--peer-per-worker", type=int, default=20, help="the peer's games per worker in its own scaling runs (0: no peer)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.repeat < 1 or args.per_worker < 1 or args.peer_per_worker < 0:
        ap.error("--repeat and --per-worker must be at least 1, --peer-per-worker at least 0")

    seats = tuple(args.seats.split(","))
    counts = sorted({1, *(int(w) for w in args.workers.split(","))})
    n1 = args.per_worker
    simulate(args.game, seats, args.seed + 1, 1, 1)  # warm: card set loaded, modules imported
    # Bare and simulated runs alternate, so that a slow spell of the host falls on both.
    bares, ones = [], []
    for _ in range(args.repeat):
        bares.append(bare_loop(args.game, len(seats), args.seed, n1))
        ones.append(simulate(args.game, seats, args.seed, n1, 1, args.records))
    bare, one = fastest(bares), fastest(ones)
    runs = [one] + [
        fastest([simulate(args.game, seats, args.seed, n1 * w, w, args.records) for _ in range(args.repeat)])
        for w in counts
        if w > 1
    ]
    walls = {1: {"workers": 1, "games": n1, "wall_s": bare["wall_s"], "games_per_s": bare["games_per_s"]}}
    for w in counts:
        if w > 1:
            walls[w] = fastest([ceiling(args.game, len(seats), args.seed, n1, w) for _ in range(args.repeat)])
    # CPU time of one process (both in-process): steadier than wall time on a machine doing other work
    overhead = round(min(o["parent_cpu_s"] for o in ones) / min(b["cpu_s"] for b in bares), 3)
    for r in runs:
        r["efficiency"] = round(r["games_per_s"] / (r["workers"] * one["games_per_s"]), 3)
    for c in walls.values():
        c["efficiency"] = round(c["games_per_s"] / (c["workers"] * walls[1]["games_per_s"]), 3)
    peer = peer_scaling(args.peer_per_worker, counts, args.repeat) if args.peer_per_worker else "skipped (--peer-per-worker 0)"
    peer_by_workers = {r["workers"]: r for r in peer} if isinstance(peer, list) else {}
    out = {
        "game": args.game,
        "seats": list(seats),
        "cpus": os.cpu_count(),
        "records": args.records,
        "bare": bare,
        "sim": runs,
        "ceiling": list(walls.values()),
        "peer": peer,
        "sim_over_bare": overhead,
        "targets": {
            "sim_over_bare": {"target": f"<= {OVERHEAD_TARGET}", "met": overhead <= OVERHEAD_TARGET},
            "efficiency_2": {
                "target": f">= {EFFICIENCY_TARGET:.0%} at 2 workers",
                "met": next((r["efficiency"] >= EFFICIENCY_TARGET for r in runs if r["workers"] == 2), None),
            },
        },
    }
    if args.json:
        print(json.dumps(out))
        return 0
    from volstead.build_info import describe_build

    print(
        f"{args.game}, seats {','.join(seats)}, {os.cpu_count()} CPUs, records {'written' if args.records else 'off'}; "
        f"{describe_build()}"
    )
    print(f"bare loop: {bare['games_per_s']:.2f} games/s ({n1} games, {bare['wall_s']:.2f} s, {bare['cpu_s']:.2f} s CPU)")
    print(
        f"sim, 1 worker: {one['games_per_s']:.2f} games/s ({one['parent_cpu_s']:.2f} s CPU) -> sim/bare CPU {overhead:.3f}x "
        f"(target <= {OVERHEAD_TARGET}x: {'yes' if overhead <= OVERHEAD_TARGET else 'NO'})"
    )
    print(
        "(the peer, Catanatron 3.2.1, has no simulator: its figures below are its own random games in as many forked processes)"
        if peer_by_workers
        else f"peer: {peer}"
    )
    print(
        "| workers | games | wall s | parent CPU s | games/s | efficiency | bare loops in as many processes: games/s "
        "| efficiency | peer's games in as many processes: games/s | efficiency | ours ÷ peer's efficiency |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r in runs:
        c, q = walls[r["workers"]], peer_by_workers.get(r["workers"])
        theirs = f"{q['games_per_s']:.2f} | {q['efficiency']:.1%} | {r['efficiency'] / q['efficiency']:.2f}" if q else "– | – | –"
        print(
            f"| {r['workers']} | {r['games']} | {r['wall_s']:.2f} | {r['parent_cpu_s']:.2f} | {r['games_per_s']:.2f} "
            f"| {r['efficiency']:.1%} | {c['games_per_s']:.2f} | {c['efficiency']:.1%} | {theirs} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
