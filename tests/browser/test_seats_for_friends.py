"""Seats for friends: a bot's seat turned into a friend's before the start (the invite
link says what the friend gets), and an away player's seat handed to a bot once their
grace time is over (counted down, the button offered only when the server takes it)."""

from __future__ import annotations

import re
import urllib.error
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import SCREENSHOTS, Server, running_server, screenshot_of
from tests.browser.staging import DESKTOP, open_seat
from tests.browser.test_play_in_browsers import create_table
from tests.browser.test_rated_game import QUICK, play_out

GRACE_SECONDS = 3
"""This module's server's grace time (30 s by default): short, and long enough to see."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    env = {"PICKLETABLE_GRACE_SECONDS": str(GRACE_SECONDS)}
    yield from running_server(tmp_path_factory.mktemp("server"), env)


def test_a_friend_invited_into_the_bot_s_seat_sees_the_offer_sits_and_plays(
    browser: Any, server: Server
) -> None:
    ann = browser.new_context(viewport=DESKTOP).new_page()
    errors: list[str] = []
    ann.on("pageerror", lambda error: errors.append(str(error)))
    with_a_bot = {**QUICK, "seats": {"seat-1": "bot:easy"}}
    table_id = create_table(ann, server, "card", with_a_bot)
    bot_seat = ann.locator("#seat-list li", has_text="bot (easy)")
    bot_seat.get_by_role("button", name="Invite a friend here instead").click()
    expect(ann.locator("#seat-list")).to_contain_text("free seat")
    expect(ann.locator("#prompt")).to_have_text(re.compile("share the invite link"))

    bob = browser.new_context(viewport=DESKTOP).new_page()
    bob.on("pageerror", lambda error: errors.append(str(error)))
    bob.goto(f"{server.url}/table/{table_id}")
    expect(bob.locator("#join")).to_be_visible()
    [seat] = bob.locator("#join-seat option").all_inner_texts()
    expect(bob.locator("#join-offer")).to_have_text(
        re.compile(rf"^The Pickleball Card Game for 2, with Ann \(\w+\)\. Free: {seat}\. ")
    )
    screenshot_of(bob, "#join", SCREENSHOTS / "invite-offer.png")
    bob.fill("#join-name", "Bob")
    bob.click("#join-button")
    expect(bob.locator("#seat-list")).to_contain_text("Bob (you)")
    expect(ann.locator("#start")).to_be_enabled()
    ann.click("#start")
    play_out([ann, bob], 7)
    record = server.get(f"/api/tables/{table_id}/record")
    assert [seat["player"] for seat in record["seats"]] == ["human:Ann", "human:Bob"]
    assert not errors, errors


def test_an_away_seat_is_handed_to_a_bot_after_the_countdown_and_not_before(
    browser: Any, server: Server
) -> None:
    made = server.post("/api/tables", {"game": "card", "seats": ["human", "human"], "name": "Ann"})
    table_id = made["table"]["id"]
    joined = server.post(f"/api/tables/{table_id}/join", {"name": "Bob"})
    server.post(f"/api/tables/{table_id}/start", {}, token=made["token"])
    ann = open_seat(browser, server, table_id, made["token"])
    bob = open_seat(browser, server, table_id, joined["token"])
    bobs_seat = ann.locator("#seat-list li", has_text="Bob")
    expect(bobs_seat).to_contain_text("here")
    bob.context.close()

    hand_over = bobs_seat.get_by_role("button", name="Hand to a bot")
    countdown = bobs_seat.get_by_role("timer")
    expect(countdown).to_have_text(re.compile(rf"in [1-{GRACE_SECONDS}] s$"))
    expect(hand_over).to_be_disabled()
    with pytest.raises(urllib.error.HTTPError) as refused:  # and the server says the same
        server.post(f"/api/tables/{table_id}/seats/{joined['seat']}/bot", {}, made["token"])
    assert refused.value.code == 409

    expect(hand_over).to_be_enabled(timeout=(GRACE_SECONDS + 5) * 1000)
    expect(countdown).to_have_count(0)
    hand_over.click()
    expect(bobs_seat).to_contain_text("Bob (left; bot medium plays)")
    expect(ann.locator("#log")).to_contain_text("A bot (medium) now plays")
    expect(ann.locator("#refusal")).to_have_text("")
    expect(ann.locator("#seat-list .hand-over")).to_have_count(0)  # a bot plays the away seat
