"""The workload a profile-guided build trains on (setup.py, `VOLSTEAD_PGO=1`; docs/performance.md).

`python -m volstead.build_training` plays, for every registered game, what people run most: random
4-player games with their records, a few four-greedy games and a game with an ISMCTS seat, about ten
seconds of CPU in all. Run by the build between its instrumented compile and its final one, in the
build's own environment: so it needs nothing but what the build installs (pydantic), not the
simulator's runner (orjson) or the CLI. Exits 1, saying why, when the compiled modules are not the
ones running (a profile of interpreted code would be empty).
"""

from __future__ import annotations

import random
import sys
import time

RANDOM_GAMES = 60  # a game's random games: most of a balance run's decisions
GREEDY_GAMES = 2
ISMCTS_SEATS = ("ismcts:200", "greedy", "random", "random")


def play(game, seed: int, seats: tuple[str, ...]) -> int:
    """One game to its end with these bots (forced decisions taken without asking, as the simulator
    does); returns its decisions."""
    from volstead.bots import ask_bot, get_bot

    state = game.new_game(seed=seed, seats=len(seats))
    bots = [get_bot(name, f"{seed}/{k}/{name}") for k, name in enumerate(seats)]
    while not state.is_over():
        d = state.decision()
        i = 0 if len(d.codes) == 1 else ask_bot(bots[d.seat], state, seat=d.seat)
        state.apply_index(i, d.seat)
    state.record_pairs()
    return state.decisions_made


def train() -> int:
    """Play the workload; returns the decisions played."""
    from volstead.games import game_names, get_game

    decisions = 0
    for name in game_names():
        game = get_game(name)
        for seed in range(RANDOM_GAMES):
            state, rng = game.new_game(seed=seed, seats=4), random.Random(seed)
            while not state.is_over():
                state.apply_index(rng.randrange(len(state.decision())))
            state.record_pairs()
            decisions += state.decisions_made
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
