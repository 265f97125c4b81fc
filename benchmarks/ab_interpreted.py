"""What compiling one function buys: a compiled install's bot games or ISMCTS search, timed
alternately with that function as built and with the same function run from its `.py` source.

    .venv/bin/python benchmarks/ab_interpreted.py --swap volstead.games.scarface1920.evaluation:evaluate
    .venv/bin/python benchmarks/ab_interpreted.py --bench ismcts \\
        --swap volstead.games.scarface1920.hidden:_shuffled

`--swap MODULE:NAME` replaces `NAME` in `MODULE` (where the callers look it up) by the function
of that name loaded from the source of `--source` (default: `MODULE` itself) as interpreted
Python. Rounds alternate the two; process time (steadier on a shared machine). Issue 15,
docs/performance.md. Not a pytest module.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))


def interpreted(module_name: str):
    """A second copy of `module_name` run from its `.py` (its imports are the installed modules)."""
    module = importlib.import_module(module_name)
    source = Path(module.__file__).with_name(module_name.rsplit(".", 1)[1] + ".py")
    package = module_name.rsplit(".", 1)[0]
    spec = importlib.util.spec_from_file_location(f"{package}._ab_interpreted", source)
    copy = importlib.util.module_from_spec(spec)
    copy.__package__ = package
    spec.loader.exec_module(copy)
    return copy


def main(argv: list[str] | None = None) -> int:
    from volstead.build_info import describe_build

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--swap", required=True, help="MODULE:NAME, the function to run interpreted")
    ap.add_argument("--source", help="the module whose source gives the interpreted function (default MODULE)")
    ap.add_argument("--against", help="MODULE:QUALNAME, another function to compare with instead")
    ap.add_argument("--bench", choices=["games", "ismcts"], default="games")
    ap.add_argument("--game", default="scarface1920")
    ap.add_argument("--seats", default="greedy,greedy,greedy,greedy")
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--iterations", type=int, default=3000)
    args = ap.parse_args(argv)

    where, name = args.swap.split(":")
    target = importlib.import_module(where)
    built = getattr(target, name)
    if args.against:
        module_name, qualname = args.against.split(":")
        slow = importlib.import_module(module_name)
        for part in qualname.split("."):
            slow = getattr(slow, part)
    else:
        slow = getattr(interpreted(args.source or where), name)
    other = args.against or "interpreted"

    if args.bench == "games":
        from volstead.sim.runner import SimConfig, play_game

        config = SimConfig(args.game, tuple(args.seats.split(",")), 1)
        play_game(config, 0)  # warm

        def once(r: int) -> float:
            c = time.process_time()
            play_game(config, r + 1)
            return time.process_time() - c

        unit = "s of CPU a game"
    else:
        from bench_ismcts import position
        from volstead.bots import ISMCTSBot, ask_bot

        state = position()

        def once(r: int) -> float:
            bot = ISMCTSBot(r, iterations=args.iterations)
            c = time.process_time()
            ask_bot(bot, state)
            return args.iterations / (time.process_time() - c)

        unit = "iterations a CPU second"

    figures: dict[str, list[float]] = {"as built": [], other: []}
    for r in range(args.rounds):
        for label, fn in (("as built", built), (other, slow)):
            setattr(target, name, fn)
            figures[label].append(once(r))
    setattr(target, name, built)
    print(f"{args.swap} ({describe_build()}), {args.bench}, {args.rounds} alternating rounds:")
    for label, xs in figures.items():
        print(f"  {label}: median {statistics.median(xs):,.2f} {unit} ({', '.join(f'{x:,.2f}' for x in xs)})")
    a, b = statistics.median(figures["as built"]), statistics.median(figures[other])
    print(f"  as built / {other}: {(b / a if args.bench == 'games' else a / b):.2f}x faster")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
