"""Balance at two strengths (issue 34, item 5): the same game's win rates by faction and by seat from
two runs of the same tables at different bot strengths (all-greedy and all-ISMCTS tables, say), side
by side with their 95 % intervals. A faction or seat whose rate moves by more than FRAGILE points
between the two is flagged *fragile*: what it shows holds for one strength of play only. A rate
outside the fair share ± BAND points (25 ± 3 for four seats) is flagged too.

`volstead strengths --weak RUN... --strong RUN...` prints or writes it; each side may be one run or
the pieces of one (`--first-game` ranges), as `volstead balance` pools them.
"""

from __future__ import annotations

from typing import Any

from volstead.engine.errors import VolsteadError

from .report import by_faction, by_position

FRAGILE = 0.05  # a rate that moves by more than this between the strengths
BAND = 0.03  # the goal: every faction and seat within the fair share ± this, at both strengths


def side_by_side(weak_rows: list[dict], strong_rows: list[dict], weak: dict, strong: dict) -> dict[str, Any]:
    """The two runs' rates by faction and by seat, paired, with the flags. `weak`/`strong`: the runs'
    configurations (sim.json); both must be of one game, with as many seats."""
    if weak.get("game") != strong.get("game"):
        raise VolsteadError(f"the two strengths' runs are of different games: {weak.get('game')} and {strong.get('game')}")
    if len(weak.get("seats", [])) != len(strong.get("seats", [])):
        raise VolsteadError("the two strengths' runs have different numbers of seats")
    seats = len(weak["seats"])
    fair = 1 / seats
    out: dict[str, Any] = {
        "game": weak["game"],
        "weak": {"seats": weak["seats"], "games": len(weak_rows)},
        "strong": {"seats": strong["seats"], "games": len(strong_rows)},
        "fair": fair,
        "fragile_points": FRAGILE * 100,
        "band_points": BAND * 100,
    }
    for part, rates in (("factions", by_faction), ("seats", by_position)):
        a, b = rates(weak_rows), rates(strong_rows)
        rows = []
        for key in sorted(set(a) | set(b), key=str):
            ra, rb = a.get(key), b.get(key)
            moved = (rb["rate"] - ra["rate"]) if ra and rb else None
            outside = [r is not None and abs(r["rate"] - fair) > BAND for r in (ra, rb)]
            rows.append(
                {
                    "key": key,
                    "weak": ra,
                    "strong": rb,
                    "moved": moved,
                    "fragile": moved is not None and abs(moved) > FRAGILE,
                    "outside_band": outside,
                }
            )
        out[part] = rows
    return out


def _rate(r: dict | None) -> str:
    if r is None:
        return "–"
    return f"{r['rate'] * 100:.1f} % ({r['low'] * 100:.1f}–{r['high'] * 100:.1f}, n {r['n']})"


def strengths_markdown(fig: dict[str, Any], weak_label: str, strong_label: str) -> str:
    """The side-by-side tables as Markdown (report.md's section, the command's output)."""
    fair, band = fig["fair"] * 100, fig["band_points"]
    lines = [
        f"## Balance at two strengths: {fig['game']}",
        "",
        f"{weak_label}: {fig['weak']['games']} games, seats {', '.join(fig['weak']['seats'])}; "
        f"{strong_label}: {fig['strong']['games']} games, seats {', '.join(fig['strong']['seats'])} (rotated). "
        f"Win rates with their 95 % intervals; **fragile**: the rate moves by more than {fig['fragile_points']:g} "
        f"points between the strengths; *outside*: beyond {fair:g} ± {band:g} %.",
    ]
    for part, title in (("factions", "Faction"), ("seats", "Seat")):
        lines += ["", f"| {title} | {weak_label} | {strong_label} | moved | flags |", "| --- | ---: | ---: | ---: | --- |"]
        for row in fig[part]:
            flags = (["**fragile**"] if row["fragile"] else []) + [
                f"*outside at {label}*" for label, out in zip((weak_label, strong_label), row["outside_band"]) if out
            ]
            moved = "–" if row["moved"] is None else f"{row['moved'] * 100:+.1f}"
            lines.append(f"| {row['key']} | {_rate(row['weak'])} | {_rate(row['strong'])} | {moved} | {', '.join(flags)} |")
    return "\n".join(lines) + "\n"
