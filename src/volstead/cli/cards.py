"""`volstead cards GAME`: a game's components as tables a designer can read.

The tables come from the game (`Game.card_tables(options)`, one `CardTable` per deck), so
what is printed is exactly what the rules play with; this module only filters and draws them.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from volstead.engine.contract import CardTable
from volstead.engine.errors import ContentError

from .common import load_game
from .game_options import options_from_args


def _console(stderr: bool = False) -> Console:
    """The terminal's width on a terminal; 200 columns when piped (so nothing is cut)."""
    c = Console(highlight=False, stderr=stderr)
    if not c.is_terminal:
        c = Console(highlight=False, stderr=stderr, width=200)
    return c


def _fail(message: str, code: int = 2) -> typer.Exit:
    _console(stderr=True).print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)


def matching_rows(table: CardTable, search: str | None) -> list[tuple[str, ...]]:
    """The rows of `table` whose cells contain `search` (case-insensitive); all without a search."""
    if not search:
        return list(table.rows)
    needle = search.lower()
    return [r for r in table.rows if needle in " ".join(r).lower()]


def deck_table(table: CardTable, rows: list[tuple[str, ...]]) -> Table:
    entries = len(table.rows)
    shown = f"{len(rows)} of {entries}" if len(rows) != entries else str(entries)
    with_copies = f", {table.total} cards counting copies" if table.total and table.total != entries else ""
    out = Table(
        title=f"{table.title} ({shown} entries{with_copies})",
        box=box.SIMPLE_HEAVY,
        show_lines=True,
        title_justify="left",
        header_style="bold cyan",
    )
    for name in table.columns:
        out.add_column(name, no_wrap=name in table.narrow, style="bold" if name == "name" else None, overflow="fold")
    for cells in rows:
        out.add_row(*(Text(x) for x in cells))
    return out


def cards(
    ctx: typer.Context,
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game whose cards to show (see `volstead games`).")],
    deck: Annotated[str | None, typer.Option("--deck", help="Only this deck (the game's deck names).")] = None,
    search: Annotated[
        str | None, typer.Option("--search", help="Only cards whose name, id or texts contain this (case-insensitive).")
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (e.g. -o variant=NAME).")
    ] = None,
) -> None:
    """Show a game's cards as tables (each deck with every printed value and text).

    Game options: -o key=value, or the flags `volstead games` lists."""
    game = load_game(game_name)
    options = options_from_args(game, option, list(ctx.args))
    try:
        tables = game.card_tables(options)
    except ContentError as e:
        raise _fail(f"the card set does not load: {e}", code=1) from None
    if not tables:
        raise _fail(f"{game.title} has no cards to show")
    decks = list(dict.fromkeys(t.deck for t in tables))
    if deck is not None and deck not in decks:
        raise _fail(f"unknown deck {deck!r}; choose one of: {', '.join(decks)}")
    console = _console()
    found = 0
    for table in tables:
        if deck is not None and table.deck != deck:
            continue
        rows = matching_rows(table, search)
        if not rows:
            continue
        if table.deck not in {t.deck for t in tables[: tables.index(table)]}:
            found += len(rows)  # a deck's extra tables (e.g. upgrades) do not count as more matches
        console.print(deck_table(table, rows))
    if not found:
        where = f"the {deck} deck" if deck else "any deck"
        console.print(Text(f"No card in {where} matches {search!r}.", style="yellow"))
        return
    if search:
        console.print(Text(f"{found} entr{'y' if found == 1 else 'ies'} match {search!r}.", style="dim"))
