"""The workload a profile-guided build trains on (setup.py, `VOLSTEAD_PGO=1`; docs/performance.md).

`python -m volstead.build_training` plays, for every registered game, what people run most: random
4-player games with their records, a few four-greedy games and a game with an ISMCTS seat, about ten
seconds of CPU in all, through the simulator's own loop (`sim.loop.play_to_end`). Run by the build
between its instrumented compile and its final one, in the build's own environment: so it needs
nothing but what the build installs (pydantic), not the simulator's runner (orjson) or the CLI.
Exits 1, saying why, when the compiled modules are not the ones running (a profile of interpreted
code would be empty).
"""

from __future__ import annotations

import sys
import time

RANDOM_GAMES = 60  # a game's random games: most of a balance run's decisions
GREEDY_GAMES = 2
ISMCTS_SEATS = ("ismcts:200", "greedy", "random", "random")


def play(game, seed: int, seats: tuple[str, ...]) -> int:
    """One game to its end with these bots, as the simulator plays it, and its record; returns its
    decisions."""
    from volstead.bots import get_bot
    from volstead.sim.loop import play_to_end

    state = game.new_game(seed=seed, seats=len(seats))
    play_to_end(game, state, [get_bot(name, f"{seed}/{k}/{name}") for k, name in enumerate(seats)])
    state.record_pairs()
    return state.decisions_made


def train() -> int:
    """Play the workload; returns the decisions played."""
    from volstead.games import game_names, get_game

    decisions = 0
    for name in game_names():
        game = get_game(name)
        for seed in range(RANDOM_GAMES):
            decisions += play(game, seed, ("random",) * 4)
        for seed in range(GREEDY_GAMES):
            decisions += play(game, seed, ("greedy",) * 4)
        decisions += play(game, 0, ISMCTS_SEATS)
    return decisions


def main() -> int:
    from volstead.build_info import compiled_in_use, describe_build

    if not compiled_in_use():
        print(f"volstead.build_training: the compiled modules are not running ({describe_build()})", file=sys.stderr)
        return 1
    start = time.process_time()
    decisions = train()
    print(f"volstead.build_training: {decisions:,} decisions in {time.process_time() - start:.1f} s of CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main())
