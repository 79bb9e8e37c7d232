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


def test_the_screen_is_passed_by_name_and_the_next_person_hears_what_happened() -> None:
    # South draws and discards; North draws and discards without laying down (n);
    # then South again is told what they missed.
    script = "\n1\n1\n\n1\n1\nn\n\nquit\n\n"
    result = runner.invoke(
        app, ["play", "card", "--seats", "human:Ann,human:Bob", "--seed", "2"], input=script
    )
    assert result.exit_code == 0, result.output
    output = result.output
    assert "Pass the screen to South (Bob)" in output
    assert "Pass the screen to North (Ann)" in output
    back_to_bob = output.rindex("Pass the screen to South (Bob)")
    catch_up = output.index("Since your last turn:", back_to_bob)
    # What North did, in the words South may read: a discard is public.
    assert "North discards" in output[catch_up:]
