"""Content files: the defaults, and clear errors for broken ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from pickletable.core.errors import ContentError
from pickletable.games.board import GAME
from pickletable.games.board.content import BoardContent
from pickletable.games.board.state import BoardState

DEFAULT = GAME.default_content()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "box.toml"
    path.write_text(text)
    return path


def default_text() -> str:
    from importlib import resources

    return resources.files("pickletable.games.board").joinpath("content/default.toml").read_text()


def test_default_dice_match_the_rulings() -> None:
    content = BoardContent.from_data(DEFAULT.data)
    assert sorted(content.outcome_faces) == ["ace", "in", "in", "in", "out", "out"]
    assert len(content.hit_faces) == 6


def test_default_deck_has_at_least_twelve_characters_each_with_two_different_shots() -> None:
    content = BoardContent.from_data(DEFAULT.data)
    assert len(content.characters) >= 12
    assert all(c.nice != c.bad for c in content.characters.values())


def test_default_play_deck_has_about_twenty_four_cards() -> None:
    content = BoardContent.from_data(DEFAULT.data)
    assert 20 <= sum(card.count for card in content.play_cards.values()) <= 28


def test_a_missing_file_is_named() -> None:
    with pytest.raises(ContentError, match=r"nope\.toml: file: not found"):
        GAME.load_content("nope.toml")


def test_broken_toml_is_reported_with_the_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"box\.toml: file: not valid TOML"):
        GAME.load_content(write(tmp_path, "[dice\n"))


def test_a_character_whose_shots_are_the_same_is_named(tmp_path: Path) -> None:
    text = default_text().replace('nice = "dink"\nbad = "lob"', 'nice = "dink"\nbad = "dink"', 1)
    with pytest.raises(ContentError, match="character dinkin-dana: Nice Shot and Bad Shot"):
        GAME.load_content(write(tmp_path, text))


def test_an_unknown_effect_lists_the_vocabulary(tmp_path: Path) -> None:
    text = default_text().replace('effect = "none"', 'effect = "teleport"', 1)
    with pytest.raises(ContentError, match="play card good-rally: effect 'teleport' is not one of"):
        GAME.load_content(write(tmp_path, text))


def test_an_unknown_shot_on_a_skill_card_is_named(tmp_path: Path) -> None:
    text = default_text().replace('shot = "dink"\ncount = 3', 'shot = "erne"\ncount = 3', 1)
    with pytest.raises(ContentError, match="skill card in-dink: shot 'erne'"):
        GAME.load_content(write(tmp_path, text))


def test_a_users_own_file_is_played_through_the_content_option(tmp_path: Path) -> None:
    text = default_text().replace('name = "Dinkin\' Dana"', 'name = "Grandma Jo"')
    path = write(tmp_path, text)
    state = GAME.new_game(2, {"content": str(path)})
    assert isinstance(state, BoardState)
    assert state.rules.content.characters["dinkin-dana"].name == "Grandma Jo"
