"""Hot-seat play: hands stay hidden until their owner takes the screen."""

from __future__ import annotations

from typer.testing import CliRunner

from pickletable.cli.main import app

runner = CliRunner()


def test_two_humans_at_the_card_game_pass_the_screen_between_turns() -> None:
    script = "\n1\n1\n\nquit\n\n"  # South (left of the server) draws, discards; then North
    result = runner.invoke(
        app, ["play", "card", "--seats", "human,human", "--seed", "2"], input=script
    )
    assert result.exit_code == 0, result.output
    output = result.output
    south = output.index("Pass the screen to South")
    north = output.index("Pass the screen to North")
    assert south < output.index("Your hand — South") < north
    assert "Your hand — North" in output[north:]
    assert "Your hand — North" not in output[:north]
    assert "Your hand — South" not in output[north:]


def test_one_human_against_bots_is_never_asked_to_pass_the_screen() -> None:
    result = runner.invoke(app, ["play", "card", "--seed", "2"], input="quit\n\n")
    assert result.exit_code == 0
    assert "Pass the screen" not in result.output


def test_the_board_game_hides_nothing_so_hot_seat_needs_no_hand_over() -> None:
    result = runner.invoke(
        app, ["play", "board", "--seats", "human,human", "--seed", "2"], input="quit\n\n"
    )
    assert result.exit_code == 0
    assert "Pass the screen" not in result.output
