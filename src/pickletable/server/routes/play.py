"""Live play over a WebSocket: one per browser tab, as a seat or as a spectator.

The browser sends ``{"type": "hello", "token": ...}`` first (no token:
spectator), then ``{"type": "act", "token": ..., "action": "roll"}`` for
moves and ``{"type": "sync"}`` to get its whole view again. The server
sends ``view`` messages (built from that seat's observation only),
``refused`` with the reason for a refused move, and ``rematch`` with the new
table's id.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from pickletable.server.deps import Manager
from pickletable.server.errors import Refused

router = APIRouter(tags=["play"])


@router.websocket("/ws/tables/{table_id}")
async def play(websocket: WebSocket, table_id: str, manager: Manager) -> None:
    """See the module docstring for the messages."""
    await websocket.accept()
    try:
        hello = await websocket.receive_json()
        token = _text(hello.get("token")) if isinstance(hello, dict) else None
        try:
            connection = await manager.connect(table_id, websocket.send_json, token)
        except Refused as error:
            await websocket.send_json({"type": "refused", "message": error.message})
            await websocket.close(code=4404)
            return
    except (WebSocketDisconnect, ValueError):  # gone, or not JSON
        return
    try:
        while True:
            message = await websocket.receive_json()
            if not isinstance(message, dict):
                continue
            kind = message.get("type")
            if kind == "act":
                action = _text(message.get("action")) or ""
                try:
                    await manager.act(table_id, _text(message.get("token")), action)
                except Refused as error:
                    await connection.send(
                        {"type": "refused", "action": action, "message": error.message}
                    )
            elif kind == "sync":
                await manager.resync(connection)
            elif kind == "ping":
                await connection.send({"type": "pong"})
    except (WebSocketDisconnect, ValueError):
        pass
    finally:
        await manager.disconnect(connection)


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None
