"""Formalities answer themselves in the web table: a person is only ever asked real choices.

A formality (decline a POACH window without a POACH, keep a dealt hand with nothing
to swap, a forced pass) is answered by the browser after the table's fixed pause,
with a line in the log, and never shown as a lone button.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Server
from tests.browser.whole_game import play_whole_game

FORMAL = {"decline", "keep", "pass", "yours"}
"""The answers the Slam engine marks as formalities when they are the only one."""
MADE = {"play", "target", "answer", "discard"}
"""Lone answers that are real moves: a card played or a SHAKE & BAKE answered (everyone
sees it), a player targeted, the one card a DRAW turn can discard (the engine's survey of
random games finds no other lone move that is not a formality)."""


@pytest.mark.parametrize(
    ("players", "options"),
    [(3, {"tokens_to_win": 2}), (4, {"tokens_to_win": 2, "doubles": True})],
    ids=["three-players", "doubles"],
)
def test_over_a_whole_slam_game_no_prompt_shown_to_the_person_is_a_formality(
    browser: Any, server: Server, players: int, options: dict[str, Any]
) -> None:
    played = play_whole_game(browser, server, "slam", players, options)

    assert played.shown, "the person was never asked anything"
    # A lone choice the engine does not mark a formality is a move of consequence that
    # everyone sees (the one card that can be played, the one player to target): it
    # stays the person's to make. A lone decline, keep, pass or "yours" never reaches them.
    formal = [action for action in played.lone if action.split()[0] in FORMAL]
    assert not formal, f"a formality was shown as a lone button: {formal}"
    assert all(action.split()[0] in MADE for action in played.lone), played.lone
    assert any(count >= 2 for count in played.shown), played.shown  # real choices reach them
    answered = played.answered()
    assert answered, "no formality came up in a whole game"
    assert all(line.startswith("(answered for you: ") for line in answered), answered
    assert not played.errors, played.errors
