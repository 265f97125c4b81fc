"""A fingerprint of many seeded games: one hash over every decision id and final score.

The same hash means the same games, bit for bit: before and after a change that must not change
play (a refactor, a new engine feature), and the compiled build against the interpreted one
(issue 15: tests/test_compiled_build.py, benchmarks/compare_builds.py).

    python -m volstead.sim.fingerprint --game GAME [--games 300] [--bot random]

The game's sample setups (seats, variants, modes) rotate with the game number, so every setup
path is covered. Bots get only their seat's view (`ask_bot`).
"""

from __future__ import annotations

import argparse
import hashlib
import json

from volstead.bots import ask_bot, get_bot
from volstead.engine.contract import Game
from volstead.games import game_names, get_game


def play(game: Game, n: int, bot_name: str) -> tuple[list[str], list[float]]:
    """Game number `n` (its setup from the game's `sample_setups`, in turn): its decision ids and
    final scores."""
    setups = game.sample_setups()
    seats, opts = setups[n % len(setups)]
    state = game.new_game(seed=1000 + n, seats=seats, options=game.options_from_json(opts))
    bots = [get_bot(bot_name, f"fp/{n}/{k}") for k in range(state.seats)]
    while not state.is_over():
        seat = state.decision().seat
        state.apply_index(ask_bot(bots[seat], state))
    scores = list(state.result().scores)
    # Records of format 1 hold ids; later formats hold [seat, id] pairs: the ids are what is compared.
    ids = [d if isinstance(d, str) else d[1] for d in state.record()["decisions"]]
    return ids, scores


def fingerprint(game_name: str, games: int, bot: str = "random") -> tuple[int, str]:
    """(decisions, sha256 hex) over games 0 .. games-1 of `game_name` with `bot` in every seat."""
    game = get_game(game_name)
    h = hashlib.sha256()
    decisions = 0
    for n in range(games):
        ids, scores = play(game, n, bot)
        decisions += len(ids)
        h.update(json.dumps([ids, scores]).encode())
    return decisions, h.hexdigest()


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True, choices=game_names(), help="a registered game")
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--bot", default="random")
    args = ap.parse_args(argv)
    decisions, digest = fingerprint(args.game, args.games, args.bot)
    print(f"{args.game}: {args.games} games, {decisions} decisions ({args.bot} bots): {digest}")


if __name__ == "__main__":
    main()
