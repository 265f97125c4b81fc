"""Two runs of the same games side by side — a card set against another (`volstead sim --compare`,
the designer's workbench): each figure of both, its change, and whether the change is beyond noise.

`comparison(...)` is the data (written as compare.json, drawn by the workbench), `compare_markdown`
its report (compare.md). What "beyond noise" means, per figure:

- a win rate (by faction, seat position, bot): a two-proportion z-test, |z| > 1.96 (95 %), with
  the pooled rate; a shared win counts its share, as in every rate of the reports;
- a mean (scores, winning score, decisions, a game's own stats): Welch's t, |t| > 1.96 (runs of
  a few hundred games: the normal quantile);
- a card's plays a game: Welch's t on each game's plays; a decision kind's share of the
  decisions: the z-test on the counts (decisions are not independent draws: this flags, it does
  not prove).

A change "beyond noise" is one a designer should look at; with thousands of figures compared, one
in twenty changes with no cause is still flagged: read the flags with the rest of the report.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter
from pathlib import Path
from typing import Any

from .report import Z95, figures, read_run

FRAGILE_POINTS = 5.0  # a change that differs by more between two strengths of play is fragile
HISTOGRAM_BINS = 10
TOP_CARDS = 40  # cards compare.md lists (compare.json has them all)


def z_proportions(wins_a: float, n_a: int, wins_b: float, n_b: int) -> float:
    """The two-proportion z statistic of b's rate against a's (0 when either has no trials, or
    neither side varies)."""
    if n_a <= 0 or n_b <= 0:
        return 0.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    var = pooled * (1 - pooled) * (1 / n_a + 1 / n_b)
    return 0.0 if var <= 0 else (wins_b / n_b - wins_a / n_a) / math.sqrt(var)


def welch_t(a: list[float], b: list[float]) -> float:
    """Welch's t of b's mean against a's (0 when either has fewer than 2 values; ±inf for different
    means with no spread on either side)."""
    if len(a) < 2 or len(b) < 2:
        return 0.0
    var = statistics.variance(a) / len(a) + statistics.variance(b) / len(b)
    diff = statistics.fmean(b) - statistics.fmean(a)
    if var <= 0:  # no spread on either side: any difference is certain
        return 0.0 if diff == 0 else math.copysign(math.inf, diff)
    return diff / math.sqrt(var)


def distribution(values: list[float], low: float, high: float) -> dict[str, Any]:
    """Mean, spread, deciles and a histogram over [low, high] (the two runs share the bins)."""
    if not values:
        return {"n": 0}
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    width = (high - low) / HISTOGRAM_BINS or 1.0
    counts = [0] * HISTOGRAM_BINS
    for v in values:
        counts[min(HISTOGRAM_BINS - 1, int((v - low) / width))] += 1
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
        "p10": q[0],
        "p50": statistics.median(values),
        "p90": q[-1],
        "hist": [[low + i * width, low + (i + 1) * width, c] for i, c in enumerate(counts)],
    }


def _rates(fa: dict[str, dict], fb: dict[str, dict]) -> list[dict[str, Any]]:
    out = []
    for key in sorted(set(fa) | set(fb), key=str):
        ra, rb = fa.get(key), fb.get(key)
        side = {
            name: None if r is None else {"rate": r["rate"], "lo": r["low"], "hi": r["high"], "n": r["n"]}
            for name, r in (("a", ra), ("b", rb))
        }
        z = 0.0 if ra is None or rb is None else z_proportions(ra["wins"], ra["n"], rb["wins"], rb["n"])
        change = None if ra is None or rb is None else rb["rate"] - ra["rate"]
        out.append({"key": key, **side, "change": change, "z": z, "beyond_noise": abs(z) > Z95})
    return out


def _means(name: str, a: list[float], b: list[float]) -> dict[str, Any]:
    t = welch_t(a, b)
    ma = statistics.fmean(a) if a else None
    mb = statistics.fmean(b) if b else None
    change = None if ma is None or mb is None else mb - ma
    shown_t = t if math.isfinite(t) else None  # JSON has no infinity
    return {"key": name, "a": ma, "b": mb, "change": change, "t": shown_t, "beyond_noise": abs(t) > Z95}


def _spread(name: str, a: list[float], b: list[float]) -> dict[str, Any]:
    both = a + b
    low, high = (min(both), max(both)) if both else (0.0, 1.0)
    return {
        "a": distribution(a, low, high),
        "b": distribution(b, low, high),
        **{k: v for k, v in _means(name, a, b).items() if k in ("change", "t", "beyond_noise")},
    }


def _plays_per_game(rows: list[dict]) -> list[Counter]:
    """Each game's plays of each card, every seat's together."""
    out = []
    for row in rows:
        game: Counter = Counter()
        for counts in row.get("plays") or []:
            game.update(counts)
        out.append(game)
    return out


def _kind_counts(rows: list[dict]) -> Counter:
    counts: Counter = Counter()
    for row in rows:
        for counted in row.get("kinds") or []:
            counts.update(counted)
    return counts


def comparison(rows_a: list[dict], cfg_a: dict, rows_b: list[dict], cfg_b: dict, label_a: str, label_b: str) -> dict[str, Any]:
    """compare.json: both runs' figures, each change, and whether it is beyond noise (module doc)."""
    fa, fb = figures(rows_a, cfg_a.get("cards")), figures(rows_b, cfg_b.get("cards"))
    ga, gb = fa["games"], fb["games"]

    def column(rows: list[dict], pick) -> list[float]:
        return [float(x) for r in rows for x in pick(r)]

    scores_a = column(rows_a, lambda r: r.get("scores") or [])
    scores_b = column(rows_b, lambda r: r.get("scores") or [])
    winning_a = column(rows_a, lambda r: [max(r["scores"])] if r.get("scores") else [])
    winning_b = column(rows_b, lambda r: [max(r["scores"])] if r.get("scores") else [])
    length_a = column(rows_a, lambda r: [r["decisions"]] if r.get("decisions") is not None else [])
    length_b = column(rows_b, lambda r: [r["decisions"]] if r.get("decisions") is not None else [])
    stats = [
        _means(
            name,
            column(rows_a, lambda r, n=name: [r["stats"][n]] if n in r.get("stats", {}) else []),
            column(rows_b, lambda r, n=name: [r["stats"][n]] if n in r.get("stats", {}) else []),
        )
        for name in sorted(set(fa["stats"]) | set(fb["stats"]))
    ]
    per_game_a, per_game_b = _plays_per_game(rows_a), _plays_per_game(rows_b)
    cards = []
    for card in sorted(set(fa["cards"]) | set(fb["cards"])):
        ca = fa["cards"].get(card, {"plays": 0, "winner_share": None})
        cb = fb["cards"].get(card, {"plays": 0, "winner_share": None})
        t = welch_t([g.get(card, 0) for g in per_game_a], [g.get(card, 0) for g in per_game_b])
        cards.append(
            {
                "id": card,
                "plays_a": ca["plays"] / max(1, ga),
                "plays_b": cb["plays"] / max(1, gb),
                "win_when_played_a": ca["winner_share"],
                "win_when_played_b": cb["winner_share"],
                "beyond_noise": abs(t) > Z95,
            }
        )
    kinds_a, kinds_b = _kind_counts(rows_a), _kind_counts(rows_b)
    total_a, total_b = sum(kinds_a.values()), sum(kinds_b.values())
    mix = []
    for kind in sorted(set(kinds_a) | set(kinds_b)):
        z = z_proportions(kinds_a[kind], total_a, kinds_b[kind], total_b)
        mix.append(
            {
                "kind": kind,
                "a": kinds_a[kind] / total_a if total_a else None,
                "b": kinds_b[kind] / total_b if total_b else None,
                "beyond_noise": abs(z) > Z95,
            }
        )
    return {
        "games": {"a": ga, "b": gb},
        "labels": {"a": label_a, "b": label_b},
        "seats": list(cfg_a.get("seats", [])),
        "rates": {
            "faction": _rates(fa["by_faction"], fb["by_faction"]),
            "seat": _rates(fa["by_position"], fb["by_position"]),
            "bot": _rates(fa["by_bot"], fb["by_bot"]),
        },
        "scores": _spread("score", scores_a, scores_b),
        "winning_score": _spread("winning score", winning_a, winning_b),
        "length": _spread("decisions", length_a, length_b),
        "stats": stats,
        "cards": cards,
        "never_played": {"a": fa["never_played"], "b": fb["never_played"]},
        "decision_mix": mix,
        "fragile": [],
        "seats2": None,  # the seats of a second strength of play (compare_runs' `second`)
    }


def fragile_changes(first: dict[str, Any], second: dict[str, Any]) -> list[dict[str, Any]]:
    """The factions and seats whose change (b − a) under one strength of play (`first`, a
    `comparison`) and under another (`second`) point different ways, or differ by more than
    FRAGILE_POINTS: a finding that holds for one strength only."""
    out = []
    for kind in ("faction", "seat"):
        other = {r["key"]: r for r in second["rates"][kind]}
        for row in first["rates"][kind]:
            twin = other.get(row["key"])
            if twin is None or row["change"] is None or twin["change"] is None:
                continue
            c1, c2 = 100 * row["change"], 100 * twin["change"]
            if (c1 > 0) != (c2 > 0) and (row["beyond_noise"] or twin["beyond_noise"]) or abs(c1 - c2) > FRAGILE_POINTS:
                out.append({"key": row["key"], "kind": kind, "strength1_change": c1, "strength2_change": c2})
    return out


# ------------------------------------------------------------------ compare.md
def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f} %"


def _flag(row: dict[str, Any]) -> str:
    return "**beyond noise**" if row.get("beyond_noise") else ""


def compare_markdown(comp: dict[str, Any]) -> list[str]:
    """compare.md's lines: every table with its change and the beyond-noise mark."""
    la, lb = comp["labels"]["a"], comp["labels"]["b"]
    second = (
        f" A second strength of play ({', '.join(comp['seats2'])}) played the same games: see the fragile findings."
        if comp.get("seats2")
        else ""
    )
    lines = [
        f"# Card-set comparison: {la} → {lb}",
        "",
        f"{comp['games']['a']} vs {comp['games']['b']} games, the same seeds and seats ({', '.join(comp['seats'])}). "
        "**beyond noise**: a win rate's change passes a two-proportion z-test at 95 %, a mean's Welch's t "
        f"(docs/sim.md).{second}",
        "",
    ]
    for title, kind, label in (("faction", "faction", "faction"), ("seat position", "seat", "seat"), ("bot", "bot", "bot")):
        lines += [f"## Win rate by {title}", "", f"| {label} | {la} | {lb} | change | |", "| --- | ---: | ---: | ---: | --- |"]
        for row in comp["rates"][kind]:
            a = row["a"]["rate"] if row["a"] else None
            b = row["b"]["rate"] if row["b"] else None
            change = "—" if row["change"] is None else f"{100 * row['change']:+.1f} pts"
            lines.append(f"| {row['key']} | {_pct(a)} | {_pct(b)} | {change} | {_flag(row)} |")
        lines.append("")
    lines += ["## Scores and length", "", f"| figure | {la} | {lb} | change | |", "| --- | ---: | ---: | ---: | --- |"]
    means = [
        ("mean winning score", comp["winning_score"]),
        ("mean decisions per game", comp["length"]),
    ]
    for name, fig in means:
        if fig["a"].get("n") and fig["b"].get("n"):
            xa, xb = fig["a"]["mean"], fig["b"]["mean"]
            lines.append(f"| {name} | {xa:.1f} | {xb:.1f} | {xb - xa:+.1f} | {_flag(fig)} |")
    for row in comp["stats"]:
        if row["a"] is not None and row["b"] is not None:
            lines.append(
                f"| mean {row['key']} per game | {row['a']:.1f} | {row['b']:.1f} | {row['change']:+.1f} | {_flag(row)} |"
            )
    lines += [
        "",
        "## Cards whose play changed",
        "",
        f"| card | plays/game {la} | plays/game {lb} | winner share {la} | winner share {lb} | |",
        "| --- | ---: | ---: | ---: | ---: | --- |",
    ]
    moved = sorted(comp["cards"], key=lambda c: (-abs(c["plays_b"] - c["plays_a"]), c["id"]))
    for c in moved[:TOP_CARDS]:
        if c["plays_a"] == c["plays_b"] and c["win_when_played_a"] == c["win_when_played_b"]:
            continue
        lines.append(
            f"| {c['id']} | {c['plays_a']:.2f} | {c['plays_b']:.2f} | {_pct(c['win_when_played_a'])} | "
            f"{_pct(c['win_when_played_b'])} | {_flag(c)} |"
        )
    moved_mix = [m for m in comp["decision_mix"] if m["beyond_noise"]]
    if moved_mix:
        lines += ["", "## Decision kinds whose share moved beyond noise", "", f"| kind | {la} | {lb} |", "| --- | ---: | ---: |"]
        lines += [f"| {m['kind']} | {_pct(m['a'])} | {_pct(m['b'])} |" for m in moved_mix]
    if comp["fragile"]:
        lines += ["", "## Fragile findings (the two strengths of play disagree)", ""]
        lines += [
            f"- {f['kind']} {f['key']}: {f['strength1_change']:+.1f} pts with the first bots, "
            f"{f['strength2_change']:+.1f} with the second"
            for f in comp["fragile"]
        ]
    lines += [
        "",
        f"Never played in {la}: {', '.join(comp['never_played']['a']) or 'none'}.",
        f"Never played in {lb}: {', '.join(comp['never_played']['b']) or 'none'}.",
        "",
    ]
    return lines


def compare_runs(
    folder_a: str | Path,
    folder_b: str | Path,
    out: str | Path,
    label_a: str = "A",
    label_b: str = "B",
    second: tuple[str | Path, str | Path] | None = None,
) -> Path:
    """compare.md and compare.json in `out`: the figures of two runs of the same games side by side.
    `second`: the same two sets' runs at a second strength of play (their own comparison goes to
    `out/strength2/`); the first comparison then marks the fragile findings (`fragile_changes`)."""
    rows_a, cfg_a = read_run(folder_a)
    rows_b, cfg_b = read_run(folder_b)
    comp = comparison(rows_a, cfg_a, rows_b, cfg_b, label_a, label_b)
    if second is not None:
        rows_a2, cfg_a2 = read_run(second[0])
        rows_b2, cfg_b2 = read_run(second[1])
        comp2 = comparison(rows_a2, cfg_a2, rows_b2, cfg_b2, label_a, label_b)
        _write(comp2, Path(out) / SECOND)
        comp["fragile"] = fragile_changes(comp, comp2)
        comp["seats2"] = comp2["seats"]
    return _write(comp, Path(out))


SECOND = "strength2"  # the folder of a second strength's runs and comparison, in a comparison's folder


def _write(comp: dict[str, Any], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    (out / "compare.json").write_text(json.dumps(comp, indent=1) + "\n")
    path = out / "compare.md"
    path.write_text("\n".join(compare_markdown(comp)) + "\n")
    return path
