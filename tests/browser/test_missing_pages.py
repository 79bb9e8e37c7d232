"""Addresses that lead nowhere say so: a rules page for no game, a table that does not exist."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import Server


def test_the_rules_of_no_such_game_say_there_is_no_such_game(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/rules/nosuch")
    expect(page.locator("#missing")).to_have_text("No such game")
    expect(page.locator("#rules")).not_to_contain_text("Loading the rules")
    expect(page.locator("#rules a")).to_have_count(3)  # the games there are
    assert page.title() == "pickletable — no such game"
    page.close()


def test_a_table_that_does_not_exist_says_so_with_no_invite_button(
    browser: Any, server: Server
) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/table/doesnotexist")
    expect(page.locator("#missing")).to_contain_text("No such table")
    expect(page.locator("#missing")).to_contain_text("doesnotexist")
    expect(page.locator("#invite")).to_be_hidden()
    expect(page.locator("#join")).to_have_count(0)
    expect(page.locator("#missing a")).to_have_attribute("href", "/")
    page.close()
