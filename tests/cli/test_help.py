"""`--help` at 80 columns: plain text a terminal shows whole, each command on one line."""

from __future__ import annotations

import pytest
from typer.core import TyperGroup
from typer.main import get_command
from typer.testing import CliRunner

from pickletable.cli.main import app

GROUP = get_command(app)
assert isinstance(GROUP, TyperGroup)
COMMANDS = sorted(GROUP.commands)


def help_text(*args: str) -> str:
    """What `pickletable ARGS --help` prints in an 80-column terminal."""
    result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "80"}, terminal_width=80)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_command_list_gives_each_command_one_whole_line() -> None:
    text = help_text()
    listed = text[text.index("Commands:") :].splitlines()[1:]
    assert sorted(line.split()[0] for line in listed) == COMMANDS
    for line in listed:
        assert len(line) <= 80 and not line.endswith("..."), line


@pytest.mark.parametrize("command", COMMANDS)
def test_a_commands_help_fits_80_columns_without_boxes_squeezing_its_words(command: str) -> None:
    lines = help_text(command).splitlines()
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    assert not any(box in line for line in lines for box in "│╭╰"), lines[:12]
    # an option's description has at least half the width: its words are not squeezed
    options = lines[lines.index("Options:") + 1 :]
    starts = [len(line) - len(line.lstrip()) for line in options if line.startswith(" " * 10)]
    assert max(starts, default=0) <= 40, options
