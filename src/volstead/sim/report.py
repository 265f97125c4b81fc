"""Balance figures from simulator results: tables, an Elo ladder, Markdown + PNG plots, the text
of `volstead balance`, and the reported game's own sections (`Game.report_sections`, handed plain
data: the rows, the card ids, the final states replayed from the records as it reads them).

Win rates count a shared win as a fraction (a game won by 2 seats gives each
1/2). 95% intervals are Wilson score intervals. The Elo ladder: sim/ladder.py.
"""

from __future__ import annotations

import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from volstead.engine.contract import Game, ReportSection
from volstead.engine.errors import VolsteadError

from .ladder import elo_ladder, ladder_text
from .play import play_chart, play_figures, play_markdown
from .runner import CONFIG, load_results

Z95 = 1.959963984540054


# ------------------------------------------------------------------ stats
def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def win_shares(row: dict) -> list[float]:
    winners = row.get("winners") or []
    n = len(row["bots"])
    return [1.0 / len(winners) if k in winners else 0.0 for k in range(n)]


def rates_by(rows: Iterable[dict], key) -> dict[str, dict]:
    """{group: {"n", "wins", "rate", "low", "high"}} with group = key(row, seat)."""
    wins: dict[str, float] = defaultdict(float)
    count: Counter = Counter()
    for row in rows:
        for seat, share in enumerate(win_shares(row)):
            g = key(row, seat)
            if g is None:
                continue
            wins[g] += share
            count[g] += 1
    out = {}
    for g in sorted(count, key=str):
        n, w = count[g], wins[g]
        low, high = wilson(w, n)
        out[str(g)] = {"n": n, "wins": w, "rate": w / n, "low": low, "high": high}
    return out


def by_bot(rows):
    return rates_by(rows, lambda r, k: r["bots"][k])


def by_position(rows):
    return rates_by(rows, lambda r, k: k)


def by_faction(rows):
    return rates_by(rows, lambda r, k: (r.get("factions") or [None] * len(r["bots"]))[k])


def bot_faction(bot: str, faction: str) -> str:
    """The group name of a bot playing a faction, in `by_bot_faction` and its scores."""
    return f"{bot} / {faction}"


def by_bot_faction(rows: list[dict]) -> dict[str, dict]:
    """Win rates of each bot as each faction ("bot / faction"), for a run of more than one kind of
    bot with factions; else {}. A faction weak at a table of mixed bots only when one bot plays it
    says more about that bot than about the set (a search that misplays it)."""
    if len({b for r in rows for b in r["bots"]}) < 2:
        return {}

    def key(r: dict, k: int) -> str | None:
        faction = (r.get("factions") or [None] * len(r["bots"]))[k]
        return None if faction is None else bot_faction(r["bots"][k], faction)

    return rates_by(rows, key)


def summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    q = statistics.quantiles(values, n=10) if len(values) > 1 else [values[0]] * 9
    return {
        "n": len(values),
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "p10": q[0],
        "p90": q[-1],
        "min": min(values),
        "max": max(values),
    }


def card_stats(rows: list[dict], universe: list[str] | None = None) -> dict[str, dict]:
    """{card: {"plays", "by_winners", "games", "winner_share"}} (games: games where someone played it)."""
    plays: Counter = Counter()
    by_winners: Counter = Counter()
    games: Counter = Counter()
    for row in rows:
        winners = set(row.get("winners") or [])
        seen = set()
        for seat, counts in enumerate(row.get("plays") or []):
            for card, k in counts.items():
                plays[card] += k
                seen.add(card)
                if seat in winners:
                    by_winners[card] += k
        games.update(seen)
    cards = sorted(set(plays) | set(universe or []))
    return {
        c: {
            "plays": plays[c],
            "by_winners": by_winners[c],
            "games": games[c],
            "winner_share": by_winners[c] / plays[c] if plays[c] else None,
        }
        for c in cards
    }


def figures(rows: list[dict], universe: list[str] | None = None) -> dict:
    rows = sorted(rows, key=lambda r: r["index"])
    scores_by_bot: dict[str, list[float]] = defaultdict(list)
    scores_by_faction: dict[str, list[float]] = defaultdict(list)
    scores_by_bot_faction: dict[str, list[float]] = defaultdict(list)
    for row in rows:
        factions = row.get("factions") or []
        for k, s in enumerate(row.get("scores") or []):
            scores_by_bot[row["bots"][k]].append(s)
            if k < len(factions) and factions[k] is not None:
                scores_by_faction[factions[k]].append(s)
                scores_by_bot_faction[bot_faction(row["bots"][k], factions[k])].append(s)
    rates_by_bot_faction = by_bot_faction(rows)
    cards = card_stats(rows, universe)
    return {
        "games": len(rows),
        "seats": len(rows[0]["bots"]) if rows else 0,
        "by_bot": by_bot(rows),
        "by_position": by_position(rows),
        "by_faction": by_faction(rows),
        "by_bot_faction": rates_by_bot_faction,
        "elo": elo_ladder(rows),
        "scores": {b: summary(v) for b, v in sorted(scores_by_bot.items())},
        "scores_by_faction": {f: summary(v) for f, v in sorted(scores_by_faction.items())},
        "scores_by_bot_faction": {g: summary(scores_by_bot_faction[g]) for g in rates_by_bot_faction},
        "winning_score": summary([max(r["scores"]) for r in rows if r.get("scores")]),
        "decisions": summary([r["decisions"] for r in rows if r.get("decisions") is not None]),
        "stats": {
            name: summary([r["stats"][name] for r in rows if name in r.get("stats", {})])
            for name in sorted({k for r in rows for k in r.get("stats", {})})
        },
        "cards": cards,
        "never_played": [c for c, v in cards.items() if v["plays"] == 0],
    }


# ------------------------------------------------------------------- output
def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _rate_table(title: str, rates: dict[str, dict], label: str) -> list[str]:
    lines = [f"### {title}", "", f"| {label} | seats played | wins | win rate | 95% CI |", "| --- | ---: | ---: | ---: | --- |"]
    for g, r in rates.items():
        lines.append(f"| {g} | {r['n']} | {r['wins']:g} | {_pct(r['rate'])} | {_pct(r['low'])} – {_pct(r['high'])} |")
    return lines + [""]


# The cards chart shows at most this many bars: a full card set is a few hundred labels, ~4 ms of
# glyph rendering each (a second a run) and a chart too tall to read; report.md's table has them all.
CHART_MOST, CHART_LEAST = 40, 20


def charted_cards(cards: dict[str, dict]) -> list[str]:
    """The cards the chart shows, fewest plays first (the bottom bar is the least played): all of
    them, or the CHART_LEAST least and the CHART_MOST most played (ties broken by id)."""
    order = sorted(cards, key=lambda c: (cards[c]["plays"], c))
    if len(order) <= CHART_MOST + CHART_LEAST:
        return order
    return order[:CHART_LEAST] + order[-CHART_MOST:]


def _plots(fig: dict, rows: list[dict], out: Path) -> list[str]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    made = []
    n_seats = fig["seats"] or 1
    for name, key, label in (
        ("win_rate_by_bot.png", "by_bot", "bot"),
        ("win_rate_by_position.png", "by_position", "seat"),
        ("win_rate_by_faction.png", "by_faction", "faction"),
    ):
        rates = fig[key]
        if not rates:
            continue
        groups = list(rates)
        y = [100 * rates[g]["rate"] for g in groups]
        err = [
            [max(0.0, 100 * (rates[g]["rate"] - rates[g]["low"])) for g in groups],
            [max(0.0, 100 * (rates[g]["high"] - rates[g]["rate"])) for g in groups],
        ]
        f, ax = plt.subplots(figsize=(max(4, 1.2 * len(groups) + 2), 3.5))
        ax.bar(groups, y, yerr=err, capsize=4, color="#4c72b0")
        ax.axhline(100 / n_seats, color="grey", linestyle="--", linewidth=1, label=f"1/{n_seats}")
        ax.set_ylabel("win rate (%)")
        ax.set_xlabel(label)
        ax.set_title(f"Win rate by {label} (95% CI), {fig['games']} games")
        ax.legend()
        f.tight_layout()
        f.savefig(out / name, dpi=100)
        plt.close(f)
        made.append(name)
    scores: dict[str, list] = defaultdict(list)
    for row in rows:
        for k, s in enumerate(row.get("scores") or []):
            scores[row["bots"][k]].append(s)
    if scores:
        f, ax = plt.subplots(figsize=(6, 3.5))
        for b, v in sorted(scores.items()):
            ax.hist(v, bins=30, alpha=0.5, label=b)
        ax.set_xlabel("final score ($)")
        ax.set_ylabel("seats")
        ax.set_title("Score distribution by bot")
        ax.legend()
        f.tight_layout()
        f.savefig(out / "scores.png", dpi=100)
        plt.close(f)
        made.append("scores.png")
    if rows:
        f, ax = plt.subplots(figsize=(6, 3.5))
        ax.hist([r.get("decisions", 0) for r in rows], bins=30, color="#55a868")
        ax.set_xlabel("decisions per game")
        ax.set_ylabel("games")
        ax.set_title("Game length")
        f.tight_layout()
        f.savefig(out / "length.png", dpi=100)
        plt.close(f)
        made.append("length.png")
    cards = fig["cards"]
    if cards:
        order = charted_cards(cards)
        f, ax = plt.subplots(figsize=(7, max(3, 0.16 * len(order) + 1.2)))
        ax.barh(order, [cards[c]["plays"] for c in order], color="#c0c0c0", label="all plays")
        ax.barh(order, [cards[c]["by_winners"] for c in order], color="#dd8452", label="by the game's winner")
        ax.set_xlabel("times played")
        ax.tick_params(axis="y", labelsize=6)
        shown = (
            f"the {CHART_MOST} most and {CHART_LEAST} least played of {len(cards)}; every card in the table"
            if len(order) < len(cards)
            else f"all {len(cards)}"
        )
        ax.set_title(f"Cards played ({shown})", fontsize=9)
        ax.legend(loc="lower right")  # the least played, at the bottom, leave that corner empty
        f.tight_layout()
        f.savefig(out / "cards.png", dpi=100)
        plt.close(f)
        made.append("cards.png")
    return made


def read_run(folder: str | Path) -> tuple[list[dict], dict]:
    folder = Path(folder)
    config = json.loads((folder / CONFIG).read_text()) if (folder / CONFIG).exists() else {}
    return load_results(folder), config


def read_pieces(folders: list[Path]) -> tuple[list[dict], dict]:
    """The rows of several run folders that are pieces of one run (`volstead sim --first-game`
    ranges), in folder order, and the first folder's config. Refused (VolsteadError) unless every
    folder has results and the same game, seats, seed and options — the card set's folder included:
    the same ids in another folder may be other cards — and no game is in two folders."""
    from volstead.engine import VolsteadError

    rows: list[dict] = []
    first: tuple[Path, dict] | None = None
    seen: dict[int, Path] = {}
    for folder in folders:
        if not (folder / "results.jsonl").is_file():
            raise VolsteadError(f"{folder}: no results.jsonl (not a `volstead sim` run folder)")
        run_rows, config = read_run(folder)
        if first is None:
            first = folder, config
        for key in ("game", "seats", "seed", "options"):
            if config.get(key) != first[1].get(key):
                raise VolsteadError(
                    f"{first[0]} and {folder} are not pieces of one run: their {key} differ "
                    f"({first[1].get(key)!r} and {config.get(key)!r})"
                )
        for r in run_rows:  # a game in two folders would count twice
            if r["index"] in seen:
                raise VolsteadError(
                    f"game {r['index']} is in both {seen[r['index']]} and {folder}: "
                    f"pool runs made as separate ranges (--first-game)"
                )
            seen[r["index"]] = folder
        rows += run_rows
    return rows, first[1] if first else {}


# ------------------------------------------------------- the game's own figures
def _run_game(config: dict) -> Game:
    from volstead.games import get_game

    try:
        return get_game(config["game"])
    except KeyError as e:
        raise VolsteadError(f"the run's game: {e.args[0]}") from None


def run_cards(config: dict) -> list[str]:
    """The card ids a run played with: its sim.json's (written when it started), else the game's
    card set under the run's options now ([] for a folder that names no game)."""
    if config.get("cards"):
        return list(config["cards"])
    if not config.get("game"):
        return []
    game = _run_game(config)
    return list(game.card_ids(game.options_from_json(config.get("options") or {})))


def game_sections(config: dict, rows: list[dict], folders: list[Path]) -> list[ReportSection]:
    """The reported game's `report_sections` over these rows, its finals replayed from the
    folders' records when it reads them; [] for a folder that names no game. VolsteadError
    (RecordError for a record that no longer replays) otherwise."""
    from .records import replayed_finals

    if not config.get("game"):
        return []
    game = _run_game(config)
    return list(game.report_sections(rows, run_cards(config), replayed_finals(game, folders)))


def rate_text(wins: float, n: int) -> str:
    """A rate with its 95 % Wilson interval and its number of trials: "25.0% (4.6–69.9%) of 4"."""
    if n <= 0:
        return "— of 0"
    low, high = wilson(wins, n)
    return f"{100 * wins / n:.1f}% ({100 * low:.1f}–{100 * high:.1f}%) of {n}"


def section_text(section: ReportSection) -> list[str]:
    """A game's report section as text lines: its rates (with their intervals), then its lines."""
    return [f"{label}: {rate_text(wins, n)}" for label, wins, n in section.rates] + list(section.lines)


def section_json(section: ReportSection) -> dict[str, Any]:
    return {
        "title": section.title,
        "rates": {label: {"wins": w, "n": n, "rate": w / n if n else None} for label, w, n in section.rates},
        "lines": list(section.lines),
        "figures": section.figures,
    }


def _section_markdown(section: ReportSection) -> list[str]:
    lines = [f"### {section.title}", ""]
    if section.rates:
        lines += ["| | trials | successes | rate | 95% CI |", "| --- | ---: | ---: | ---: | --- |"]
        for label, w, n in section.rates:
            low, high = wilson(w, n)
            lines.append(f"| {label} | {n} | {w:g} | {_pct(w / n if n else None)} | {_pct(low)} – {_pct(high)} |")
        lines.append("")
    if section.lines:
        lines += [f"- {line}" for line in section.lines] + [""]
    return lines


def balance_text(fig: dict, config: dict, sections: list[ReportSection]) -> list[str]:
    """The balance figures of `volstead balance`, as text: win rates (95 % intervals) by faction
    with the mean score, by seat position and by bot, the mean of each figure per game, the cards
    never played, then the game's own sections."""
    out = [
        f"{fig['games']} games of {config.get('game', '?')}, seats {', '.join(config.get('seats', []))} (rotated), "
        f"seed {config.get('seed')}, options {json.dumps(config.get('options', {}))}"
    ]
    if fig["by_faction"]:
        out.append("win rate by faction, mean score:")
        for g, r in fig["by_faction"].items():
            score = fig["scores_by_faction"].get(g, {})
            out.append(f"  {g}: {rate_text(r['wins'], r['n'])}" + (f", mean score {score['mean']:.1f}" if score.get("n") else ""))
    out.append("win rate by seat position:")
    out += [f"  seat {g}: {rate_text(r['wins'], r['n'])}" for g, r in fig["by_position"].items()]
    out.append("win rate by bot:")
    out += [f"  {g}: {rate_text(r['wins'], r['n'])}" for g, r in fig["by_bot"].items()]
    if fig.get("by_bot_faction"):
        out.append("win rate by bot and faction, mean score:")
        for g, r in fig["by_bot_faction"].items():
            score = fig["scores_by_bot_faction"].get(g, {})
            out.append(f"  {g}: {rate_text(r['wins'], r['n'])}" + (f", mean score {score['mean']:.1f}" if score.get("n") else ""))
    means = [("decisions", fig["decisions"]), *fig["stats"].items()]
    shown = [f"{name} {t['mean']:.1f}" for name, t in means if t.get("n")]
    if shown:
        out.append("mean per game: " + ", ".join(shown))
    never = fig["never_played"]
    if fig["cards"]:
        out.append(f"cards never played: {len(never)} of {len(fig['cards'])}" + (f" ({', '.join(never)})" if never else ""))
    for section in sections:
        out += ["", f"{section.title}:", *(f"  {line}" for line in section_text(section))]
    return out


def write_report(folder: str | Path, plots: bool = True) -> Path:
    """Write report.md (+ PNG plots and figures.json) into a run's folder; return the report's path."""
    folder = Path(folder)
    rows, config = read_run(folder)
    fig = figures(rows, config.get("cards"))
    try:
        sections, sections_error = game_sections(config, rows, [folder]), ""
    except VolsteadError as e:  # the report is written all the same, without them
        sections, sections_error = [], str(e)
    fig["game_sections"] = [section_json(x) for x in sections]
    fig["play"] = play_figures(rows)
    (folder / "figures.json").write_text(json.dumps(fig, indent=1) + "\n")
    made = _plots(fig, rows, folder) if plots and rows else []
    lines = [
        f"# Simulation report: {config.get('game', '?')}",
        "",
        f"{fig['games']} games, seats {', '.join(config.get('seats', []))} (rotated), seed {config.get('seed')}, "
        f"options {json.dumps(config.get('options', {}))}.",
        "",
    ]
    automa = [r["automa"] for r in rows if "automa" in r]
    if automa:
        won = sum(1 for a in automa if a["won"])
        mean = sum(a["scores"][0] for a in automa) / len(automa)
        lines += [
            f"Against the game's automa (solo): the bots' wins below are games won against it; "
            f"it won {won} of {len(automa)} games, mean score {mean:.1f}.",
            "",
        ]
    lines += ["## Elo ladder", "", ladder_text(fig["elo"]), "", "## Win rates", ""]
    lines += _rate_table("By bot", fig["by_bot"], "bot")
    lines += _rate_table("By seat position (0 = first player)", fig["by_position"], "seat")
    lines += _rate_table("By faction", fig["by_faction"], "faction")
    if fig["by_bot_faction"]:
        lines += [
            "A faction that only one bot plays badly says more about that bot than about the set:",
            "",
            *_rate_table("By bot and faction", fig["by_bot_faction"], "bot / faction"),
        ]
    for png in ("win_rate_by_bot.png", "win_rate_by_position.png", "win_rate_by_faction.png"):
        if png in made:
            lines += [f"![{png}]({png})", ""]
    lines += [
        "## Scores",
        "",
        "| bot | seats | mean | median | p10 | p90 | min | max |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for b, s in fig["scores"].items():
        if s["n"]:
            lines.append(
                f"| {b} | {s['n']} | {s['mean']:.1f} | {s['median']:g} | {s['p10']:.1f} | {s['p90']:.1f} "
                f"| {s['min']} | {s['max']} |"
            )
    if fig["scores_by_faction"]:
        lines += [
            "",
            "| faction | seats | mean | median | p10 | p90 | min | max |",
            "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ]
        for g, s in fig["scores_by_faction"].items():
            lines.append(
                f"| {g} | {s['n']} | {s['mean']:.1f} | {s['median']:g} | {s['p10']:.1f} | {s['p90']:.1f} "
                f"| {s['min']} | {s['max']} |"
            )
    w = fig["winning_score"]
    if w["n"]:
        lines += ["", f"Winning score: mean {w['mean']:.1f}, median {w['median']:g}."]
    if "scores.png" in made:
        lines += ["", "![scores](scores.png)"]
    d = fig["decisions"]
    lines += ["", "## Game length", ""]
    if d["n"]:
        lines.append(f"Decisions per game: mean {d['mean']:.1f}, median {d['median']:g}, p10 {d['p10']:.0f}, p90 {d['p90']:.0f}.")
    for name, t in fig["stats"].items():
        if t.get("n"):
            lines.append(f"{name.capitalize()} per game: mean {t['mean']:.1f}, median {t['median']:g}.")
    if "length.png" in made:
        lines += ["", "![length](length.png)"]
    lines += [
        "",
        "## Cards",
        "",
        f"Never played: {', '.join(fig['never_played']) or 'none'}.",
        "",
        "| card | plays | plays by the winner | winner share | games played in |",
        "| --- | ---: | ---: | ---: | ---: |",
    ]
    for c, v in sorted(fig["cards"].items(), key=lambda kv: -kv[1]["plays"]):
        lines.append(f"| {c} | {v['plays']} | {v['by_winners']} | {_pct(v['winner_share'])} | {v['games']} |")
    if "cards.png" in made:
        lines += ["", "![cards](cards.png)"]
    play_lines = play_markdown(fig["play"])
    if play_lines:
        lines += ["", *play_lines]
        if plots and play_chart(fig["play"], folder / "play.png"):
            lines += ["![how the bots played](play.png)", ""]
    if sections or sections_error:
        lines += ["", "## The game's own figures", ""]
        if sections_error:
            lines += [f"Not computed: {sections_error}", ""]
        for section in sections:
            lines += _section_markdown(section)
    path = folder / "report.md"
    path.write_text("\n".join(lines).rstrip("\n") + "\n")
    return path
