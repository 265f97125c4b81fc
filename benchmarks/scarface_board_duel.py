"""Does Scarface 1920's search play better when its evaluation values thugs on the board? (issue 34)

One ISMCTS seat (default budget) whose evaluation adds `--bonus` dollars × (share of the game left)
for every thug it and its rivals have on the board, against three ISMCTS seats with the shipped
evaluation; seats rotated, one line of JSON a game, then the modified seat's win rate (par 25 %) and
its win rate by gang. Used for docs/balance.md ("Set or search?"): 200 games at $1.5 and $3 gave
28.5 % and 29.0 % (± 6.3), no clear gain.

    .venv/bin/python benchmarks/scarface_board_duel.py --games 200 --seed 7 --bonus 1.5
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict

from volstead.bots import get_bot
from volstead.games import get_game
from volstead.sim.loop import play_and_count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bonus", type=float, default=1.5, help="$ a board thug, at the start of the game")
    args = parser.parse_args()
    game = get_game("scarface1920")
    shipped = game.evaluate

    def modified(s, seat=None):
        values = shipped(s, seat)
        if s.final is not None:
            return values
        later = max(0.0, 3 - (s.round - 1) - s.time / s.content.time_spaces[s.seats]) / 3
        extra = [args.bonus * later * sum(p.thugs) for p in s.players]
        return [v + e for v, e in zip(values, extra)] if seat is None else values + extra[seat]

    wins = 0.0
    by_gang: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for g in range(args.games):
        state = game.new_game(seed=args.seed * 100000 + g, seats=4)
        mine = g % 4
        bots = [get_bot("ismcts", f"{args.seed}/{g}/{k}") for k in range(4)]
        # The bot looks its evaluation up once and keeps it (bots/ismcts.py `_evaluate`).
        bots[mine]._evaluate = ("scarface1920", modified, bots[mine].temperature * game.evaluation_scale)
        play_and_count(game, state, bots)
        result = state.result()
        share = 1 / len(result.winners) if mine in result.winners else 0.0
        wins += share
        gang = result.factions[mine]
        by_gang[gang][0] += 1
        by_gang[gang][1] += share
        print(json.dumps({"game": g, "seat": mine, "gang": gang, "won": share, "scores": list(result.scores)}), flush=True)
    print(f"modified seat: {100 * wins / args.games:.1f} % of {args.games} games (par 25 %)")
    for gang, (n, w) in sorted(by_gang.items()):
        print(f"  as {gang}: {100 * w / n:.1f} % of {n:.0f}")


if __name__ == "__main__":
    main()
