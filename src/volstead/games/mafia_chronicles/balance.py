"""The balance figures of issue 14 from `volstead sim mafia_chronicles` runs (docs/mafia-chronicles-balance.md):

    python -m volstead.games.mafia_chronicles.balance results/RUN [results/RUN2 ...]

Pools the runs' `results.jsonl` and prints: each seat's and each bot's win rate with its 95 % Wilson
interval (a shared win counts as a fraction), the first player's win rate (stat `first_player_won`),
every card never bought and the least bought (plays = purchases, `card_played`), the Gangsters picked
as free Bosses (plays `boss:ID`: how often, and how often their syndicate won), the cards never
acquired either way, and in how many games each victory condition was scored by some syndicate
(stats `vp_<condition>`).
"""

from __future__ import annotations

import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

from volstead.engine import VolsteadError
from volstead.sim.report import read_pieces


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of k successes in n trials."""
    if n == 0:
        return 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


def load(paths: list[Path]) -> list[dict[str, Any]]:
    """The rows of run folders that are pieces of one run (`volstead sim --first-game` ranges)."""
    return read_pieces(paths)[0]


def figures(rows: list[dict[str, Any]], card_ids: list[str], conditions: list[str]) -> dict[str, Any]:
    n = len(rows)
    seat_wins = [0.0] * 4
    bot_wins: dict[str, float] = {}
    bot_seats: Counter[str] = Counter()
    first = 0.0
    recorded = False  # runs made before the balance stats have no `first_player_won`
    bought: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    boss_picks: Counter[str] = Counter()
    boss_wins: dict[str, float] = {}
    for r in rows:
        share = 1 / len(r["winners"])
        for k in r["winners"]:
            seat_wins[k] += share
            bot_wins[r["bots"][k]] = bot_wins.get(r["bots"][k], 0.0) + share
        for b in r["bots"]:
            bot_seats[b] += 1
        recorded = recorded or "first_player_won" in r["stats"]
        first += r["stats"].get("first_player_won", 0.0)
        seen = set()
        for seat, plays in enumerate(r["plays"]):
            for c, m in plays.items():
                if c.startswith("boss:"):
                    boss = c[len("boss:") :]
                    boss_picks[boss] += m
                    if seat in r["winners"]:
                        boss_wins[boss] = boss_wins.get(boss, 0.0) + share
                    continue
                bought[c] += m
                seen.add(c)
        for c in seen:
            games_with[c] += 1
        for key in conditions:
            if r["stats"].get(f"vp_{key}", 0):
                scored[key] += 1
    return {
        "games": n,
        "seats": [(w, n, *wilson(w, n)) for w in seat_wins],
        "bots": {b: (bot_wins.get(b, 0.0), bot_seats[b], *wilson(bot_wins.get(b, 0.0), bot_seats[b])) for b in bot_seats},
        "first_player": (first, n, *wilson(first, n)) if recorded else None,
        "never_bought": [c for c in card_ids if not bought[c]],
        "least_bought": sorted((games_with[c], c) for c in card_ids if bought[c])[:10],
        "never_acquired": [c for c in card_ids if not bought[c] and not boss_picks[c]],
        "bosses": [
            (c, boss_picks[c], boss_wins.get(c, 0.0), *wilson(boss_wins.get(c, 0.0), boss_picks[c]))
            for c in sorted(boss_picks, key=lambda c: -boss_picks[c])
        ],
        "conditions": {key: scored[key] for key in conditions} if recorded else None,
    }


def report(f: dict[str, Any]) -> str:
    def pct(t: tuple[float, int, float, float]) -> str:
        w, n, lo, hi = t
        return f"{100 * w / n:.1f}% ({100 * lo:.1f}–{100 * hi:.1f}%)" if n else "—"

    out = [f"{f['games']} games"]
    out += [f"seat {k}: {pct(t)}" for k, t in enumerate(f["seats"])]
    out += [f"bot {b}: {pct(t)}" for b, t in sorted(f["bots"].items())]
    out.append(f"first player: {pct(f['first_player']) if f['first_player'] else 'not recorded'}")
    never = f["never_bought"]
    out.append(f"cards never bought: {len(never)}" + (f" ({', '.join(never)})" if never else ""))
    out.append("least bought (games): " + ", ".join(f"{c} {g}" for g, c in f["least_bought"]))
    if f["bosses"]:
        gone = f["never_acquired"]
        out.append(f"cards never bought nor picked as Boss: {len(gone)}" + (f" ({', '.join(gone)})" if gone else ""))
        out.append(
            "most picked Bosses (picks, their syndicate's win rate): "
            + ", ".join(f"{c} {k} {pct((w, k, lo, hi))}" for c, k, w, lo, hi in f["bosses"][:8])
        )
    if f["conditions"] is not None:
        out.append("games in which a victory condition was scored: " + ", ".join(f"{k} {v}" for k, v in f["conditions"].items()))
    return "\n".join(out)


def main(argv: list[str]) -> int:
    from . import GAME
    from .rules.scoring import CONDITIONS

    if not argv:
        print(__doc__)
        return 2
    try:
        rows = load([Path(a) for a in argv])
    except VolsteadError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    print(report(figures(rows, GAME.card_ids(), [k for k, _, _ in CONDITIONS])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
