"""`volstead cards`: browse a game's card set as tables a designer can read.

Everything shown comes from the validated content (`default_content(variant)`),
so what is printed is exactly what the rules play with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

DECKS = ("associates", "gang_members", "jobs", "dealers", "raids", "news", "neighborhoods", "gangs")
GAMES = ("scarface1920",)
BANDS = ("Crime 1–4", "Crime 5–6", "Crime 7–8", "Crime 9–11")


def _console(stderr: bool = False) -> Console:
    """The terminal's width on a terminal; 200 columns when piped (so nothing is cut)."""
    c = Console(highlight=False, stderr=stderr)
    if not c.is_terminal:
        c = Console(highlight=False, stderr=stderr, width=200)
    return c


def _fail(message: str, code: int = 2) -> typer.Exit:
    _console(stderr=True).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)


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
        cells = [card.id, card.name, card.crime, "★" * card.stars, f"{card.muscle}/{card.influence}",
                 _eff(card.skill), _match(card.matching), _eff(card.end_bonus)]
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
        cells = [card.id, card.name, gang.name, card.role.replace("_", "-"), card.crime or "—", mi,
                 str(card.count), "yes" if card.in_wip else "no", _eff(card.skill), _match(card.matching)]
        rows.append((cells, " ".join(cells)))
    return "Gang members", ["id", "name", "gang", "role", "crime", "M/I", "copies", "in WIP", "skill", "matching skill"], rows


def _jobs(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for j in c.jobs:
        cells = [j.id, j.name, j.type, str(j.count), "yes" if j.multiplayer_only else "",
                 f"{j.requires_text}\n{_requires(j)}", _eff(j.effect), _mods(j.modifiers)]
        rows.append((cells, " ".join(cells)))
    return "Jobs", ["id", "name", "type", "copies", "multi only", "requirements", "effect", "modifiers"], rows


def _dealers(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for d in c.dealers:
        need = " + ".join(x for x in (f"{d.muscle} M" if d.muscle else "", f"{d.influence} I" if d.influence else "",
                                      f"{d.either} M or I" if d.either else "") if x) or "—"
        cells = [d.id, d.name, f"basic {d.basic}" if d.basic else "deck", str(d.count), need,
                 _goods(d.alcohol, d.guns), str(d.storage), str(d.thug_limit), d.text]
        rows.append((cells, " ".join(cells)))
    return "Dealers", ["id", "name", "kind", "copies", "needs", "supplies", "storage", "thug limit", "text"], rows


def _raids(c) -> tuple[str, list[str], list[Row]]:
    rows = []
    for r in c.raids:
        reduction = "Lawyers" if r.reduction == "lawyers" else str(r.reduction)
        cells = [r.id, r.name, str(r.count), "yes" if r.multiplayer_only else "", r.overall.text,
                 *(b.text for b in r.bands), reduction]
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
        cells = [t.id, t.name, _side(t.day), f"${t.day.price / (t.day.alcohol + t.day.guns):.1f}",
                 _side(t.night), f"${t.night.price / (t.night.alcohol + t.night.guns):.1f}"]
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


def upgrades_table(content, gang_ids: list[str]) -> Table:
    """Gang stats: value per level and what each upgrade costs (money, Plan, Crime Rate)."""
    table = Table(title="Gang upgrades", box=box.SIMPLE_HEAVY, title_justify="left", header_style="bold cyan")
    for name in ("gang", "stat", "values L1/L2/L3", "to level 2", "to level 3"):
        table.add_column(name, no_wrap=True)
    for g in content.gangs:
        if g.id not in gang_ids:
            continue
        for name, st in g.stats.items():
            table.add_row(g.id, name, "/".join(map(str, st.values)), _upgrade(st.upgrades[0]), _upgrade(st.upgrades[1]))
    return table


BUILDERS: dict[str, Callable] = {
    "associates": _associates, "gang_members": _gang_members, "jobs": _jobs, "dealers": _dealers,
    "raids": _raids, "news": _news, "neighborhoods": _neighborhoods, "gangs": _gangs,
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
    items = {"jobs": c.jobs, "dealers": c.dealers, "raids": c.raids, "news": c.news, "neighborhoods": c.tiles,
             "gangs": c.gangs}[deck]
    return sum(getattr(x, "count", 1) for x in items)


def deck_table(title: str, columns: list[str], rows: list[list[str]], total: int, cards: int | None = None) -> Table:
    shown = f"{len(rows)} of {total}" if len(rows) != total else str(total)
    with_copies = f", {cards} cards counting copies" if cards is not None and cards != total else ""
    table = Table(title=f"{title} ({shown} entries{with_copies})", box=box.SIMPLE_HEAVY, show_lines=True, title_justify="left",
                  header_style="bold cyan")
    for name in columns:
        short = name in ("id", "stars", "M/I", "copies", "storage", "thug limit", "$/good", "role", "type", "crime")
        table.add_column(name, no_wrap=short, style="bold" if name == "name" else None, overflow="fold")
    for cells in rows:
        table.add_row(*(Text(x) for x in cells))
    return table


# ----------------------------------------------------------------- the command
def cards(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game whose cards to show (scarface1920).")],
    deck: Annotated[str | None, typer.Option("--deck", help=f"Only this deck: {', '.join(DECKS)}.")] = None,
    search: Annotated[str | None, typer.Option("--search", help="Only cards whose name, id or texts contain this "
                                                                 "(case-insensitive).")] = None,
    variant: Annotated[str, typer.Option("--variant", help="Card set variant: published or rulebook-wip.")] = "published",
) -> None:
    """Show a game's cards as tables (stars, Muscle/Influence, skills, requirements, goods...)."""
    if game_name not in GAMES:
        raise _fail(f"unknown game {game_name!r}; games with cards: {', '.join(GAMES)}")
    from volstead.engine.errors import ContentError
    from volstead.games.scarface1920.content.loader import VARIANTS, default_content

    if deck is not None and deck not in DECKS:
        raise _fail(f"unknown deck {deck!r}; choose one of: {', '.join(DECKS)}")
    if variant not in VARIANTS:
        raise _fail(f"unknown variant {variant!r}; choose one of: {', '.join(VARIANTS)}")
    try:
        content = default_content(variant)
    except ContentError as e:
        raise _fail(f"the card set does not load: {e}", code=1) from None

    console = _console()
    found = 0
    for name in (deck,) if deck else DECKS:
        title, columns, rows = deck_rows(content, name, search)
        if not rows:
            continue
        found += len(rows)
        total = len(BUILDERS[name](content)[2])
        console.print(deck_table(title, columns, rows, total, copies(content, name)))
        if name == "gangs":
            console.print(upgrades_table(content, [r[0] for r in rows]))
    if not found:
        where = f"the {deck} deck" if deck else "any deck"
        console.print(Text(f"No card in {where} matches {search!r} ({variant} set).", style="yellow"))
        return
    if search:
        console.print(Text(f"{found} entr{'y' if found == 1 else 'ies'} match {search!r}.", style="dim"))
