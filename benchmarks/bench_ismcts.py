"""ISMCTS speed: iterations per second in a 4-player mid-game position of a game, one core.

    .venv/bin/python benchmarks/bench_ismcts.py [--game NAME ...] [--iterations 3000] [--repeat 3] [--rollout-depth N] [--reuse K]

Rates are given per second of wall clock and per second of this process's CPU
time (the fair figure on a machine shared with other jobs: one core's work).

The positions (`POSITIONS`): seed 3, 4 seats, random play (random.Random(1)) until the first
decision at or after a game's mark where the deciding seat has at least 4 options (and, where
named, of the given kind): Scarface 1920 decision #300 (an action menu in round 2), Prohibition
#300 and an action menu (#320, 1924, 18 options), The Mafia Chronicles #100 (a Market choice in
round 2's secret Market phase, 11 options: most of a Mafia game's decisions are Market ones).
`--game` repeats; the default is Scarface 1920 alone (the figure the earlier sessions tracked);
`--game all` runs every game. Targets: ≥ 5,000 iterations/s (the bots' issue, met), ≥ 20,000 (issue
15, the compiled core) and ≥ 30,000 in every game (issue 34), per CPU second. `volstead --version`
says which build runs; it is printed too.

Beside it, from the same run, the peer's nearest figure (`peer_bots.py`; `--peer-seconds 0` skips
it): Catanatron 3.2.1 has no tree search, only a one-ply greedy, whose unit of search work is a
lookahead (copy the game, execute one action, read the victory points) — timed for every option
of the decisions along random games, in slices between our searches (so that the ratio holds on a
host whose speed moves). One ISMCTS iteration of ours does more (a determinization every few
iterations, a clone, the tree's path of moves, an evaluation); the ratio is iterations ÷ lookaheads.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from volstead.bots import ISMCTSBot, ask_bot
from volstead.bots.learned import OptionPrior
from volstead.build_info import describe_build
from volstead.games import game_names, get_game

ISMCTS_TARGET = 30_000  # iterations a CPU second in every game (issue 34; issue 15's was 20,000 in Scarface)

# game -> (the decision mark, the kind the position's decision must be, or None)
POSITIONS: dict[str, tuple[int, str | None]] = {
    "scarface1920": (300, None),
    "prohibition": (300, "action"),
    "mafia_chronicles": (100, None),
}


def position(game: str = "scarface1920", seed: int = 3, seats: int = 4, after: int | None = None):
    mark, kind = POSITIONS.get(game, (100, None))
    after = mark if after is None else after
    s = get_game(game).new_game(seed=seed, seats=seats)
    rng = random.Random(1)
    while not (s.decisions_made >= after and len(s.decision().codes) >= 4 and (kind is None or s.decision().kind == kind)):
        s.apply_index(rng.randrange(len(s.decision().codes)))
    return s


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument(
        "--game", action="append", choices=[*game_names(), "all"], help="a game (repeat; 'all': every one; default Scarface)"
    )
    ap.add_argument("--iterations", type=int, default=3000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--rollout-depth", type=int, default=None)
    ap.add_argument("--reuse", type=int, default=None, help="iterations per determinization")
    ap.add_argument(
        "--peer-seconds", type=float, default=2.0, help="CPU seconds of the peer's lookaheads, in --repeat slices (0: none)"
    )
    args = ap.parse_args()
    games = args.game or ["scarface1920"]
    if "all" in games:
        games = game_names()
    kwargs = {} if args.rollout_depth is None else {"rollout_depth": args.rollout_depth}
    if args.reuse is not None:
        kwargs["reuse"] = args.reuse
    for game in games:
        bench(game, args, kwargs)
    print(describe_build())


def bench(game: str, args: argparse.Namespace, kwargs: dict) -> None:
    s = position(game)
    d = s.decision()
    where = f"round {s.round}" if hasattr(s, "round") else f"year {s.year}" if hasattr(s, "year") else ""
    print(
        f"{game}: {where}, decision #{s.decisions_made}, seat {d.seat} {d.kind} with {len(d.codes)} options"
        f"{' (a secret simultaneous phase)' if d.lane else ''}"
    )
    # the game's shipped policy (the root's prior) read from its file before the clock starts: a
    # one-off that made the first of the timed searches a third slower
    OptionPrior().probabilities(s.clone(), d.seat)
    rates, cpu_rates = [], []
    iterations, cpu_total = 0, 0.0
    peer_parts: list[dict] = []
    for r in range(args.repeat):  # our searches and the peer's slices alternate: the ratio holds on a noisy host
        bot = ISMCTSBot(r, iterations=args.iterations, **kwargs)
        t, c = time.perf_counter(), time.process_time()
        ask_bot(bot, s)
        rates.append(bot.last_iterations / (time.perf_counter() - t))
        cpu = time.process_time() - c
        cpu_rates.append(bot.last_iterations / cpu)
        iterations, cpu_total = iterations + bot.last_iterations, cpu_total + cpu
        if args.peer_seconds > 0:
            from peer_bots import peer_lookaheads

            peer_parts.append(peer_lookaheads(args.peer_seconds / args.repeat, first_seed=r + 1))
    probe = ISMCTSBot(0, **kwargs)
    print(
        f"  rollout depth {probe.rollout_depth}, {probe.reuse} iterations per determinization: "
        f"{statistics.median(rates):,.0f} iterations/s wall clock, "
        f"{statistics.median(cpu_rates):,.0f} per CPU second (medians of {args.repeat}; "
        f"wall runs: {', '.join(f'{x:,.0f}' for x in rates)}; "
        f"CPU runs: {', '.join(f'{x:,.0f}' for x in cpu_rates)})"
    )
    if peer_parts:
        from peer_bots import summed

        peer = summed(peer_parts)
        if "error" in peer:
            print(f"  peer: {peer['error']}")
        else:
            ratio = iterations / cpu_total / peer["lookaheads_per_s"]  # totals of the same stretch of time, both
            print(
                f"  peer (Catanatron 3.2.1, no tree search): {peer['lookaheads_per_s']:,.0f} one-ply lookaheads a CPU "
                f"second (copy, execute, read the score; every option of {peer['positions']:,} positions of random "
                f"games, in slices between our searches); ours ÷ peer: {ratio:.2f}× (ISMCTS iterations ÷ lookaheads)"
            )
    met = statistics.median(cpu_rates) >= ISMCTS_TARGET
    print(f"  target >= {ISMCTS_TARGET:,} iterations/s a CPU second: {'yes' if met else 'NO'}")


if __name__ == "__main__":
    main()
