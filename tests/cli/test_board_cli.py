"""The `pickletable` command with the board game, driven by scripted input."""

from __future__ import annotations

import json
from pathlib import Path

from pickletable.games.board import GAME
from tests.cli.scripted import run


def test_rules_page_lists_every_option_in_plain_words_and_how_to_set_it() -> None:
    code, output = run("rules", "board")
    assert code == 0
    flat = " ".join(output.split())
    for spec in GAME.options:
        assert spec.name.replace("_", " ") in flat  # the page, in plain words
        assert spec.name in flat  # the footer: how to set it with --option
    assert "skill track" in output


def test_bad_input_reprompts_with_a_clear_message() -> None:
    script = "7\nfly\nhelp\n\nquit\n\n"
    code, output = run(
        "play", "board", "--level", "beginner", "--seed", "3", "--no-roll-for-me", input=script
    )
    assert code == 0
    assert "There is no choice 7; pick 1." in output
    assert "'fly' is not a choice now. Allowed: serve (or 1)." in output
    assert "Blue, your move (Enter: 1) > " in output  # Enter alone takes the lone choice
    assert "[serve]" in output
    assert "Type the number of a choice" in output
    assert "Blue serves" in output


def test_a_unique_result_may_be_typed_without_its_verb() -> None:
    script = "draw dinkin-dana\nbig-banger-bo\nblue\nplace stanchion\nserve\nace\nquit\n\n"
    code, output = run("play", "board", "--companion", "--level", "beginner", input=script)
    assert code == 0
    assert "Blue serves: ACE." in output


def test_hot_seat_prompts_use_the_names_given_in_seats() -> None:
    code, output = run(
        "play", "board", "--seats", "human:Ann,human:Sam", "--seed", "3", input="quit\n\n"
    )
    assert code == 0
    assert "(Ann), your move" in output or "(Sam), your move" in output


def test_choices_may_be_typed_in_notation() -> None:
    code, output = run(
        "play", "board", "--level", "beginner", "--seed", "3", "--no-roll-for-me", input="serve\n"
    )
    assert code == 0 and "Blue serves" in output


def test_a_bot_game_plays_to_the_end_and_saves_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    code, output = run(
        "play", "board", "--seats", "bot,bot:easy", "--seed", "9", "--save", str(path)
    )
    assert code == 0 and "Game over" in output and "Record saved" in output
    code, output = run("replay", str(path))
    assert code == 0 and "replays" in output
    record = json.loads(path.read_text())
    assert [s["player"] for s in record["seats"]] == ["bot:medium", "bot:easy"]


def test_quitting_offers_to_save(tmp_path: Path) -> None:
    path = tmp_path / "stopped.json"
    code, output = run(
        "play",
        "board",
        "--level",
        "beginner",
        "--seed",
        "3",
        "--no-roll-for-me",
        input=f"quit\n{path}\n",
    )
    assert code == 0 and "Game stopped" in output and path.exists()
    code, output = run("replay", str(path))
    assert code == 0 and "not finished" in output


def test_bad_options_and_seats_are_explained_without_a_traceback() -> None:
    code, output = run("play", "board", "--option", "level=expert")
    assert code == 2 and "not one of beginner, intermediate, advanced" in output
    code, output = run("play", "board", "--players", "3")
    assert code == 2 and "2, 4 players" in output
    code, output = run("play", "board", "--seats", "human")
    assert code == 2 and "lists 1 seats but this table has 2" in output
    code, output = run("play", "nine-pin")
    assert code == 2 and "unknown game 'nine-pin'" in output


def test_doubles_shortcut_seats_four(tmp_path: Path) -> None:
    path = tmp_path / "d.json"
    code, _ = run(
        "play",
        "board",
        "--doubles",
        "--seats",
        "bot,bot,bot,bot",
        "--seed",
        "1",
        "--save",
        str(path),
    )
    assert code == 0 and json.loads(path.read_text())["players"] == 4


def test_companion_mode_takes_typed_results_and_undo_takes_one_back() -> None:
    script = (
        "\n".join(
            [
                "draw dinkin-dana",  # Blue's character
                "draw big-banger-bo",  # Yellow's character
                "roll yellow",  # Colour Ball die
                "undo",  # mistyped: it was blue
                "roll blue",
                "serve without stanchion",  # the stanchion rule is on
                "place stanchion",  # the serve after it is made for the person
                "roll ace",
                "quit",
                "",
            ]
        )
        + "\n"
    )
    code, output = run("play", "board", "--companion", "--level", "beginner", input=script)
    assert code == 0
    assert "Taken back: The Colour Ball die picks Yellow to serve first." in output
    assert "Blue served without the stanchion and loses the serve." in output
    assert "Yellow earns a point: 0.0 → 0.5." in output


def test_record_writes_games_that_replay_and_a_changed_die_is_rejected(tmp_path: Path) -> None:
    out = tmp_path / "records"
    code, output = run(
        "record",
        "board",
        "--level",
        "advanced",
        "--doubles",
        "--seed",
        "5",
        "--games",
        "3",
        "--out",
        str(out),
    )
    assert code == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 3
    for file in files:
        assert run("replay", str(file))[0] == 0
    record = json.loads(files[0].read_text())
    index = next(i for i, s in enumerate(record["steps"]) if s["action"] == "roll in" and i > 40)
    record["steps"][index]["action"] = "roll out"
    files[0].write_text(json.dumps(record))
    code, output = run("replay", str(files[0]))
    assert code == 2 and f"its step {index + 1} (roll out)" in output


def test_record_refuses_human_seats(tmp_path: Path) -> None:
    code, output = run("record", "board", "--seats", "human,bot", "--out", str(tmp_path))
    assert code == 2 and "bot" in output


def test_record_numbers_on_after_existing_records(tmp_path: Path) -> None:
    assert run("record", "board", "--games", "2", "--seed", "1", "--out", str(tmp_path))[0] == 0
    first = (tmp_path / "board-0001.json").read_text()
    assert run("record", "board", "--games", "1", "--seed", "9", "--out", str(tmp_path))[0] == 0
    assert (tmp_path / "board-0001.json").read_text() == first
    assert (tmp_path / "board-0003.json").exists()


def test_an_unusable_out_or_save_path_is_a_clear_error(tmp_path: Path) -> None:
    afile = tmp_path / "afile"
    afile.write_text("")
    code, output = run("record", "board", "--out", str(afile))
    assert code == 2 and "error:" in output and "afile" in output
    code, output = run("play", "board", "--save", str(afile / "x.json"), input="quit\n")
    assert code == 2 and "not a folder that can be written" in " ".join(output.split())


def test_companion_mode_is_refused_for_games_with_hidden_hands() -> None:
    for game in ("card", "slam"):
        code, output = run("play", game, "--companion")
        assert code == 2 and "companion mode is for the board game" in output


def test_a_save_path_that_cannot_take_a_file_is_refused_before_the_game() -> None:
    # /proc passes a permissions check for root, yet takes no new file.
    code, output = run("play", "board", "--save", "/proc/pickletable-x.json", input="quit\n")
    assert code == 2 and "--save /proc/pickletable-x.json" in output
    assert "Blue to serve" not in output


def test_checking_a_save_path_leaves_no_file_behind(tmp_path: Path) -> None:
    path = tmp_path / "later.json"
    code, _ = run("play", "board", "--save", str(path), input="quit\n\n")
    assert code == 0 and path.exists()  # quitting saves to --save
    fresh = tmp_path / "fresh.json"
    from pickletable.cli.main import check_writable

    check_writable(fresh)
    assert not fresh.exists()


def test_roll_for_me_plays_a_beginner_game_with_no_input_at_all() -> None:
    # At the beginner level every move is a lone roll or serve: with --roll-for-me the
    # person is never asked, and the game ends without a line of input.
    code, output = run("play", "board", "--level", "beginner", "--seed", "3", input="")
    assert code == 0 and "Game over" in output
    assert "(rolled for you)" in output and "your move" not in output
    # ... and is told why at the start, and shown every roll and what it did
    assert "Beginner level: the dice decide every shot and there are no cards, so there is" in (
        " ".join(output.split())
    )
    assert "Blue serves: " in output and "earns a point: " in output
    assert output.count("won, reaching") == 1  # in the Game over box, not in a line above it


def test_a_level_with_choices_says_nothing_of_having_none() -> None:
    code, output = run("play", "board", "--level", "advanced", "--seed", "3", input="quit\n\n")
    assert code == 0 and "nothing for you to choose" not in output
