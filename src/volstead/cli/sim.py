"""`volstead sim`, `volstead ladder` and `volstead balance`: registered on the main Typer app by
`register(app)`. The simulator (`volstead.sim`) plays and reports; these commands only parse and print."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.text import Text

from .common import console, fail, load_game, parse_seats
from .game_options import options_from_args


def _run_with_progress(
    config, games: int, out: Path, workers: int, backend: str, address: str | None, label: str, first_game: int = 0
):
    from volstead.sim.runner import run_sim

    columns = [
        TextColumn(f"[bold]{label}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    ]
    with Progress(*columns, console=console, transient=False) as progress:
        task = progress.add_task(label, total=games - first_game, rate="")
        started = {"t": time.perf_counter(), "done": 0, "new": 0}

        def on_start(total, already):
            started["done"] = already
            progress.update(task, completed=already)
            if already:
                progress.console.print(Text(f"resuming: {already} of {total} games already in {out}", style="dim"))

        def on_game(index):
            started["new"] += 1
            elapsed = time.perf_counter() - started["t"]
            progress.update(task, advance=1, rate=f"{started['new'] / max(elapsed, 1e-9):.2f} games/s")

        return run_sim(
            config,
            games,
            out,
            workers=workers,
            backend=backend,
            address=address,
            on_game=on_game,
            on_start=on_start,
            first_game=first_game,
        )


def sim(
    ctx: typer.Context,
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="Game to simulate (see `volstead games`).")],
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="Comma-separated bot per seat, e.g. ismcts,greedy,greedy,random "
            "(budgets: ismcts:500, ismcts:50ms, greedy:3). Rotated every game.",
        ),
    ],
    games: Annotated[int, typer.Option("--games", min=1, help="Number of games.")] = 100,
    first_game: Annotated[
        int,
        typer.Option(
            "--first-game",
            min=0,
            help="Play only games FIRST..GAMES-1 of the run (split a long run between machines, "
            "each into its own --out; the same games one run would play).",
        ),
    ] = 0,
    workers: Annotated[int, typer.Option("--workers", min=1, help="Worker processes (local backend).")] = 1,
    seed: Annotated[int, typer.Option("--seed", help="Run seed: game i is seeded from it and i.")] = 1,
    out: Annotated[Path, typer.Option("--out", help="Output folder (results.jsonl, records.jsonl, report.md).")] = Path(
        "results"
    ),
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="A game option as key=value (repeatable), e.g. -o variant=NAME.")
    ] = None,
    backend: Annotated[str, typer.Option("--backend", help="local (processes) or ray.")] = "local",
    address: Annotated[str | None, typer.Option("--address", help="Ray cluster address (default: a local Ray).")] = None,
    compare: Annotated[
        tuple[Path, Path] | None,
        typer.Option(
            "--compare",
            help="Two card sets (a folder, base, or a variant saved in the workbench): play the same games with each "
            "and compare the balance figures.",
        ),
    ] = None,
    labels: Annotated[
        tuple[str, str] | None,
        typer.Option(
            "--labels",
            help="With --compare: the two sets' names in the comparison (default: base, the folder's or the variant's name).",
        ),
    ] = None,
    seats2: Annotated[
        str | None,
        typer.Option(
            "--seats2",
            help="With --compare: a second strength of play (bots as --seats): the same games again with these bots, "
            "and a change the two strengths disagree on marked fragile.",
        ),
    ] = None,
    report: Annotated[bool, typer.Option("--report/--no-report", help="Write report.md and PNG plots at the end.")] = True,
    records: Annotated[
        bool,
        typer.Option(
            "--records/--no-records",
            help="Write each game's record (records.jsonl, for "
            "`volstead replay OUT --game N`); without, only results and the report.",
        ),
    ] = True,
) -> None:
    """Play many bot games unattended; results are written as they come and a run resumes where it stopped.

    Game options: -o key=value, or the flags `volstead games` lists (e.g. --variant NAME)."""
    from volstead.sim.compare import SECOND, compare_runs
    from volstead.sim.ladder import elo_ladder, ladder_text
    from volstead.sim.report import write_report
    from volstead.sim.runner import SimConfig

    game = load_game(game_name)
    chosen = options_from_args(game, option, list(ctx.args))
    names = tuple(parse_seats(seats, game, chosen, humans=False))
    if backend not in ("local", "ray"):
        raise fail(f"unknown backend {backend!r}; use local or ray")
    # only the options given (the defaults stay implicit, as in the records)
    base: dict = {k: v for k, v in chosen.to_json().items() if k in chosen.model_fields_set}
    runs: list[tuple[str, dict, Path, tuple[str, ...]]] = []
    if (labels or seats2) and not compare:
        raise fail("--labels and --seats2 go with --compare")
    if compare:
        key = game.card_set_option
        if not key:
            raise fail(f"{game.title} cannot load another card set")
        from .card_set_names import BUILT_IN, resolve_card_set

        # each a folder, `base` (the built-in set) or a variant saved in the workbench
        folders = [resolve_card_set(game, str(p)) for p in compare]
        folders = [str(Path(f).resolve()) if f else "" for f in folders]
        named = [BUILT_IN if not f else (p.name if p.is_dir() else str(p)) for p, f in zip(compare, folders)]
        la, lb = named[0], named[1] if named[1] != named[0] else named[1] + "-2"
        runs = [(la, {**base, key: folders[0]}, out / la, names), (lb, {**base, key: folders[1]}, out / lb, names)]
        if seats2:
            names2 = tuple(parse_seats(seats2, game, chosen, humans=False))
            runs += [(label, options, out / SECOND / folder.name, names2) for label, options, folder, _ in runs]
    else:
        runs = [(game_name, base, out, names)]
    for label, options, folder, bots in runs:
        try:
            game.options_from_json(options)
            config = SimConfig(game.name, bots, seed, options, records)
            rows = _run_with_progress(config, games, folder, workers, backend, address, label, first_game)
        except ValueError as e:
            raise fail(str(e)) from None
        except Exception as e:  # a card set that fails validation, Ray missing...
            raise fail(f"{type(e).__name__}: {e}", code=1) from None
        console.print(Text(f"{len(rows)} games in {folder / 'results.jsonl'}", style="dim"))
        console.print(ladder_text(elo_ladder(rows)))
        if report:
            console.print(Text(f"report: {write_report(folder)}", style="bold"))
    if compare:
        la, lb = labels or (runs[0][0], runs[1][0])
        second = (runs[2][2], runs[3][2]) if seats2 else None
        path = compare_runs(runs[0][2], runs[1][2], out, la, lb, second)
        console.print(Text(f"comparison: {path}", style="bold"))


def ladder(
    folders: Annotated[list[Path], typer.Argument(help="Simulation output folders whose games are pooled.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the ladder as JSON.")] = False,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Also write the ratings file the lobby shows (a game's data/bot_ratings.toml); the runs must "
            "all be of one game.",
        ),
    ] = None,
    resamples: Annotated[
        int,
        typer.Option(
            "--resamples",
            min=0,
            max=10_000,
            help="Bootstrap pools of the games each rating's 95 % interval is taken from (0: none).",
        ),
    ] = 200,
) -> None:
    """Print an Elo ladder fitted on the games of one or more simulation runs, each rating with its
    95 % interval (the games resampled)."""
    from volstead.sim.ladder import elo_ladder, ladder_text
    from volstead.sim.runner import load_results

    rows, configs = [], []
    for f in folders:
        if not (f / "results.jsonl").exists():
            raise fail(f"{f} has no results.jsonl")
        rows += load_results(f)
        configs.append(json.loads((f / "sim.json").read_text()) if (f / "sim.json").exists() else {})
    lad = elo_ladder(rows, resamples=resamples)
    console.print(json.dumps(lad, indent=1) if as_json else ladder_text(lad))
    if save is not None:
        save_ratings(save, lad, folders, configs, len(rows))


def save_ratings(path: Path, lad: list[dict], folders: list[Path], configs: list[dict], games: int) -> None:
    """Write the ladder as a game's ratings file (engine/ratings.py), saying which runs it comes from."""
    import datetime

    from volstead import __version__
    from volstead.engine.ratings import ratings_toml

    names = {c.get("game") for c in configs}
    if len(names) != 1 or None in names:
        raise fail(f"--save needs runs of one game (with their sim.json); these are of: {sorted(map(str, names))}")
    game = load_game(names.pop())
    tables = sorted({",".join(c.get("seats", [])) for c in configs})
    measured = (
        f"{datetime.date.today().isoformat()}, volstead {__version__}: {games} games in {len(folders)} runs "
        f"({'; '.join(f.name for f in folders)}), tables {' | '.join(tables)}"
    )
    path.write_text(ratings_toml(game.title, measured, lad))
    console.print(Text(f"ratings: {path}", style="bold"))


def balance(
    folders: Annotated[
        list[Path],
        typer.Argument(
            metavar="RUN",
            help="Run folders of `volstead sim`: one run, or its pieces (--first-game ranges), pooled.",
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Print a run's balance figures: win rates with 95% intervals by faction, seat and bot, the
    cards never played, and the game's own figures (e.g. a score by its parts).

    Several folders are pooled when they are pieces of one run (the same game, seats, seed and
    options; no game in two). The game's own figures may replay the runs' records."""
    from volstead.engine import VolsteadError
    from volstead.sim.report import balance_text, figures, game_sections, read_pieces, run_cards, section_json

    try:
        rows, config = read_pieces(folders)
        fig = figures(rows, run_cards(config))
    except VolsteadError as e:
        raise fail(str(e)) from None
    try:
        sections = game_sections(config, rows, folders)
    except VolsteadError as e:  # e.g. a record that no longer replays: the simulator's figures stand
        if not as_json:
            typer.echo("\n".join(balance_text(fig, config, [])))
        raise fail(f"the game's own figures: {e}", code=1) from None
    if as_json:
        typer.echo(json.dumps({**fig, "game_sections": [section_json(x) for x in sections]}, indent=1))
    else:
        typer.echo("\n".join(balance_text(fig, config, sections)))


def strengths(
    weak: Annotated[
        list[Path], typer.Option("--weak", help="The run at the first strength (all-greedy tables, say); repeat for its pieces.")
    ],
    strong: Annotated[
        list[Path], typer.Option("--strong", help="The run at the second strength (all-ISMCTS tables); repeat for its pieces.")
    ],
    out: Annotated[Path | None, typer.Option("--out", help="Write the Markdown report here (printed otherwise).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Balance at two strengths: each faction's and each seat's win rate in two runs of one game, side
    by side with 95% intervals; a rate that moves by more than 5 points between them is flagged
    fragile, one outside the fair share ± 3 points too (docs/sim.md)."""
    from volstead.engine import VolsteadError
    from volstead.sim.report import read_pieces
    from volstead.sim.strengths import side_by_side, strengths_markdown

    try:
        weak_rows, weak_config = read_pieces(weak)
        strong_rows, strong_config = read_pieces(strong)
        fig = side_by_side(weak_rows, strong_rows, weak_config, strong_config)
    except VolsteadError as e:
        raise fail(str(e)) from None
    if as_json:
        typer.echo(json.dumps(fig, indent=1))
        return
    label = lambda config: "/".join(sorted(set(config["seats"])))  # noqa: E731 - "greedy", "ismcts"
    text = strengths_markdown(fig, label(weak_config), label(strong_config))
    if out is None:
        typer.echo(text)
    else:
        out.write_text(text)
        console.print(Text(f"report: {out}", style="bold"))


def register(app: typer.Typer) -> None:
    app.command("sim", context_settings={"allow_extra_args": True, "ignore_unknown_options": True})(sim)
    app.command("ladder")(ladder)
    app.command("balance")(balance)
    app.command("strengths")(strengths)
