"""Under load, a bot's move still lands at its delay, whether it was forced or a choice.

Real bots, real clock: four tables of `hard` Slam bots keep both bot threads
busy, and the server's own record of each bot move says how late it went
out after its release time (the bot delay after its turn began). A forced
move (one legal action) and a real choice must go out alike. How late a move
goes out depends on the machine's load, so the test does not hold the medians
to a number of milliseconds: it asks whether the gap between the forced moves'
median and the choices' median is one that shuffling the labels among the same
moves would rarely give (a permutation test; `P_VALUE`). The cap once counted
from the search's start, so a search that waited for a thread landed late, and
forced moves did not wait: 26 against 92 ms, far past any shuffle.
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from tests.server.conftest import manager_of, new_table

DELAY = 0.3
WATCH_SECONDS = 12.0
P_VALUE = 0.001
"""A gap between the two medians that fewer than this share of shuffles reach fails."""
SHUFFLES = 4000


def test_forced_moves_and_choices_land_alike_under_load(serve: Any) -> None:
    with serve(bot_delay=DELAY) as client:
        for _ in range(4):
            made = new_table(client, "slam", ["bot:hard"] * 3, sit=False)
            table_id = made["table"]["id"]
            assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
        time.sleep(WATCH_SECONDS)
        moves = list(manager_of(client).bot_moves)
    forced = [move.late for move in moves if move.choices == 1]
    choices = [move.late for move in moves if move.choices > 1]
    assert len(forced) >= 10 and len(choices) >= 10, (len(forced), len(choices))
    forced_median, choice_median = statistics.median(forced), statistics.median(choices)
    rho = spearman([move.choices for move in moves], [move.late for move in moves])
    p = shuffled_share(forced, choices)
    print(
        f"late: forced {forced_median * 1000:.0f} ms (n={len(forced)}), "
        f"choices {choice_median * 1000:.0f} ms (n={len(choices)}), rho {rho:.2f}, p {p:.4f}"
    )
    assert p >= P_VALUE, (forced_median, choice_median, p)
    assert choice_median < DELAY, choice_median  # a move never waits a second delay


def shuffled_share(first: list[float], second: list[float]) -> float:
    """The share of label shuffles whose gap between medians is at least the one seen."""
    seen = abs(statistics.median(first) - statistics.median(second))
    pooled = first + second
    rng = random.Random(28)
    reached = 0
    for _ in range(SHUFFLES):
        rng.shuffle(pooled)
        a, b = pooled[: len(first)], pooled[len(first) :]
        reached += abs(statistics.median(a) - statistics.median(b)) >= seen
    return (reached + 1) / (SHUFFLES + 1)


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation (ties share their mean rank)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.mean(rx), statistics.mean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    spread = (sum((a - mx) ** 2 for a in rx) * sum((b - my) ** 2 for b in ry)) ** 0.5
    return cov / spread if spread else 0.0


def ranks(values: list[float]) -> list[float]:
    """Each value's rank from 0, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2
        start = end + 1
    return result
