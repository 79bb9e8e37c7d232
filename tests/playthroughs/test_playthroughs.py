"""Golden playthroughs: what each seat is sent must not change unnoticed.

After a deliberate change: ``python -m tests.playthroughs --regen``, then read the diff.
"""

from __future__ import annotations

import pytest

from tests.playthroughs.writer import PLAYTHROUGHS, Playthrough, first_difference, write


@pytest.mark.parametrize("playthrough", PLAYTHROUGHS, ids=[p.name for p in PLAYTHROUGHS])
def test_the_playthrough_is_as_stored(playthrough: Playthrough) -> None:
    assert playthrough.path.exists(), "run: python -m tests.playthroughs --regen"
    difference = first_difference(playthrough.path.read_text(), write(playthrough))
    assert difference is None, (
        f"{playthrough.path.name} differs at {difference}\n"
        "if the change is meant: python -m tests.playthroughs --regen, then read the diff"
    )


def test_a_playthrough_writes_the_same_text_twice() -> None:
    assert write(PLAYTHROUGHS[0]) == write(PLAYTHROUGHS[0])


def test_the_first_difference_is_named_by_its_line() -> None:
    assert first_difference("a\nb\n", "a\nb\n") is None
    assert first_difference("a\nb\nc\n", "a\nx\nc\n") == "line 2:\n  stored: b\n  now:    x"
    assert first_difference("a\n", "a\nb\n") == "line 2: stored has 1 lines, now 2"
