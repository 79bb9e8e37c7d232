"""A request that reached the wrong process, run by the table's owner: ASGI over the bus.

The process a browser reached (the edge) sends the request to the owner,
which runs it through its own app as if the browser had come to it, and
sends the answer back. An HTTP request goes whole, and its response comes
back whole. A WebSocket becomes a session at the owner, fed with the
browser's frames and sending its own back, in order, until either side
closes; the edge closes the browser's socket (1012, so it reconnects) when
the owner stops answering, and the owner ends a session whose edge died.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import uuid
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from pickletable.server.cluster.bus import Bus

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]
MOVED_CODE = 1012
"""The close code of a socket whose table moved to another process (the browser reconnects)."""


class Tunnels:
    """Both ends of forwarded requests for one process (see the module docstring)."""

    def __init__(self, bus: Bus, app: App, timeout: float = 5.0) -> None:
        self.bus = bus
        self.app = app
        self.timeout = timeout
        self._sessions: dict[str, tuple[asyncio.Queue[Message], str]] = {}
        """Owner side: each forwarded socket's inbox and the process holding the browser."""
        self._edges: dict[str, tuple[asyncio.Queue[Message], str]] = {}
        """Edge side: each forwarded socket's messages from its owner, and that owner."""
        bus.handlers.update(
            {
                "http": self._serve_http,
                "ws_open": self._serve_socket,
                "ws_in": self._session_frame,
                "ws_gone": self._session_gone,
                "ws_out": self._edge_message,
            }
        )

    # --- the edge ------------------------------------------------------------
    async def forward_http(self, owner: str, scope: Scope, body: bytes, send: Send) -> None:
        """Have `owner` answer an HTTP request (`NoAnswer` if it does not in time)."""
        request = {"kind": "http", "scope": portable(scope), "body": _text(body)}
        answer = await self.bus.call(owner, request, self.timeout)
        await send(
            {
                "type": "http.response.start",
                "status": int(answer["status"]),
                "headers": [
                    (k.encode("latin-1"), v.encode("latin-1")) for k, v in answer["headers"]
                ],
            }
        )
        await send({"type": "http.response.body", "body": _bytes(answer["body"])})

    async def ask(
        self, worker: str, scope: Scope, body: bytes = b"", timeout: float | None = None
    ) -> tuple[int, bytes]:
        """Run a request at `worker` and return its status and body (the lobby asks everyone)."""
        request = {"kind": "http", "scope": portable(scope), "body": _text(body)}
        answer = await self.bus.call(worker, request, timeout or self.timeout)
        return int(answer["status"]), _bytes(answer["body"])

    async def forward_socket(self, owner: str, scope: Scope, receive: Receive, send: Send) -> None:
        """Relay a browser's WebSocket to a session at `owner` until either side closes."""
        connection = uuid.uuid4().hex
        inbox: asyncio.Queue[Message] = asyncio.Queue()
        self._edges[connection] = (inbox, owner)
        first = await receive()
        if first["type"] != "websocket.connect":
            self._edges.pop(connection, None)
            return
        opening = {"kind": "ws_open", "conn": connection, "from": self.bus.worker_id}
        self.bus.post(owner, {**opening, "scope": portable(scope)})
        upstream = asyncio.create_task(self._browser_to_owner(connection, owner, receive, inbox))
        closed_by_owner = accepted = False
        try:
            while True:
                message = await inbox.get()
                if message["type"] == "edge.gone":  # the browser left
                    break
                if message["type"] == "websocket.close" and not accepted:
                    # Closed before it opened (its owner died): open it to close it with a
                    # code, so that the browser reconnects rather than giving up on a 403.
                    await send({"type": "websocket.accept"})
                accepted = accepted or message["type"] == "websocket.accept"
                await send(message)
                if message["type"] == "websocket.close":
                    closed_by_owner = True
                    break
        finally:
            upstream.cancel()
            self._edges.pop(connection, None)
            if closed_by_owner:
                self.bus.post(owner, {"kind": "ws_gone", "conn": connection})

    async def _browser_to_owner(
        self, connection: str, owner: str, receive: Receive, inbox: asyncio.Queue[Message]
    ) -> None:
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                self.bus.post(owner, {"kind": "ws_gone", "conn": connection})
                inbox.put_nowait({"type": "edge.gone"})
                return
            frame: dict[str, Any] = {"kind": "ws_in", "conn": connection}
            if message.get("text") is not None:
                frame["text"] = message["text"]
            else:
                frame["bytes"] = _text(message.get("bytes") or b"")
            self.bus.post(owner, frame)

    async def _edge_message(self, message: dict[str, Any]) -> None:
        edge = self._edges.get(str(message["conn"]))
        if edge is not None:
            edge[0].put_nowait(message["message"])

    # --- the owner -----------------------------------------------------------
    async def _serve_http(self, request: dict[str, Any]) -> None:
        status, headers, body = await run_http(
            self.app, local_scope(request["scope"]), _bytes(request["body"])
        )
        self.bus.reply(request, {"status": status, "headers": headers, "body": _text(body)})

    async def _serve_socket(self, request: dict[str, Any]) -> None:
        connection, edge = str(request["conn"]), str(request["from"])
        inbox: asyncio.Queue[Message] = asyncio.Queue()
        inbox.put_nowait({"type": "websocket.connect"})
        self._sessions[connection] = (inbox, edge)
        closed = False

        async def send(message: Message) -> None:
            nonlocal closed
            kind = message["type"]
            if kind == "websocket.accept":
                out: dict[str, Any] = {"type": kind, "subprotocol": message.get("subprotocol")}
            elif kind == "websocket.send":
                out = {"type": kind, "text": message.get("text")}
            elif kind == "websocket.close":
                closed = True
                out = {"type": kind, "code": message.get("code", 1000)}
                out["reason"] = message.get("reason") or ""
            else:
                return
            self.bus.post(edge, {"kind": "ws_out", "conn": connection, "message": out})

        try:
            await self.app(local_scope(request["scope"]), inbox.get, send)
        finally:
            self._sessions.pop(connection, None)
            if not closed:
                await send({"type": "websocket.close", "code": 1011, "reason": "session ended"})

    async def _session_frame(self, message: dict[str, Any]) -> None:
        session = self._sessions.get(str(message["conn"]))
        if session is None:
            return
        frame: dict[str, Any] = {"type": "websocket.receive"}
        if "text" in message:
            frame["text"] = message["text"]
        else:
            frame["bytes"] = _bytes(message["bytes"])
        session[0].put_nowait(frame)

    async def _session_gone(self, message: dict[str, Any]) -> None:
        session = self._sessions.get(str(message["conn"]))
        if session is not None:
            session[0].put_nowait({"type": "websocket.disconnect", "code": 1001})

    # --- both ----------------------------------------------------------------
    def check_peers(self) -> None:
        """Close the sockets relayed to a dead owner, end the sessions of a dead edge."""
        for inbox, owner in list(self._edges.values()):
            if not self.bus.is_alive(owner):
                reason = "the table's server process is gone: reconnect"
                inbox.put_nowait({"type": "websocket.close", "code": MOVED_CODE, "reason": reason})
        for inbox, edge in list(self._sessions.values()):
            if not self.bus.is_alive(edge):
                inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})

    def close_all(self, reason: str) -> None:
        """A stopping process: every relayed socket closes (1012), every session ends."""
        for connection, (inbox, edge) in list(self._sessions.items()):
            close = {"type": "websocket.close", "code": MOVED_CODE, "reason": reason}
            self.bus.post(edge, {"kind": "ws_out", "conn": connection, "message": close})
            inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})
        for inbox, _ in list(self._edges.values()):
            inbox.put_nowait({"type": "websocket.close", "code": MOVED_CODE, "reason": reason})


async def run_http(app: App, scope: Scope, body: bytes) -> tuple[int, list[list[str]], bytes]:
    """Run one HTTP request through `app` here; its status, headers and body."""
    done = asyncio.Event()
    status = 500
    headers: list[list[str]] = []
    chunks: list[bytes] = []
    given = False

    async def receive() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        await done.wait()
        return {"type": "http.disconnect"}

    async def send(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
            headers.extend(
                [k.decode("latin-1"), v.decode("latin-1")] for k, v in message.get("headers", [])
            )
        elif message["type"] == "http.response.body":
            chunks.append(bytes(message.get("body", b"")))
            if not message.get("more_body"):
                done.set()

    try:
        await app(scope, receive, send)
    finally:
        done.set()
    return status, headers, b"".join(chunks)


async def read_body(receive: Receive) -> bytes:
    """The whole body of an HTTP request."""
    chunks = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            break
        chunks.append(bytes(message.get("body", b"")))
        if not message.get("more_body"):
            break
    return b"".join(chunks)


def portable(scope: Scope) -> dict[str, Any]:
    """What of an ASGI scope another process needs, as JSON."""
    kept: dict[str, Any] = {
        key: scope[key]
        for key in ("type", "http_version", "method", "scheme", "path", "root_path")
        if key in scope
    }
    kept["query_string"] = bytes(scope.get("query_string", b"")).decode("latin-1")
    kept["headers"] = [[k.decode("latin-1"), v.decode("latin-1")] for k, v in scope["headers"]]
    kept["client"] = list(scope["client"]) if scope.get("client") else None
    kept["server"] = list(scope["server"]) if scope.get("server") else None
    kept["subprotocols"] = list(scope.get("subprotocols", []))
    return kept


def local_scope(kept: dict[str, Any]) -> Scope:
    """An ASGI scope again from `portable`'s JSON."""
    scope: Scope = {**kept, "asgi": {"version": "3.0"}}
    scope["query_string"] = str(kept["query_string"]).encode("latin-1")
    scope["raw_path"] = str(kept["path"]).encode()
    scope["headers"] = _raw_headers(kept["headers"])
    scope["client"] = tuple(kept["client"]) if kept["client"] else None
    scope["server"] = tuple(kept["server"]) if kept["server"] else None
    if scope["type"] == "http":
        scope.pop("subprotocols", None)
    return scope


def _raw_headers(pairs: list[list[str]]) -> list[tuple[bytes, bytes]]:
    return [(name.encode("latin-1"), value.encode("latin-1")) for name, value in pairs]


def _text(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _bytes(text: str) -> bytes:
    with contextlib.suppress(ValueError):
        return base64.b64decode(text)
    return b""
