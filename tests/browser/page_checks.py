"""What a page must be at any moment, measured in the page: the checks the phone and
accessibility tests run at every prompt of a whole game.

- `too_wide`: what sticks out past the viewport's right edge (nothing may, on a phone);
- `small_targets`: what can be clicked or tapped but is under 44 x 44 CSS px (a check box
  or radio is measured by its label: the label is what a finger taps);
- `hidden_moves`: moves clipped by a box that scrolls inside the page (all moves must
  show without an inner scroll box);
- `axe_violations`: axe-core's violations, from the copy `npm ci` installs (package.json
  pins its version);
- `times_shown`: how often a line shows on the page outside the log (who won: once).
"""

from __future__ import annotations

from typing import Any

from playwright.sync_api import Page

from tests.browser.conftest import ROOT

TARGET = 44
"""The smallest touch target, in CSS pixels (WCAG 2.5.5)."""
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}

_DESCRIBE = """
const describe = (node) => {
  const id = node.id ? `#${node.id}` : "";
  const cls = typeof node.className === "string" && node.className
    ? `.${node.className.trim().split(/\\s+/).join(".")}` : "";
  const text = (node.innerText || node.getAttribute("aria-label") || "").trim().slice(0, 30);
  return `${node.tagName.toLowerCase()}${id}${cls} "${text}"`;
};
const shown = (node) => {
  const box = node.getBoundingClientRect();
  return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
};
"""


def too_wide(page: Page) -> list[str]:
    """Elements whose right edge is past the viewport's (and the page if it scrolls sideways)."""
    found: list[str] = page.evaluate(
        "() => {"
        + _DESCRIBE
        + """
  const width = document.documentElement.clientWidth;
  const found = [];
  if (document.documentElement.scrollWidth > width + 1) {
    found.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  for (const node of document.body.querySelectorAll("*")) {
    if (!shown(node) || node.closest("svg") && node.tagName.toLowerCase() !== "svg") continue;
    const box = node.getBoundingClientRect();
    let clipped = false; // inside a box that clips or scrolls sideways on purpose
    for (let up = node.parentElement; up && up !== document.body; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow !== "visible") { clipped = true; break; }
    }
    if (!clipped && (box.right > width + 1 || box.left < -1)) {
      const span = `${Math.round(box.left)}..${Math.round(box.right)}`;
      found.push(`${describe(node)}: ${span} of ${width}`);
    }
  }
  return found;
}"""
    )
    return found


def small_targets(page: Page) -> list[str]:
    """Shown interactive elements under TARGET x TARGET px, with their size."""
    found: list[str] = page.evaluate(
        "(target) => {"
        + _DESCRIBE
        + """
  const selector = "a[href], button, input:not([type=hidden]), select, textarea, summary, "
    + "[tabindex]:not([tabindex='-1'])";
  const found = [];
  for (let node of document.querySelectorAll(selector)) {
    if (node.matches("input[type=checkbox], input[type=radio]") && node.labels.length) {
      node = node.labels[0];
    }
    if (!shown(node) || node.closest("[inert]")) continue;
    const box = node.getBoundingClientRect();
    if (box.width + 0.5 < target || box.height + 0.5 < target) {
      found.push(`${describe(node)}: ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return [...new Set(found)];
}""",
        TARGET,
    )
    return found


def hidden_moves(page: Page) -> list[str]:
    """Moves (buttons in #actions) that a box scrolling inside the page cuts off."""
    found: list[str] = page.evaluate(
        "() => {"
        + _DESCRIBE
        + """
  const found = [];
  for (const button of document.querySelectorAll("#actions button")) {
    const box = button.getBoundingClientRect();
    for (let up = button.parentElement; up && up !== document.body; up = up.parentElement) {
      const style = getComputedStyle(up);
      if (!/(auto|scroll|hidden)/.test(style.overflowY + style.overflowX)) continue;
      const clip = up.getBoundingClientRect();
      if (box.top < clip.top - 1 || box.bottom > clip.bottom + 1
          || up.scrollHeight > up.clientHeight + 1) {
        found.push(`${describe(button)} in ${describe(up)}`);
        break;
      }
    }
  }
  return found;
}"""
    )
    return found


def axe_violations(page: Page) -> list[dict[str, Any]]:
    """axe-core's violations on the page as it is: id, impact, help and the nodes' targets."""
    if not page.evaluate("() => Boolean(window.axe)"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((rule) => ({
    id: rule.id, impact: rule.impact, help: rule.help,
    nodes: rule.nodes.map((node) => node.target.join(" ")),
  }));
}"""
    )
    return found


def serious(violations: list[dict[str, Any]]) -> list[str]:
    """The serious or critical ones, one line each."""
    return [
        f"{rule['impact']} {rule['id']} ({rule['help']}): {', '.join(rule['nodes'][:6])}"
        for rule in violations
        if rule["impact"] in SERIOUS
    ]


KIND = """() => JSON.stringify([
  [...new Set([...document.querySelectorAll("#actions button.action")]
    .map((button) => (button.dataset.action || "").split(" ")[0]))].sort(),
  [...new Set([...document.querySelectorAll("main section[aria-label]")]
    .map((node) => node.getAttribute("aria-label")))].sort(),
  document.body.className,
])"""
"""A page state's kind: the kinds of move it offers, the panels it shows, the page's state."""

EVERY = 3
"""`Audit` audits every page state of a kind it has not audited yet, and every EVERY-th."""


class Audit:
    """The violations axe found over a game's page states, each rule's nodes once.

    An audit takes about a quarter of a second (colour contrast most of it), so over a
    whole game axe audits the first page state of each kind (see KIND: a new kind of
    move, a panel that comes up) and every third state besides, and the end.
    """

    def __init__(self, every: int = EVERY) -> None:
        self.rules: dict[str, dict[str, Any]] = {}
        self.states = 0
        self.audited = 0
        self.every = every
        self.kinds: set[str] = set()

    def look(self, page: Page, *, always: bool = False) -> None:
        """Audit the page as it is now if it is due (`always`: it is)."""
        self.states += 1
        kind: str = page.evaluate(KIND)
        if not always and kind in self.kinds and self.states % self.every:
            return
        self.kinds.add(kind)
        self.audited += 1
        for rule in axe_violations(page):
            kept = self.rules.setdefault(rule["id"], {**rule, "nodes": []})
            kept["nodes"] = sorted(set(kept["nodes"]) | set(rule["nodes"]))

    def by_impact(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for rule in self.rules.values():
            counts[rule["impact"]] = counts.get(rule["impact"], 0) + len(rule["nodes"])
        return counts

    def serious(self) -> list[str]:
        """The serious or critical violations found, one line each."""
        return serious(list(self.rules.values()))


def times_shown(page: Page, text: str) -> int:
    """How many of the page's smallest elements outside the log and the live region hold
    `text` (the winner's line is said once on the end screen)."""
    count: int = page.evaluate(
        """text => [...document.querySelectorAll("main *, main svg text")]
           .filter((node) => !node.closest("#log-box, #announce") && node.children.length === 0)
           .filter((node) => node.textContent.includes(text)).length""",
        text,
    )
    return count
