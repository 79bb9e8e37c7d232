"""Every game's rules page lists every option and names only tests that exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickletable.core.registry import available_games, get_game

TESTS = Path(__file__).parent


def defined_tests() -> set[str]:
    names: set[str] = set()
    for path in TESTS.rglob("test_*.py"):
        names.update(re.findall(r"^def (test_\w+)", path.read_text(), flags=re.MULTILINE))
    return names


@pytest.mark.parametrize("game_id", available_games())
def test_rules_page_lists_every_option(game_id: str) -> None:
    game = get_game(game_id)
    text = game.rules_text()
    missing = [spec.name for spec in game.options if f"`{spec.name}`" not in text]
    assert not missing, f"{game_id} rules page does not list options {missing}"


@pytest.mark.parametrize("game_id", available_games())
def test_rules_page_names_only_tests_that_exist(game_id: str) -> None:
    text = get_game(game_id).rules_text()
    named = set(re.findall(r"`(?:[\w/]+\.py::)?(test_\w+)`", text))
    assert named, f"{game_id} rules page maps no rulings to tests"
    unknown = sorted(named - defined_tests())
    assert not unknown, f"{game_id} rules page names tests that do not exist: {unknown}"
