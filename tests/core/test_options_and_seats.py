"""One convention for options and seats across all games."""

from __future__ import annotations

import pytest

from pickletable.core.errors import OptionError, SeatError
from pickletable.core.options import OptionSet, OptionSpec
from pickletable.core.seats import parse_seats

OPTIONS = OptionSet(
    [
        OptionSpec("fast", bool, False, "go fast"),
        OptionSpec("count", int, 3, "how many", minimum=1, maximum=5),
        OptionSpec("ratio", float, 0.5, "a ratio"),
        OptionSpec("mode", str, "a", "which", ("a", "b")),
    ]
)


def test_defaults_fill_what_is_not_given() -> None:
    assert OPTIONS.parse([]) == {"fast": False, "count": 3, "ratio": 0.5, "mode": "a"}


@pytest.mark.parametrize(
    "text,value", [("on", True), ("OFF", False), ("yes", True), ("0", False), ("true", True)]
)
def test_on_off_values(text: str, value: bool) -> None:
    assert OPTIONS.parse([f"fast={text}"])["fast"] is value


def test_unknown_option_lists_the_known_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'slow'.*fast, count, ratio, mode"):
        OPTIONS.parse(["slow=1"])


def test_wrong_types_and_ranges_say_what_is_expected() -> None:
    with pytest.raises(OptionError, match="expected on or off"):
        OPTIONS.parse(["fast=maybe"])
    with pytest.raises(OptionError, match="expected a whole number"):
        OPTIONS.parse(["count=2.5"])
    with pytest.raises(OptionError, match="above 5"):
        OPTIONS.parse(["count=9"])
    with pytest.raises(OptionError, match="not one of a, b"):
        OPTIONS.parse(["mode=c"])
    with pytest.raises(OptionError, match="NAME=VALUE"):
        OPTIONS.parse(["count"])


def test_json_values_from_records_are_accepted() -> None:
    assert OPTIONS.resolve({"fast": True, "count": 4, "ratio": 1})["ratio"] == 1.0


def test_describe_lists_every_option_with_type_and_default() -> None:
    rows = OPTIONS.describe()
    assert [r["name"] for r in rows] == ["fast", "count", "ratio", "mode"]
    assert rows[1]["type"] == "whole number 1..5" and rows[1]["default"] == 3


def test_seats_list_one_entry_per_seat() -> None:
    seats = parse_seats("human:Ann, bot, bot:easy", 3)
    assert [str(s) for s in seats] == ["human:Ann", "bot:medium", "bot:easy"]
    assert seats[0].name == "Ann" and not seats[0].is_bot


def test_seats_errors_say_what_is_allowed() -> None:
    with pytest.raises(SeatError, match="lists 1 seats but this table has 2"):
        parse_seats("human", 2)
    with pytest.raises(SeatError, match="easy, medium, hard"):
        parse_seats("human,bot:genius", 2)
    with pytest.raises(SeatError, match="write human, human:NAME"):
        parse_seats("human,robot", 2)


def test_a_bad_seat_is_named_before_the_count_is_checked() -> None:
    # A typo in a level is the mistake to report, not the seat count.
    with pytest.raises(SeatError, match="'bot:genius': bot level must be one of easy"):
        parse_seats("bot:genius", 2)


def test_an_empty_name_or_level_after_the_colon_is_refused() -> None:
    with pytest.raises(SeatError, match="write a name after human:, or just human"):
        parse_seats("human:,bot", 2)
    with pytest.raises(SeatError, match="write a level after bot:"):
        parse_seats("human,bot: ", 2)


def test_two_people_may_not_share_a_name() -> None:
    with pytest.raises(SeatError, match="two seats are named 'Ann'"):
        parse_seats("human:Ann,bot,human:ann", 3)
    assert len(parse_seats("human:Ann,human:Bob", 2)) == 2


def test_all_human_default_for_companion_tables() -> None:
    assert [str(s) for s in parse_seats(None, 4, default_humans=-1)] == ["human"] * 4


def test_an_unknown_kind_with_a_colon_gets_the_general_help() -> None:
    with pytest.raises(SeatError, match="write human, human:NAME, bot or bot:easy"):
        parse_seats("robot:,bot", 2)
