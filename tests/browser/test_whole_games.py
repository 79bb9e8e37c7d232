"""A whole game of the card game and of the board game in the browser, against bots.

Every prompt shown to the person offers at least two moves. The card game never
asks a seat a single move; in the board game a lone roll or serve is made for the
person after the table's pause while "Roll for me" is ticked (the default), with a
line in the log, and shown as a button when it is not.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import Server
from tests.browser.staging import PHONE
from tests.browser.whole_game import DESKTOP, play_whole_game

BOARD_ADVANCED = {"level": "advanced", "target": 3.0}
"""Advanced rules, a short track: a whole game in well under a minute."""


@pytest.mark.parametrize(
    ("players", "options"),
    [(2, {"target_score": 3}), (4, {"target_score": 3})],
    ids=["singles", "doubles"],
)
def test_over_a_whole_card_game_every_prompt_offers_a_choice(
    browser: Any, server: Server, players: int, options: dict[str, Any]
) -> None:
    played = play_whole_game(browser, server, "card", players, options)

    assert played.shown, "the person was never asked anything"
    assert min(played.shown) >= 2, played.lone
    assert not played.answered()  # nothing in the card game is answered for the person
    assert not played.errors, played.errors


@pytest.mark.parametrize("players", [2, 4], ids=["singles", "doubles"])
def test_over_a_whole_board_game_every_prompt_offers_a_choice(
    browser: Any, server: Server, players: int
) -> None:
    played = play_whole_game(browser, server, "board", players, BOARD_ADVANCED)

    assert min(played.shown, default=2) >= 2, played.lone
    answered = played.answered()
    assert answered, "no roll or serve was made for the person in a whole game"
    verbs = {line.removeprefix("(answered for you: ").split()[0].rstrip(":") for line in answered}
    assert verbs <= {"Roll", "Serve"}, answered
    assert not played.errors, played.errors


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_unticking_roll_for_me_gives_the_person_the_roll_button(
    browser: Any, server: Server, viewport: dict[str, int]
) -> None:
    # The box stays in reach while the table rolls for the person (at phone width the
    # moves panel folds away whenever no real choice is theirs).
    page = board_page(browser, server, {"level": "advanced"}, viewport)
    box = page.locator("#roll-for-me")
    expect(box).to_be_visible()
    expect(box).to_be_checked()  # on by default
    box.uncheck()
    click_a_lone_roll_or_serve(page)
    page.reload()  # the choice lasts in this browser
    expect(page.locator("#roll-for-me")).not_to_be_checked()


@pytest.mark.parametrize("level", ["beginner", "intermediate"])
def test_a_whole_game_without_choices_plays_itself_while_roll_for_me_is_ticked(
    browser: Any, server: Server, level: str
) -> None:
    page = board_page(browser, server, {"level": level, "target": 2.5})
    expect(page.locator("#roll-for-me")).to_be_checked()
    expect(page.locator("body")).to_have_attribute("data-status", "over", timeout=60_000)
    assert page.locator("#log li.answered").count() > 0


def board_page(
    browser: Any, server: Server, options: dict[str, Any], viewport: dict[str, int] = DESKTOP
) -> Page:
    """Ann's page at a started board table against a bot."""
    made = server.post(
        "/api/tables",
        {
            "game": "board",
            "players": 2,
            "seats": ["human", "bot:easy"],
            "name": "Ann",
            "options": options,
        },
    )
    table_id, token = made["table"]["id"], made["token"]
    context = browser.new_context(viewport=viewport)
    context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    page: Page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    page.click("#start")
    return page


def click_a_lone_roll_or_serve(page: Page) -> None:
    """Wait for a roll or serve shown as the person's only move, and click it."""
    lone = page.locator("#actions button.action")
    expect(lone).to_have_count(1, timeout=20_000)
    assert lone.first.get_attribute("data-action") in {"roll", "serve"}
    step = page.get_attribute("body", "data-step")
    lone.first.click()
    expect(page.locator("body")).not_to_have_attribute("data-step", str(step))
