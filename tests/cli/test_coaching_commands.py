"""At the terminal: ``help CARD``, ``undo`` before anything is revealed, ``--odds``,
``score`` and ``history``."""

from __future__ import annotations

from typing import Any

import pytest

from pickletable.bots import coaching
from pickletable.core.records import check_record, replay
from tests.cli.screen import play_to_prompt

CARD_TABLE: dict[str, Any] = {"seats": "human,bot:easy", "seed": 5, "players": 2}


def test_help_names_what_a_card_does_in_one_line() -> None:
    screen, _ = play_to_prompt(
        "slam", ["help target-5"], seats="human,bot:easy,bot:easy", seed=3, players=3
    )
    assert "target-5: Twist: played as its number; only you and the target stay in" in screen


def test_help_for_an_unknown_card_lists_the_names_it_knows() -> None:
    screen, _ = play_to_prompt("card", ["help zzz"], **CARD_TABLE)
    assert "No card called 'zzz'. Try one of: dink, kitchen, number, pickler, smash." in screen


def test_undo_takes_back_a_move_that_revealed_nothing_and_the_record_says_so() -> None:
    screen, terminal = play_to_prompt("card", ["take 4", "undo"], **CARD_TABLE)
    assert "North took back: take 4" in screen
    assert screen.rstrip().endswith("North, your move >")
    assert "[take 4]" in screen  # the choice is offered again
    record = terminal.recorder.to_json(terminal.state)
    assert record["meta"]["undone"] == [{"seat": 0, "at": 19, "moves": ["take 4"]}]
    assert all(step["action"] != "take 4" for step in record["steps"])
    check_record(record)
    assert replay(record).observe(0) == terminal.state.observe(0)


def test_undo_is_refused_once_a_drawn_card_was_seen() -> None:
    screen, terminal = play_to_prompt("card", ["draw", "undo"], **CARD_TABLE)
    assert "Undo refused: too late to take that back: a card or a die was revealed since" in screen
    assert "undone" not in terminal.recorder.meta


def test_odds_prints_the_side_s_win_chance_from_its_own_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(coaching, "ODDS_ITERATIONS", 12)  # the same line, a cheaper figure
    screen, _ = play_to_prompt("card", [], show_odds=True, **CARD_TABLE)
    assert "Your side " in screen and "% to win" in screen


def test_undo_is_refused_once_a_bot_has_moved_since_its_move_showed_part_of_its_hand() -> None:
    # North takes the 1 and discards the 10; the bot takes the 10 and lays down. No card
    # was drawn since North's discard, but the bot's take showed what it holds: taking
    # North's discard back would let North play on knowing it.
    answers = ["take 1", "discard 10", "undo"]
    screen, terminal = play_to_prompt("card", answers, seats="human,bot:medium", seed=11, players=2)
    assert "Undo refused: too late to take that back: another player has moved since" in screen
    assert "undone" not in terminal.recorder.meta


def test_score_and_history_answer_at_a_prompt_instead_of_being_refused() -> None:
    screen, _ = play_to_prompt("card", ["score", "history"], **CARD_TABLE)
    assert "North, your move > score\nPoints: North 0, South 0\n" in screen
    # every event since the game began, as North saw it: the first face-up deal first
    assert "North, your move > history\n  North is dealt a 9 face up.\n" in screen
    assert "not a choice now" not in screen
