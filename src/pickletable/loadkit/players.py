"""Scripted players: one WebSocket per seat, moving a set delay after their turn comes.

Each move is timed from sending it to the first view that shows the
table past that step (its acknowledgement). Every message a player gets is
kept when asked (`keep`), for the hidden-information checks.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from pickletable.server.patches import apply_patch

Policy = Callable[[list[dict[str, str]]], str]


@dataclass
class Tally:
    """What all players saw: acknowledgement times, refusals, dropped connections."""

    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    disconnects: int = 0
    games: int = 0


def ending_policy(rng: random.Random) -> Policy:
    """Lay down when the card game allows it, else a random legal move (games end)."""

    def pick(legal: list[dict[str, str]]) -> str:
        for choice in legal:
            if choice["action"].endswith(" lay"):
                return choice["action"]
        return legal[rng.randrange(len(legal))]["action"]

    return pick


@dataclass
class SeatPlayer:
    """One seat (or, without a token, a spectator) at one table."""

    ws_url: str
    table_id: str
    token: str | None
    tally: Tally
    delay: float = 0.0
    policy: Policy = field(default_factory=lambda: ending_policy(random.Random()))
    keep: bool = False
    messages: list[dict[str, Any]] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    acked: int = 0
    """The highest step this player has seen acknowledged (its own moves and others')."""
    seat: int | None = None
    """The seat it plays (from its first view)."""
    sent_moves: set[tuple[int, str]] = field(default_factory=set)
    """Every move it sent, as (step it answered, action)."""
    acked_moves: list[tuple[int, str]] = field(default_factory=list)
    """Its moves that it saw acknowledged (a view past their step on the same socket)."""
    outages: list[tuple[float, float | None]] = field(default_factory=list)
    """When its socket dropped and when it next had a view (None: never again)."""
    _socket: ClientConnection | None = None

    async def open(self) -> None:
        """Connect and say hello."""
        self._socket = await connect(
            f"{self.ws_url}/ws/tables/{self.table_id}", open_timeout=30, max_size=2**22
        )
        await self._socket.send(json.dumps({"type": "hello", "token": self.token}))

    async def close(self) -> None:
        """Leave the table."""
        if self._socket is not None:
            await self._socket.close()

    async def play(self, until: float, reconnect: bool = False) -> None:
        """Play (or watch) until the game ends or the monotonic time `until`."""
        while time.monotonic() < until:
            try:
                if self._socket is None:
                    await self.open()
                await self._play(until)
                return
            except (ConnectionClosed, InvalidHandshake, OSError) as error:
                self.tally.disconnects += 1
                self._socket = None
                if not self.outages or self.outages[-1][1] is not None:
                    self.outages.append((time.monotonic(), None))
                if not reconnect:
                    self.tally.errors.append(f"{self.table_id}: connection lost ({error})")
                    return
                await asyncio.sleep(0.2)

    async def _play(self, until: float) -> None:
        assert self._socket is not None
        sent: tuple[int, float] | None = None
        sent_action = ""
        while True:
            left = until - time.monotonic()
            if left <= 0:
                return
            try:
                # Not `asyncio.wait_for`: on Python 3.11 it can swallow a cancellation that
                # comes as a message arrives, and the player then plays on until `until`.
                async with asyncio.timeout(left):
                    raw = await self._socket.recv()
            except TimeoutError:
                return
            message = json.loads(raw)
            if self.keep:
                self.messages.append(message)
            if message["type"] == "refused":
                self.tally.errors.append(f"{self.table_id}: {message['message']}")
                sent = None
            if message["type"] == "patch":
                message = apply_patch(self.view, message)
            if message["type"] != "view":
                continue
            self.view = message
            step = int(message["step"])
            self.acked = max(self.acked, step)
            self.seat = message.get("you", self.seat)
            if self.outages and self.outages[-1][1] is None:
                self.outages[-1] = (self.outages[-1][0], time.monotonic())
            if sent is not None and step > sent[0]:
                self.tally.latencies.append(time.monotonic() - sent[1])
                self.acked_moves.append((sent[0], sent_action))
                sent = None
            if message["status"] == "over":
                if self.token is not None:
                    self.tally.games += 1
                return
            if message["legal"] and sent is None:
                if self.delay:
                    await asyncio.sleep(self.delay)
                choice = self.policy(message["legal"])
                act = {"type": "act", "token": self.token, "action": choice, "step": step}
                sent, sent_action = (step, time.monotonic()), choice
                self.sent_moves.add((step, choice))
                await self._socket.send(json.dumps(act))
