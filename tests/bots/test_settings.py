"""One grammar for every bot's settings: ``N`` and ``Nms``, positive, each once, plus its words."""

from __future__ import annotations

import pytest

from pickletable.bots import bot_from_name
from pickletable.bots.settings import Settings, parse_settings
from pickletable.core.errors import SeatError
from pickletable.core.registry import KITS

BUDGETED = [("ismcts", kit.id) for kit in KITS] + [
    (bot, kit.id) for kit in KITS for bot in kit.bots
]
"""Every bot that takes a budget, in the game it plays (ISMCTS plays them all)."""


def test_a_count_a_time_cap_and_words_read_in_any_order() -> None:
    read = parse_settings("x:200ms:heuristic:30", ["200ms", "heuristic", "30"], ("heuristic",))
    assert read == Settings(30, 200.0, frozenset({"heuristic"}))
    assert read.budget_given
    assert not parse_settings("x", []).budget_given


@pytest.mark.parametrize("setting", ["0", "0ms", "-3", "3.5", "ms", "12s", "fast", ""])
def test_zero_and_what_is_not_a_number_are_refused(setting: str) -> None:
    with pytest.raises(SeatError, match=f"'{setting}' is not N"):
        parse_settings(f"x:{setting}", [setting])


def test_a_count_or_a_cap_given_twice_is_refused() -> None:
    with pytest.raises(SeatError, match="number is given twice"):
        parse_settings("x:3:4", ["3", "4"])
    with pytest.raises(SeatError, match="time cap is given twice"):
        parse_settings("x:3ms:4ms", ["3ms", "4ms"])


@pytest.mark.parametrize(("bot", "game"), BUDGETED)
def test_every_bot_reads_n_and_nms_the_same_way(bot: str, game: str) -> None:
    for setting in ("20", "20ms"):
        assert bot_from_name(f"{bot}:{setting}", game).name
    for setting in ("0", "0ms", "20s", "-1"):
        with pytest.raises(SeatError, match="is not N"):
            bot_from_name(f"{bot}:{setting}", game)


@pytest.mark.parametrize("game", [kit.id for kit in KITS])
def test_the_hard_level_reads_the_same_settings_as_its_bot(game: str) -> None:
    assert bot_from_name("hard:20", game).name
    with pytest.raises(SeatError, match="is not N"):
        bot_from_name("hard:0ms", game)
