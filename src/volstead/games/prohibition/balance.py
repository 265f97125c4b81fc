"""Prohibition's own balance figures (issue 13, docs/prohibition-balance.md), the game's part of a
simulation report (`Game.report_sections`; `volstead balance RUN...` prints them after the
simulator's win rates by mat, seat and bot):

- the Schemes never completed and the Fed cards never drawn (plays `scheme:ID`, `fed:ID`);
- each mat's mean score by part (Neighborhoods, Gs, Booze, buildings, Headlines, Jailtime,
  Schemes, Infamy), from the final states the simulator replays from the run's records: the why
  behind a win rate.

Plain data in, plain data out: the rows are results.jsonl's, the states the engine's.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from volstead.engine.contract import ReportSection

if TYPE_CHECKING:
    from volstead.engine.state import GameState

PARTS = ("neighborhoods", "gs", "booze", "buildings", "headlines", "jailtime", "schemes", "infamy")


def score_parts(finals: Iterable[GameState]) -> tuple[dict[str, dict[str, float]], int]:
    """Per mat: the mean of each score part over these finished games; and how many games."""
    sums: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(PARTS, 0.0))
    seats: dict[str, int] = defaultdict(int)
    games = 0
    for state in finals:
        result = state.result()
        games += 1
        for mat, detail in zip(result.factions, result.details):
            if mat is None:
                continue
            seats[mat] += 1
            for part in PARTS:
                sums[mat][part] += detail[part]
    return {mat: {p: v / seats[mat] for p, v in parts.items()} for mat, parts in sorted(sums.items())}, games


def unplayed(rows: list[dict[str, Any]], cards: list[str]) -> dict[str, list[str]]:
    """The Schemes never completed and the Fed cards never drawn in these games."""
    played = {card for row in rows for plays in row.get("plays") or [] for card, n in plays.items() if n}
    return {
        "never_completed": [c for c in cards if c.startswith("scheme:") and c not in played],
        "never_drawn": [c for c in cards if c.startswith("fed:") and c not in played],
    }


def report_sections(rows: list[dict[str, Any]], cards: list[str], finals: Iterable[GameState]) -> list[ReportSection]:
    never = unplayed(rows, cards)
    sections = [
        ReportSection(
            "Schemes and Fed cards",
            lines=(
                "Schemes never completed: " + (", ".join(never["never_completed"]) or "none"),
                "Fed cards never drawn: " + (", ".join(never["never_drawn"]) or "none"),
            ),
            figures=never,
        )
    ]
    parts, games = score_parts(finals)
    if not games:
        lines: tuple[str, ...] = ("no records to replay (a run made with --no-records)",)
    else:
        lines = tuple(f"{mat}: " + ", ".join(f"{p} {means[p]:.1f}" for p in PARTS) for mat, means in parts.items())
    sections.append(
        ReportSection(
            f"Mean score by part, per mat ({games} games replayed)", lines=lines, figures={"games": games, "mats": parts}
        )
    )
    return sections
