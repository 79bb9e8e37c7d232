"""Messages between server processes over Redis pub/sub: calls, replies and tunnels.

Each process listens on a channel of its own (``PREFIX:to:ID``). A `call`
posts a request to another process and waits for its reply; everything a
process posts leaves through one Redis connection, in order, so the frames
of one WebSocket tunnel arrive in the order they were sent. Each process
also says every half second that it is alive (`beat`), with what it holds; a
process that stops saying so (killed) drops out of `alive` within
`Bus.alive_seconds`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import orjson
from redis.asyncio import Redis

log = logging.getLogger("pickletable.server")

STOP_SECONDS = 2.0
"""How long a stopping process waits for each step of its stop (a task, a connection)."""


async def within(step: str, awaitable: Awaitable[Any], seconds: float = STOP_SECONDS) -> None:
    """Await `awaitable` for at most `seconds`; past them, leave it behind with a warning.

    Not `asyncio.wait_for`: that waits for the cancelled step to end, which a step that
    swallows its cancellation never does.
    """
    task = asyncio.ensure_future(awaitable)
    done, _pending = await asyncio.wait({task}, timeout=seconds)
    if not done:
        log.warning("stopping: %s did not end within %g s: left behind", step, seconds)
    elif not task.cancelled() and task.exception() is not None:
        log.warning("stopping: %s failed: %r", step, task.exception())


Handler = Callable[[dict[str, Any]], Awaitable[None]]


class NoAnswer(Exception):
    """Another process did not answer a call in time (it may have died)."""


class Bus:
    """This process's end of the message bus (see the module docstring)."""

    def __init__(
        self,
        redis_url: str,
        worker_id: str,
        prefix: str = "pickletable",
        alive_seconds: float = 2.5,
    ) -> None:
        self.url = redis_url
        self.worker_id = worker_id
        self.prefix = prefix
        self.alive_seconds = alive_seconds
        self.redis: Redis = Redis.from_url(redis_url)
        """For reads and small writes (limits, beats); the pool may use several connections."""
        self._publisher: Redis = Redis.from_url(redis_url, single_connection_client=True)
        self._outbox: asyncio.Queue[tuple[str, bytes]] = asyncio.Queue()
        self._waiting: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.handlers: dict[str, Handler] = {}
        """What to do with each kind of message that is not a reply (set by the owner)."""
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._handling: set[asyncio.Task[None]] = set()
        self.peers: dict[str, dict[str, Any]] = {}
        """The live processes (this one included) and what they last said, refreshed by `beat`."""

    def key(self, *parts: str) -> str:
        """A Redis key of this cluster's."""
        return ":".join((self.prefix, *parts))

    async def start(self) -> None:
        """Listen on this process's channel and start the outbox."""
        pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await pubsub.subscribe(self.key("to", self.worker_id))
        self._pubsub = pubsub
        self._tasks = [
            asyncio.create_task(self._listen(pubsub), name="bus listen"),
            asyncio.create_task(self._send_forever(), name="bus send"),
        ]

    async def stop(self) -> None:
        """Stop listening and sending; calls still waiting fail with `NoAnswer`.

        Bounded: a task that does not end when cancelled (a Redis read may swallow
        the cancellation) or a connection that does not close within `STOP_SECONDS`
        is left behind with a warning, so a draining process still exits.
        """
        await self.forget()
        tasks = [*self._tasks, *self._handling]
        for task in tasks:
            task.cancel()
        if tasks:
            _done, pending = await asyncio.wait(tasks, timeout=STOP_SECONDS)
            for task in pending:
                log.warning("bus: %s did not end when cancelled: left behind", task.get_name())
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(NoAnswer("this process is stopping"))
        if self._pubsub is not None:
            await within("closing the Redis subscription", self._pubsub.aclose())
        await within("closing the Redis publisher", self._publisher.aclose())
        await within("closing the Redis pool", self.redis.aclose())

    def post(self, worker: str, message: dict[str, Any]) -> None:
        """Send `message` to `worker`'s channel (queued: never waits)."""
        self._outbox.put_nowait((self.key("to", worker), orjson.dumps(message)))

    async def call(self, worker: str, message: dict[str, Any], timeout: float) -> dict[str, Any]:
        """Send `message` to `worker` and wait for its reply (`NoAnswer` after `timeout`)."""
        ask = uuid.uuid4().hex
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._waiting[ask] = future
        self.post(worker, {**message, "ask": ask, "from": self.worker_id})
        try:
            async with asyncio.timeout(timeout):
                return await future
        except TimeoutError:
            raise NoAnswer(f"server process {worker} did not answer within {timeout:g} s") from None
        finally:
            self._waiting.pop(ask, None)

    def reply(self, request: dict[str, Any], answer: dict[str, Any]) -> None:
        """Answer a call."""
        self.post(str(request["from"]), {**answer, "kind": "reply", "ask": request["ask"]})

    async def beat(self, facts: dict[str, Any]) -> None:
        """Say this process is alive (with `facts`: pid, tables held...), and read who else is."""
        now = time.time()
        alive, workers = self.key("alive"), self.key("workers")
        facts = {**facts, "pid": os.getpid(), "seen": now}
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(alive, {self.worker_id: now})
            pipe.hset(workers, self.worker_id, orjson.dumps(facts))
            pipe.zrangebyscore(alive, now - self.alive_seconds, "+inf")
            pipe.hgetall(workers)
            _, _, names, described = await pipe.execute()
        living = {name.decode() for name in names}
        self.peers = {
            name.decode(): orjson.loads(value)
            for name, value in described.items()
            if name.decode() in living
        }

    async def forget(self) -> None:
        """Say this process is gone (a graceful stop), so nobody forwards to it any more."""
        with contextlib.suppress(Exception):
            await self.redis.zrem(self.key("alive"), self.worker_id)

    def is_alive(self, worker: str) -> bool:
        """Whether `worker` said it was alive lately (as of the last `beat`)."""
        facts = self.peers.get(worker)
        return facts is not None and time.time() - float(facts["seen"]) <= self.alive_seconds

    async def _listen(self, pubsub: Any) -> None:
        async for message in pubsub.listen():
            try:
                body = orjson.loads(message["data"])
            except (orjson.JSONDecodeError, TypeError):
                continue
            if body.get("kind") == "reply":
                future = self._waiting.get(str(body.get("ask")))
                if future is not None and not future.done():
                    future.set_result(body)
                continue
            handler = self.handlers.get(str(body.get("kind")))
            if handler is None:
                continue
            task = asyncio.create_task(self._handle(handler, body))
            self._handling.add(task)
            task.add_done_callback(self._handling.discard)

    async def _handle(self, handler: Handler, body: dict[str, Any]) -> None:
        try:
            await handler(body)
        except Exception:
            log.exception("bus: handling a %s message failed", body.get("kind"))

    async def _send_forever(self) -> None:
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 256:
                batch.append(self._outbox.get_nowait())
            try:
                async with self._publisher.pipeline(transaction=False) as pipe:
                    for channel, data in batch:
                        pipe.publish(channel, data)
                    await pipe.execute()
            except Exception:
                log.exception("bus: %d messages could not be posted", len(batch))
                await asyncio.sleep(0.2)
