"""What `pickletable bench` measures with: the clock, a probe and its rates.

Our probes (`pickletable.analysis.bench`) and the peers'
(`pickletable.analysis.bench_peers`) are both built from these.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

Clock = Callable[[], float]
CLOCK: Clock = time.process_time
"""The process's CPU time: other work on the machine disturbs it less than the wall clock."""
Rates = dict[str, float]
"""One probe's figures in one round, by unit (``decisions/s``, ``games/s``, ...)."""


@dataclass(frozen=True)
class Probe:
    """Something measured once per round: a name, and a function giving its rates."""

    name: str
    group: str
    measure: Callable[[], Rates]
