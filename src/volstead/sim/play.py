"""How the bots played (issue 34, item 1): from each result row's per-seat counts of decision kinds
(`kinds`: the decisions a seat took with a choice) and of the game's notes on its choices (`notes`,
`Game.play_note`: a long shot, a gain left on the table), the mix by bot and by faction, and what
winners did against losers. A designer sees a degenerate strategy at a glance: one kind that fills
the mix, a note that a bot earns every game.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from typing import Any

TOP_KINDS = 10  # kinds a table and the chart show by name; the rest are "other"


def _groups(rows: Iterable[dict], key: Callable[[dict, int], str | None]) -> dict[str, dict[str, Any]]:
    """Per group (key(row, seat)): seats counted, decisions, kind counts, note counts."""
    out: dict[str, dict[str, Any]] = defaultdict(lambda: {"seats": 0, "decisions": 0, "kinds": Counter(), "notes": Counter()})
    for row in rows:
        kinds, notes = row.get("kinds"), row.get("notes") or []
        if kinds is None:  # a run made before the counts were kept
            continue
        for seat, counted in enumerate(kinds):
            g = key(row, seat)
            if g is None:
                continue
            o = out[g]
            o["seats"] += 1
            o["decisions"] += sum(counted.values())
            o["kinds"].update(counted)
            if seat < len(notes):
                o["notes"].update(notes[seat])
    return out


def _shape(groups: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each group's decisions a game, its kinds as shares of its decisions, its notes a game."""
    shaped = {}
    for g in sorted(groups, key=str):
        o = groups[g]
        decisions, seats = o["decisions"], o["seats"]
        shaped[g] = {
            "seats": seats,
            "decisions_per_game": decisions / seats if seats else 0.0,
            "kind_shares": {k: c / decisions for k, c in o["kinds"].most_common()} if decisions else {},
            "notes_per_game": {k: c / seats for k, c in sorted(o["notes"].items())} if seats else {},
        }
    return shaped


def play_figures(rows: list[dict]) -> dict[str, Any]:
    """{"by_bot", "by_faction", "winners", "losers"}: each group's decisions a game, kind shares and
    notes a game; empty groups if the rows carry no counts. A seat with a share of a win counts as a
    winner."""
    rows = list(rows)

    def faction(row: dict, seat: int) -> str | None:
        factions = row.get("factions") or []
        return factions[seat] if seat < len(factions) else None

    by_outcome = _groups(rows, lambda r, k: "winners" if k in (r.get("winners") or ()) else "losers")
    return {
        "by_bot": _shape(_groups(rows, lambda r, k: r["bots"][k])),
        "by_faction": _shape(_groups(rows, faction)),
        **_shape(by_outcome),
    }


def top_kinds(figs: dict[str, Any]) -> list[str]:
    """The kinds the tables and chart name: the most common over every bot, at most TOP_KINDS."""
    total: Counter = Counter()
    for g in figs["by_bot"].values():
        for k, share in g["kind_shares"].items():
            total[k] += share
    return [k for k, _ in total.most_common(TOP_KINDS)]


def family(note: str) -> str | None:
    """A note's family: "placement" for "placement: attack" (a game's menu choices), None for a
    note on its own ("seize declined")."""
    head, sep, _ = note.partition(": ")
    return head if sep else None


def family_shares(notes_per_game: dict[str, float]) -> dict[str, float]:
    """Each family note's share of its family ("placement: attack": 46 % of the placements)."""
    totals: dict[str, float] = defaultdict(float)
    for note, n in notes_per_game.items():
        f = family(note)
        if f is not None:
            totals[f] += n
    return {note: n / totals[f] for note, n in notes_per_game.items() if (f := family(note)) is not None and totals[f]}


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if x >= 0.005 else ("<1%" if x > 0 else "–")


def _parts(figs: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    parts = [("bot", figs["by_bot"]), ("faction", figs["by_faction"])]
    outcome: dict[str, Any] = {k: figs[k] for k in ("winners", "losers") if k in figs}
    return [*parts, ("winners and losers", outcome)] if outcome else parts


def play_markdown(figs: dict[str, Any]) -> list[str]:
    """report.md's section: by bot, by faction, winners against losers — the game's notes a game
    (a menu choice's share of its menu beside it), then the decision kinds as shares."""
    if not figs["by_bot"]:
        return []
    kinds = top_kinds(figs)
    notes = sorted({n for _, part in _parts(figs) for g in part.values() for n in g["notes_per_game"]})
    lines = [
        "## How the bots played",
        "",
        "What each seat did, a game: the game's notes on its choices (`Game.play_note`: a menu choice such as "
        "`placement: attack`, with its share of that menu; a long shot; a gain left on the table), then the "
        "decisions it took with a choice by kind, as shares (forced ones are no play). One choice that fills "
        "a bot's menu, or a note it earns every game, is a strategy to look at.",
    ]
    for label, part in _parts(figs):
        if not part:
            continue
        groups = list(part)
        head = "| " + " | ".join([label, *groups]) + " |"
        rule = "| --- |" + " ---: |" * len(groups)
        lines += ["", f"### By {label}", "", head, rule]
        lines.append("| seats | " + " | ".join(str(part[g]["seats"]) for g in groups) + " |")
        lines.append("| decisions a game | " + " | ".join(f"{part[g]['decisions_per_game']:.1f}" for g in groups) + " |")
        shares = {g: family_shares(part[g]["notes_per_game"]) for g in groups}
        for n in notes:
            cells = []
            for g in groups:
                v = part[g]["notes_per_game"].get(n, 0.0)
                cells.append(f"{v:.2f}" + (f" ({_pct(shares[g][n])})" if n in shares[g] else ""))
            lines.append(f"| {n} | " + " | ".join(cells) + " |")
        for k in kinds:
            lines.append(f"| kind {k} | " + " | ".join(_pct(part[g]["kind_shares"].get(k, 0.0)) for g in groups) + " |")
    return lines + [""]


def chart_family(figs: dict[str, Any]) -> str | None:
    """The family of notes the chart shows: the one noted most often over every bot (a game's main
    menu: placements, moves, actions); None if the game notes no family."""
    total: Counter = Counter()
    for g in figs["by_bot"].values():
        for note, n in g["notes_per_game"].items():
            if (f := family(note)) is not None:
                total[f] += n
    return total.most_common(1)[0][0] if total else None


def play_chart(figs: dict[str, Any], path) -> bool:
    """A stacked bar a bot and a faction (and winners, losers): the shares of the game's main menu
    (`chart_family`), or else of the decision kinds. False if nothing to draw."""
    bars = [(f"{g} (bot)", o) for g, o in figs["by_bot"].items()] + list(figs["by_faction"].items())
    bars += [(k, figs[k]) for k in ("winners", "losers") if k in figs]
    if not bars:
        return False
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fam = chart_family(figs)
    if fam is not None:
        share_of = [family_shares(o["notes_per_game"]) for _, o in bars]
        total: Counter = Counter()
        for shares in share_of:
            total.update(shares)
        names = [n for n, _ in total.most_common(TOP_KINDS)]
        segments = [n.partition(": ")[2] for n in names]
        title, xlabel = f"How each bot and faction played: its {fam}s", f"share of its {fam}s (%)"
    else:
        share_of = [o["kind_shares"] for _, o in bars]
        names = top_kinds(figs)
        segments = names
        title, xlabel = "How each bot and faction played: decisions by kind", "share of the decisions taken with a choice (%)"
    f, ax = plt.subplots(figsize=(8, 0.42 * len(bars) + 2.0))
    labels = [b for b, _ in bars][::-1]
    left = [0.0] * len(bars)
    palette = plt.get_cmap("tab20")
    colors = [palette(i / 20) for i in range(20)]
    for i, (name, segment) in enumerate([*zip(names, segments), ("", "other")]):
        widths = []
        for shares in share_of[::-1]:
            value = shares.get(name, 0.0) if name else max(0.0, 1 - sum(shares.get(n, 0.0) for n in names))
            widths.append(100 * value)
        ax.barh(labels, widths, left=left, color=colors[i % len(colors)], label=segment)
        left = [a + b for a, b in zip(left, widths)]
    ax.set_xlim(0, 100)
    ax.set_xlabel(xlabel)
    ax.set_title(title)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=4, fontsize=7, frameon=False)
    f.tight_layout()
    f.savefig(path, dpi=100, bbox_inches="tight")
    plt.close(f)
    return True
