"""Speed of random playouts and clones of every game, next to a peer engine.

For each game (every registered one, or those named with --game) plays N random
4-player games on the fast path (`apply_index` with a random index, no views, no
labels; in a simultaneous phase the first pending seat's decision, as the
simulator does), times clones of mid-game states, then runs the Catanatron peer
(`../shared/bench/peer-catanatron`, relative to the repository) once for its
games/s and decisions/s and times Catanatron's `game.copy()` with the peer's own
interpreter; each game's figures are printed beside the peer's with the ratio.

    .venv/bin/python benchmarks/bench_playouts.py [--game NAME ...] [--games 200] [--json] [--no-peer]

Targets: ≥ 10× the peer's decisions/s, and a clone ≤ 1/10 of the peer's copy.
Not a pytest module (pytest only collects tests/).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("volstead") is None:  # run from a checkout even without an install; an
    sys.path.insert(0, str(ROOT / "src"))  # install or PYTHONPATH (a scratch build) comes first

DECISIONS_TARGET = 10.0  # ours / peer decisions per second, at least
CLONE_TARGET = 10.0  # peer copy time / our clone time, at least

PEER_SCRIPT = ROOT.parent / "shared" / "bench" / "peer-catanatron"
CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
PEER_PYTHON = CACHE / "volstead-peers" / "catanatron-3.2.1" / "bin" / "python"

PEER_COPY_SCRIPT = r"""
import json, sys, time
from catanatron import Color, Game, RandomPlayer
ticks, reps = int(sys.argv[1]), int(sys.argv[2])
colors = [Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE]
game = Game([RandomPlayer(c) for c in colors], seed=1)
played = 0
while played < ticks and game.winning_color() is None:
    game.play_tick()
    played += 1
game.copy()
start = time.perf_counter()
for _ in range(reps):
    game.copy()
elapsed = time.perf_counter() - start
print(json.dumps({"ticks": played, "reps": reps, "copy_us": elapsed / reps * 1e6}))
"""


def play_random(game, seed: int, seats: int, snapshot_at: set[int] | None = None):
    """One random playout; returns (final state, clones taken at the given decision counts)."""
    rng = random.Random(seed)
    state = game.new_game(seed=seed, seats=seats)
    snaps = []
    while not state.is_over():
        if snapshot_at and state.decisions_made in snapshot_at:
            snaps.append(state.clone())
        state.apply_index(rng.randrange(len(state.decision())))
    return state, snaps


def bench_playouts(game, n_games: int, seats: int, seed0: int) -> dict:
    decisions = 0
    lengths = []
    start = time.perf_counter()
    for g in range(n_games):
        rng = random.Random(seed0 + g)
        state = game.new_game(seed=seed0 + g, seats=seats)
        while not state.is_over():
            state.apply_index(rng.randrange(len(state.decision())))
        decisions += state.decisions_made
        lengths.append(state.decisions_made)
    elapsed = time.perf_counter() - start
    return {
        "games": n_games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(n_games / elapsed, 2),
        "decisions_per_game": round(decisions / n_games, 1),
        "decisions_per_s": round(decisions / elapsed),
        "lengths": lengths,
    }


def bench_clones(game, lengths: list[int], seats: int, seed0: int, n_states: int, reps: int) -> dict:
    """Mean clone time over ~n_states mid-game states spread over several games."""
    n_source_games = max(1, min(len(lengths), 5))
    per_game = max(1, -(-n_states // n_source_games))
    states = []
    for g in range(n_source_games):
        length = lengths[g]
        points = {int(length * (k + 1) / (per_game + 1)) for k in range(per_game)}
        _, snaps = play_random(game, seed0 + g, seats, points)
        states.extend(snaps)
    states = states[:n_states]
    times = []
    for s in states:
        s.clone()
        start = time.perf_counter()
        for _ in range(reps):
            s.clone()
        times.append((time.perf_counter() - start) / reps * 1e6)
    return {
        "states": len(states),
        "reps": reps,
        "clone_us": round(statistics.fmean(times), 3) if times else None,
        "clone_us_max": round(max(times), 3) if times else None,
    }


def bench_memory(game, seats: int, seed0: int, n_states: int = 20, mid: int = 150) -> dict:
    """Bytes each live state holds on its own (tracemalloc, after a warm-up game: the card set and
    caches every game shares are not counted): `n_states` games stopped after `mid` decisions,
    the same games finished, and finished with the history folded (`compact_history(0)`, what the
    server does to a finished game it keeps)."""
    import gc
    import tracemalloc

    play_random(game, seed0 + n_states, seats)  # card set loaded, caches warm
    out: dict = {}
    for label, stop, fold in (("mid_game", mid, False), ("finished", None, False), ("finished_folded", None, True)):
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        kept, decisions = [], 0
        for g in range(n_states):
            rng = random.Random(seed0 + g)
            state = game.new_game(seed=seed0 + g, seats=seats)
            while not state.is_over() and (stop is None or state.decisions_made < stop):
                state.apply_index(rng.randrange(len(state.decision())))
            if fold:
                state.compact_history(0)
            decisions += state.decisions_made
            kept.append(state)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
        tracemalloc.stop()
        out[f"{label}_bytes"] = round(held / n_states)
        out[f"{label}_bytes_per_decision"] = round(held / max(1, decisions), 1)
        del kept
    return out


def make_peer_python() -> Path:
    """The peer's interpreter, its virtual environment created first if missing (the peer script
    does that on first use); raises CalledProcessError when it cannot be made."""
    if not PEER_PYTHON.exists():
        subprocess.run([str(PEER_SCRIPT), "1"], check=True, capture_output=True)
    return PEER_PYTHON


def run_peer(games: int) -> dict:
    if not PEER_SCRIPT.exists():
        return {"error": f"{PEER_SCRIPT} not found"}
    try:
        out = subprocess.run([str(PEER_SCRIPT), str(games)], capture_output=True, text=True, timeout=900, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, OSError, ValueError, IndexError) as e:
        return {"error": f"peer run failed: {e}"}


def run_peer_copy(ticks: int, reps: int) -> dict:
    if not PEER_PYTHON.exists():
        return {"error": f"{PEER_PYTHON} not found (run {PEER_SCRIPT} once to create it)"}
    try:
        out = subprocess.run(
            [str(PEER_PYTHON), "-c", PEER_COPY_SCRIPT, str(ticks), str(reps)],
            capture_output=True,
            text=True,
            timeout=600,
            check=True,
        )
        return json.loads(out.stdout.strip().splitlines()[-1])
    except (subprocess.SubprocessError, OSError, ValueError, IndexError) as e:
        return {"error": f"peer copy timing failed: {e}"}


def fmt(x, digits=1) -> str:
    if x is None:
        return "—"
    if isinstance(x, float):
        return f"{x:,.{digits}f}"
    return f"{x:,}"


def bench_game(name: str, args) -> dict:
    from volstead.games import get_game

    game = get_game(name)
    ours = bench_playouts(game, args.games, args.seats, args.seed)
    lengths = ours.pop("lengths")
    ours.update(bench_clones(game, lengths, args.seats, args.seed, args.clone_states, args.clone_reps))
    ours.update(bench_memory(game, args.seats, args.seed))
    return ours


def ratios_and_targets(ours: dict, peer: dict) -> tuple[dict, dict]:
    ratios = {}
    if peer.get("decisions_per_s"):
        ratios["decisions_per_s"] = round(ours["decisions_per_s"] / peer["decisions_per_s"], 2)
    if peer.get("games_per_s"):
        ratios["games_per_s"] = round(ours["games_per_s"] / peer["games_per_s"], 2)
    if peer.get("copy_us") and ours.get("clone_us"):
        ratios["copy_over_clone"] = round(peer["copy_us"] / ours["clone_us"], 2)
    targets = {
        "decisions_per_s": {
            "target": f">= {DECISIONS_TARGET:g}x peer",
            "met": (ratios["decisions_per_s"] >= DECISIONS_TARGET if "decisions_per_s" in ratios else None),
        },
        "clone": {
            "target": f"<= 1/{CLONE_TARGET:g} of peer copy",
            "met": (ratios["copy_over_clone"] >= CLONE_TARGET if "copy_over_clone" in ratios else None),
        },
    }
    return ratios, targets


def main(argv: list[str] | None = None) -> int:
    from volstead.games import game_names

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--game", action="append", choices=game_names(), help="a game to measure (repeatable; default: every registered game)"
    )
    ap.add_argument("--games", type=int, default=200, help="random games to play per game (default 200)")
    ap.add_argument("--seats", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1, help="seed of the first game (game g uses seed+g)")
    ap.add_argument("--clone-states", type=int, default=50)
    ap.add_argument("--clone-reps", type=int, default=2000)
    ap.add_argument("--peer-games", type=int, default=40)
    ap.add_argument("--no-peer", action="store_true", help="skip the Catanatron comparison")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of a table")
    args = ap.parse_args(argv)

    games = {name: bench_game(name, args) for name in (args.game or game_names())}

    peer = {}
    if not args.no_peer:
        peer = run_peer(args.peer_games)
        copy = run_peer_copy(300, args.clone_reps)
        if "error" in copy:
            peer["copy_error"] = copy["error"]
        else:
            peer["copy_us"] = round(copy["copy_us"], 3)
            peer["copy_ticks"] = copy["ticks"]

    from volstead.build_info import describe_build

    report: dict = {"python": sys.version.split()[0], "build": describe_build(), "peer": peer, "games": {}}
    for name, ours in games.items():
        ratios, targets = ratios_and_targets(ours, peer)
        report["games"][name] = {"ours": ours, "ratios": ratios, "targets": targets}

    if args.json:
        print(json.dumps(report, indent=1))
        return 0

    from rich.console import Console
    from rich.table import Table

    def met(v):
        return "—" if v is None else ("yes" if v else "NO")

    table = Table(
        title=f"{args.seats} random seats, {args.games} games a game vs Catanatron 3.2.1 ({peer.get('games', '—')} games)"
    )
    for col in ("game", "metric", "ours", "peer", "ratio", "target", "met"):
        table.add_column(col, justify="left" if col in ("game", "metric", "target") else "right", no_wrap=True)
    for name, row in report["games"].items():
        ours, ratios, targets = row["ours"], row["ratios"], row["targets"]
        table.add_row(
            name,
            "games/s",
            fmt(ours["games_per_s"], 2),
            fmt(peer.get("games_per_s"), 2),
            fmt(ratios.get("games_per_s"), 2),
            "",
            "",
        )
        table.add_row("", "decisions/game", fmt(ours["decisions_per_game"]), fmt(peer.get("decisions_per_game")), "", "", "")
        table.add_row(
            "",
            "decisions/s",
            fmt(ours["decisions_per_s"]),
            fmt(peer.get("decisions_per_s")),
            fmt(ratios.get("decisions_per_s"), 2) + "×" if "decisions_per_s" in ratios else "—",
            targets["decisions_per_s"]["target"],
            met(targets["decisions_per_s"]["met"]),
        )
        table.add_row(
            "",
            "clone / copy (µs)",
            fmt(ours["clone_us"], 2),
            fmt(peer.get("copy_us"), 2),
            ("1/" + fmt(ratios["copy_over_clone"], 1)) if "copy_over_clone" in ratios else "—",
            targets["clone"]["target"],
            met(targets["clone"]["met"]),
        )
        table.add_row("", "bytes a state", "mid-game " + fmt(ours["mid_game_bytes"]), "", "", "", "")
        table.add_row("", "", "finished " + fmt(ours["finished_bytes"]), "", "", "", "")
        table.add_row("", "", "folded " + fmt(ours["finished_folded_bytes"]), "", "", "history folded", "", end_section=True)
    console = Console(width=130)  # a table too wide for 80 columns is cut, even in a file
    console.print(table)
    console.print(
        f"our clones: mean over mid-game states × {args.clone_reps} clones; peer copy after "
        f"{peer.get('copy_ticks', '—')} ticks; Python {report['python']}, {report['build']}"
    )
    for key in ("error", "copy_error"):
        if key in peer:
            console.print(f"[red]peer: {peer[key]}[/red]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
