"""`pickletable score card`: a real table types its rallies; mistakes are refused, not scored."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.scripted import run


def test_a_table_types_rallies_and_reads_the_score() -> None:
    code, out = run(
        "score",
        "card",
        "--names",
        "Ann,Bob",
        input="Ann\n1 2 3 4 5 6 pickler\nBob: 1 5 9 dink 2 4 8\n\nquit\n",
    )
    assert code == 0, out
    assert "Ann: 2 (Ann: complete hand 1, Pickler 1)" in out
    assert "Bob: 1 (Bob: Dink Shot 1)" in out
    assert "Stopped. Ann 2, Bob 1; Ann serves." in out


def test_mistakes_are_refused_with_the_reason_and_undo_takes_a_rally_back() -> None:
    script = "\n".join(
        [
            "Cy",  # nobody of that name
            "Ann Ann",  # twice
            "Ann",
            "1 3 5 7 9 kitchen 2",  # cannot be laid down: asked again at once
            "3 3 3 5 6 7 smash",
            "",
            "undo",
            "none",
            "",
            "",  # end of input
        ]
    )
    code, out = run("score", "card", "--names", "Ann,Bob", "--server", "Bob", input=script)
    assert code == 0, out
    assert "'Cy' is not at this table; the players are Ann, Bob" in out
    assert "a player can lay down only once in a rally" in out
    assert "Ann could not lay that hand down: it is 3 cards loose" in out
    assert "Serve to Ann (the first complete hand laid down)." in out
    assert "Took the last rally back." in out
    assert "Nobody laid down: Bob serves again." in out


def test_a_name_typed_at_a_players_own_prompt_is_refused_at_once_and_asked_again() -> None:
    script = "Ann\nAnn: 1 2 3 4 5 6 pickler\n1 2 3 4 5 6 pickler\n\nquit\n"
    code, out = run("score", "card", "--names", "Ann,Bob", input=script)
    assert code == 0, out
    refused = out.index("Type only the cards of Ann's hand here, without a name and colon")
    # The next question is Ann's hand again, before anything else is asked.
    assert out.index("Ann's hand: ", refused) < out.index("Another hand", refused)
    assert out.count("Ann's hand: ") == 2
    assert "Ann: 2 (Ann: complete hand 1, Pickler 1)" in out


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("1 2 3", "a hand has 7 cards; '1 2 3' has 3"),
        ("1 2 3 4 5 6 pickler 9", "a hand has 7 cards; '1 2 3 4 5 6 pickler 9' has 8"),
        ("1 2 3 4 5 6 joker", "'joker' is not a card of this deck"),
        ("1 3 5 7 9 kitchen 2", "Ann could not lay that hand down"),
    ],
)
def test_a_wrong_hand_line_is_refused_before_the_next_question(line: str, reason: str) -> None:
    script = f"Ann\n{line}\n1 2 3 4 5 6 pickler\n\nquit\n"
    code, out = run("score", "card", "--names", "Ann,Bob", input=script)
    assert code == 0, out
    refused = out.index(reason)
    assert out.index("Type the hand again.", refused) < out.index("Ann's hand: ", refused)
    assert out.index("Ann's hand: ", refused) < out.index("Another hand", refused)
    assert "Ann: 2 (Ann: complete hand 1, Pickler 1)" in out


def test_another_hand_is_checked_against_the_hands_typed_before_it_at_once() -> None:
    script = "\n".join(
        [
            "Ann",
            "dink dink 1 2 3 4 5",
            "Bob: dink 1 5 9 2 4 8",  # a third Dink Shot: the deck has two
            "Bob: 1 5 9 kitchen 2 4 8",
            "",
            "quit",
        ]
    )
    code, out = run("score", "card", "--names", "Ann,Bob", input=script)
    assert code == 0, out
    refused = out.index("the hands show 3 × Dink Shot, but the deck has 2")
    assert out.index("Another hand", refused) < out.index("Ann: ", refused)
    assert "Type the rally again" not in out


def test_a_game_is_played_out_to_its_winner() -> None:
    rally = "Ann\n3 3 3 5 6 7 smash\n\n"
    code, out = run("score", "card", "--names", "Ann,Bob", "-o", "target_score=3", input=rally * 3)
    assert code == 0, out
    assert "Ann won, 3 to 0." in out


def test_wrong_requests_get_one_clear_line() -> None:
    assert run("score", "board")[1].count("\n") <= 2
    assert "pickletable play board --companion" in run("score", "board")[1]
    assert "2, 3 or 4 players, not 5" in run("score", "card", "--players", "5")[1]
    assert "give 2 names for 2 players, not 3" in run("score", "card", "--names", "a,b,c")[1]
    code, out = run("score", "card", "-o", "target_score=zero")
    assert code == 2 and "target_score" in out


def test_a_hand_typed_twice_for_one_player_is_refused_not_replaced() -> None:
    script = "North\ndink 1 3 5 7 9 10\nnorth: 1 2 3 4 5 6 pickler\n\nquit\n"
    code, out = run("score", "card", input=script)
    assert code == 0
    assert "North's hand is typed already." in out
    assert "North: 1 (North: Dink Shot 1)" in out  # the laid-down hand, not the retyped one


def test_names_with_spaces_or_brackets_are_just_names() -> None:
    script = "Mary Ann\n1 2 3 4 5 6 pickler\n\n[b]Bob[/b], Mary Ann\n\nquit\n"
    code, out = run("score", "card", "--names", "Mary Ann,[b]Bob[/b]", input=script)
    assert code == 0, out
    assert "Mary Ann: 2 (Mary Ann: complete hand 1, Pickler 1)" in out
    assert "Mary Ann, [b]Bob[/b]" in out or "[b]Bob[/b]" in out


def test_options_it_cannot_honour_are_refused() -> None:
    code, out = run("score", "card", "-o", "content=my-box.toml")
    assert code == 2 and "takes only target_score and win_by, not content" in " ".join(out.split())


WINNING_RALLY = "Ann\n1 2 3 4 5 6 pickler\n\n"
"""Ann lays down a complete hand with a Pickler: 2 points, enough with --option target_score=2."""


def test_the_winning_rally_can_be_taken_back_before_the_game_ends() -> None:
    script = WINNING_RALLY + "undo\nnone\n\nquit\n"
    code, out = run(
        "score",
        "card",
        "--names",
        "Ann,Bob",
        "-o",
        "target_score=2",
        "-o",
        "win_by=1",
        input=script,
    )
    assert code == 0, out
    assert "Ann won, 2 to 0." in out
    assert "Type undo to take that rally back, or press Enter to finish: " in out
    assert "Took the last rally back." in out
    assert "Stopped. Ann 0, Bob 0; Ann serves." in out


def test_the_example_of_a_hand_line_uses_the_names_at_the_table() -> None:
    code, out = run("score", "card", "--names", "Ann,Bob", input="none\n1 2 3\n\nquit\n")
    assert code == 0
    assert "Write the player, a colon, then the cards: Ann: 1 2 3 ..." in out
    assert "South" not in out


def test_a_hand_line_may_leave_out_the_colon_after_a_name() -> None:
    code, out = run(
        "score", "card", "--names", "Ann,Bob", input="none\nBob 1 5 9 dink 2 4 8\n\nquit\n"
    )
    assert code == 0
    assert "Bob: 1 (Bob: Dink Shot 1)" in out


def test_a_session_kept_with_save_goes_on_with_from(tmp_path: Path) -> None:
    path = tmp_path / "session.json"
    script = "Ann\n1 2 3 4 5 6 pickler\n\nquit\n"
    code, out = run("score", "card", "--names", "Ann,Bob", "--save", str(path), input=script)
    assert code == 0 and path.exists(), out
    code, out = run("score", "card", "--from", str(path), input="quit\n")
    assert code == 0
    assert "Rally 2. Ann 2, Bob 0; Ann serves." in out


def test_from_refuses_a_file_that_is_not_a_session(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text("{}")
    code, out = run("score", "card", "--from", str(path))
    assert (code, out) == (2, "error: not a saved scorekeeping session\n")
