"""The `volstead` command: play games (browser or terminal), serve, replay records, list games,
show cards, simulate, train a learned bot.

The CLI is a thin shell over the game contract (`volstead.engine.contract.Game`): it asks the
state for its pending decisions, lets a person or a bot pick an option, and applies it. Options
come from each game's Options schema and views are rendered generically, so the CLI knows no game.

Modules: `commands` (play, replay, games, serve), `cards` (cards), `sim` (sim, ladder, balance:
the simulator's commands), `train` and `training` (train: self-play PPO in PyTorch), `workbench`
(the designer's workbench in the browser), `terminal` (the terminal game loop), `game_options`
(-o key=value and the flags generated from a game's schema), `view_text` (rendering views and
results), `common` (errors, seats). Every command lives here: no other part of volstead imports
the CLI.
"""

from __future__ import annotations

import typer

from .cards import cards
from .commands import register
from .game_options import CONTEXT
from .sim import register as register_sim
from .train import register as register_train
from .view_text import compact, render
from .workbench import register as register_workbench

app = typer.Typer(
    name="volstead",
    help="Volstead: Prohibition-era gang board games with their rules enforced.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
register(app)
app.command("cards", context_settings=CONTEXT)(cards)
register_sim(app)
register_train(app)
register_workbench(app)


def _print_version(value: bool) -> None:
    if value:
        from volstead import __version__
        from volstead.build_info import describe_build

        typer.echo(f"volstead {__version__}, {describe_build()}")
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False,
        "--version",
        is_eager=True,
        callback=_print_version,
        help="Print the version and whether this build is compiled, then stop.",
    ),
) -> None:
    """Volstead: Prohibition-era gang board games with their rules enforced."""


def main() -> None:
    app()


__all__ = ["app", "compact", "main", "render"]
