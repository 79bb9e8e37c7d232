"""Every game's rules page is written for players; the developer notes live in the docs.

The player page names every option in plain words and every card of the built-in
content, and uses no developer words. The reference page (docs/rules-reference.md)
lists every option id and names only tests that exist.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from pickletable.core.registry import available_games, get_game
from pickletable.games.slam.content import TITLES

TESTS = Path(__file__).parent
REFERENCE = TESTS.parent / "docs" / "rules-reference.md"
RULEBOOKS = TESTS.parents[1] / "shared" / "seeds"
"""The rulebooks, beside the repository when it is checked out as in the project's workspace."""
RULEBOOK_FILES = {
    "board": "board-game-rules.txt",
    "card": "card-game-rules.txt",
    "slam": "slam-rules.txt",
}
DEVELOPER_WORDS = ("content/", " --", "game id", "test_", "resample", "chance step", "`")


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(), flags=re.MULTILINE))
    return names


def reference_section(game_id: str) -> str:
    """The part of the reference page about one game: from its heading to the next game's."""
    text = REFERENCE.read_text()
    start = text.find(f"(`{game_id}`)\n")
    if start == -1:
        pytest.fail(f"{REFERENCE.name} has no section whose heading ends (`{game_id}`)")
    end = text.find("\n## ", start)
    return text[start : end if end != -1 else len(text)]


def player_page(game_id: str) -> str:
    """The rules page with its line breaks undone, as a reader sees it."""
    return " ".join(get_game(game_id).rules_text().split())


def card_names(game_id: str) -> list[str]:
    """The names printed on the cards of the game's built-in content."""
    data: Any = get_game(game_id).default_content().data
    if game_id == "board":
        return [
            *(c["name"] for c in data["characters"]),
            *(skill_label(c) for c in data["skill_cards"]),
            *(c["shot"].capitalize() for c in data["strategy_cards"]),
            *(c["text"] for c in data["play_cards"]),
        ]
    if game_id == "card":
        return [special["name"] for special in data["specials"].values()]
    return sorted({TITLES[c["kind"]] for c in data["cards"] if c["kind"] in TITLES})


def skill_label(card: dict[str, str]) -> str:
    """A Skill Card as printed: ``IN, Dink`` or ``ACE``."""
    return card["result"].upper() + (f", {card['shot'].capitalize()}" if "shot" in card else "")


@pytest.mark.parametrize("game_id", available_games())
def test_the_player_page_uses_no_developer_words(game_id: str) -> None:
    text = player_page(game_id)
    found = [word for word in DEVELOPER_WORDS if word in text]
    assert not found, f"{game_id} rules page reads like developer notes: {found}"


@pytest.mark.parametrize("game_id", available_games())
def test_the_player_page_names_every_card_of_the_built_in_content(game_id: str) -> None:
    text = player_page(game_id)
    missing = [name for name in card_names(game_id) if name not in text]
    assert not missing, f"{game_id} rules page does not name {missing}"


@pytest.mark.parametrize("game_id", available_games())
def test_the_player_page_explains_every_option_in_plain_words(game_id: str) -> None:
    text = player_page(game_id)
    labels = {spec.name: f"**{spec.name.replace('_', ' ')}**" for spec in get_game(game_id).options}
    missing = [name for name, label in labels.items() if label not in text]
    assert not missing, f"{game_id} rules page does not explain options {missing}"


@pytest.mark.parametrize("game_id", available_games())
def test_the_reference_lists_every_option_id(game_id: str) -> None:
    text = reference_section(game_id)
    missing = [spec.name for spec in get_game(game_id).options if f"`{spec.name}`" not in text]
    assert not missing, f"the {game_id} rules reference does not list options {missing}"


@pytest.mark.parametrize("game_id", available_games())
def test_the_reference_names_only_tests_that_exist(game_id: str) -> None:
    named = set(re.findall(r"`(?:[\w/]+\.py::)?(test_\w+)`", reference_section(game_id)))
    assert named, f"the {game_id} rules reference maps no rulings to tests"
    unknown = sorted(named - defined_tests())
    assert not unknown, f"the {game_id} rules reference names tests that do not exist: {unknown}"


@pytest.mark.parametrize("game_id", available_games())
def test_the_player_page_is_in_our_own_words(game_id: str) -> None:
    rulebook = RULEBOOKS / RULEBOOK_FILES[game_id]
    if not rulebook.exists():
        pytest.skip("the rulebook is not beside this checkout")
    words = rulebook.read_text().split()
    ours = player_page(game_id)
    copied = [
        " ".join(words[start : start + 10])
        for start in range(len(words) - 10)
        if " ".join(words[start : start + 10]) in ours
    ]
    assert not copied, f"the {game_id} rules page repeats the rulebook word for word: {copied[:3]}"
