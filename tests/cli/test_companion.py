"""Companion mode at a real board-game table: entries as short as paper."""

from __future__ import annotations

from tests.cli.scripted import run

SETUP = "dinkin' dana\nBIG BANGER BO\nblue\n"
"""Characters by their printed names, in any case; then the Colour Ball die."""


def companion(script: str) -> str:
    code, output = run(
        "play", "board", "--companion", "--level", "intermediate", input=script + "quit\n\n"
    )
    assert code == 0
    return output


def test_cards_are_accepted_by_their_printed_names() -> None:
    output = companion(SETUP)
    assert "Blue plays as Dinkin' Dana" in output
    assert "Yellow plays as Big Banger Bo" in output


def test_a_bare_serve_at_the_stanchion_prompt_is_not_taken_as_losing_the_serve() -> None:
    output = companion(SETUP + "serve\nplace stanchion\n")
    assert "[serve without stanchion]" in output
    assert (
        "Here 'serve' would be: Serve without the stanchion (loses the serve). "
        "Type 'serve without stanchion' for that, or a number."
    ) in " ".join(output.split())
    assert "Blue places the ball stanchion." in output
    assert "loses the serve." not in output.split("Blue places")[1]


def test_serve_without_stanchion_in_words() -> None:
    output = companion(SETUP + "serve without stanchion\n")
    assert "Blue served without the stanchion and loses the serve." in output


def test_a_rolled_shot_is_one_line() -> None:
    output = companion(SETUP + "place stanchion\nin\nin lob\n")
    assert "Yellow returns the serve: IN, Lob." in output
    assert "Enter the result > lob" in output  # the HIT die took the word typed ahead
    assert "Yellow: Roll both dice (your only move: roll, then type what came up)" in output
