"""`volstead workbench [GAME]`: the designer's workbench in the browser, on a local server.

It serves what `volstead serve` serves (the workbench is one of its pages, docs/workbench.md)
on this machine only, and opens /workbench (or /workbench/GAME). Experiments run as niced
`volstead sim` processes beside the server; `--ray ADDRESS` sends their games to a Ray cluster.
"""

from __future__ import annotations

from typing import Annotated

import typer

from .common import fail, load_game


def workbench(
    game_name: Annotated[
        str | None, typer.Argument(metavar="[GAME]", help="Open this game's card set (default: choose on the page).")
    ] = None,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: SQLite in your data folder).")] = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port (a free one if taken).")] = 8765,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Print the link only.")] = False,
    workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes an experiment's games run in (default: one a core but one)."),
    ] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", metavar="ADDRESS", help="Run experiments' games on this Ray cluster.")
    ] = None,
) -> None:
    """The designer's workbench: edit a card set, run experiments, compare (in the browser)."""
    path = "/workbench"
    if game_name is not None:
        game = load_game(game_name)
        if not game.card_set_files():
            raise fail(f"{game.title} has no card set to edit in the workbench")
        path += f"/{game.name}"
    from volstead.server.commands import workbench_web
    from volstead.server.workbench.runs import RunLimits

    limits = RunLimits(ray_address=ray) if workers is None else RunLimits(workers=workers, ray_address=ray)
    workbench_web(path, db, host, port, not no_browser, limits)


def register(app: typer.Typer) -> None:
    app.command("workbench")(workbench)
