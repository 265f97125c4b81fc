"""Scarface 1920's components as tables for `volstead cards` (the `card_tables` hook).

Everything shown comes from the validated content (`default_content(variant, cards)`),
so what is printed is exactly what the rules play with.
"""

from __future__ import annotations

from collections.abc import Callable

from volstead.engine.contract import CardTable

from .content.loader import default_content
from .options import Options as ScarfaceOptions

DECKS = ("associates", "gang_members", "jobs", "dealers", "raids", "news", "neighborhoods", "gangs")
BANDS = ("Crime 1–4", "Crime 5–6", "Crime 7–8", "Crime 9–11")
NARROW = frozenset(
    {
        "id",
        "stars",
        "M/I",
        "copies",
        "storage",
        "thug limit",
        "$/good",
        "role",
        "type",
        "crime",
        "gang",
        "stat",
        "values L1/L2/L3",
        "to level 2",
        "to level 3",
    }
)


# ----------------------------------------------------------------- formatting
def _eff(e) -> str:
    return "" if e is None else e.text


def _match(m) -> str:
    return "" if m is None else f"[{' or '.join(m.requires)}] {m.text}"


def _mods(mods: dict) -> str:
    return ", ".join(f"{k} {v:+d}" for k, v in mods.items())


def _requirement(r) -> str:
    stars = ""
    if r.what == "associate" and (r.min_stars, r.max_stars) != (1, 5):
        stars = f" {r.min_stars}–{r.max_stars}★"
    return f"{r.kind} {r.n} {r.what}{stars}"


def _requires(job) -> str:
    return "\nOR ".join(" + ".join(_requirement(r) for r in alt) for alt in job.requires)


def _goods(alcohol: int, guns: int) -> str:
    parts = ([f"{alcohol} alcohol"] if alcohol else []) + ([f"{guns} gun{'s' if guns > 1 else ''}"] if guns else [])
    return " + ".join(parts) or "—"


def _side(side) -> str:
    return f"def {side.defense}: {_goods(side.alcohol, side.guns)} → ${side.price}"


# ----------------------------------------------------------------- one table per deck
# Each builder returns (title, columns, rows); a row is (cells, searchable text).
Row = tuple[list[str], str]


def _associates(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for card in c.cards:
        if not getattr(card, "stars", 0):
            continue
        cells = [
            card.id,
            card.name,
            card.crime,
            "★" * card.stars,
            f"{card.muscle}/{card.influence}",
            _eff(card.skill),
            _match(card.matching),
            _eff(card.end_bonus),
        ]
        rows.append((cells, " ".join(cells)))
    rows.sort(key=lambda r: (r[0][2], len(r[0][3]), r[0][1]))
    return "Associates", ["id", "name", "crime", "stars", "M/I", "skill", "matching skill", "game end"], rows


def _gang_members(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for i, card in enumerate(c.cards):
        if c.card_gang[i] < 0:
            continue
        gang = c.gangs[c.card_gang[i]]
        mi = "board" if card.role == "boss" else f"{card.muscle}/{card.influence}"
        cells = [
            card.id,
            card.name,
            gang.name,
            card.role.replace("_", "-"),
            card.crime or "—",
            mi,
            str(card.count),
            "yes" if card.in_wip else "no",
            _eff(card.skill),
            _match(card.matching),
        ]
        rows.append((cells, " ".join(cells)))
    return "Gang members", ["id", "name", "gang", "role", "crime", "M/I", "copies", "in WIP", "skill", "matching skill"], rows


def _jobs(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for j in c.jobs:
        cells = [
            j.id,
            j.name,
            j.type,
            str(j.count),
            "yes" if j.multiplayer_only else "",
            f"{j.requires_text}\n{_requires(j)}",
            _eff(j.effect),
            f"{j.text}\n{_mods(j.modifiers)}".strip(),
            _eff(j.activate),
        ]
        rows.append((cells, " ".join(cells)))
    return (
        "Jobs",
        ["id", "name", "type", "copies", "multi only", "requirements", "effect", "modifiers", "activate (once a turn)"],
        rows,
    )


def _dealers(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for d in c.dealers:
        need = (
            " + ".join(
                x
                for x in (
                    f"{d.muscle} M" if d.muscle else "",
                    f"{d.influence} I" if d.influence else "",
                    f"{d.either} M or I" if d.either else "",
                )
                if x
            )
            or "—"
        )
        cells = [
            d.id,
            d.name,
            f"basic {d.basic}" if d.basic else "deck",
            str(d.count),
            need,
            _goods(d.alcohol, d.guns),
            str(d.storage),
            str(d.thug_limit),
            d.text,
        ]
        rows.append((cells, " ".join(cells)))
    return "Dealers", ["id", "name", "kind", "copies", "needs", "supplies", "storage", "thug limit", "text"], rows


def _raids(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for r in c.raids:
        reduction = "Lawyers" if r.reduction == "lawyers" else str(r.reduction)
        cells = [
            r.id,
            r.name,
            str(r.count),
            "yes" if r.multiplayer_only else "",
            r.overall.text,
            *(b.text for b in r.bands),
            reduction,
        ]
        rows.append((cells, " ".join(cells)))
    return "Raids", ["id", "name", "copies", "multi only", "overall", *BANDS, "then −Crime"], rows


def _news(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for n in c.news:
        cells = [n.id, n.name, n.role, "yes" if n.multiplayer_only else "", n.text, _mods(n.modifiers)]
        rows.append((cells, " ".join(cells)))
    return "News", ["id", "name", "role", "multi only", "text", "modifiers"], rows


def _neighborhoods(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for t in c.tiles:
        cells = [
            t.id,
            t.name,
            _side(t.day),
            f"${t.day.price / (t.day.alcohol + t.day.guns):.1f}",
            _side(t.night),
            f"${t.night.price / (t.night.alcohol + t.night.guns):.1f}",
        ]
        rows.append((cells, " ".join(cells)))
    return "Neighborhoods", ["id", "name", "day side", "$/good", "night side (Nightclub)", "$/good"], rows


def _gangs(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for g in c.gangs:
        boss_rows = " → ".join(f"{r.muscle}/{r.influence}" for r in g.boss_rows)
        money = sum(b.money for b in g.boss_track)
        rh = ",".join(str(i + 1) for i, b in enumerate(g.boss_track) if b.right_hand)
        skills = "\n".join(f"{i + 1}. {s.text}" for i, s in enumerate(g.boss_skills))
        cells = [g.id, g.name, g.boss, g.color, boss_rows, f"${money}; Right-hands at boxes {rh}", skills, g.focus]
        rows.append((cells, " ".join(cells)))
    return "Gangs", ["id", "name", "boss", "color", "Boss M/I rows", "Boss track", "Boss skills", "focus"], rows


def _upgrade(u) -> str:
    need = " ".join(x for x in (f"{u.muscle}M" if u.muscle else "", f"{u.influence}I" if u.influence else "") if x)
    return f"${u.cost}, {need or 'nothing'}, Crime +{u.crime}"


def _upgrades(c) -> tuple[str, list[str], list[Row]]:
    """Gang stats: value per level and what each upgrade costs (money, Plan, Crime Rate)."""
    rows = []
    for g in c.gangs:
        for name, st in g.stats.items():
            cells = [g.id, name, "/".join(map(str, st.values)), _upgrade(st.upgrades[0]), _upgrade(st.upgrades[1])]
            rows.append((cells, " ".join(cells)))
    return "Gang upgrades", ["gang", "stat", "values L1/L2/L3", "to level 2", "to level 3"], rows


BUILDERS: dict[str, Callable] = {
    "associates": _associates,
    "gang_members": _gang_members,
    "jobs": _jobs,
    "dealers": _dealers,
    "raids": _raids,
    "news": _news,
    "neighborhoods": _neighborhoods,
    "gangs": _gangs,
}


def deck_rows(content, deck: str, search: str | None = None) -> tuple[str, list[str], list[list[str]]]:
    """The title, column names and (filtered) rows of one deck."""
    title, columns, rows = BUILDERS[deck](content)
    if search:
        needle = search.lower()
        rows = [r for r in rows if needle in r[1].lower()]
    return title, columns, [cells for cells, _ in rows]


def copies(content, deck: str) -> int:
    """Cards in the deck counting copies (what the published component list counts)."""
    c = content
    if deck == "associates":
        return sum(1 for x in c.card_stars if x)
    if deck == "gang_members":
        return sum(card.count for i, card in enumerate(c.cards) if c.card_gang[i] >= 0)
    items = {"jobs": c.jobs, "dealers": c.dealers, "raids": c.raids, "news": c.news, "neighborhoods": c.tiles, "gangs": c.gangs}[
        deck
    ]
    return sum(getattr(x, "count", 1) for x in items)


def card_tables(options: ScarfaceOptions | None = None) -> list[CardTable]:
    """One table per deck, in the order of DECKS (the gangs' upgrades follow the gangs)."""
    o = options or ScarfaceOptions()
    content = default_content(o.variant, o.cards)
    tables = []
    for deck in DECKS:
        title, columns, rows = BUILDERS[deck](content)
        tables.append(
            CardTable(deck, title, tuple(columns), tuple(tuple(cells) for cells, _ in rows), copies(content, deck), NARROW)
        )
        if deck == "gangs":
            title, columns, rows = _upgrades(content)
            tables.append(CardTable(deck, title, tuple(columns), tuple(tuple(cells) for cells, _ in rows), 0, NARROW))
    return tables
