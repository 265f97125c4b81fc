"""An ASGI middleware that refuses a request body larger than the server accepts before reading
it (413, with the usual error body), whether the size is declared or the body streams in."""

from __future__ import annotations

import json
from typing import Any

from .routes.deps import MAX_BODY

Scope = dict[str, Any]


class BodyLimit:
    def __init__(self, app: Any, limit: int = MAX_BODY):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0

        async def counted() -> Any:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise BodyTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except BodyTooLarge:
            await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = json.dumps(
            {"type": "error", "error": "HTTPError", "message": f"the body is too large (at most {self.limit} bytes)"}
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())],
            }
        )
        await send({"type": "http.response.body", "body": body})


class BodyTooLarge(Exception):
    pass
