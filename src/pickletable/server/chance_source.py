"""Where a live table's dice and cards come from: the OS CSPRNG, read a few kilobytes at a time.

`secrets.SystemRandom` asks the kernel for seven bytes at every die and
card; each ask is a system call that lets go of the interpreter lock, and
under load the event loop then waits for a database or bot thread to hand
it back. `PooledSystemRandom` is a `secrets.SystemRandom` whose bytes come
from one pool shared by every table, filled from `os.urandom` 4096 bytes at
a time: the same source, the same unpredictability (nothing is seeded,
nothing can be stored or replayed), one system call per several hundred
draws. Bytes are handed out once and never reused.

>>> rng = PooledSystemRandom()
>>> 0.0 <= rng.random() < 1.0, 0 <= rng.getrandbits(128) < 2**128, len(rng.randbytes(5))
(True, True, 5)
>>> rng.randrange(6) in range(6)
True
"""

from __future__ import annotations

import os
import secrets
import threading

POOL_BYTES = 4096
"""Bytes read from the kernel at a time."""
_RECIP_BPF = 2.0**-53
"""One over 2**53: a float's precision (as `random.SystemRandom` uses)."""


class _Pool:
    """Bytes from `os.urandom`, each handed out once, refilled when they run out."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bytes = b""
        self._at = 0
        self._pid = os.getpid()

    def take(self, count: int) -> bytes:
        """`count` fresh bytes (larger asks go to the kernel directly)."""
        if count > POOL_BYTES // 4:
            return os.urandom(count)
        with self._lock:
            if self._pid != os.getpid():  # a forked child must not repeat its parent's bytes
                self._bytes, self._at, self._pid = b"", 0, os.getpid()
            end = self._at + count
            if end > len(self._bytes):
                self._bytes, self._at, end = os.urandom(POOL_BYTES), 0, count
            taken = self._bytes[self._at : end]
            self._at = end
            return taken


_POOL = _Pool()


class PooledSystemRandom(secrets.SystemRandom):
    """`secrets.SystemRandom`, drawing its bytes from a shared pool filled by `os.urandom`."""

    def random(self) -> float:
        """A float in [0, 1) from 53 fresh random bits (as `SystemRandom.random`)."""
        return (int.from_bytes(_POOL.take(7)) >> 3) * _RECIP_BPF

    def getrandbits(self, k: int) -> int:
        """An int of `k` fresh random bits (as `SystemRandom.getrandbits`)."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        count = (k + 7) // 8
        return int.from_bytes(_POOL.take(count)) >> (count * 8 - k)

    def randbytes(self, n: int) -> bytes:
        """`n` fresh random bytes."""
        return _POOL.take(n)
