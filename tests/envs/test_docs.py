"""docs/rl.md shows each game's action table and observation layout as the code has them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pickletable.envs import encoding_for

DOC = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
DOCUMENTED = {"board": 2, "card": 2, "slam": 3}


@pytest.mark.parametrize(("game", "players"), DOCUMENTED.items())
def test_the_page_lists_every_action_and_block(game: str, players: int) -> None:
    encoding = encoding_for(game, players)
    section = DOC[DOC.index(f"### {game}\n") :]
    assert f"n = {encoding.n_actions}, observation size = {encoding.size}" in section
    for action in encoding.actions:
        assert f"`{action}`" in section
    offset = 0
    for block in encoding.layout:
        if not re.match(r"seat[1-9]\.", block.name):
            assert f"| {offset} | {block.size} | `{block.name}` |" in section
        offset += block.size
