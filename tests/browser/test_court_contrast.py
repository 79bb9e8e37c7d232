"""The words drawn on the board game's court (the banner, "kitchen", the pieces' letters)
read against what they are drawn on: at least 4.5:1, or 3:1 for large text (WCAG AA).

axe-core leaves text inside an SVG alone, so this test measures it: each word's fill
against the fill of the shape under its middle. A word with a halo (a stroke painted
under it, as the players' names have) is read against its halo instead, so it is left out.
"""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import Server
from tests.browser.staging import DESKTOP, PHONE

MEASURE = """() => {
  const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
  const channel = (c) => {
    c /= 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = ([r, g, b]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  const over = (top, bottom) => { const a = top.length > 3 ? top[3] : 1;
    return [0, 1, 2].map((i) => a * top[i] + (1 - a) * bottom[i]); };
  const found = [];
  for (const word of document.querySelectorAll("#board svg text")) {
    const style = getComputedStyle(word);
    if (!word.textContent.trim() || style.stroke !== "none") continue;
    const box = word.getBoundingClientRect();
    if (!box.width) continue;
    const under = document.elementsFromPoint(box.x + box.width / 2, box.y + box.height / 2)
      .find((node) => node.closest("svg") && !["text", "tspan"].includes(node.tagName)
        && !["none", "", "transparent"].includes(getComputedStyle(node).fill));
    if (!under) continue;
    const back = rgb(getComputedStyle(under).fill);
    const front = over(rgb(style.fill), back);
    const [light, dark] = [luminance(front), luminance(back)].sort((a, b) => b - a);
    const size = parseFloat(style.fontSize) * (box.height / (word.getBBox().height || box.height));
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    found.push({ text: word.textContent.trim(), ratio: (light + 0.05) / (dark + 0.05), large });
  }
  return found;
}"""


@pytest.mark.parametrize("players", [2, 4], ids=["singles", "doubles"])
def test_the_courts_words_stand_out_from_what_they_are_drawn_on(
    browser: Any, server: Server, players: int
) -> None:
    made = server.post(
        "/api/tables",
        {"game": "board", "players": players, "seats": ["human"] + ["bot:easy"] * (players - 1)},
    )
    for viewport in (DESKTOP, PHONE):
        page = browser.new_context(viewport=viewport).new_page()
        page.goto(f"{server.url}/table/{made['table']['id']}")
        expect(page.locator("#board svg .court-banner")).to_be_visible()  # "Not started: ..."
        words = page.evaluate(MEASURE)
        assert {"kitchen", "Not started"} <= {word["text"].split(":")[0] for word in words}
        faint = [
            f"{word['text']!r} {word['ratio']:.2f}:1"
            for word in words
            if word["ratio"] < (3.0 if word["large"] else 4.5)
        ]
        assert not faint, f"at {viewport['width']} px: {faint}"
