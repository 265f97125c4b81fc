"""Where each Scarface 1920 gang's money comes from, in bot games (a balance-tuning aid).

Plays `--games` four-player games of the given bots and books every change of a
seat's money against the decision that caused it: the deciding seat's own
option (a card skill, a Boss skill, a sale...) or, for the other seats,
`other:` + that option (steals, Reorganize income during someone's turn end,
the Family Ring at a turn's start). Prints the average dollars a game by gang.

    .venv/bin/python benchmarks/money_ledger.py --games 8 --bots greedy

Used for docs/balance.md ("Where the money comes from").
"""

from __future__ import annotations

import argparse
import collections

from volstead.bots import ask_bot, get_bot
from volstead.games import get_game


def source_of(kind: str, option_id: str) -> str:
    """A readable bucket: the decision kind and the option's name without its target."""
    parts = option_id.split(":")
    if kind == "action":  # "skill:2:outfit_collectors" -> "action:skill:outfit_collectors"
        return "action:" + ":".join(parts[::2][:2])
    return f"{kind}:{parts[0]}"


def ledger(games: int, bots: list[str], seed: int) -> tuple[dict[str, collections.Counter], collections.Counter]:
    game = get_game("scarface1920")
    by_gang: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    seated: collections.Counter = collections.Counter()
    for g in range(games):
        s = game.new_game(seed=seed + g, seats=len(bots))
        gangs = [s.content.gangs[p.gang].id for p in s.players]
        seated.update(gangs)
        players = [get_bot(name, seed=f"{seed}-{g}-{i}") for i, name in enumerate(bots)]
        while not s.is_over():
            d = s.decision()
            k = ask_bot(players[d.seat], s, skip_forced=True)
            source = source_of(d.kind, d.option_ids[k])
            before = [p.money for p in s.players]
            s.apply_index(k)
            for i, p in enumerate(s.players):
                if p.money != before[i]:
                    by_gang[gangs[i]][source if i == d.seat else "other:" + source] += p.money - before[i]
    return by_gang, seated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--bots", default="greedy", help="one bot for every seat, or a comma-separated list")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--top", type=int, default=12, help="sources shown per gang")
    a = parser.parse_args()
    bots = a.bots.split(",") if "," in a.bots else [a.bots] * a.seats
    by_gang, seated = ledger(a.games, bots, a.seed)
    for gang in sorted(by_gang):
        c = by_gang[gang]
        n = seated[gang]
        print(f"{gang} (seated {n} times): total ${sum(c.values()) / n:.1f} a game")
        for source, dollars in c.most_common(a.top):
            print(f"  {source:55s} {dollars / n:7.1f}")
        losses = [(s, v) for s, v in c.items() if v < 0]
        for source, dollars in sorted(losses, key=lambda x: x[1])[:3]:
            print(f"  {source:55s} {dollars / n:7.1f}")


if __name__ == "__main__":
    main()
