"""Whole bot games a core: CPU seconds a game and games/s a core, for any game and seats.

Plays `--games` games exactly as `volstead sim` does (`play_game`: same seeds, seats rotated, no
records written) in this one process and reports the CPU time (process time: steadier than wall
time on a shared machine) per game and per decision.

    .venv/bin/python benchmarks/bench_bot_games.py --game scarface1920 --seats greedy,greedy,greedy,greedy --games 10
    .venv/bin/python benchmarks/bench_bot_games.py --game prohibition --seats greedy,greedy,greedy,greedy --games 3

Beside ours, the peer's greedy from the same run, a game of its between two of ours
(`peer_bots.py`: four Catanatron 3.2.1 VictoryPointPlayers, a one-ply greedy that copies the game
for each option; `--peer-games 0` skips it) and the ratios. The games differ (Catan, and a bot
that looks one action ahead where ours plays rivals' replies up to 8 decisions on): the ratio
says how the two engines' greedy bots compare in speed, not which game is bigger.

Target (issue 15): greedy 4-player Scarface >= 3 games/s a core. Not a pytest module.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("volstead") is None:  # run from a checkout even without an install; an
    sys.path.insert(0, str(ROOT / "src"))  # install or PYTHONPATH (a scratch build) comes first

GREEDY_SCARFACE_TARGET = 3.0  # games/s a core


def main(argv: list[str] | None = None) -> int:
    from volstead.build_info import describe_build
    from volstead.sim.runner import SimConfig, play_game

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="scarface1920")
    ap.add_argument("--seats", default="greedy,greedy,greedy,greedy")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--peer-games",
        type=int,
        default=None,
        help="the peer's greedy games (default: as many as --games, one after each of ours; 0: none)",
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.peer_games is None:
        args.peer_games = args.games

    config = SimConfig(args.game, tuple(args.seats.split(",")), args.seed)
    play_game(config, args.games)  # warm: card set loaded, caches filled (not counted)
    per_game, decisions = [], 0
    peer_parts: list[dict] = []
    # Ours and the peer's games alternate (one of ours, one of the peer's, ...): a host whose speed
    # moves during the run slows both alike, and the ratio holds.
    for i in range(max(args.games, args.peer_games)):
        if i < args.games:
            start = time.process_time()
            row = play_game(config, i)
            per_game.append(time.process_time() - start)
            decisions += row["decisions"]
        if i < args.peer_games:
            from peer_bots import peer_greedy_games

            peer_parts.append(peer_greedy_games(1, first=i))
    cpu = sum(per_game)
    out = {
        "game": args.game,
        "seats": args.seats,
        "games": args.games,
        "cpu_s": round(cpu, 3),
        "cpu_s_per_game": round(cpu / args.games, 3),
        "min": round(min(per_game), 3),
        "max": round(max(per_game), 3),
        "games_per_s_a_core": round(args.games / cpu, 3),
        "us_per_decision": round(cpu / decisions * 1e6, 1),
        "build": describe_build(),
    }
    out["decisions_per_s"] = round(decisions / cpu)
    if peer_parts:
        from peer_bots import summed

        peer = out["peer"] = summed(peer_parts)
        if "error" not in peer:
            out["ratios"] = {
                "games_per_s_a_core": round(out["games_per_s_a_core"] / peer["games_per_s"], 2),
                "decisions_per_s": round(out["decisions_per_s"] / peer["decisions_per_s"], 2),
            }
    if args.json:
        print(json.dumps(out))
        return 0
    print(
        f"{args.game}, seats {args.seats}: {args.games} games, {out['cpu_s_per_game']:.2f} s of CPU a game "
        f"(min {out['min']:.2f}, max {out['max']:.2f}), {out['games_per_s_a_core']:.3f} games/s a core, "
        f"{out['us_per_decision']:,.0f} µs a decision; {out['build']}"
    )
    peer = out.get("peer")
    if peer is not None and "error" in peer:
        print(f"peer: {peer['error']}")
    elif peer is not None:
        r = out["ratios"]
        print(
            f"peer (Catanatron 3.2.1, four VictoryPointPlayers: a one-ply greedy), {peer['games']} games, "
            f"alternating with ours: {peer['games_per_s']:.3f} games/s a core, {peer['decisions_per_s']:,.0f} "
            f"decisions/s, {peer['lookaheads_per_s']:,.0f} lookaheads/s; ours ÷ peer: "
            f"{r['games_per_s_a_core']:.2f}× games/s a core, {r['decisions_per_s']:.2f}× decisions/s"
        )
    if args.game == "scarface1920" and set(args.seats.split(",")) == {"greedy"}:
        met = out["games_per_s_a_core"] >= GREEDY_SCARFACE_TARGET
        print(f"target >= {GREEDY_SCARFACE_TARGET:g} games/s a core: {'yes' if met else 'NO'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
