"""A Volstead server in a thread of the test's process (tests that patch the games, the policies or the
server's own functions need it there, not in a process of its own), with forked bot workers (they
know what the test patched)."""

from __future__ import annotations

import contextlib
import socket
import threading
import time


@contextlib.contextmanager
def serving(tmp_path, **app_options):
    """Yields the server's address; `app_options` go to `create_app` (default: no bot delay, 3 s of
    thinking, forked bot workers)."""
    import uvicorn

    from volstead.server import create_app
    from volstead.server.serving import server_config

    options = {"bot_delay": 0.0, "think_s": 3.0, "bot_start": "fork", **app_options}
    app = create_app(f"sqlite:///{tmp_path / 'web.db'}", **options)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    srv = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < end, "the server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)
