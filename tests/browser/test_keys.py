"""Every listed move has a key: 1-9, then 0 for the tenth, then a-z (the card game often
lists 13 moves)."""

from __future__ import annotations

from typing import Any

from tests.browser.conftest import Server


def test_keys_reach_every_move_one_to_nine_then_zero_then_letters(
    browser: Any, server: Server
) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/rules/board")
    keys, indexes = page.evaluate(
        """async () => {
          const { keyFor, indexFor } = await import('/static/js/keys.js');
          const keys = Array.from({ length: 40 }, (_, i) => keyFor(i));
          const indexes = ['1', '9', '0', 'a', 'c', 'C', 'z', '-', 'Enter'].map(indexFor);
          return [keys, indexes];
        }"""
    )
    assert keys[:13] == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "a", "b", "c"]
    assert keys[35] == "z"
    assert keys[36:] == [None] * 4
    assert len(set(keys[:36])) == 36
    assert indexes == [0, 8, 9, 10, 12, 12, 35, -1, -1]  # "c" picks the 13th move
    page.close()
