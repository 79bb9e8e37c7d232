"""The lobby's new-table form: sensible seats for someone who opens it alone, options in words."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.conftest import Server


def test_every_seat_but_yours_starts_as_a_medium_bot(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url)
    for game in server.get("/api/games"):
        page.select_option("#game", game["id"])
        for players in game["player_counts"]:
            page.select_option("#players", str(players))
            seats = page.locator("#seats select")
            expect(seats).to_have_count(players)
            values = [seats.nth(i).input_value() for i in range(players)]
            assert values == ["human"] + ["bot:medium"] * (players - 1), (game["id"], players)
            expect(seats.nth(0)).to_be_disabled()
            expect(seats.nth(0).locator("option:checked")).to_have_text("you")
    page.close()


def test_a_table_made_with_the_defaults_can_start_at_once(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(f"{server.url}/?game=board")
    page.wait_for_selector("#seats select", state="attached")
    page.fill("#name", "Ann")
    page.click("#create")
    page.wait_for_url("**/table/*")
    expect(page.locator("#start")).to_be_enabled()
    expect(page.locator(".court-banner")).to_have_text(
        "Not started: Ann has joined · waiting for Start"
    )
    page.close()


def test_the_options_read_like_the_forms_other_labels(browser: Any, server: Server) -> None:
    page = browser.new_page()
    page.goto(server.url + "/?game=card")
    page.click("#options-box summary")
    expect(page.locator("label[for=opt-target_score]")).to_have_text("Target score")
    # Each tip names an option as the form spells it, never its id.
    expect(page.locator("#game-note")).to_contain_text("a lower target score")
    for game in server.get("/api/games"):
        page.select_option("#game", game["id"])
        for text in page.locator(".option label, .option small, #game-note").all_inner_texts():
            assert text[:1].isupper() and "_" not in text, (game["id"], text)
    page.close()


def test_the_form_offers_only_the_options_that_apply_to_the_level_and_the_players(
    browser: Any, server: Server
) -> None:
    page = browser.new_page()
    page.goto(server.url + "/?game=board")
    page.click("#options-box summary")
    skill_rule = page.locator("#opt-skill_counts_as_roll")
    cards = page.locator("#opt-starting_cards")
    expect(skill_rule).to_be_visible()  # the default level: advanced
    page.select_option("#opt-level", "beginner")  # dice only: no Skill Cards to deal
    expect(skill_rule).to_be_hidden()
    expect(cards).to_be_hidden()
    expect(page.locator("#opt-target")).to_be_visible()
    page.select_option("#opt-level", "advanced")
    expect(cards).to_be_visible()

    page.select_option("#game", "slam")
    doubles, opponents = page.locator("#opt-doubles"), page.locator("#opt-twists_target_opponents")
    page.select_option("#players", "3")
    expect(doubles).to_be_hidden()  # doubles is for four players
    expect(opponents).to_be_hidden()
    page.select_option("#players", "4")
    expect(doubles).to_be_visible()
    expect(opponents).to_be_hidden()  # a doubles rule: shown once doubles is ticked
    doubles.check()
    expect(opponents).to_be_visible()
    page.close()
