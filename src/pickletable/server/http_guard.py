"""Limits below the app, where uvicorn reads HTTP: slow requests, connections per address,
request bodies.

- `guarded_http`: uvicorn's HTTP protocol, with a clock on every request
  (from its first byte to its last, `Limits.request_seconds`: a half-sent
  request, slowloris, is closed) and a cap on the connections one address
  holds open (`Limits.http_connections_per_address`; a trusted proxy's are
  not counted, the proxy counts its own);
- `BodyLimit`: an ASGI middleware refusing a body over `Limits.body_bytes`
  with 413 before the app reads it (a declared length at once, a streamed
  body as soon as it passes the limit), so a huge POST costs no memory.

Each refusal is logged, once a minute per kind with how many there were.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from pickletable.server.repeated_log import RepeatedLog
from pickletable.server.throttles import OpenCount

log = logging.getLogger("pickletable.server")
REFUSALS = RepeatedLog()


def guarded_http(
    request_seconds: float, per_address: int, trusted: frozenset[str] = frozenset()
) -> type[HttpToolsProtocol]:
    """uvicorn's HTTP protocol with the request clock and the per-address cap (module doc)."""
    counts = OpenCount(per_address)

    class GuardedHttp(HttpToolsProtocol):
        _address: str | None = None
        _clock: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            address = self.client[0] if self.client else "?"
            if address not in trusted:
                if not counts.take(address):
                    REFUSALS.note(
                        "connections",
                        f"closed a connection from {address}: it holds {per_address} open, "
                        "the limit",
                    )
                    transport.close()
                    return
                self._address = address
            self._start_clock()

        def on_message_begin(self) -> None:
            super().on_message_begin()
            self._start_clock()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._stop_clock()

        def handle_websocket_upgrade(self) -> None:
            self._stop_clock()  # the socket has limits of its own (hello, messages, readers)
            self._give_back()
            super().handle_websocket_upgrade()

        def connection_lost(self, exc: Exception | None) -> None:
            self._stop_clock()
            self._give_back()
            super().connection_lost(exc)

        def _start_clock(self) -> None:
            if self._clock is None:
                self._clock = self.loop.call_later(request_seconds, self._too_slow)

        def _stop_clock(self) -> None:
            if self._clock is not None:
                self._clock.cancel()
                self._clock = None

        def _give_back(self) -> None:
            if self._address is not None:
                counts.give_back(self._address)
                self._address = None

        def _too_slow(self) -> None:
            self._clock = None
            if self.transport.is_closing():
                return
            address = self.client[0] if self.client else "?"
            REFUSALS.note(
                "slow",
                f"closed a connection from {address}: its request was not sent whole "
                f"within {request_seconds:g} s",
            )
            self.transport.close()

    return GuardedHttp


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes is refused with 413 (module doc)."""

    def __init__(self, app: Any, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(scope, send)
            return
        messages: list[dict[str, Any]] = []
        size = 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            size += len(message.get("body", b""))
            if size > self.limit:
                await self._refuse(scope, send)
                return
            if not message.get("more_body", False):
                break

        async def replay() -> Any:
            return messages.pop(0) if messages else await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Any, send: Any) -> None:
        client = scope.get("client") or ("?",)
        REFUSALS.note("body", f"refused a request body from {client[0]} over {self.limit} bytes")
        body = (
            f'{{"detail": "a request body is at most {self.limit} bytes: this one is larger"}}'
        ).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
