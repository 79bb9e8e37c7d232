"""A bare WebSocket client on a plain socket: it sends frames and reads only when told.

The slow-reader test needs a client that never reads; libraries read in the
background, so this one speaks the protocol itself (RFC 6455, client side).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
from typing import Any


class BareSocket:
    """A WebSocket whose receive buffer is tiny and which reads nothing unless asked."""

    def __init__(self, port: int, path: str) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect(("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self._buffer = b""
        while b"\r\n\r\n" not in self._buffer:
            self._buffer += self.sock.recv(4096)
        head, _, self._buffer = self._buffer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 101"), head

    def send_json(self, message: dict[str, Any]) -> None:
        """Send one text frame (masked, as a client must)."""
        self.send_frame(1, json.dumps(message).encode())

    def send_frame(self, opcode: int, payload: bytes) -> None:
        """Send one frame with any opcode (1 text, 2 binary, 8 close)."""
        mask = os.urandom(4)
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", 0x80 | opcode, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", 0x80 | opcode, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", 0x80 | opcode, 0x80 | 127, length)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.sock.sendall(header + mask + masked)

    def read_until_close(self, timeout: float) -> tuple[int, str, int]:
        """Read every frame up to the server's close: (close code, reason, frames before)."""
        self.sock.settimeout(timeout)
        frames = 0
        while True:
            opcode, payload = self._frame()
            if opcode == 8:
                code = struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else 1005
                return code, payload[2:].decode(errors="replace"), frames
            frames += 1

    def _frame(self) -> tuple[int, bytes]:
        first, second = self._read(2)
        length = second & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read(2))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read(8))[0]
        return first & 0x0F, self._read(length)

    def _read(self, count: int) -> bytes:
        while len(self._buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the server closed the socket without a close frame")
            self._buffer += chunk
        data, self._buffer = self._buffer[:count], self._buffer[count:]
        return data

    def close(self) -> None:
        """Drop the socket."""
        self.sock.close()
