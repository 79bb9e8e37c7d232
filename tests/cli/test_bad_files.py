"""Broken files given to the terminal: one clear message and exit 2, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.scripted import run


@pytest.fixture
def latin1_content(tmp_path: Path) -> Path:
    path = tmp_path / "deck.toml"
    path.write_bytes('name = "Caf\u00e9"\n'.encode("latin-1"))
    return path


@pytest.mark.parametrize(
    "command",
    [
        ("play", "board"),
        ("analyze", "board"),
        ("sim", "board", "--games", "2", "--workers", "1"),
    ],
)
def test_a_content_file_that_is_not_utf8_is_refused_in_one_line(
    command: tuple[str, ...], latin1_content: Path
) -> None:
    code, output = run(*command, "--option", f"content={latin1_content}")
    assert code == 2
    assert (
        output.strip()
        == f"error: {latin1_content}: file: not UTF-8 text (byte 11); save it as UTF-8"
    )
