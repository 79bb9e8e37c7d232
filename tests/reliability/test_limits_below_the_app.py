"""Limits a client cannot get round, against a real server on 127.0.0.1 (issue 28, 5, 6, 9).

A half-sent request (slowloris) is closed after `request_seconds`, and one
address holds at most `http_connections_per_address` connections; a body
over `body_bytes` is refused with 413 before it is read, so a huge one costs
no memory; and X-Forwarded-For counts for nothing unless it comes from a
proxy given by ``--trusted-proxies``.
"""

from __future__ import annotations

import http.client
import json
import socket
import time
from collections.abc import Callable
from typing import Any

from pickletable.loadkit.server import ServerProcess
from tests.reliability.conftest import server_log

HALF_A_REQUEST = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def closed(connection: socket.socket, seconds: float) -> bool:
    """Whether the server closes `connection` within `seconds` (its reads end)."""
    connection.settimeout(seconds)
    try:
        return connection.recv(1024) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_half_sent_requests_are_closed_and_one_address_holds_only_so_many(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server(request_seconds=1, http_connections_per_address=5)
    slow = [socket.create_connection(("127.0.0.1", server.port)) for _ in range(5)]
    for connection in slow:
        connection.sendall(HALF_A_REQUEST)
    extra = socket.create_connection(("127.0.0.1", server.port))
    assert closed(extra, 1.0), "a sixth connection from the same address was kept"
    began = time.monotonic()
    assert all(closed(connection, 3.0) for connection in slow)
    assert time.monotonic() - began < 3.0
    assert server.get("/api/games")  # an honest request is served
    assert "was not sent whole within 1 s" in server_log(server)


def test_a_huge_body_is_refused_before_it_is_read(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server()
    before = server.rss_mb()
    connection = socket.create_connection(("127.0.0.1", server.port))
    connection.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Content-Length: 500000000\r\n\r\n" + b" " * 1_000_000
    )
    connection.settimeout(5)
    answer = b""
    while b"}" not in answer:  # the head and the body may come apart
        part = connection.recv(4096)
        if not part:
            break
        answer += part
    assert answer.startswith(b"HTTP/1.1 413"), answer[:100]
    assert b"at most 65536 bytes" in answer
    streamed = socket.create_connection(("127.0.0.1", server.port))
    streamed.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    answer = b""
    try:
        for _ in range(200):  # 13 MB, never declared
            streamed.sendall(b"10000\r\n" + b"x" * 65536 + b"\r\n")
        streamed.settimeout(5)
        answer = streamed.recv(4096)
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused and closed while the client was still sending: as good
    assert not answer or answer.startswith(b"HTTP/1.1 413"), answer[:100]
    assert server.rss_mb() - before < 20, (before, server.rss_mb())


def test_forwarded_for_headers_from_an_untrusted_address_change_no_count(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server(tables_per_minute=2)
    statuses = []
    for number in range(3):
        connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        body: dict[str, Any] = {"game": "card", "seats": ["human", "human"]}
        connection.request(
            "POST",
            "/api/tables",
            body=json.dumps(body),
            headers={"Content-Type": "application/json", "X-Forwarded-For": f"10.0.0.{number}"},
        )
        answer = connection.getresponse()
        answer.read()
        statuses.append(answer.status)
    assert statuses == [201, 201, 429]
