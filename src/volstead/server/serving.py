"""How the app is served (`volstead serve`, `play`, `replay --browser`): uvicorn's settings in one
place, with the limits of `limits.py` that only the HTTP protocol can hold (docs/server.md, "Limits").

uvicorn 0.54 has no timeout for a request's head and passes a WebSocket handshake it cannot parse
to a protocol that never answers it, so the server runs its own subclass of uvicorn's h11
protocol (pinned, whatever else is installed), which:
- answers 408 and closes a connection whose request head is unfinished `header_timeout` seconds
  after its first byte (a connection that sends nothing is closed as quietly, as uvicorn closes
  an idle kept-alive one);
- answers 414 to a request line (method, URL, version) over `max_request_line` bytes, before it is
  parsed, a WebSocket handshake's included (the WebSocket protocol would leave it unanswered);
- answers 400 to a WebSocket handshake the WebSocket protocol refuses to parse (a header line
  over its 8 KiB, say) instead of leaving it open;
- closes connections lingering: after the last answer (a 413 to a body still coming, a 1009 to a
  WebSocket message still coming) it stops writing and reads what the client still sends for up
  to `linger` seconds before closing, so the client reads the answer instead of a reset.
WebSocket messages over MAX_MESSAGE bytes are closed by uvicorn's `ws_max_size` with 1009 and the
reason; the body's own limits and timeout are the app's (`limits.BodyLimit`)."""

from __future__ import annotations

import asyncio
import json
from http import HTTPStatus
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from .limits import HEADER_TIMEOUT, MAX_MESSAGE, MAX_REQUEST_LINE

LINGER = 2.0  # seconds a closed connection still reads (and drops) what the client sends


def server_config(
    app: Any,
    host: str,
    port: int,
    *,
    header_timeout: float = HEADER_TIMEOUT,
    max_request_line: int = MAX_REQUEST_LINE,
    linger: float = LINGER,
    **overrides: Any,
) -> uvicorn.Config:
    """uvicorn's configuration for serving `app` (`overrides`: more uvicorn settings, for tests)."""
    settings: dict[str, Any] = {
        "log_level": "warning",
        # SIGINT/SIGTERM: open WebSockets get 3 s to close, then the server stops (every decision is stored)
        "timeout_graceful_shutdown": 3,
        # States are a few kB of JSON sent often: compressing each one (permessage-deflate) cost more CPU
        # than the view itself under load (benchmarks/load_server.py).
        "ws_per_message_deflate": False,
        "http": limited_http(header_timeout, max_request_line, linger),
        "ws": WebSocketsSansIOProtocol,
        "ws_max_size": MAX_MESSAGE,  # a larger message: closed with 1009 "message too big"
    }
    return uvicorn.Config(app, host=host, port=port, **(settings | overrides))


def limited_http(header_timeout: float, max_request_line: int, linger: float) -> type[H11Protocol]:
    """The HTTP protocol class with these limits."""
    return type(
        "LimitedH11Protocol",
        (LimitedH11Protocol,),
        {"header_timeout": header_timeout, "max_request_line": max_request_line, "linger": linger},
    )


def error_response(status: int, message: str) -> bytes:
    """A whole HTTP response with the usual error body, closing the connection."""
    body = json.dumps({"type": "error", "error": "HTTPError", "message": message}).encode()
    head = (
        f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\ncontent-type: application/json\r\n"
        f"content-length: {len(body)}\r\nconnection: close\r\n\r\n"
    )
    return head.encode() + body


class LimitedH11Protocol(H11Protocol):
    header_timeout = HEADER_TIMEOUT
    max_request_line = MAX_REQUEST_LINE
    linger = LINGER
    head_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(LingeringTransport(transport, self.linger))  # type: ignore[arg-type]
        self.head_timer = self.loop.call_later(self.header_timeout, self.head_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self.stop_head_timer()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.conn.their_state is h11.IDLE and self.request_line_too_long(data):
            self.refuse(414, f"the URL is too long (a request line of at most {self.max_request_line} bytes)")
            return
        super().data_received(data)
        if self.conn.their_state is not h11.IDLE:
            self.stop_head_timer()  # the head is in: the body has its own timeout (limits.BodyLimit)
        elif self.head_timer is None and not self.transport.is_closing():
            self.head_timer = self.loop.call_later(self.header_timeout, self.head_too_slow)

    def request_line_too_long(self, data: bytes) -> bool:
        head = self.conn.trailing_data[0] + data  # what came of this request so far (h11 keeps it until the head ends)
        end = head.find(b"\n", 0, self.max_request_line + 2)
        return len(head[:end].rstrip(b"\r")) > self.max_request_line if end >= 0 else len(head) > self.max_request_line

    def head_too_slow(self) -> None:
        self.head_timer = None
        if self.conn.their_state is not h11.IDLE or self.transport.is_closing():
            return
        if self.conn.trailing_data[0]:
            self.refuse(408, f"the request's head did not arrive within {self.header_timeout:g} seconds")
        else:
            self.transport.close()  # nothing asked: nothing to answer

    def stop_head_timer(self) -> None:
        if self.head_timer is not None:
            self.head_timer.cancel()
            self.head_timer = None

    def refuse(self, status: int, message: str) -> None:
        self.stop_head_timer()
        self.transport.write(error_response(status, message))
        self.transport.close()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.stop_head_timer()
        super().handle_websocket_upgrade(event)
        ws = self.transport.get_protocol()
        failed = getattr(getattr(ws, "conn", None), "handshake_exc", None)
        if failed is not None and not getattr(ws, "handshake_initiated", True) and not self.transport.is_closing():
            self.transport.write(error_response(400, f"bad WebSocket handshake: {str(failed)[:200]}"))
            self.transport.close()


class LingeringTransport:
    """The connection's transport as uvicorn's protocols see it; `close` lingers (see the module's
    doc): the answer written so far is sent, then the write side is shut and what still arrives is
    dropped until the client closes or `linger` seconds pass."""

    def __init__(self, transport: Any, linger: float):
        self._transport = transport
        self._linger = linger
        self._closing = False
        self.write = transport.write  # the busy calls without __getattr__'s detour
        self.get_extra_info = transport.get_extra_info

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)

    def is_closing(self) -> bool:
        return self._closing or self._transport.is_closing()

    def close(self) -> None:
        if self._closing:
            return
        self._closing = True
        transport = self._transport
        if transport.is_closing() or not transport.can_write_eof():
            transport.close()
            return
        transport.set_protocol(Discard(transport.get_protocol(), transport, self._linger))
        transport.resume_reading()
        transport.write_eof()


class Discard(asyncio.Protocol):
    """Reads and drops what a lingering connection still receives; the connection's own protocol
    hears of its end."""

    def __init__(self, owner: asyncio.BaseProtocol, transport: Any, linger: float):
        self.owner = owner
        self.timer = asyncio.get_running_loop().call_later(linger, transport.close)

    def data_received(self, data: bytes) -> None:
        pass

    def eof_received(self) -> bool:
        return False  # the client is done too: close

    def connection_lost(self, exc: Exception | None) -> None:
        self.timer.cancel()
        self.owner.connection_lost(exc)
