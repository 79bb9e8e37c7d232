"""Run the `pickletable` command with scripted input, as a person at a keyboard would."""

from __future__ import annotations

from typer.testing import CliRunner

from pickletable.cli.main import app

runner = CliRunner()


def run(*args: str, input: str = "") -> tuple[int, str]:
    """Exit code and output; a Python traceback reaching the user fails the test."""
    result = runner.invoke(app, list(args), input=input)
    assert "Traceback" not in result.output, result.output
    return result.exit_code, result.output
