"""The `volstead` command: play games (browser or terminal), serve, replay records, list games.

The CLI is a thin shell over the engine: it asks the state for the pending
decision, lets a person or a bot pick an option, and applies it. Views are
rendered generically from the JSON-ready dict a game returns, so the CLI
knows nothing about any particular game.
"""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console, Group, RenderableType
from rich.padding import Padding
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from volstead.bots import ask_bot, bot_names, get_bot
from volstead.cards_cli import cards
from volstead.engine import RecordError, VolsteadError, load_record, replay, save_record, undo
from volstead.games import DEFAULT_GAME, game_names, get_game

app = typer.Typer(
    name="volstead",
    help="Volstead: Prohibition-era gang board games with their rules enforced.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

HUMAN = "human"
_MAX_DEPTH = 5


# ---------------------------------------------------------------- helpers
def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `message` as an error on stderr and return the Exit to raise."""
    err_console.print(Text(f"error: {message}", style="bold red"), soft_wrap=True)
    return typer.Exit(code)


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


def view_panel(view: dict, title: str) -> Panel:
    width = min(console.width, 160)
    return Panel(render(view, width - 4), title=title, title_align="left", border_style="blue", width=width)


def result_table(result: dict, players: list[str] | None = None) -> Table:
    scores = result.get("scores") or []
    money = result.get("money") or []
    winners = set(result.get("winners") or [])
    table = Table(title="Final scores", box=box.SIMPLE_HEAVY)
    table.add_column("Seat", justify="right")
    if players:
        table.add_column("Player")
    table.add_column("Score", justify="right")
    table.add_column("Money", justify="right")
    table.add_column("Winner", justify="center")
    for seat in range(max(len(scores), len(money))):
        row = [str(seat)]
        if players:
            row.append(players[seat] if seat < len(players) else "automa")  # e.g. the solo Enforcer
        row.append(str(scores[seat]) if seat < len(scores) else "")
        row.append(str(money[seat]) if seat < len(money) else "")
        row.append("★" if seat in winners else "")
        table.add_row(*row, style="bold green" if seat in winners else None)
    return table


def print_result(result: dict, players: list[str] | None = None) -> None:
    console.print(result_table(result, players))
    details = result.get("details")
    if details:
        width = min(console.width, 160)
        console.print(Panel(render(details, width - 4), title="Details", title_align="left", border_style="dim", width=width))


def load_game(name: str):
    try:
        return get_game(name)
    except KeyError as e:
        raise fail(str(e.args[0])) from None
    except Exception as e:  # the game's module does not import
        raise fail(f"could not load {name}: {type(e).__name__}: {e}", code=1) from None


def parse_seats(spec: str, game, solo: bool = False) -> list[str]:
    seats = [s.strip().lower() for s in spec.split(",")]
    known = [HUMAN, *bot_names()]
    for i, s in enumerate(seats):
        if s not in known:
            shown = repr(s) if s else "an empty name"
            raise fail(f"seat {i} is {shown}, which is not a player kind; use one of: {', '.join(known)}")
    if solo:
        if len(seats) != 1:
            raise fail(f"a solo game has one seat (you, or a bot, against the Enforcer), but --seats names {len(seats)}")
    elif not game.min_seats <= len(seats) <= game.max_seats:
        raise fail(
            f"{game.title} takes {game.min_seats}–{game.max_seats} seats, but --seats names {len(seats)} ({spec})"
        )
    return seats


def build_options(game, variant: str | None, job_draft: bool, solo: bool = False):
    fields = {f.name for f in dataclasses.fields(game.Options)} if dataclasses.is_dataclass(game.Options) else set()
    kwargs: dict[str, Any] = {}
    if variant is not None:
        if "variant" not in fields:
            raise fail(f"{game.title} has no variants")
        kwargs["variant"] = variant
    if job_draft:
        if "job_draft" not in fields:
            raise fail(f"{game.title} has no job draft option")
        kwargs["job_draft"] = True
    if solo:
        if "solo" not in fields:
            raise fail(f"{game.title} has no solo mode")
        kwargs["solo"] = True
    try:
        return game.Options(**kwargs)
    except (VolsteadError, ValueError, TypeError) as e:
        raise fail(str(e)) from None


def write_record(state, path: Path | None) -> bool:
    """Write the state's record to `path` (if given); False, with a message, when that fails."""
    if path is None:
        return True
    try:
        save_record(state.record(), path)
    except OSError as e:
        err_console.print(Text(f"could not write the record to {path}: {e.strerror}", style="red"), soft_wrap=True)
        return False
    except Exception as e:  # the game could not describe its own decisions
        err_console.print(
            Text(f"could not make the game record: {type(e).__name__}: {e}", style="red"), soft_wrap=True
        )
        return False
    console.print(Text(f"record written to {path} ({state.decisions_made} decisions)", style="dim"))
    return True


# ------------------------------------------------------------- human turns
class Quit(Exception):
    pass


class Undo(Exception):
    pass


def show_decision(d, options) -> None:
    console.print(Text(f"Seat {d.seat} — {d.prompt}", style="bold"))
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", style="bold yellow")
    table.add_column()
    table.add_column(style="dim")
    for o in options:
        table.add_row(str(o.index + 1), Text(o.label), Text(o.id))
    console.print(table)


def ask_human(state, d) -> int:
    """Show seat d.seat's view and options; return the chosen index (or raise Quit/Undo)."""
    options = d.options
    console.print(Rule(f"Seat {d.seat} to decide"))
    console.print(view_panel(state.view(d.seat), f"What seat {d.seat} sees"))
    show_decision(d, options)
    hint = f"choose 1–{len(options)} or an option id; u = undo, q = quit, ? = options again"
    console.print(Text(hint, style="dim"))
    while True:
        try:
            answer = console.input(f"[bold]seat {d.seat}>[/bold] ").strip()
        except EOFError:
            console.print()
            raise Quit from None
        low = answer.lower()
        if low in ("q", "quit", "exit"):
            raise Quit
        if low in ("u", "undo"):
            raise Undo
        if low in ("?", "h", "help"):
            show_decision(d, options)
            console.print(Text(hint, style="dim"))
            continue
        if not answer:
            continue
        if answer.isdigit() and 1 <= int(answer) <= len(options):
            return int(answer) - 1
        for o in options:
            if o.id == answer:
                return o.index
        console.print(Text(f"{answer!r} is neither a number 1–{len(options)} nor an option id", style="red"))


# ------------------------------------------------------------------ commands
@app.command()
def play(
    game_name: Annotated[str, typer.Argument(metavar="[GAME]", help="Game to play (see `volstead games`).")] = DEFAULT_GAME,
    seats: Annotated[
        str | None,
        typer.Option("--seats", help="Comma-separated player per seat: human or a bot (random, greedy, ismcts:500ms). "
                                     "Default in the browser: human and 3 bots (--bots); required with --terminal."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Game seed (default: a random one, printed).")] = None,
    variant: Annotated[str | None, typer.Option(help="Rules variant, e.g. published or rulebook-wip.")] = None,
    job_draft: Annotated[bool, typer.Option("--job-draft", help="Use the job draft at setup.")] = False,
    terminal: Annotated[bool, typer.Option("--terminal", help="Play in this terminal instead of the browser.")] = False,
    solo: Annotated[bool, typer.Option("--solo", help="Solo: one seat against the Enforcer automa (--terminal).")] = False,
    record: Annotated[
        Path | None, typer.Option("--record", help="--terminal: write the game record (JSON) here at the end or on quit.")
    ] = None,
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="--terminal: no line per bot decision.")] = False,
    bots: Annotated[str, typer.Option("--bots", help="Browser: the bot of the default seats.")] = "greedy",
    players: Annotated[int, typer.Option("--players", help="Browser: number of seats with the default seats.")] = 4,
    hotseat: Annotated[bool, typer.Option("--hotseat", help="Browser: human seats share one screen.")] = False,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: SQLite in your data folder).")] = None,
    host: Annotated[str, typer.Option(help="Browser: address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Browser: port (a free one if taken).")] = 8765,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Print the link only.")] = False,
    bot_delay: Annotated[float, typer.Option(help="Browser: seconds between bot decisions.")] = 0.25,
    think: Annotated[float, typer.Option(help="Browser: a bot's thinking-time budget per decision, seconds.")] = 5.0,
) -> None:
    """Play a game: in the browser (a local server; you against 3 bots by default) or, with --terminal, here."""
    if solo and not terminal:
        raise fail("solo games are played with --terminal for now, e.g. --terminal --solo --seats human")
    if not terminal:
        game = load_game(game_name)
        kinds = parse_seats(seats, game) if seats else ["human", *[bots] * (players - 1)]
        if not seats:
            parse_seats(",".join(kinds), game)
        options = build_options(game, variant, job_draft)
        from volstead.server.commands import play_web

        try:
            play_web(game_name, kinds, options.to_json(), seed, db, host, port, not no_browser, bot_delay, think, hotseat)
        except VolsteadError as e:
            raise fail(str(e)) from None
        return
    if seats is None:
        if not solo:
            raise fail("--terminal needs --seats (e.g. --seats human,random)")
        seats = HUMAN
    game = load_game(game_name)
    players = parse_seats(seats, game, solo)
    options = build_options(game, variant, job_draft, solo)
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    try:
        state = game.new_game(seed=seed, seats=len(players), options=options)
    except Exception as e:  # a broken or unfinished game says why it cannot start
        raise fail(f"could not start {game.name}: {type(e).__name__}: {e}", code=1) from None

    bots = {i: get_bot(p, f"{seed}/{i}/{p}") for i, p in enumerate(players) if p != HUMAN}
    humans = {i for i, p in enumerate(players) if p == HUMAN}
    labels = [f"{p}" for p in players]
    console.print(Text(f"{game.title} — seed {seed}, seats: {', '.join(labels)}", style="bold"))
    # One entry per decision taken: True where a human really chose (undo stops there).
    chosen_by_human: list[bool] = []

    try:
        while not state.is_over():
            d = state.decision()
            seat = d.seat
            if seat in humans:
                if len(d) == 1:
                    o = d.options[0]
                    console.print(Text(f"Seat {seat} — {d.prompt}: only one option, taking it: {o.label}", style="dim"))
                    index, real = 0, False
                else:
                    try:
                        index = ask_human(state, d)
                    except Undo:
                        if True not in chosen_by_human:
                            console.print(Text("nothing to undo: no human decision has been taken yet", style="red"))
                            continue
                        last = len(chosen_by_human) - 1 - chosen_by_human[::-1].index(True)
                        steps = len(chosen_by_human) - last
                        try:
                            state = undo(state, steps)
                        except Exception as e:  # undo replays the record; say so if that fails
                            console.print(Text(f"cannot undo: {type(e).__name__}: {e}", style="red"))
                            continue
                        del chosen_by_human[last:]
                        console.print(Text(f"undone {steps} decision(s)", style="yellow"))
                        continue
                    real = True
                    console.print(Text(f"seat {seat} chose: {d.options[index].label}", style="green"))
            else:
                index = ask_bot(bots[seat], state)
                real = False
                if not quiet:
                    if humans:  # someone is hiding something: the deciding seat and the question only
                        console.print(Text(f"seat {seat} ({players[seat]}) decided: {d.kind}", style="dim"))
                    else:
                        label = d.options[index].label
                        console.print(Text(f"#{state.decisions_made + 1:>5}  seat {seat}  {label}"))
            state.apply_index(index, seat=seat)
            chosen_by_human.append(real)
    except Quit:
        console.print(Text(f"quit after {state.decisions_made} decisions", style="yellow"))
        write_record(state, record)
        return
    except KeyboardInterrupt:
        console.print(Text(f"\ninterrupted after {state.decisions_made} decisions", style="yellow"))
        write_record(state, record)
        raise typer.Exit(130) from None
    except VolsteadError as e:
        write_record(state, record)
        raise fail(f"the game stopped: {type(e).__name__}: {e}", code=1) from None
    except Exception as e:  # a bug in the rules or a bot: keep the record for the bug report
        err_console.print_exception(max_frames=8)
        write_record(state, record)
        message = f"the game stopped after {state.decisions_made} decisions: {type(e).__name__}: {e}"
        raise fail(message, code=1) from None

    console.print(Rule("Game over"))
    if humans:
        console.print(view_panel(state.view(None), "Final public view"))
    print_result(state.result(), players)
    console.print(Text(f"{state.decisions_made} decisions", style="dim"))
    if not write_record(state, record):
        raise typer.Exit(1)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A game record (JSON) written by `volstead play --record`.")],
    show_log: Annotated[bool, typer.Option("--show-log", help="Print every decision of the record.")] = False,
    browser: Annotated[bool, typer.Option("--browser", help="Step through the record in the browser.")] = False,
    db: Annotated[str | None, typer.Option("--db", help="--browser: database URL (default: your data folder).")] = None,
    port: Annotated[int, typer.Option(help="--browser: port (a free one if taken).")] = 8765,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="--browser: print the link only.")] = False,
) -> None:
    """Replay a game record: print where it ends, or step through it in the browser (--browser)."""
    try:
        rec = load_record(file)
        state = replay(rec)
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
    if show_log:
        log_state = replay(rec, upto=0)
        for i, option_id in enumerate(rec["decisions"]):
            d = log_state.decision()
            label = d.options[d.index_of(option_id)].label
            console.print(Text(f"#{i + 1:>5}  seat {d.seat}  {label}"))
            log_state.apply(option_id)

    game = get_game(rec["game"])
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
        d = state.decision()
        summary.add_row("status", Text(f"not finished: seat {d.seat} to decide ({d.kind})"))
    console.print(summary)
    console.print(view_panel(state.view(None), "Public view"))
    if state.is_over():
        print_result(state.result())


@app.command()
def games() -> None:
    """List the games Volstead can play."""
    table = Table(title="Games", box=box.SIMPLE_HEAVY)
    table.add_column("Name", style="bold")
    table.add_column("Title")
    table.add_column("Seats", justify="center")
    table.add_column("Options")
    for name in game_names():
        try:
            game = get_game(name)
        except Exception as e:  # a game module that does not import yet is listed, not fatal
            table.add_row(name, Text(f"(unavailable: {type(e).__name__}: {e})", style="red"), "", "")
            continue
        opts = ""
        if dataclasses.is_dataclass(game.Options):
            parts = []
            for f in dataclasses.fields(game.Options):
                default = f.default if f.default is not dataclasses.MISSING else (
                    f.default_factory() if f.default_factory is not dataclasses.MISSING else None
                )
                parts.append(f"{f.name}={default!r}")
            opts = ", ".join(parts)
        table.add_row(name, Text(game.title), f"{game.min_seats}–{game.max_seats}", Text(opts))
    console.print(table)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every network interface).")] = "0.0.0.0",
    port: Annotated[int, typer.Option(help="Port.")] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL, e.g. postgresql+psycopg://user@host/db "
                                                         "(default: SQLite in your data folder).")] = None,
    bot_delay: Annotated[float, typer.Option(help="Seconds between bot decisions.")] = 0.25,
    think: Annotated[float, typer.Option(help="A bot's thinking-time budget per decision, seconds.")] = 5.0,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the lobby in a browser.")] = False,
) -> None:
    """Run the Volstead server for friends over a network: a lobby, invite links, live games."""
    from volstead.server.commands import serve as run_server

    run_server(db, host, port, bot_delay, think, open_browser)


app.command("cards")(cards)


from volstead.sim.cli import register as _register_sim  # noqa: E402

_register_sim(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
