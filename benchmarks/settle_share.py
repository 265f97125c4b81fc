"""How much of its budget a settled ISMCTS search uses (docs/bots.md, ISMCTS: the settled stop).

    .venv/bin/python benchmarks/settle_share.py [--game NAME ...] [--iterations 3000] [--games 1]

Four ISMCTS seats with `settle=True` on an iteration budget (the remaining iterations then known
exactly) play whole games; printed per game: searches a seat a game, the share of the budget the
searches used, and the share of searches that stopped early. A wall-clock budget settles the same
way, judged by the rate so far.
"""

from __future__ import annotations

import argparse
import time

from volstead.bots import ask_bot
from volstead.bots.ismcts import ISMCTSBot
from volstead.games import game_names, get_game


def settle_share(game_name: str, iterations: int, games: int) -> str:
    game = get_game(game_name)
    used = searches = settled = 0
    started = time.process_time()
    for g in range(games):
        state = game.new_game(seed=77 + g, seats=4)
        bots = [ISMCTSBot(seed=f"settle/{g}/{k}", iterations=iterations, settle=True) for k in range(4)]
        while not state.is_over():
            bot = bots[state.decision().seat]
            state.apply_index(ask_bot(bot, state))
            if bot.last_iterations:  # a search ran (not a forced or policy-answered decision)
                searches += 1
                used += bot.last_iterations
                settled += bot.last_settled
    return (
        f"{game_name}: {searches / games / 4:.0f} searches a seat a game; budget used {used / (searches * iterations):.1%}; "
        f"stopped early {settled / searches:.0%}; {time.process_time() - started:.0f} s of CPU"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", choices=game_names(), help="repeatable; default: every game")
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--games", type=int, default=1)
    args = parser.parse_args()
    for name in args.game or game_names():
        print(settle_share(name, args.iterations, args.games), flush=True)


if __name__ == "__main__":
    main()
