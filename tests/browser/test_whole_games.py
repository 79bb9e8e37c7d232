"""Whole games of every game on a desktop, in the browser against bots: what the person
is asked, and at every page state they see nothing wider than the screen, every target
at least 44 x 44 px and no serious axe-core violation.

In the card game every prompt shown to the person offers at least two moves and
nothing is answered for them; in the board game a lone roll or serve is made for the
person after the table's pause while "Roll for me" is ticked (the default), with a
line in the log, and shown as a button when it is not. axe-core finds no serious or
critical violation (colour contrast, names, roles, a log a keyboard can scroll...) at
every prompt of a kind not audited yet, every third prompt besides and at the end (see
`page_checks.Audit`); the phone's whole games are audited in `test_phone`.

axe-core is the copy `npm ci` installs from package.json (a pinned version); without it
the games are still played and checked, and the test says the audit was skipped.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.browser.conftest import SCREENSHOTS, Server
from tests.browser.page_checks import AXE, Audit, small_targets, times_shown, too_wide
from tests.browser.staging import PHONE
from tests.browser.whole_game import DESKTOP, Played, play_whole_game

BOARD_ADVANCED = {"level": "advanced", "target": 3.0}
"""Advanced rules, a short track: a whole game in well under a minute."""
ROLL_MYSELF = {"pickletable:roll-for-me": "off"}
GAMES = [
    ("board", 4, BOARD_ADVANCED, {}),
    ("board", 4, {"level": "beginner", "target": 2.0}, ROLL_MYSELF),
    ("card", 2, {"target_score": 3}, {}),
    ("card", 4, {"target_score": 3}, {}),
    ("slam", 3, {"tokens_to_win": 2}, {}),
    ("slam", 4, {"tokens_to_win": 2, "doubles": True}, {}),
]
IDS = [
    "board-advanced-doubles",
    "board-beginner-doubles-rolling-myself",
    "card-singles",
    "card-doubles",
    "slam-3",
    "slam-doubles",
]


@pytest.mark.parametrize(("game", "players", "options", "storage"), GAMES, ids=IDS)
def test_a_whole_game_asks_what_it_should_and_has_no_serious_axe_violation(
    browser: Any,
    server: Server,
    game: str,
    players: int,
    options: dict[str, Any],
    storage: dict[str, str],
) -> None:
    audit = Audit() if AXE.exists() else None
    faults: set[str] = set()

    def look(page: Page) -> None:
        faults.update(f"too wide: {line}" for line in too_wide(page))
        faults.update(f"small: {line}" for line in small_targets(page))
        if audit is not None:
            audit.look(page)

    played = play_whole_game(browser, server, game, players, options, storage=storage, look=look)
    expect(played.page.locator("#game-summary")).to_be_visible()
    assert not played.errors, played.errors
    outcome = played.page.locator("#prompt").inner_text().removeprefix("Game over. ")
    assert times_shown(played.page, outcome) == 1, f"{outcome!r} is said more than once"
    assert not faults, "\n" + "\n".join(sorted(faults))
    if game == "card":  # every prompt a choice; nothing answered for the person
        assert played.shown, "the person was never asked anything"
        assert min(played.shown) >= 2, played.lone
        assert not played.answered(), played.answered()
    elif game == "board" and storage == ROLL_MYSELF:  # the lone rolls and serves are buttons
        assert set(played.lone) <= {"roll", "serve"}, played.lone
        assert not played.answered(), "the page rolled for a person who rolls for themselves"
    elif game == "board":  # the lone rolls and serves are made for the person (and a
        # person whose partner holds the cards may be asked nothing at all)
        assert min(played.shown, default=2) >= 2, played.lone
        lone_rolls_and_serves_were_answered(played)
    if audit is None:
        pytest.skip(f"the game checks passed; no axe-core at {AXE} to audit (run `npm ci`)")
    audit.look(played.page, always=True)
    if os.environ.get("PICKLETABLE_AXE_REPORT"):  # the figures, for the notes
        name = f"axe-{game}-{players}-{DESKTOP['width']}.json"
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / name).write_text(
            json.dumps(
                {
                    "states": audit.states,
                    "audited": audit.audited,
                    "impact": audit.by_impact(),
                    **audit.rules,
                }
            )
        )
    assert not audit.serious(), "\n" + "\n".join(audit.serious())


def lone_rolls_and_serves_were_answered(played: Played) -> None:
    """The log notes rolls or serves made for the person, and nothing else."""
    answered = played.answered()
    assert answered, "no roll or serve was made for the person in a whole game"
    verbs = {line.removeprefix("(answered for you: ").split()[0].rstrip(":") for line in answered}
    assert verbs <= {"Roll", "Serve"}, answered


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
    # Told why: at the beginner level nothing is ever a choice (at the others, some are).
    said = expect(page.locator(".no-choices"))
    if level == "beginner":
        said.to_contain_text("nothing for you to choose. The table rolls for you")
    else:
        said.to_have_count(0)
    page.evaluate(
        """() => { window.said = []; const region = document.getElementById("announce");
           new MutationObserver(() => window.said.push(region.textContent))
             .observe(region, { childList: true, characterData: true, subtree: true }); }"""
    )
    expect(page.locator("body")).to_have_attribute("data-status", "over", timeout=60_000)
    assert page.locator("#log li.answered").count() > 0
    # what the live region read out: each roll and what it did, whose turn once
    said = page.evaluate("window.said")
    assert any(" serves: " in text for text in said), said[:5]
    repeated = [text for text in said if re.search(r"(\b[^.!]+)\. \1$", text)]
    assert not repeated, repeated[:3]


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
