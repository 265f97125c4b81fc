"""What a request or a message may be, in one place (docs/server.md, "Limits"), and the ASGI
middleware that holds request bodies to it.

`BodyLimit` reads a request's body before the app sees it, within `body_timeout` seconds of the
request's head: over `limit` bytes, declared or streamed (chunked), it answers 413; too slow,
408; not UTF-8 (JSON bodies are UTF-8, RFC 8259: no UTF-16 guessed from the bytes), 400 — but
the workbench's routes take up to MAX_WORKBENCH_BODY, and a zip (`application/zip`) as bytes. Each
answer has the usual error body and closes the connection (the rest of the body is not read).
What only the HTTP protocol can see (a head that never ends, an over-long URL) is `serving.py`'s.
"""

from __future__ import annotations

import asyncio
import codecs
import json
from typing import Any

MAX_BODY = 64 * 1024  # bytes: a request body (a game's options, a decide) is far smaller
# the designer's workbench sends whole card-set files (a form's data as JSON, a zip of TOML files)
WORKBENCH_PREFIX = "/api/workbench/"
MAX_WORKBENCH_BODY = 4 << 20  # bytes: the largest set's files are ~200 kB
MAX_MESSAGE = 16 * 1024  # bytes of one WebSocket message (its characters, where no server counts bytes)
MAX_REQUEST_LINE = 8000  # bytes of "GET <url> HTTP/1.1": a longer one is answered 414
HEADER_TIMEOUT = 5.0  # seconds from a connection's first byte (or its opening) to the end of the request's head
BODY_TIMEOUT = 5.0  # seconds from the end of the head to the end of the body

Scope = dict[str, Any]


class BodyLimit:
    def __init__(self, app: Any, limit: int = MAX_BODY, body_timeout: float = BODY_TIMEOUT):
        self.app = app
        self.limit = limit
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers") or [])
        declared = headers.get(b"content-length")
        if declared is None and b"transfer-encoding" not in headers:
            await self.app(scope, receive, send)  # no body (a GET): nothing to read
            return
        workbench = str(scope.get("path", "")).startswith(WORKBENCH_PREFIX)
        limit = max(self.limit, MAX_WORKBENCH_BODY) if workbench else self.limit
        binary = workbench and headers.get(b"content-type", b"").split(b";")[0].strip() == b"application/zip"
        if declared is not None and (not declared.isdigit() or int(declared) > limit):
            await refuse(send, 413, f"the body is too large (at most {limit} bytes)")
            return
        try:
            async with asyncio.timeout(self.body_timeout):
                body, gone = await self.read_body(receive, limit, binary)
        except TimeoutError:
            await refuse(send, 408, f"the body did not arrive within {self.body_timeout:g} seconds")
            return
        except BodyTooLarge:
            await refuse(send, 413, f"the body is too large (at most {limit} bytes)")
            return
        except UnicodeDecodeError:
            await refuse(send, 400, "the body is not UTF-8 text: a JSON body is UTF-8 (not UTF-16, not Latin-1)")
            return
        if gone:
            return  # the client left while sending: nobody to answer
        replayed = False

        async def replay() -> Any:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def read_body(self, receive: Any, limit: int, binary: bool = False) -> tuple[bytes, bool]:
        """The whole body (checked to be UTF-8 unless `binary`) and whether the client left while sending it."""
        chunks: list[bytes] = []
        seen = 0
        utf8 = codecs.getincrementaldecoder("utf-8")("strict")
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return b"", True
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > limit:
                raise BodyTooLarge
            more = message.get("more_body", False)
            if not binary:
                utf8.decode(chunk, final=not more)
            chunks.append(chunk)
            if not more:
                return b"".join(chunks), False


async def refuse(send: Any, status: int, message: str) -> None:
    """The usual error body with `status`, closing the connection (what the client still sends is not read)."""
    body = json.dumps({"type": "error", "error": "HTTPError", "message": message}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    pass
