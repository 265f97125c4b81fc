"""How Prohibition's greedy bot plays, and how it fares against an older greedy (issue 34).

Plays `--games` games exactly as `volstead sim` seeds and seats them (`game_seed`, the seat list
rotated each game, each bot seeded by the game's seed, its seat and its name) and reads every
decision on the way. Besides the registered bots, the seats may name `greedy-legacy`: the greedy
bot and the Prohibition evaluation of an older commit (`--legacy-ref`, by default 30c1bfd, main
before issue 34's greedy), loaded from git into this process beside today's code (interpreted,
so its seats think slower; the rules are today's, unchanged since). It prints, per bot:

- wins (a shared win counts as a share) with the 95 % Wilson interval, mean score;
- Gangster placements: the share that led an Attack, buildings built, Extortion and open actions;
- the Attacks by their chance to win (`evaluation.attack_chance`: the game's own odds, exact from
  the dice with the HQ's pip, its best Call for Help and the mat's pips, no Tactics) and the share
  of hopeless ones (below 25 %);
- the spoils of the Conflicts won: a Seize on offer declined for nothing (withdraw chosen), or for
  a Steal or Torch.

    PYTHONPATH=<compiled build>/src python benchmarks/prohibition_greedy.py --seats greedy,greedy,greedy,greedy --games 20
    PYTHONPATH=<compiled build>/src python benchmarks/prohibition_greedy.py \\
        --seats greedy,greedy-legacy,greedy-legacy,greedy-legacy --games 400 --workers 2 --seed 1

Not a pytest module.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import subprocess
import sys
import time
import types
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if importlib.util.find_spec("volstead") is None:  # a checkout without an install; PYTHONPATH first
    sys.path.insert(0, str(ROOT / "src"))

LEGACY = "greedy-legacy"
HOPELESS = 0.25


def load_legacy(ref: str) -> None:
    """Register `greedy-legacy`: commit `ref`'s greedy bot scoring with that commit's Prohibition
    evaluation, both read from git and run interpreted beside today's modules."""
    from volstead import bots

    def module(name: str, package: str, path: str) -> types.ModuleType:
        text = subprocess.run(["git", "show", f"{ref}:{path}"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
        mod = types.ModuleType(name)
        mod.__package__ = package
        mod.__file__ = f"<{ref}:{path}>"
        sys.modules[name] = mod
        exec(compile(text, mod.__file__, "exec"), mod.__dict__)
        return mod

    ev = module(
        "volstead.games.prohibition._legacy_evaluation",
        "volstead.games.prohibition",
        "src/volstead/games/prohibition/evaluation.py",
    )
    greedy = module("volstead.bots._legacy_greedy", "volstead.bots", "src/volstead/bots/greedy.py")
    greedy.evaluator = lambda state: ev.evaluate  # its look-ahead scores with the old evaluation
    bots._BOTS[LEGACY] = greedy.GreedyBot


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def play(args: tuple[str, tuple[str, ...], int, int]) -> dict:
    """Game `index`: the result and, per seat, what its bot did."""
    game_name, seats, seed, index = args
    from volstead.bots import get_bot
    from volstead.bots.base import ask_bot
    from volstead.games import get_game
    from volstead.games.prohibition.evaluation import attack_chance
    from volstead.sim.runner import game_seed, seat_bots

    game = get_game(game_name)
    gseed = game_seed(seed, index)
    names = seat_bots(seats, index)
    s = game.new_game(seed=gseed, seats=len(names))
    players = [get_bot(name, f"{gseed}/{k}/{name}") for k, name in enumerate(names)]
    did = [Counter() for _ in names]
    chances: list[list[float]] = [[] for _ in names]
    start = time.process_time()
    while not s.is_over():
        d = s.decision()
        seat = d.seat
        i = 0 if len(d.codes) == 1 else ask_bot(players[seat], s, seat=seat)
        oid = d.option_ids[i]
        kind = d.kind
        c = did[seat]
        if kind == "action":
            c["placements"] += 1
            if oid.startswith("attack:"):
                c["attacks"] += 1
            else:
                c["space:" + oid.split(":", 1)[1]] += 1
        elif kind == "attack_target":
            p = attack_chance(s, seat, d.step.n, d.codes[i])
            chances[seat].append(p)
            c["hopeless"] += p < HOPELESS
            c["conflicts"] += bool(s.units(d.codes[i]))
        elif kind == "spoils":
            ids = d.option_ids
            c["spoils"] += 1
            c["spoils:" + oid] += 1
            if "seize" in ids and oid != "seize":
                c["seize_declined_for_" + oid] += 1
        elif kind == "build_block":
            c["built"] += 1
        elif kind == "tactic":
            c["tactics"] += oid != "no_tactic"
        elif kind == "complete_scheme":
            c["schemes"] += oid.startswith("complete:")
        s.apply_index(i, seat)
    result = s.result()
    return {
        "index": index,
        "bots": names,
        "factions": list(result.factions),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "did": [dict(x) for x in did],
        "chances": chances,
        "cpu": time.process_time() - start,
    }


def report(rows: list[dict]) -> dict:
    per: dict[str, dict] = {}
    for r in rows:
        share = 1.0 / len(r["winners"])
        for k, name in enumerate(r["bots"]):
            b = per.setdefault(name, {"seats": 0, "wins": 0.0, "score": 0.0, "did": Counter(), "chances": []})
            b["seats"] += 1
            b["wins"] += share if k in r["winners"] else 0.0
            b["score"] += r["scores"][k]
            b["did"].update(r["did"][k])
            b["chances"] += r["chances"][k]
    out = {}
    for name, b in per.items():
        d, n = b["did"], b["seats"]
        lo, hi = wilson(b["wins"], n)
        ch = sorted(b["chances"])
        attacks = max(1, d["attacks"])
        out[name] = {
            "seats": n,
            "win_rate": round(b["wins"] / n, 4),
            "wilson95": [round(lo, 4), round(hi, 4)],
            "mean_score": round(b["score"] / n, 2),
            "placements_a_game": round(d["placements"] / n, 2),
            "attack_share": round(d["attacks"] / max(1, d["placements"]), 4),
            "conflict_share_of_attacks": round(d["conflicts"] / attacks, 4),
            "hopeless_share_of_attacks": round(d["hopeless"] / attacks, 4),
            "median_attack_chance": round(ch[len(ch) // 2], 3) if ch else None,
            "buildings_a_game": round(d["built"] / n, 2),
            "tactics_a_game": round(d["tactics"] / n, 2),
            "schemes_completed_a_game": round(d["schemes"] / n, 2),
            "spoils": {k[7:]: v for k, v in sorted(d.items()) if k.startswith("spoils:")},
            "seize_declined": {
                k[len("seize_declined_for_") :]: v for k, v in sorted(d.items()) if k.startswith("seize_declined_for_")
            },
            "spaces_a_game": {
                k[6:]: round(v / n, 2) for k, v in sorted(d.items(), key=lambda kv: -kv[1]) if k.startswith("space:")
            },
        }
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seats", default="greedy,greedy,greedy,greedy")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-game", type=int, default=0)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--legacy-ref", default="30c1bfd")
    ap.add_argument("--out", help="write every game's row here (JSON lines)")
    args = ap.parse_args(argv)
    seats = tuple(args.seats.split(","))
    if LEGACY in seats:
        load_legacy(args.legacy_ref)
    from volstead.build_info import describe_build

    jobs = [("prohibition", seats, args.seed, i) for i in range(args.first_game, args.first_game + args.games)]
    t0 = time.time()
    if args.workers > 1:
        import multiprocessing as mp

        with mp.get_context("fork").Pool(args.workers) as pool:  # forked: `greedy-legacy` stays registered
            rows = list(pool.imap_unordered(play, jobs))
    else:
        rows = [play(j) for j in jobs]
    rows.sort(key=lambda r: r["index"])
    if args.out:
        Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))
    summary = report(rows)
    cpu = sum(r["cpu"] for r in rows)
    print(
        json.dumps(
            {
                "games": len(rows),
                "seats": list(seats),
                "seed": args.seed,
                "cpu_s_a_game": round(cpu / len(rows), 3),
                "wall_s": round(time.time() - t0, 1),
                "build": describe_build(),
                "bots": summary,
            },
            indent=1,
        )
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
