"""The `volstead` commands: play, replay, games, serve (cards and the simulator's in `cards` and `sim`)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.padding import Padding
from rich.table import Table
from rich.text import Text

from volstead.engine import RecordError, VolsteadError, load_record
from volstead.engine.contract import SEED_LIMIT
from volstead.engine.record import decision_pairs
from volstead.games import DEFAULT_GAME, game_names, get_game, replay_record

from .common import HUMAN, console, fail, json_default, load_game, parse_seats, seat_range_text
from .game_options import CONTEXT, OPTION_HELP, options_from_args
from .terminal import play_terminal
from .view_text import print_result, view_panel

OptionPairs = Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)]


def play(
    ctx: typer.Context,
    game_name: Annotated[str, typer.Argument(metavar="[GAME]", help="Game to play (see `volstead games`).")] = DEFAULT_GAME,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="Comma-separated player per seat: human or a bot (random, greedy, ismcts:500ms). "
            "Default in the browser: human and bots (--bots, --players); required with "
            "--terminal unless the game takes one seat.",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a random one).")] = None,
    option: OptionPairs = None,
    terminal: Annotated[bool, typer.Option("--terminal", help="Play in this terminal instead of the browser.")] = False,
    record: Annotated[
        Path | None, typer.Option("--record", help="--terminal: write the game record (JSON) here at the end or on quit.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="--terminal: no story and no line per bot decision.")] = False,
    bots: Annotated[str, typer.Option("--bots", help="Browser: the bot of the default seats.")] = "greedy",
    players: Annotated[
        int | None,
        typer.Option("--players", help="Browser: number of seats with the default seats (default: the most the game takes)."),
    ] = None,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Browser: human seats share one screen.")] = False,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: SQLite in your data folder).")] = None,
    host: Annotated[str, typer.Option(help="Browser: address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Browser: port (a free one if taken).")] = 8765,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Print the link only.")] = False,
    bot_delay: Annotated[float, typer.Option(help="Browser: seconds between bot decisions.")] = 0.25,
    think: Annotated[float, typer.Option(help="Browser: a bot's thinking-time budget per decision, seconds.")] = 5.0,
    new: Annotated[
        bool,
        typer.Option(
            "--new",
            help="Browser: start a new game even if one you started is "
            "unfinished (without it, `volstead play` with no seats, "
            "seed or options resumes that game).",
        ),
    ] = False,
) -> None:
    """Play a game: in the browser (a local server; you against bots by default) or, with --terminal, here.

    Game options: -o key=value, or the flags `volstead games` lists (e.g. --variant NAME)."""
    extra = list(ctx.args)
    if game_name.startswith("-"):  # a game option flag came first: the game is the default one
        extra.insert(0, game_name)
        game_name = DEFAULT_GAME
    game = load_game(game_name)
    options = options_from_args(game, option, extra)
    allowed = game.seat_range(options)
    # `volstead play` again goes back to your unfinished game, unless a new one is described
    resume = not new and seats is None and seed is None and players is None and not hotseat and not option and not extra
    if seats is None and (not terminal or len(allowed) == 1 and allowed.start == 1):
        n = players if players is not None else allowed[-1]
        seats = ",".join([HUMAN, *[bots] * (n - 1)])
    if seats is None:
        raise fail("--terminal needs --seats (e.g. --seats human,random)")
    kinds = parse_seats(seats, game, options)
    if not terminal:
        from volstead.server.commands import play_web

        try:
            play_web(
                game.name,
                kinds,
                options.to_json(),
                seed,
                db,
                host,
                port,
                not no_browser,
                bot_delay,
                think,
                hotseat,
                resume=resume,
            )
        except VolsteadError as e:
            raise fail(str(e)) from None
        return
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_LIMIT)
    play_terminal(game, kinds, options, seed, record, quiet)


def _load_any_record(file: Path, game_index: int | None) -> dict:
    """A record file, or game `game_index` of a simulator run (its folder or records.jsonl)."""
    from volstead.sim.records import read_run_record

    is_run = file.is_dir() or file.suffix == ".jsonl"
    if game_index is None:
        if is_run:
            raise RecordError(f"{file} holds a simulator run's records: say which game with --game INDEX")
        return load_record(file)
    if not is_run and file.exists():
        raise RecordError(f"--game picks a game of a simulator run; {file} is a single record (leave --game out)")
    return read_run_record(file, game_index)


def replay_cmd(
    file: Annotated[
        Path,
        typer.Argument(
            help="A game record (JSON) written by `volstead play --record`, or a "
            "`volstead sim` run's folder (or its records.jsonl) with --game."
        ),
    ],
    game_index: Annotated[
        int | None,
        typer.Option("--game", min=0, help="The game of a `volstead sim` run to replay (its index, as in results.jsonl)."),
    ] = None,
    show_log: Annotated[bool, typer.Option("--show-log", help="Print every decision of the record.")] = False,
    browser: Annotated[bool, typer.Option("--browser", help="Step through the record in the browser.")] = False,
    db: Annotated[str | None, typer.Option("--db", help="--browser: database URL (default: your data folder).")] = None,
    port: Annotated[int, typer.Option(help="--browser: port (a free one if taken).")] = 8765,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="--browser: print the link only.")] = False,
) -> None:
    """Replay a game record: print where it ends, or step through it in the browser (--browser)."""
    try:
        rec = _load_any_record(file, game_index)
        state = replay_record(rec)
    except RecordError as e:
        raise fail(str(e)) from None
    except VolsteadError as e:
        raise fail(f"{file} cannot be replayed: {e}") from None
    except Exception as e:  # the game itself failed while replaying
        raise fail(f"{file} could not be replayed: {type(e).__name__}: {e}", code=1) from None

    if browser:
        from volstead.server.commands import replay_web

        replay_web(rec, db, "127.0.0.1", port, not no_browser)
        return
    game = get_game(rec["game"])
    if show_log:
        log_state = replay_record(rec, upto=0)
        for i, (seat, option_id) in enumerate(decision_pairs(rec)):
            d = log_state.decision(seat)
            label = d.options[d.index_of(option_id)].label
            console.print(Text(f"#{i + 1:>5}  seat {d.seat}  {label}"))
            log_state.apply(option_id, seat=seat)

    summary = Table(show_header=False, box=box.SIMPLE)
    summary.add_column(style="bold cyan")
    summary.add_column()
    summary.add_row("game", Text(f"{game.title} ({game.name})"))
    summary.add_row("seed", Text(str(rec["seed"])))
    summary.add_row("seats", Text(str(rec["seats"])))
    summary.add_row("options", Text(json.dumps(rec["options"])))
    summary.add_row("written by", Text(f"volstead {rec['version']}"))
    summary.add_row("decisions", Text(str(len(rec["decisions"]))))
    if state.is_over():
        summary.add_row("status", Text("finished"))
    else:
        waiting = ", ".join(f"seat {d.seat} ({d.kind})" for d in state.decisions())
        summary.add_row("status", Text(f"not finished: {waiting} to decide"))
    console.print(summary)
    console.print(view_panel(state.view(None), "Public view", game))
    if state.is_over():
        print_result(state.result(), factions=game.factions(game.resolve_options(rec["options"])))


HEX64 = re.compile(r"[0-9a-f]{64}")


def _hex_option(value: str | None, flag: str) -> str | None:
    if value is None:
        return None
    value = value.strip().lower()
    if not HEX64.fullmatch(value):
        raise fail(f"{flag} must be 64 hexadecimal digits (a SHA-256), got {value[:80]!r}")
    return value


def verify(
    file: Annotated[Path, typer.Argument(help="The record of a finished game, as a server gives it (GET /api/games/ID/record).")],
    commitment: Annotated[
        str | None, typer.Option("--commitment", help="The commitment shown when the game was created (64 hex digits).")
    ] = None,
    log_hash: Annotated[
        str | None,
        typer.Option("--log-hash", help="The last log hash you saw during the game (its state messages' log_hash)."),
    ] = None,
) -> None:
    """Check a finished game's record against what you saw while it was played.

    The record must open its commitment (the seed, salt, game, options, seats, practice flag and
    creation time fixed when the game was created) and replay to the end under the rules. Give the
    commitment shown when the game was created (--commitment) and the last log hash your page saw
    (--log-hash, the running hash of the decisions in every state message) to prove the record is the
    game you played: each line printed says what was proved.

    Exit codes: 0 the record checks out and its seed was drawn by the server; 3 it checks out but
    is not shown to be a fair draw (a practice game, whose creator chose the seed, or an old-style
    commitment, which covers the seed only); 2 a check failed (the record, the commitment or a
    decision differs from what was committed to or what you saw, or the file is not a record);
    1 the game itself failed while replaying."""
    from volstead.engine.fairness import FULL, log_hashes, open_commitment

    seen_commitment = _hex_option(commitment, "--commitment")
    seen_log_hash = _hex_option(log_hash, "--log-hash")
    try:
        rec = load_record(file)
        style = open_commitment(rec)
        published = rec["commitment"].lower()
        if seen_commitment is not None and published != seen_commitment:
            raise RecordError(
                f"its commitment {published[:16]}… is not the one you saw ({seen_commitment[:16]}…): "
                "it is not the record of the game you were shown"
            )
        pairs = decision_pairs(rec)
        covered = None
        if seen_log_hash is not None:
            hashes = log_hashes(rec["commitment"], rec["salt"], pairs)
            if seen_log_hash not in hashes:
                raise RecordError(
                    f"its decisions do not match the log hash you saw ({seen_log_hash[:16]}…): a decision was "
                    f"changed, added, removed or reordered (none of its {len(pairs)} decisions' running hashes is it)"
                )
            covered = hashes.index(seen_log_hash)
    except RecordError as e:
        raise fail(f"{file}: {e}") from None
    try:
        state = replay_record(rec)
    except VolsteadError as e:
        raise fail(f"{file} cannot be replayed: {e}") from None
    except Exception as e:  # the game itself failed while replaying
        raise fail(f"{file} could not be replayed: {type(e).__name__}: {e}", code=1) from None
    if not state.is_over():
        raise fail(f"{file}: the record stops before the end of the game")

    total = len(pairs)
    short = published[:16]
    lines = []
    if style != FULL:
        lines.append(
            f"old-style commitment: covers the seed only ({short}…): the seed and salt open it; the game, "
            "options, seats, practice flag and creation time are not covered by it."
        )
    elif seen_commitment is not None:
        lines.append(
            f"The record opens the commitment you saw ({short}…): its seed, salt, game, options, seats, practice "
            "flag and creation time were fixed when the game was created, before its first decision."
        )
    else:
        lines.append(
            f"The record opens its own commitment ({short}…). Give --commitment (the one shown when the game "
            "was created) to prove it is the commitment published before the first decision."
        )
    if covered is None:
        lines.append(
            "No --log-hash given: nothing here shows the decisions are the ones played "
            "(one could have been swapped for another legal one)."
        )
    elif covered == total:
        lines.append(f"The decision log matches the hash you saw after decision {covered}: all {total} decisions are covered.")
    else:
        lines.append(
            f"The decision log matches the hash you saw after decision {covered}; the {total - covered} "
            "decisions after it are covered by no hash you gave."
        )
    lines.append(f"The {total} decisions replay to the end under the rules.")
    if style != FULL:
        verdict, code = "not shown fair: an old-style commitment does not cover the practice flag.", 3
    elif rec["practice"]:
        verdict, code = "practice game: the creator chose the seed — not a fair draw.", 3
    elif seen_commitment is not None:
        verdict, code = "fair: the seed was drawn by the server and committed to before the first decision.", 0
    else:
        verdict, code = "fair, as the record tells it: its commitment says the server drew the seed.", 0
    for line in lines:
        console.print(Text(line), soft_wrap=True)
    console.print(Text(verdict, style="green" if code == 0 else "yellow"), soft_wrap=True)
    game = get_game(rec["game"])
    print_result(state.result(), factions=game.factions(game.resolve_options(rec["options"])))
    if code:
        raise typer.Exit(code)


def _option_line(name: str, prop: dict[str, Any]) -> str:
    flag = f"--{name.replace('_', '-')}"
    if "enum" in prop:
        kind = "|".join(str(v) for v in prop["enum"])
    elif prop.get("type") == "boolean":
        kind = "flag"
    else:
        kind = str(prop.get("type", "value"))
    return f"{flag} {kind} (default {json.dumps(prop.get('default'), default=json_default)}): {prop.get('description', '')}"


def games(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print each game's name, title, seats and the JSON Schema of its options.")
    ] = False,
) -> None:
    """List the games Volstead can play, with their seats and options."""
    if as_json:
        console.print_json(json.dumps([get_game(n).describe() for n in game_names()], default=json_default))
        return
    # One block per game, its options below it at the terminal's full width: a table's option column
    # wrapped every description into a narrow strip at 80 columns.
    console.print(Text("Games (set an option with -o key=value, or its flag)", style="bold"))
    for name in game_names():
        console.print()
        try:
            game = get_game(name)
        except Exception as e:  # a game module that does not import yet is listed, not fatal
            console.print(Text(f"{name}: unavailable ({type(e).__name__}: {e})", style="red"))
            continue
        head = Text(name, style="bold")
        head.append(f" — {game.title} · {seat_range_text(game.seat_range())} seats", style="")
        console.print(head)
        props = game.options_schema().get("properties", {})
        if not props:
            console.print(Padding(Text("no options"), (0, 0, 0, 2), expand=False))
        for key, prop in props.items():
            flag, _, description = _option_line(key, prop).partition(": ")
            console.print(Padding(Text(flag, style="cyan"), (0, 0, 0, 2), expand=False))
            if description:
                console.print(Padding(Text(description), (0, 0, 0, 6), expand=False))


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network interface).")] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option("--db", help="Database URL, e.g. postgresql+psycopg://user@host/db (default: SQLite in your data folder)."),
    ] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds between bot decisions.")] = 0.25,
    think: Annotated[float, typer.Option(help="A bot's thinking-time budget per decision, seconds.")] = 5.0,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
    bot_workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes that think for the bots (default: one a core but the event loop's)."),
    ] = None,
    cheap_workers: Annotated[
        int | None,
        typer.Option(min=0, help="More workers for cheap bots (greedy) only (default: a quarter of the others, at least 1)."),
    ] = None,
    max_bot_tables: Annotated[
        int, typer.Option(min=0, help="Live tables with thinking bots one client may run (0: no limit).")
    ] = 8,
    think_per_minute: Annotated[
        float | None,
        typer.Option(min=0, help="Seconds of bot thinking a minute one client may use (default: 30 a worker; 0: no limit)."),
    ] = None,
    experiments: Annotated[
        int, typer.Option(min=1, help="Workbench experiments running at once, every client's together (the rest queue).")
    ] = 1,
    experiment_workers: Annotated[
        int | None,
        typer.Option(min=1, help="Worker processes an experiment's games run in (default: one a core but one)."),
    ] = None,
    ray: Annotated[
        str | None, typer.Option("--ray", metavar="ADDRESS", help="Run workbench experiments' games on this Ray cluster.")
    ] = None,
) -> None:
    """Run the Volstead server for friends over a network: a lobby, invite links, live games."""
    from volstead.server.bot_pool import ClientLimits
    from volstead.server.commands import serve as run_server
    from volstead.server.workbench.runs import RunLimits

    limits = ClientLimits.for_workers(bot_workers, max_bot_tables, think_per_minute)
    runs = RunLimits(running=experiments, ray_address=ray)
    if experiment_workers is not None:
        runs = RunLimits(running=experiments, workers=experiment_workers, ray_address=ray)
    run_server(db, host, port, bot_delay, think, open_browser, bot_workers, cheap_workers, limits, runs)


def register(app: typer.Typer) -> None:
    app.command(context_settings=CONTEXT)(play)
    app.command("replay")(replay_cmd)
    app.command()(games)
    app.command()(serve)
    app.command()(verify)
