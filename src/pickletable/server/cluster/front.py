"""The door of one process among several: each request goes to its table's owner.

A request about a table another live process owns is forwarded there
(`tunnel`); anything else is served here, where asking for a free table
takes it. The lobby asks every process for its tables and lists them
together, so every process shows the same lobby. Creating a table and
opening a socket count against the limits shared in Redis first.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

import orjson
from fastapi import FastAPI

from pickletable.server.cluster.bus import NoAnswer
from pickletable.server.cluster.manager import ClusterManager
from pickletable.server.cluster.tunnel import Receive, Scope, Send, read_body, run_http

TABLE_PATH = re.compile(r"^/(?:api|ws)/tables/([^/]+)")
LOBBY_SECONDS = 1.0
"""How long the lobby waits for another process's tables (a dead one is left out)."""


class ClusterFront:
    """An ASGI app around the web table app (see the module docstring)."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        manager = getattr(self.app.state, "manager", None)
        if scope["type"] not in ("http", "websocket") or not isinstance(manager, ClusterManager):
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._socket(manager, scope, receive, send)
        else:
            await self._http(manager, scope, receive, send)

    async def _http(
        self, manager: ClusterManager, scope: Scope, receive: Receive, send: Send
    ) -> None:
        path, method = scope["path"].rstrip("/"), scope["method"]
        if path == "/api/cluster":
            peers = manager.bus.peers
            await _json(send, 200, {"worker": manager.worker_id, "workers": peers})
            return
        if path == "/api/tables" and method == "GET":
            await self._lobby(manager, scope, send)
            return
        if path == "/api/tables" and method == "POST":
            wait = await manager.shared_limits.take_creation(_address(scope))
            if wait:
                detail = f"too many new tables from your address: try again in {wait:.0f} s"
                await _json(send, 429, {"detail": detail})
                return
        match = TABLE_PATH.match(path)
        owner = None if match is None else await manager.route(match.group(1))
        if owner is None:
            await self.app(scope, receive, send)
            return
        body = await read_body(receive)
        try:
            await manager.tunnels.forward_http(owner, scope, body, send)
        except NoAnswer as error:
            await _json(send, 503, {"detail": f"{error}: try again"})

    async def _lobby(self, manager: ClusterManager, scope: Scope, send: Send) -> None:
        """Every process's listed tables, most recently active first."""
        status, _, body = await run_http(self.app, scope, b"")
        if status != 200:
            await send({"type": "http.response.start", "status": status, "headers": []})
            await send({"type": "http.response.body", "body": body})
            return
        others = [name for name in manager.bus.peers if name != manager.worker_id]
        answers = await asyncio.gather(
            *(manager.tunnels.ask(name, scope, timeout=LOBBY_SECONDS) for name in others),
            return_exceptions=True,
        )
        tables: dict[str, dict[str, Any]] = {item["id"]: item for item in orjson.loads(body)}
        for answer in answers:
            if isinstance(answer, tuple) and answer[0] == 200:
                for item in orjson.loads(answer[1]):
                    tables.setdefault(item["id"], item)
        shown = sorted(tables.values(), key=lambda item: float(item.get("idle_seconds", 0)))
        await _json(send, 200, shown)

    async def _socket(
        self, manager: ClusterManager, scope: Scope, receive: Receive, send: Send
    ) -> None:
        match = TABLE_PATH.match(scope["path"])
        if match is None:
            await self.app(scope, receive, send)
            return
        address = _address(scope)
        if not await manager.shared_limits.take_socket(address):
            limit = manager.settings.limits.connections_per_address
            await receive()
            await send({"type": "websocket.accept"})
            reason = f"too many connections from one address (limit {limit})"
            await send({"type": "websocket.close", "code": 4029, "reason": reason})
            return
        try:
            owner = await manager.route(match.group(1))
            if owner is None:
                await self.app(scope, receive, send)
            else:
                await manager.tunnels.forward_socket(owner, scope, receive, send)
        finally:
            await manager.shared_limits.give_back_socket(address)


def _address(scope: Scope) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


async def _json(send: Send, status: int, value: Any) -> None:
    body = orjson.dumps(value)
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
