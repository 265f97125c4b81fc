"""The Mafia Chronicles' own balance figures (issue 14, docs/mafia-chronicles-balance.md), the game's
part of a simulation report (`Game.report_sections`; `volstead balance RUN...` prints them after the
simulator's win rates by seat and bot):

- the first player's win rate (stat `first_player_won`, a share when tied);
- the cards never bought and the least bought (plays = purchases, `card_played`);
- the Gangsters picked as free Bosses (plays `boss:ID`): how often, and how often their syndicate
  won; the cards never acquired either way;
- in how many games each victory condition was scored by some syndicate (stats `vp_<condition>`).

All from the results' rows: no record is replayed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from volstead.engine.contract import ReportSection

BOSS = "boss:"
LEAST_BOUGHT = 10  # cards listed as the least bought
MOST_PICKED = 8  # Bosses listed with their syndicate's win rate


def figures(rows: list[dict[str, Any]], card_ids: list[str], conditions: list[str]) -> dict[str, Any]:
    n = len(rows)
    first = 0.0
    recorded = False  # runs made before the balance stats have no `first_player_won`
    bought: Counter[str] = Counter()
    games_with: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    boss_picks: Counter[str] = Counter()
    boss_wins: dict[str, float] = {}
    for r in rows:
        share = 1 / len(r["winners"])
        recorded = recorded or "first_player_won" in r["stats"]
        first += r["stats"].get("first_player_won", 0.0)
        seen = set()
        for seat, plays in enumerate(r["plays"]):
            for c, m in plays.items():
                if c.startswith(BOSS):
                    boss = c[len(BOSS) :]
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
        "first_player": (first, n) if recorded else None,
        "never_bought": [c for c in card_ids if not bought[c]],
        "least_bought": sorted((games_with[c], c) for c in card_ids if bought[c])[:LEAST_BOUGHT],
        "never_acquired": [c for c in card_ids if not bought[c] and not boss_picks[c]],
        "bosses": [(c, boss_picks[c], boss_wins.get(c, 0.0)) for c in sorted(boss_picks, key=lambda c: -boss_picks[c])],
        "conditions": {key: scored[key] for key in conditions} if recorded else None,
    }


def sections(f: dict[str, Any]) -> list[ReportSection]:
    first = f["first_player"]
    out = [
        ReportSection(
            "The first player",
            rates=(("first player wins", first[0], first[1]),) if first else (),
            lines=() if first else ("not recorded (a run made before the balance stats)",),
            figures={"first_player": first},
        )
    ]
    never = f["never_bought"]
    lines = [
        f"cards never bought: {len(never)}" + (f" ({', '.join(never)})" if never else ""),
        "least bought (games): " + ", ".join(f"{c} {g}" for g, c in f["least_bought"]),
    ]
    if f["bosses"]:
        gone = f["never_acquired"]
        lines.append(f"cards never bought nor picked as Boss: {len(gone)}" + (f" ({', '.join(gone)})" if gone else ""))
    out.append(
        ReportSection(
            "Cards bought",
            lines=tuple(lines),
            figures={k: f[k] for k in ("never_bought", "least_bought", "never_acquired")},
        )
    )
    if f["bosses"]:
        out.append(
            ReportSection(
                "The most picked free Bosses: their syndicate's win rate, of their picks",
                rates=tuple((c, w, k) for c, k, w in f["bosses"][:MOST_PICKED]),
                figures={"bosses": {c: {"picks": k, "wins": w} for c, k, w in f["bosses"]}},
            )
        )
    if f["conditions"] is not None:
        out.append(
            ReportSection(
                "Victory conditions: games in which some syndicate scored each",
                lines=(", ".join(f"{k} {v}" for k, v in f["conditions"].items()),),
                figures={"conditions": f["conditions"]},
            )
        )
    return out


def report_sections(rows: list[dict[str, Any]], cards: list[str], conditions: list[str]) -> list[ReportSection]:
    return sections(figures(rows, cards, conditions))
