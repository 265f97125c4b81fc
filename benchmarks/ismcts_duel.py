"""One ISMCTS seat against three greedy seats, seats rotated, with the search's settings given: the
paired samples behind docs/bots.md's ISMCTS tables (issue 34).

    .venv/bin/python benchmarks/ismcts_duel.py GAME GAMES FIRST_SEED '{"widen": 0.5}' [--workers 2] [--module PATH]

Game i (0 <= i < GAMES) is seeded FIRST_SEED + i, the ISMCTS seat is i % 4 and seeded with the game's
seed, greedy seat k with seed * 10 + k: two runs with the same GAMES and FIRST_SEED play the same
deals and seats, so their settings are compared on the same games. The settings are
`ISMCTSBot`'s keyword arguments as JSON (`{}`: the defaults). `--module` loads `ISMCTSBot` from
another copy of `bots/ismcts.py` (interpreted; the rest of the install as it is), to compare a
change before it is built. Prints the ISMCTS seat's wins (a shared win counts its share) with a 95 %
Wilson interval, its mean score edge over the rivals' mean, and CPU seconds a game.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import math
import multiprocessing as mp
import sys
import time
from typing import Any


def load(path: str) -> Any:
    """`ISMCTSBot` from a copy of bots/ismcts.py (its relative imports made absolute)."""
    src = open(path).read().replace("from .base import", "from volstead.bots.base import")
    spec = importlib.util.spec_from_loader("ismcts_duel_module", loader=None)
    assert spec is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules["ismcts_duel_module"] = mod
    exec(compile(src, path, "exec"), mod.__dict__)
    return mod.ISMCTSBot


def play(args: tuple[str, int, int, dict, str | None]) -> tuple[float, float, float]:
    """Game `i`: (the ISMCTS seat's win share, its score less the rivals' mean, CPU seconds)."""
    game_name, i, first, settings, module = args
    from volstead.bots import ISMCTSBot, ask_bot, get_bot
    from volstead.games import get_game

    cls = load(module) if module else ISMCTSBot
    seed = first + i
    s = get_game(game_name).new_game(seed=seed, seats=4)
    me = i % 4
    bots = [get_bot("greedy", seed=seed * 10 + k) for k in range(4)]
    bots[me] = cls(seed, **settings)
    start = time.process_time()
    while not s.is_over():
        d = s.decision()
        s.apply_index(ask_bot(bots[d.seat], s, skip_forced=True), d.seat)
    r = s.result()
    scores = list(r.scores)
    win = 1 / len(r.winners) if me in r.winners else 0.0
    rivals = [scores[k] for k in range(4) if k != me]
    return win, scores[me] - sum(rivals) / 3, time.process_time() - start


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - h) / d, (c + h) / d


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("game")
    ap.add_argument("games", type=int)
    ap.add_argument("first_seed", type=int)
    ap.add_argument("settings", nargs="?", default="{}", help="ISMCTSBot keyword arguments, JSON")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--module", help="another copy of bots/ismcts.py to take ISMCTSBot from")
    args = ap.parse_args()
    settings = json.loads(args.settings)
    jobs = [(args.game, i, args.first_seed, settings, args.module) for i in range(args.games)]
    with mp.Pool(args.workers) as pool:
        rows = pool.map(play, jobs, chunksize=1)
    n = len(rows)
    wins = sum(r[0] for r in rows)
    lo, hi = wilson(wins, n)
    print(
        f"{args.game} {settings} {args.module or 'installed'} seeds {args.first_seed}+{n}: ismcts wins {wins:g}/{n} = "
        f"{100 * wins / n:.1f} % (95 % interval {100 * lo:.1f}–{100 * hi:.1f}), score edge {sum(r[1] for r in rows) / n:+.2f}, "
        f"{sum(r[2] for r in rows) / n:.2f} CPU s a game"
    )


if __name__ == "__main__":
    main()
