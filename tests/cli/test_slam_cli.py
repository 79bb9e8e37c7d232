"""The `pickletable` command with Pickleball Slam: rules, bot games, hot seat, doubles."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pickletable.games.slam import GAME
from tests.cli.scripted import run


def test_slam_rules_page_lists_every_option() -> None:
    code, output = run("rules", "slam")
    assert code == 0
    flat = " ".join(output.split())
    for spec in GAME.options:
        assert spec.name.replace("_", " ") in flat and spec.name in flat


@pytest.mark.parametrize("table", [["--players", "3"], ["--players", "6"], ["--doubles"]])
def test_slam_bot_game_plays_to_the_end_and_replays(table: list[str], tmp_path: Path) -> None:
    seats = "bot," * (6 if "6" in table else 4 if "--doubles" in table else 3)
    path = tmp_path / "slam.json"
    code, output = run(
        "play", "slam", *table, "--seats", seats.rstrip(","), "--seed", "4", "--save", str(path)
    )
    assert code == 0 and "Game over" in output
    code, output = run("replay", str(path))
    assert code == 0 and "replays" in output
    record = json.loads(path.read_text())
    assert record["game"] == "slam"
    assert record["options"].get("doubles", False) is ("--doubles" in table)


def test_slam_a_person_plays_a_whole_game_by_numbers(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    code, output = run(
        "play",
        "slam",
        "--players",
        "3",
        "--seats",
        "human,bot,bot",
        "--seed",
        "2",
        "--save",
        str(path),
        input="1\n" * 400,
    )
    assert code == 0
    assert "Player 1's cards" in output
    assert "Game over" in output
    code, _ = run("replay", str(path))
    assert code == 0


def test_slam_bad_input_reprompts() -> None:
    _, output = run(
        "play",
        "slam",
        "--players",
        "3",
        "--seats",
        "human,bot,bot",
        "--seed",
        "2",
        input="99\nplay 9\nquit\n\n",
    )
    assert "There is no choice 99" in output
    assert "is not a choice now" in output


@pytest.mark.parametrize("game", ["slam", "card"])
def test_a_bot_move_never_shows_the_cards_it_keeps_or_discards_face_down(game: str) -> None:
    # Watching bots (or playing with them), the screen learns only what the
    # events let a spectator know: not which drawn card a bot kept.
    seats = "bot,bot,bot" if game == "slam" else "bot,bot"
    code, output = run(
        "play", game, "--players", "3" if game == "slam" else "2", "--seats", seats, "--seed", "4"
    )
    assert code == 0 and "Game over" in output
    assert "discards a card face down" in output or game == "card"
    assert "(bot):" not in output
    assert "the drawn" not in output


def test_a_lone_player_is_not_asked_to_confirm_an_only_choice() -> None:
    code, output = run(
        "play", "slam", "--players", "3", "--seed", "5", input="1\n" * 3 + "quit\n\n"
    )
    assert code == 0
    assert "Keep the dealt hand (your only choice)" in output


def test_hot_seat_still_asks_every_seat_so_a_hand_over_reveals_nothing() -> None:
    script = "\n1\n" * 3 + "quit\n\n"
    code, output = run("play", "slam", "--players", "3", "--seats", "human,human,bot", input=script)
    assert code == 0
    assert "your only choice" not in output
    assert "Pass the screen to Player 2" in output
