"""The rules page: every option listed, every test it names exists, no rulebook sentence pasted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickletable.games.card import GAME

HERE = Path(__file__).parent
RULES = GAME.rules_text()
RULEBOOK = HERE.parents[3] / "shared" / "seeds" / "card-game-rules.txt"
"""The rulebook, beside the repository when it is checked out as in the project's workspace."""


def test_every_option_is_in_the_options_table() -> None:
    for spec in GAME.options:
        assert f"| `{spec.name}` |" in RULES, spec.name


def test_every_test_the_page_names_exists() -> None:
    named = set(re.findall(r"`(test_[a-z0-9_]+)`", RULES))
    defined = set()
    for path in HERE.glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_[a-z0-9_]+)", path.read_text(), re.MULTILINE))
    assert len(named) > 40
    assert named <= defined, sorted(named - defined)


def test_the_page_is_in_our_own_words() -> None:
    if not RULEBOOK.exists():
        pytest.skip("the rulebook is not beside this checkout")
    words = RULEBOOK.read_text().split()
    ours = " ".join(RULES.split())
    # No run of ten words from the rulebook appears in the rules page.
    for start in range(len(words) - 10):
        assert " ".join(words[start : start + 10]) not in ours
