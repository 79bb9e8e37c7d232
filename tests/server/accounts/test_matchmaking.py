"""Quick-match pairing: close ratings first, a window that widens, bots when asked."""

from __future__ import annotations

from pickletable.server.accounts.matchmaking import (
    BOT_FILL_SECONDS,
    WINDOW_GROWTH,
    WINDOW_START,
    Match,
    Waiting,
    pair,
)

NOW = 1000.0


def test_two_close_players_are_seated_at_once() -> None:
    assert pair([Waiting(1, 10, NOW), Waiting(2, 12, NOW)], 2, NOW, "slam") == [Match((1, 2))]


def test_players_far_apart_wait_until_both_windows_reach() -> None:
    gap = WINDOW_START + 10 * WINDOW_GROWTH
    ann, bob = Waiting(1, 0, NOW - 10), Waiting(2, gap, NOW)  # Bob has just come
    assert pair([ann, bob], 2, NOW, "slam") == []
    assert pair([ann, bob], 2, NOW + 10, "slam") == [Match((1, 2))]


def test_the_longest_waiting_gets_the_closest_players() -> None:
    queue = [Waiting(1, 10, NOW - 5), Waiting(2, 14, NOW), Waiting(3, 11, NOW)]
    assert pair(queue, 2, NOW, "slam") == [Match((1, 3))]


def test_a_table_of_three_waits_for_three_close_players() -> None:
    queue = [Waiting(1, 10, NOW), Waiting(2, 11, NOW)]
    assert pair(queue, 3, NOW, "slam") == []
    assert pair([*queue, Waiting(3, 12, NOW)], 3, NOW, "slam") == [Match((1, 2, 3))]


def test_bots_of_matching_strength_fill_after_a_wait_when_asked() -> None:
    alone = Waiting(1, 28, NOW - BOT_FILL_SECONDS, bots=True)
    assert pair([alone], 3, NOW, "slam") == [Match((1,), ("hard", "hard"))]
    assert pair([alone], 3, NOW - 1, "slam") == []
    assert pair([Waiting(1, 28, NOW - 100)], 2, NOW, "slam") == []  # no bots unless asked


def test_several_tables_open_at_once() -> None:
    queue = [Waiting(n, 10 * (n // 2), NOW) for n in range(4)]
    assert pair(queue, 2, NOW, "slam") == [Match((0, 1)), Match((2, 3))]
