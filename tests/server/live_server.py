"""A real server on a free loopback port, in a thread of the test's process (what needs a socket:
the HTTP protocol's limits, serving.py), with the limits a test asks for."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator


@contextlib.contextmanager
def live_server(db_url: str, *, body_timeout: float = 5.0, **limits) -> Iterator[tuple[str, int]]:
    """(host, port) of a server of a new app, stopped when the block ends; `limits`: serving.server_config's."""
    import uvicorn

    from volstead.server import create_app
    from volstead.server.serving import server_config

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(server_config(create_app(db_url, body_timeout=body_timeout), "127.0.0.1", port, **limits))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < end and thread.is_alive(), "the server did not start"
        time.sleep(0.02)
    try:
        yield "127.0.0.1", port
    finally:
        server.should_exit = True
        thread.join(10)


def raw(
    host: str, port: int, data: bytes, *, then: bytes = b"", pause: float = 0.0, timeout: float = 10.0
) -> tuple[bytes, float]:
    """What the server answers to `data` (and `then`, sent `pause` seconds later) sent as they are,
    read until it closes, and how long it took."""
    start = time.monotonic()
    with socket.create_connection((host, port), timeout=timeout) as s:
        s.sendall(data)
        if then:
            time.sleep(pause)
            s.sendall(then)
        chunks = []
        with contextlib.suppress(ConnectionResetError):
            while chunk := s.recv(65536):
                chunks.append(chunk)
    return b"".join(chunks), time.monotonic() - start
