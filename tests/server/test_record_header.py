"""A stored table and its game record begin alike: one header writer for both."""

from __future__ import annotations

import random

from pickletable.core.records import record_header
from pickletable.core.registry import get_game
from pickletable.server.live import PLAYING, LiveTable


def test_a_stored_table_and_its_record_carry_the_same_game_players_options_and_content() -> None:
    game = get_game("card")
    table = LiveTable(
        id="header",
        game=game,
        players=2,
        options=game.options.resolve({}),
        content=game.default_content(),
        seats=[],
        seed=0,
        status=PLAYING,
        chance=random.Random(3),
    )
    table.chance_steps()
    header = record_header("card", 2, table.options, table.content)
    row, record = table.row(), table.record()
    assert {key: row[key] for key in header} == header
    assert {key: record[key] for key in header} == header
    assert list(record)[:6] == ["format", "version", "game", "players", "options", "content"]
    assert record["steps"] == [
        {"by": "chance" if step.by < 0 else step.by, "action": step.action, "events": step.events}
        for step in table.steps
    ]
