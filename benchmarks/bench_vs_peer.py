"""Random playouts timed beside the peer in alternating slices: a ratio that holds on a noisy host.

    .venv/bin/python benchmarks/bench_vs_peer.py [--game NAME ...] [--rounds 30] [--slice 0.5] [--src DIR] [--json]

`bench_playouts.py` times our games and then the peer's, minutes apart; on a host whose speed
moves 2.5× within minutes (CPU steal on a shared machine) the ratio then measures the host as much
as the engines. Here each engine runs in its own long-lived process (ours in this interpreter, with
`--src` to time another checkout's or scratch build's `src/`; Catanatron 3.2.1 in the peer's own
environment, see `../shared/bench/peer-catanatron`) and plays random 4-player games for `--slice`
seconds of CPU at a time, the two taking turns (ABBA order, so a slow spell falls on both). Each
slice reports its decisions and CPU seconds; the figure is the total decisions over the total CPU
seconds of each engine, and the ratio of the two. Every round's own ratio is printed too (min,
median, max), which shows how much of the host's noise is left.

Both loops are the ones `bench_playouts.py` and the peer's script time: ours, a uniformly random
option by `random.Random(seed)` at each decision, games seeded 0, 1, 2, ...; the peer, its
`Game.play` (a copy at the start and the end, `play_tick` until a winner or its turn limit) with
`RandomPlayer` seats, seeds 0, 1, 2, ... The first slice of each is a warm-up and is not counted.
Target (issue 15): ≥ 10× the peer's decisions/s. Not a pytest module.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_playouts import DECISIONS_TARGET, PEER_PYTHON, make_peer_python  # noqa: E402

# Each worker reads a CPU budget in seconds a line, plays until it is spent (checking the clock
# every 32 decisions: a clock read costs about a tenth of a decision), and answers
# "decisions cpu_seconds". Games carry on across slices. The two engines' scripts share this loop;
# OVER, NEXT_GAME and DECIDE are replaced by each engine's lines.
SLICE_LOOP = r"""
for line in sys.stdin:
    budget = float(line)
    done = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        for _ in range(32):
            if OVER:
                NEXT_GAME
            DECIDE
        done += 32
    print(done, time.process_time() - start, flush=True)
"""


def worker_script(setup: str, over: str, next_game: str, decide: str) -> str:
    return setup + SLICE_LOOP.replace("OVER", over).replace("NEXT_GAME", next_game).replace("DECIDE", decide)


OURS_WORKER = worker_script(
    r"""
import random, sys, time
sys.path.insert(0, sys.argv[2])
from volstead.games import get_game
from volstead.build_info import describe_build
game = get_game(sys.argv[1])
def new_game(seed):
    return random.Random(seed), game.new_game(seed=seed, seats=4)
seed = 0
rng, state = new_game(seed)
print(describe_build(), flush=True)
""",
    over="state.is_over()",
    next_game="seed += 1; rng, state = new_game(seed)",
    decide="state.apply_index(rng.randrange(len(state.decision())))",
)

PEER_WORKER = worker_script(
    r"""
import sys, time
from catanatron import Color, Game, RandomPlayer
from catanatron.game import TURNS_LIMIT
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
def new_game(seed):
    game = Game([RandomPlayer(c) for c in colors], seed=seed)
    game.copy()  # Game.play copies the state at its start (and at its end: below)
    return game
seed = 0
game = new_game(seed)
print("catanatron 3.2.1", flush=True)
""",
    over="game.winning_color() is not None or game.state.num_turns >= TURNS_LIMIT",
    next_game="game.copy(); seed += 1; game = new_game(seed)",
    decide="game.play_tick()",
)


class Worker:
    """One engine's long-lived process: `slice(seconds)` -> (decisions, CPU seconds)."""

    def __init__(self, argv: list[str]):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.label = self._line()

    def _line(self) -> str:
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit(f"worker {self.proc.args[:2]} stopped (exit {self.proc.wait()})")
        return line.strip()

    def slice(self, seconds: float) -> tuple[int, float]:
        self.proc.stdin.write(f"{seconds}\n")
        decisions, cpu = self._line().split()
        return int(decisions), float(cpu)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


def measure(game: str, src: Path, rounds: int, seconds: float) -> dict:
    ours = Worker([sys.executable, "-c", OURS_WORKER, game, str(src)])
    peer = Worker([str(PEER_PYTHON), "-c", PEER_WORKER])
    try:
        ours.slice(seconds)  # warm-up: card set, caches, the peer's first imports
        peer.slice(seconds)
        totals = {"ours": [0, 0.0], "peer": [0, 0.0]}
        per_round = []
        for r in range(rounds):
            order = (("ours", ours), ("peer", peer)) if r % 2 == 0 else (("peer", peer), ("ours", ours))
            got = {}
            for name, worker in order:
                decisions, cpu = worker.slice(seconds)
                totals[name][0] += decisions
                totals[name][1] += cpu
                got[name] = decisions / cpu
            per_round.append(got["ours"] / got["peer"])
    finally:
        ours.close()
        peer.close()
    ours_rate = totals["ours"][0] / totals["ours"][1]
    peer_rate = totals["peer"][0] / totals["peer"][1]
    ratio = ours_rate / peer_rate
    return {
        "build": ours.label,
        "peer": peer.label,
        "rounds": rounds,
        "slice_s": seconds,
        "ours_decisions_per_s": round(ours_rate),
        "peer_decisions_per_s": round(peer_rate),
        "ratio": round(ratio, 2),
        "round_ratio_min": round(min(per_round), 2),
        "round_ratio_median": round(statistics.median(per_round), 2),
        "round_ratio_max": round(max(per_round), 2),
        "target": f">= {DECISIONS_TARGET:g}x peer",
        "met": ratio >= DECISIONS_TARGET,
    }


def main(argv: list[str] | None = None) -> int:
    sys.path.insert(0, str(ROOT / "src"))
    from volstead.games import game_names

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--game", action="append", choices=game_names(), help="a game to measure (repeatable; default: every registered game)"
    )
    ap.add_argument("--rounds", type=int, default=30, help="slices of each engine, after the warm-up (default 30)")
    ap.add_argument("--slice", type=float, default=0.5, help="CPU seconds a slice (default 0.5)")
    ap.add_argument(
        "--src", type=Path, default=ROOT / "src", help="the src/ folder whose build to time (default: this checkout's)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = ap.parse_args(argv)
    if args.rounds < 1 or args.slice <= 0:
        raise SystemExit("--rounds must be at least 1 and --slice above 0")
    if not (args.src / "volstead").is_dir():
        raise SystemExit(f"--src {args.src}: no volstead package there")
    make_peer_python()

    report = {name: measure(name, args.src, args.rounds, args.slice) for name in (args.game or game_names())}
    if args.json:
        print(json.dumps(report, indent=1))
        return 0

    from rich.console import Console
    from rich.table import Table

    first = next(iter(report.values()))
    table = Table(
        title=f"random 4-player playouts, {args.rounds} alternating slices of {args.slice:g} s CPU each, beside {first['peer']}"
    )
    for col in ("game", "ours / s", "peer / s", "ratio", "rounds: min · median · max", "target", "met"):
        table.add_column(col, justify="left" if col in ("game", "target") else "right", no_wrap=True)
    for name, row in report.items():
        table.add_row(
            name,
            f"{row['ours_decisions_per_s']:,}",
            f"{row['peer_decisions_per_s']:,}",
            f"{row['ratio']:.2f}×",
            f"{row['round_ratio_min']:.2f} · {row['round_ratio_median']:.2f} · {row['round_ratio_max']:.2f}",
            row["target"],
            "yes" if row["met"] else "NO",
        )
    console = Console(width=130)
    console.print(table)
    console.print(f"decisions a CPU second; ours: {first['build']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
