"""What `volstead play` (in the browser), `volstead serve`, `volstead workbench` and `volstead replay --browser` run."""

from __future__ import annotations

import contextlib
import gc
import socket
import threading
import webbrowser
from typing import Any

from rich.console import Console
from rich.text import Text

console = Console(highlight=False)


@contextlib.contextmanager
def opening_database(url_db: str):
    """A database that cannot be opened (its schema newer than this Volstead, server/migrations/)
    ends the command with the reason, not a traceback."""
    from volstead.engine.errors import VolsteadError

    try:
        yield
    except VolsteadError as e:
        console.print(Text(f"Cannot use the database {url_db}: {e}", style="red"), soft_wrap=True)
        raise SystemExit(1) from None


def free_port(host: str, port: int) -> int:
    """`port` if it can be bound on `host`, else a free one."""
    for candidate in (port, 0):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
            try:
                s.bind((host if host not in ("0.0.0.0", "") else "", candidate))
            except OSError:
                continue
            return s.getsockname()[1]
    raise OSError(f"no free port on {host}")


def _run(app, host: str, port: int, url: str | None, open_browser: bool) -> None:
    import uvicorn

    from .serving import server_config

    if url and open_browser:
        threading.Timer(1.0, lambda: webbrowser.open(url)).start()
    tune_gc()
    uvicorn.Server(server_config(app, host, port)).run()  # its settings and limits: serving.py


def tune_gc() -> None:
    """Garbage collection for a process that holds every live game in memory. A full collection
    walks every tracked object (about 250 a live game, 100 ns each): 200-300 ms at 1,000 tables,
    a stall every table feels. What is loaded at start (modules, classes, content) is frozen out
    of collections; young collections run every 20,000 new containers instead of 700, so that
    the short-lived parts of a game's state die by reference counting before they are promoted,
    and full collections come rarely (benchmarks/load_server.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 5, 1_000)


def link_host(host: str) -> str:
    if host in ("0.0.0.0", "", "::"):
        return socket.gethostname()
    return host


def play_web(
    game_name: str,
    kinds: list[str],
    options: dict,
    seed: int | None,
    db: str | None,
    host: str,
    port: int,
    open_browser: bool,
    bot_delay: float,
    think_s: float,
    hotseat: bool,
    resume: bool = False,
) -> None:
    """Start a game (or, with `resume`, go back to the newest unfinished one `volstead play` started
    with this database) and serve it."""
    from . import local_games
    from .app import create_app, default_db_url
    from .hub import Hub
    from .store import Store

    url_db = db or default_db_url()
    with opening_database(url_db):
        store = Store(url_db)
    try:
        found = None
        if resume:
            found = local_games.unfinished(url_db, game_name, lambda gid: getattr(store.load(gid), "status", None))
        if found is None:
            live, tokens = Hub(store).create_game(game_name, kinds, options, seed, hotseat=hotseat)
            token = (tokens.table or tokens.seats[min(tokens.seats)]) if tokens.seats else None
            path = f"/game/{live.id}" + (f"?token={token}" if token else "")
            if token:
                local_games.remember({"db": url_db, "game": game_name, "id": live.id, "path": path})
    finally:
        store.close()
    port = free_port(host, port)
    base = f"http://{link_host(host)}:{port}"
    if found is not None:
        url = base + found["path"]
        console.print(
            Text(
                f"Your unfinished {game_name} game {found['id']} is where you left it (`volstead play --new` starts another).",
                style="bold",
            ),
            soft_wrap=True,
        )
    else:
        url = base + path
        title = f"{live.stored.game} game {live.id}: {', '.join(kinds)}"  # no seed: it tells every deck
        console.print(Text(title, style="bold"), soft_wrap=True)
        for seat, tok in sorted(tokens.seats.items()):
            console.print(Text(f"  seat {seat} link: {base}/game/{live.id}?token={tok}"), soft_wrap=True)
        console.print(Text(f"  spectators: {base}/game/{live.id}    lobby: {base}/", style="dim"), soft_wrap=True)
    console.print(
        Text(f"Open {url} to play (Ctrl+C stops the server; the game is saved in {url_db}).", style="green"), soft_wrap=True
    )
    _run(create_app(url_db, bot_delay=bot_delay, think_s=think_s), host, port, url, open_browser)


def serve(
    db: str | None,
    host: str,
    port: int,
    bot_delay: float,
    think_s: float,
    open_browser: bool,
    bot_workers: int | None = None,
    cheap_workers: int | None = None,
    client_limits: Any = None,
    workbench_limits: Any = None,
) -> None:
    from .app import create_app, default_db_url

    url_db = db or default_db_url()
    with opening_database(url_db):
        app = create_app(
            url_db,
            bot_delay=bot_delay,
            think_s=think_s,
            bot_workers=bot_workers,
            cheap_workers=cheap_workers,
            client_limits=client_limits,
            workbench_limits=workbench_limits,
        )
    url = f"http://{link_host(host)}:{port}/"
    console.print(Text(f"Volstead server on {url} (games in {url_db}); Ctrl+C stops it.", style="green"), soft_wrap=True)
    _run(app, host, port, url, open_browser)


def workbench_web(path: str, db: str | None, host: str, port: int, open_browser: bool, limits: Any) -> None:
    """Serve the app on this machine for the designer's workbench and open `path` (/workbench…)."""
    from .app import create_app, default_db_url

    url_db = db or default_db_url()
    with opening_database(url_db):
        app = create_app(url_db, workbench_limits=limits)
    port = free_port(host, port)
    url = f"http://{link_host(host)}:{port}{path}"
    console.print(
        Text(f"The workbench: {url} (Ctrl+C stops the server; variants are saved in {url_db}).", style="green"),
        soft_wrap=True,
    )
    _run(app, host, port, url, open_browser)


def replay_web(record: dict, db: str | None, host: str, port: int, open_browser: bool) -> None:
    from .app import create_app, default_db_url, import_record
    from .store import Store

    url_db = db or default_db_url()
    with opening_database(url_db):
        store = Store(url_db)
    try:
        game_id = import_record(store, record)
    finally:
        store.close()
    port = free_port(host, port)
    url = f"http://{link_host(host)}:{port}/replay/{game_id}"
    console.print(Text(f"Replay: {url} (Ctrl+C stops the server)", style="green"), soft_wrap=True)
    _run(create_app(url_db), host, port, url, open_browser)
