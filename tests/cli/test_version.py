"""``pickletable --version`` prints the version and stops."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from pickletable import __version__
from pickletable.cli.main import app


def test_version_prints_pickletable_and_its_version() -> None:
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.output == f"pickletable {__version__}\n"


def test_the_installed_command_answers_version_too() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "pickletable.cli.main", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"pickletable {__version__}"


def test_commands_still_work_after_the_version_option_was_added() -> None:
    result = CliRunner().invoke(app, ["--help"])
    assert result.exit_code == 0
    assert "--version" in result.output
    assert "play" in result.output
