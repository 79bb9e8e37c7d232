"""Live play over a WebSocket: one per browser tab, as a seat or as a spectator.

The browser sends ``{"type": "hello", "token": ...}`` first (no token:
spectator; within `Limits.hello_seconds`), then
``{"type": "act", "token": ..., "action": "roll", "step": 12}`` for moves,
where ``step`` is the ``step`` of the view the move answers, and
``{"type": "sync"}`` to get its whole view again. The server sends a
``view`` (built from that seat's observation only) when the socket opens
and on ``sync``, then a ``patch`` of it for each change (see
`pickletable.server.patches`), ``refused`` with the
reason for a refused move or an unreadable message (the connection stays
open), and ``rematch`` with the new table's id.

A connection is closed with a code and a reason when it does not say hello
in time (4000), its table does not exist (4404), its address holds too many
connections (4029) or it does not read what it is sent (4008).
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from pickletable.server.connections import Connection, Send
from pickletable.server.deps import Manager
from pickletable.server.errors import Refused
from pickletable.server.json_text import dumps
from pickletable.server.messages import BadMessage, int_field, read_message, text_field
from pickletable.server.throttles import TokenBucket

router = APIRouter(tags=["play"])
ECHO_LIMIT = 64
"""Longest action text a refusal repeats back."""


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, manager: Manager) -> None:
    """See the module docstring for the messages."""
    address = websocket.client.host if websocket.client else "?"
    limits = manager.settings.limits
    await websocket.accept()
    if not manager.sockets.take(address):
        limit = limits.connections_per_address
        await websocket.close(4029, f"too many connections from one address (limit {limit})")
        return
    try:
        await _serve(websocket, table_id, manager)
    finally:
        manager.sockets.give_back(address)


async def _serve(websocket: WebSocket, table_id: str, manager: Manager) -> None:
    limits = manager.settings.limits
    try:
        hello = await _hello(websocket, limits.hello_seconds, limits.message_bytes)
    except TimeoutError:
        await websocket.close(4000, f"say hello within {limits.hello_seconds:g} s")
        return
    except WebSocketDisconnect:
        return
    if hello is None:
        return
    try:
        connection = await manager.connect(
            table_id,
            _sender(websocket),
            text_field(hello, "token"),
            close=lambda code, reason: websocket.close(code, reason),
        )
    except Refused as error:
        await websocket.send_json({"type": "refused", "message": error.message})
        await websocket.close(code=4404, reason=_close_reason(error.message))
        return
    bucket = TokenBucket(limits.messages_per_second)
    dropped_at = 0.0
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if connection.dropped is not None:
                # Read what it still sends for a while, so that its socket ends with our
                # close frame and reason rather than a reset that discards them.
                dropped_at = dropped_at or time.monotonic()
                if time.monotonic() - dropped_at > limits.send_seconds:
                    break
                continue
            if not bucket.take():
                connection.send({"type": "refused", "message": "too many messages: slow down"})
                continue
            try:
                message = read_message(frame, limits.message_bytes)
            except BadMessage as error:
                connection.send({"type": "refused", "message": str(error)})
                continue
            await _answer(manager, connection, message)
    except WebSocketDisconnect:
        pass
    finally:
        await manager.disconnect(connection)


def _sender(websocket: WebSocket) -> Send:
    """How a connection's messages leave: as JSON text encoded with orjson."""

    async def send(message: dict[str, Any]) -> None:
        await websocket.send_text(dumps(message))

    return send


async def _hello(websocket: WebSocket, seconds: float, limit: int) -> dict[str, Any] | None:
    """The first readable message (None if the socket closed first); others are answered."""
    async with asyncio.timeout(seconds):
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return None
            try:
                return read_message(frame, limit)
            except BadMessage as error:
                await websocket.send_json({"type": "refused", "message": str(error)})


async def _answer(manager: Manager, connection: Connection, message: dict[str, Any]) -> None:
    kind = message.get("type")
    if kind == "act":
        action = text_field(message, "action") or ""
        shown = action if len(action) <= ECHO_LIMIT else action[:ECHO_LIMIT] + "…"
        try:
            await manager.act(
                connection.table_id,
                text_field(message, "token"),
                action,
                step=int_field(message, "step"),
                require_step=True,
                connection=connection,
            )
        except Refused as error:
            refusal: dict[str, Any] = {"type": "refused", "action": shown, "message": error.message}
            if error.step is not None:
                refusal["step"] = error.step
            connection.send(refusal)
    elif kind == "sync":
        await manager.resync(connection)
    elif kind == "ping":
        connection.send({"type": "pong"})
    elif kind == "hello":
        pass  # a repeated hello changes nothing
    else:
        connection.send(
            {"type": "refused", "message": "unknown message type: use act, sync or ping"}
        )


def _close_reason(text: str) -> str:
    """A close frame's reason: at most 123 bytes of UTF-8, cut on a character boundary."""
    return text.encode()[:120].decode(errors="ignore")
