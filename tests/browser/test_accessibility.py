"""axe-core over the lobby and the rules pages, on a desktop and a phone: no serious or
critical violation. Also: after a move the next move is one key away (the focus is on
it), and a live region says what happened and whose turn it is. The page states of
whole games are audited where those games are played: on a desktop in
`test_whole_games`, on a phone in `test_phone`.

axe-core is the copy `npm ci` installs from package.json (a pinned version); without it
these tests skip and say how to install it.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.page_checks import AXE, axe_violations, serious
from tests.browser.staging import PHONE
from tests.browser.whole_game import DESKTOP

pytestmark = pytest.mark.skipif(
    not AXE.exists(), reason=f"no axe-core at {AXE}: run `npm ci` in the repository"
)


@pytest.mark.parametrize("path", ["/", "/rules/board", "/rules/card", "/rules/slam"])
def test_no_serious_axe_violation_on_the_lobby_and_the_rules(
    browser: Any, server: Server, path: str
) -> None:
    for viewport in (DESKTOP, PHONE):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        found = serious(axe_violations(page))
        assert not found, "\n" + "\n".join(found)


def test_after_a_move_the_next_move_is_one_key_away_and_the_news_is_read_out(
    browser: Any, server: Server
) -> None:
    made = server.post(
        "/api/tables",
        {"game": "card", "players": 2, "seats": ["human", "bot:easy"], "name": "Ann"},
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=DESKTOP)
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    page.click("#start")
    for _ in range(3):
        expect(page.locator("body")).to_have_class(re.compile(r"\bmy-turn\b"), timeout=20_000)
        first = page.locator("#actions button.action").first
        expect(first).to_be_focused()
        step = page.get_attribute("body", "data-step")
        page.keyboard.press("Enter")  # the focused move
        expect(page.locator("body")).not_to_have_attribute("data-step", str(step))
    announce = page.locator("#announce")
    expect(announce).to_have_attribute("role", "status")
    expect(announce).not_to_be_empty()
    assert page.locator("#log").get_attribute("tabindex") == "0"
