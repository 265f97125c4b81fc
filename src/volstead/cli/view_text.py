"""Terminal rendering of any game's view (a JSON-ready dict) and of a game's result.

A game may draw its own picture (`Game.render_text`); otherwise dicts become key/value grids,
lists of records tables, small nested values one-line summaries.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from volstead.engine.contract import Faction, Game, Result

from .common import console

_MAX_DEPTH = 5


def _fmt(value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool))


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def compact(value: Any) -> str:
    """A one-line summary of a JSON-like value. Dicts of counts leave out the
    zeros ({"casino": 1, "brothel": 0} → "casino 1")."""
    if _is_scalar(value):
        return _fmt(value)
    if isinstance(value, dict):
        counts = all(_is_count(x) or (isinstance(x, (dict, list)) and not x) for x in value.values())
        parts = [f"{k} {compact(x)}" for k, x in value.items() if not (counts and (x == 0 or not x))]
        return ", ".join(parts) if parts else "—"
    if isinstance(value, (list, tuple)):
        if not value:
            return "—"
        sep = "; " if any(isinstance(x, (dict, list, tuple)) for x in value) else ", "
        return sep.join(compact(x) for x in value)
    return str(value)


def _title_of(item: dict, index: int) -> tuple[str | None, str]:
    """The key naming a record, and its title ("Hyde Park", "seat 2", "#3")."""
    for key in ("name", "id", "seat"):
        if key in item and _is_scalar(item[key]) and item[key] is not None:
            return key, (f"{key} {item[key]}" if key == "seat" else str(item[key]))
    return None, f"#{index}"


def render(value: Any, width: int = 76, depth: int = 0) -> RenderableType:
    """Render a JSON-like value readably within about `width` columns.

    Dicts become key/value grids; lists of records become a table when one
    fits (each cell summarised on one line), else one key/value block per
    record; small nested values are summarised on one line.
    """
    width = max(width, 20)
    if _is_scalar(value):
        return Text(_fmt(value), style="dim" if value is None else "")
    if not value and isinstance(value, (dict, list, tuple)):
        return Text("—", style="dim")
    if isinstance(value, (list, tuple)) and all(_is_scalar(x) for x in value):
        return Text(compact(value), style="dim" if not value else "", overflow="fold")
    one_line = compact(value)
    flat = isinstance(value, dict) and all(_is_scalar(x) or not x for x in value.values())
    if depth >= _MAX_DEPTH or (depth >= 2 and (flat or len(one_line) <= width) and not _is_records(value)):
        return Text(one_line, style="dim" if one_line == "—" else "", overflow="fold")
    if isinstance(value, dict):
        key_width = max(len(str(k)) for k in value)
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold cyan", no_wrap=True)
        grid.add_column(overflow="fold")
        for key, item in value.items():
            grid.add_row(Text(str(key)), render(item, width - key_width - 2, depth + 1))
        return grid
    # a list of records (or of mixed things)
    if _is_records(value):
        keys: list[str] = []
        for x in value:
            keys.extend(k for k in x if k not in keys)
        cells = [[compact(x[k]) if k in x else "" for k in keys] for x in value]
        widths = [max(len(str(k)), *(len(row[i]) for row in cells)) for i, k in enumerate(keys)]
        if sum(widths) + 2 * (len(keys) - 1) <= width:
            table = Table(box=None, padding=(0, 1), pad_edge=False, header_style="bold underline")
            for k in keys:
                table.add_column(Text(str(k)), no_wrap=True)
            for row in cells:
                table.add_row(*(Text(c) for c in row))
            return table
        blocks = []
        for i, x in enumerate(value):
            title_key, title = _title_of(x, i)
            dense = Text(f"▸ {title}", style="bold magenta")
            for k, item in x.items():
                if k != title_key:
                    dense.append("  ")
                    dense.append(str(k), style="cyan")
                    dense.append(f" {compact(item)}")
            if len(dense) <= 3 * width:  # a short record: a wrapped paragraph
                blocks.append(dense)
            else:
                blocks.append(Text(f"▸ {title}", style="bold magenta"))
                blocks.append(Padding(render(x, width - 2, depth + 1), (0, 0, 0, 2)))
        return Group(*blocks)
    return Group(*(render(x, width, depth + 1) for x in value))


def _is_records(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and bool(value) and all(isinstance(x, dict) for x in value)


def view_panel(view: dict, title: str, game: Game | None = None) -> Panel:
    width = min(console.width, 160)
    own = game.render_text(view) if game is not None else None
    body: RenderableType = Text(own) if own is not None else render(view, width - 4)
    return Panel(body, title=title, title_align="left", border_style="blue", width=width)


def result_table(result: Result, players: list[str] | None = None, factions: Sequence[Faction] = ()) -> Table:
    """The final scores, each faction by its name (`Game.factions`) where the game names it."""
    scores, winners = result.scores, set(result.winners)
    names = {f.id: f.name for f in factions}
    table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
    table.add_column("Seat", justify="right")
    if players:
        table.add_column("Player")
    if any(result.factions):
        table.add_column("Faction")
    table.add_column("Score", justify="right")
    table.add_column("Winner", justify="center")
    for seat, score in enumerate(scores):
        row = [str(seat)]
        if players:
            row.append(players[seat] if seat < len(players) else "automa")  # a solo mode's opponent
        if any(result.factions):
            faction = result.factions[seat] if seat < len(result.factions) else None
            row.append(names.get(faction, faction) if faction else "")
        row.append(f"{score:g}")
        row.append("★" if seat in winners else "")
        table.add_row(*row, style="bold green" if seat in winners else None)
    return table


def print_result(result: Result, players: list[str] | None = None, factions: Sequence[Faction] = ()) -> None:
    console.print(result_table(result, players, factions))
    if any(result.details):
        width = min(console.width, 160)
        console.print(
            Panel(render(list(result.details), width - 4), title="Details", title_align="left", border_style="dim", width=width)
        )
