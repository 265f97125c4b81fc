"""The balance figures of issue 13 from `volstead sim prohibition` runs (docs/prohibition-balance.md):

    python -m volstead.games.prohibition.balance results/RUN [results/RUN2 ...]

Pools the runs' results and prints each player mat's win rate with its 95 % Wilson interval (a
shared win counts as a fraction) and mean score, each seat position's win rate (seat 0 is the
first seat when the runs were made with `-o first_seat=0`), the Schemes never completed and the
Fed cards never drawn (plays `scheme:ID`, `fed:ID`), and — replaying every record under the run's
own options, its card set included — each mat's mean score by part (Neighborhoods, Gs, Booze,
buildings, Headlines, Jailtime, Schemes, Infamy): the why behind a win rate.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

from volstead.sim.report import by_faction, by_position, card_stats, read_pieces

PARTS = ("neighborhoods", "gs", "booze", "buildings", "headlines", "jailtime", "schemes", "infamy")


def score_parts(folder: Path) -> dict[str, dict[str, float]]:
    """Per mat: the mean of each score part over the run's records (replayed)."""
    from volstead.engine import RecordError
    from volstead.games import replay_record as replay
    from volstead.sim.records import iter_run_records

    sums: dict[str, dict[str, float]] = defaultdict(lambda: dict.fromkeys(PARTS, 0.0))
    seats: dict[str, int] = defaultdict(int)
    for index, record in iter_run_records(folder):
        try:
            result = replay(record).result()
        except RecordError as e:  # the card set on disk is no longer the one the run played with
            raise RecordError(
                f"game {index} of {folder} does not replay under the run's options ({e}); was its card set changed since?"
            ) from None
        for mat, detail in zip(result.factions, result.details):
            seats[mat] += 1
            for part in PARTS:
                sums[mat][part] += detail[part]
    return {mat: {p: v / seats[mat] for p, v in parts.items()} for mat, parts in sums.items()}


def figures(rows: list[dict[str, Any]], universe: list[str]) -> dict[str, Any]:
    scores: dict[str, list[float]] = defaultdict(list)
    for r in rows:
        for mat, score in zip(r["factions"], r["scores"]):
            scores[mat].append(score)
    cards = card_stats(rows, universe)
    return {
        "games": len(rows),
        "mats": by_faction(rows),
        "mean_score": {m: sum(v) / len(v) for m, v in scores.items()},
        "seats": by_position(rows),
        "never_completed": [c for c in universe if c.startswith("scheme:") and not cards[c]["plays"]],
        "never_drawn": [c for c in universe if c.startswith("fed:") and not cards[c]["plays"]],
    }


def report(f: dict[str, Any], parts: dict[str, dict[str, float]] | None = None) -> str:
    def pct(r: dict[str, float]) -> str:
        return f"{100 * r['rate']:.1f}% ({100 * r['low']:.1f}–{100 * r['high']:.1f}%)"

    out = [f"{f['games']} games"]
    for mat, r in f["mats"].items():
        line = f"{mat}: win {pct(r)}, mean score {f['mean_score'][mat]:.1f}"
        if parts and mat in parts:
            line += " — " + ", ".join(f"{p} {parts[mat][p]:.1f}" for p in PARTS)
        out.append(line)
    out += [f"seat {k}: {pct(r)}" for k, r in f["seats"].items()]
    out.append("Schemes never completed: " + (", ".join(f["never_completed"]) or "none"))
    out.append("Fed cards never drawn: " + (", ".join(f["never_drawn"]) or "none"))
    return "\n".join(out)


def main(argv: list[str]) -> int:
    from volstead.engine import VolsteadError

    try:
        return _main(argv)
    except (VolsteadError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1


def _main(argv: list[str]) -> int:
    from volstead.engine import VolsteadError
    from volstead.sim.runner import SimConfig, card_universe

    if not argv:
        print(__doc__)
        return 2
    parts: dict[str, dict[str, float]] = {}
    rows, config = read_pieces([Path(a) for a in argv])
    universe = config.get("cards") or card_universe(
        SimConfig("prohibition", tuple(config.get("seats", ())), options=config.get("options", {}))
    )
    f = figures(rows, universe)
    if len(argv) == 1:
        try:
            parts = score_parts(Path(argv[0]))
        except VolsteadError:
            print(report(f))  # the win rates do not need the records
            raise
    print(report(f, parts))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
