"""`volstead play --terminal`: people and bots at one terminal.

A human seat sees only its own view and its options; in a secret simultaneous phase several
seats decide at once, and each human is asked in turn behind a "pass the screen" prompt (the
screen is cleared in between when several people share it). Bots are asked for their seat.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from volstead.bots import ask_bot, get_bot
from volstead.engine import VolsteadError, save_record, undo
from volstead.engine.contract import Game, GameOptions, SetupError
from volstead.engine.takeback import Reason, Windows

from .common import HUMAN, console, err_console, fail
from .view_text import print_result, view_panel


class Quit(Exception):
    pass


class Undo(Exception):
    pass


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
        err_console.print(Text(f"could not make the game record: {type(e).__name__}: {e}", style="red"), soft_wrap=True)
        return False
    console.print(Text(f"record written to {path} ({state.decisions_made} decisions)", style="dim"))
    return True


def show_decision(d, options) -> None:
    console.print(Text(f"Seat {d.seat} — {d.prompt}", style="bold"))
    table = Table(box=None, show_header=False, padding=(0, 1), pad_edge=False)
    table.add_column(justify="right", style="bold yellow")
    table.add_column()
    table.add_column(style="dim")
    for o in options:
        table.add_row(str(o.index + 1), Text(o.label), Text(o.id))
    console.print(table)


def ask_human(state, d, game: Game) -> int:
    """Show seat d.seat's view and options; return the chosen index (or raise Quit/Undo)."""
    options = d.options
    who = seat_called(game.seat_names(state), d.seat)
    named = f" ({who})" if who != f"seat {d.seat}" else ""
    console.print(Rule(f"Seat {d.seat}{named} to decide" + (" (in private)" if d.lane else "")))
    console.print(view_panel(state.view(d.seat), f"What seat {d.seat}{named} sees", game))
    show_decision(d, options)
    help_text = game.rules_help().get("kinds", {}).get(d.kind)
    if help_text:
        console.print(Text(help_text, style="dim italic"))
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


def pass_screen(seat: int) -> None:
    """Hot-seat cover between two people's private decisions."""
    console.print(Rule(f"Pass the screen to seat {seat}"))
    try:
        console.input(f"[bold]seat {seat}: press Enter when the others look away[/bold] ")
    except EOFError:
        raise Quit from None
    console.clear()


def seat_called(names: list[str], seat: int) -> str:
    """The game's name for a seat (a gang), or "seat N" where the game names none."""
    return names[seat] if names[seat] != f"Seat {seat}" else f"seat {seat}"


def tell(state, humans: set[int]) -> None:
    """Print what the game told since the last call: every public line, and a private line when its
    seat is the only person at this screen (hot-seat players share it, so their lines are left out)."""
    for text, to in state.take_story():
        if to is None or (len(humans) == 1 and to in humans):
            console.print(Text(text, style="cyan" if to is None else "bold cyan"))


def play_terminal(game: Game, players: list[str], options: GameOptions, seed: int, record: Path | None, quiet: bool) -> None:
    try:
        state = game.new_game(seed=seed, seats=len(players), options=options)
    except SetupError as e:  # the seed, the seats or the options (the engine checks them for every game)
        raise fail(str(e)) from None
    except Exception as e:  # a broken or unfinished game says why it cannot start
        raise fail(f"could not start {game.name}: {type(e).__name__}: {e}", code=1) from None

    bots = {i: get_bot(p, f"{seed}/{i}/{p}") for i, p in enumerate(players) if p != HUMAN}
    humans = {i for i, p in enumerate(players) if p == HUMAN}
    names = game.seat_names(state)
    if not quiet:  # the game tells what happens (raids, news, income...), in its seats' names; bots-only too
        state.tell_story()
    # The seed rebuilds every deck and die: shown only when no person plays (issue: fair games).
    shown_seed = "" if humans else f"seed {seed}, "
    console.print(Text(f"{game.title} — {shown_seed}seats: {', '.join(players)}", style="bold"))
    # The take-back windows (engine/takeback.py): undo goes back over the last human decision (and
    # the single options taken after it) while nothing new became known since — no die rolled, no
    # card drawn or turned, no phase closed, no other seat's (a bot's) decision.
    windows = Windows(len(players))
    last_private_human: int | None = None

    try:
        while not state.is_over():
            pending = state.decisions()
            # bots first: in a simultaneous phase the people then decide one after the other
            d = next((x for x in pending if x.seat not in humans), pending[0])
            seat = d.seat
            if seat in humans:
                if len(d) == 1:
                    o = d.options[0]
                    console.print(
                        Text(f"{seat_called(names, seat)} — {d.prompt}: only one option, taking it: {o.label}", style="dim")
                    )
                    index, real = 0, False
                else:
                    if d.lane and len(humans) > 1 and seat != last_private_human:
                        pass_screen(seat)
                    last_private_human = seat if d.lane else None
                    try:
                        index = ask_human(state, d, game)
                    except Undo:
                        last = max(windows.last_own[h] for h in humans)
                        if last < 0:
                            console.print(Text("nothing to undo: no human decision has been taken yet", style="red"))
                            continue
                        target = windows.target(windows.seats[last])
                        if isinstance(target, Reason):
                            console.print(Text(f"cannot undo: {target.since}", style="red"))
                            continue
                        steps = len(windows) - last
                        try:
                            state = undo(game, state, steps)
                        except Exception as e:  # undo replays the record; say so if that fails
                            console.print(Text(f"cannot undo: {type(e).__name__}: {e}", style="red"))
                            continue
                        windows.removed(list(range(last, len(windows))))
                        if not quiet:
                            state.tell_story()
                        console.print(Text(f"undone {steps} decision(s)", style="yellow"))
                        continue
                    real = True
                    console.print(Text(f"{seat_called(names, seat)} chose: {d.options[index].label}", style="green"))
            else:
                index = ask_bot(bots[seat], state, seat=seat)
                real = False
                if not quiet:
                    who = seat_called(names, seat)
                    # the log's sentences (Step.option_said / hidden_said), as the browser's log reads
                    said, hidden = d.log_texts(index)
                    if d.lane:
                        console.print(Text(f"{who} ({players[seat]}) decided in private", style="dim"))
                    elif humans and d.kind in game.public_decision_kinds:  # the rules show it to all
                        console.print(Text(f"{who} ({players[seat]}): {said}"))
                    elif humans:  # someone is hiding something: the deciding seat and the question only
                        console.print(Text(f"{who} ({players[seat]}) {hidden or f'decided: {d.kind}'}", style="dim"))
                    else:
                        console.print(Text(f"#{state.decisions_made + 1:>5}  seat {seat}  {said}"))
            windows.take(state, index, seat, auto=seat in humans and not real)
            tell(state, humans)
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
        console.print(view_panel(state.view(None), "Final public view", game))
    print_result(state.result(), players, game.factions(options))
    console.print(Text(f"{state.decisions_made} decisions", style="dim"))
    if not write_record(state, record):
        raise typer.Exit(1)
