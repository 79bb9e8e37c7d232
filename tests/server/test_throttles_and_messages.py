"""The counters behind the per-client limits, and reading WebSocket messages."""

from __future__ import annotations

import pytest

from pickletable.server.messages import BadMessage, read_message
from pickletable.server.names import NAME_LIMIT, clean_name
from pickletable.server.throttles import OpenCount, PerMinute, TokenBucket


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_open_count_refuses_past_the_limit_and_frees_on_close() -> None:
    count = OpenCount(2)
    assert count.take("a") and count.take("a") and not count.take("a")
    assert count.take("b")
    count.give_back("a")
    assert count.take("a")


def test_per_minute_says_how_long_to_wait() -> None:
    clock = Clock()
    window = PerMinute(2, clock)
    assert window.take("a") == 0 and window.take("a") == 0
    clock.now = 20
    assert window.take("a") == pytest.approx(40)
    clock.now = 61
    assert window.take("a") == 0


def test_token_bucket_allows_a_burst_then_the_rate() -> None:
    clock = Clock()
    bucket = TokenBucket(5, clock)
    assert sum(bucket.take() for _ in range(20)) == 10
    clock.now = 1
    assert sum(bucket.take() for _ in range(20)) == 5


@pytest.mark.parametrize(
    ("frame", "says"),
    [
        ({"bytes": b"\x00"}, "binary"),
        ({}, "empty"),
        ({"text": "x" * 5000}, "too long"),
        ({"text": '{"a": "' + "é" * 3000 + '"}'}, "too long"),  # 6000 bytes in 3000 characters
        ({"text": "[" * 9 + "]" * 9}, "nested too deeply"),
        ({"text": "{"}, "not JSON"),
        ({"text": '{"step": Infinity}'}, "not JSON"),
        ({"text": '"hello"'}, "a JSON object"),
    ],
)
def test_unreadable_messages_say_why(frame: dict[str, object], says: str) -> None:
    with pytest.raises(BadMessage, match=says):
        read_message(frame, 4096)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    assert read_message({"text": '{"action": "[[[[[[[[[[[["}'}, 4096) == {"action": "[" * 12}


@pytest.mark.parametrize(
    "name", ["Ann\u202e", "A\u200bnn", "Ann\x07", "\x1b[31mAnn", "Ann\u2028", "x" * 1000]
)
def test_names_with_hidden_characters_or_too_long_are_refused(name: str) -> None:
    with pytest.raises(ValueError):
        clean_name(name)


def test_names_are_trimmed_and_may_be_the_limit_long() -> None:
    assert clean_name("  Zoë   Ann  ") == "Zoë Ann"
    assert clean_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT
