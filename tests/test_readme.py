"""The README stays a newcomer's page: short, no issue numbers, links and commands that work.

The long how-tos, option lists and measurements live under ``docs/`` (built by
``make docs``, which fails on a broken link there); these checks keep the front
page from growing back into them.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer

from pickletable.cli.main import app

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
MAX_LINES = 250
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src=\"([^\"]+)\"")
ISSUE_NUMBER = re.compile(r"\bissues? *#?\d+|(?<![\w&])#\d+\b", re.IGNORECASE)
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def readme() -> str:
    """The README's text."""
    return README.read_text()


def shell_lines() -> list[list[str]]:
    """Each command shown in the README's ``sh`` blocks, as words (comments dropped)."""
    commands: list[list[str]] = []
    for language, body in FENCE.findall(readme()):
        if language != "sh":
            continue
        for line in body.splitlines():
            words = shlex.split(line, comments=True)
            if words:
                commands.append(words)
    return commands


def test_the_readme_is_a_short_page() -> None:
    lines = len(readme().splitlines())
    assert lines <= MAX_LINES, (
        f"README.md has {lines} lines (at most {MAX_LINES}): move the detail into a page "
        "under docs/ and link to it"
    )


def test_the_readme_names_no_issue_numbers() -> None:
    found = [match.group(0) for match in ISSUE_NUMBER.finditer(readme())]
    assert found == [], f"issue numbers mean nothing to a newcomer: {found}"


def test_the_issue_number_check_finds_one() -> None:
    assert ISSUE_NUMBER.search("the target of issue 17 is met")
    assert ISSUE_NUMBER.search("fixed in #42")
    assert not ISSUE_NUMBER.search("a 95% interval, HTML entity &#39; and docs/rl.md#actions")


def test_every_link_of_the_readme_reaches_a_file_of_the_repository() -> None:
    missing = []
    for match in LINK.finditer(readme()):
        target = match.group(1) or match.group(2)
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue  # a web address or an anchor of the page
        path = target.split("#", 1)[0]
        if not (ROOT / path).is_file():
            missing.append(target)
    assert missing == []


def test_the_readme_links_to_every_page_of_the_docs() -> None:
    linked = {match.group(1) for match in LINK.finditer(readme()) if match.group(1)}
    pages = {
        f"docs/{page.name}"
        for page in (ROOT / "docs").glob("*.md")
        if page.name != "index.md"  # the site's front page
    }
    assert pages - {link.split("#", 1)[0] for link in linked} == set()


def test_the_make_targets_the_readme_shows_are_in_the_makefile() -> None:
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.MULTILINE))
    shown = {words[1] for words in shell_lines() if words[0] == "make"}
    assert {"run", "test", "docs"} <= shown
    assert shown - targets == set()


def test_the_commands_the_readme_shows_exist_with_their_options() -> None:
    group = typer.main.get_command(app)
    assert hasattr(group, "commands"), "the pickletable command has no subcommands"
    shown = [words for words in shell_lines() if words[0] == "pickletable"]
    assert shown, "the README shows no pickletable command"
    for words in shown:
        if words[1] == "--help":
            continue
        command = group.commands.get(words[1])
        assert command is not None, f"`pickletable {words[1]}` is not a command"
        options = {name for param in command.params for name in param.opts + param.secondary_opts}
        for word in words[2:]:
            if word.startswith("--"):
                assert word.split("=", 1)[0] in options, f"{shlex.join(words)}: no {word}"


@pytest.mark.parametrize("script", ["examples/train_card.py"])
def test_the_scripts_the_readme_runs_exist(script: str) -> None:
    assert any(words[:2] == ["python", script] for words in shell_lines())
    assert (ROOT / script).is_file()
