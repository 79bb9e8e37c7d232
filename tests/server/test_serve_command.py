"""`pickletable serve`: its options, and what it prints about where the tables live."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from typer.testing import CliRunner
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from pickletable.cli.main import LIMIT_DEFAULTS, app
from pickletable.server import run
from pickletable.server.config import Limits, Settings


def test_serve_takes_host_port_and_database_url() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database-url"):
        assert option in result.output


def test_serve_prints_the_sqlite_path_and_the_address(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(kw))
    database = tmp_path / "t.sqlite3"
    result = CliRunner().invoke(
        app, ["serve", "--port", "8123", "--database-url", f"sqlite:///{database}"]
    )
    assert result.exit_code == 0, result.output
    # The console wraps a long path anywhere (an xdist worker's folder makes it long).
    assert f"Tablesarestoredin{database}" in "".join(result.output.split())
    assert "http://localhost:8123/" in result.output
    protocol = started.pop("http")
    assert issubclass(protocol, HttpToolsProtocol)  # with the request clock (http_guard)
    assert started == {
        "host": "127.0.0.1",
        "port": 8123,
        "log_level": "warning",
        "ws_max_size": run.WS_FRAME_LIMIT,
        "ws_per_message_deflate": False,
        "proxy_headers": False,  # uvicorn would trust 127.0.0.1's X-Forwarded-For
        "forwarded_allow_ips": None,
    }


def test_serve_trusts_forwarded_for_only_from_the_proxies_it_is_given(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(kw))
    database = tmp_path / "t.sqlite3"
    result = CliRunner().invoke(
        app,
        [
            "serve",
            "--database-url",
            f"sqlite:///{database}",
            "--trusted-proxies",
            "127.0.0.1, 10.0.0.2",
        ],
    )
    assert result.exit_code == 0, result.output
    assert started["proxy_headers"] is True
    assert started["forwarded_allow_ips"] == ["127.0.0.1", "10.0.0.2"]


def test_a_database_password_is_never_printed() -> None:
    shown = run._hide_password("postgresql+psycopg://ann:secret@db:5432/tables")
    assert shown == "postgresql+psycopg://ann:***@db:5432/tables"
    assert run._hide_password("sqlite:///x.sqlite3") == "sqlite:///x.sqlite3"


def test_the_default_database_is_a_sqlite_file_in_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("PICKLETABLE_DATABASE_URL", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert Settings().sqlite_path == tmp_path / "pickletable" / "tables.sqlite3"


def test_a_bad_port_or_database_is_one_clear_line() -> None:
    from typer.testing import CliRunner

    from pickletable.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, ["serve", "--port", "99999"])
    assert result.exit_code == 2 and "not a port: use 1 to 65535" in result.output
    with socket.socket() as probe:  # a port nobody listens on, whatever else runs here
        probe.bind(("127.0.0.1", 0))
        free = str(probe.getsockname()[1])
    result = runner.invoke(app, ["serve", "--port", free, "--database-url", "foo://bar"])
    assert result.exit_code == 2 and "cannot open the database foo://bar" in result.output
    assert "Traceback" not in result.output


def test_a_fresh_account_gets_its_data_folder_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # A new user has no ~/.local/share yet: `make run` must still start.
    started: dict[str, Any] = {}
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: started.update(kw))
    monkeypatch.delenv("PICKLETABLE_DATABASE_URL", raising=False)
    home = tmp_path / "new-home" / ".local" / "share"
    monkeypatch.setenv("XDG_DATA_HOME", str(home))
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        free = str(probe.getsockname()[1])
    result = CliRunner().invoke(app, ["serve", "--port", free])
    assert result.exit_code == 0, result.output
    assert (home / "pickletable" / "tables.sqlite3").exists()
    assert started["port"] == int(free)


def test_a_data_folder_that_cannot_be_made_is_one_clear_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    url = f"sqlite:///{blocker}/inside/tables.sqlite3"
    with pytest.raises(run.ServeError, match="cannot open the database"):
        run._check_database(url, url)


@pytest.mark.parametrize("form", ["sqlite:///{}", "sqlite+pysqlite:///{}"])
def test_the_sqlite_folder_is_read_from_the_url_as_sqlalchemy_reads_it(
    tmp_path: Path, form: str
) -> None:
    from pickletable.server.storage import make_sqlite_folder

    make_sqlite_folder(form.format(tmp_path / "new" / "t.db"))
    assert (tmp_path / "new").is_dir()
    make_sqlite_folder("sqlite:///:memory:")  # nothing to make, and no error
    make_sqlite_folder("not a url")


def test_serve_help_lists_every_limit_with_its_default() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"], terminal_width=400)
    assert result.exit_code == 0
    assert Limits.describe() == LIMIT_DEFAULTS
    text = " ".join(result.output.replace("│", " ").split())
    for line in Limits.describe().splitlines():
        assert line.split("=")[0] in text


def test_serve_limit_changes_one_limit_and_refuses_nonsense(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr(run, "create_app", lambda settings: seen.update(settings=settings))
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: None)
    url = f"sqlite:///{tmp_path / 't.sqlite3'}"
    result = CliRunner().invoke(
        app, ["serve", "--database-url", url, "--limit", "bot_tables=3", "--port", "8124"]
    )
    assert result.exit_code == 0, result.output
    assert seen["settings"].limits.bot_tables == 3
    for bad in ("bots=3", "bot_tables=many", "hello_seconds=-1", "hello_seconds=nan"):
        result = CliRunner().invoke(app, ["serve", "--limit", bad])
        assert result.exit_code != 0
        assert "--limit" in result.output


def test_serve_starts_two_bot_processes_unless_told_otherwise(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    made: list[Settings] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kw: None)
    monkeypatch.setattr(run, "create_app", lambda settings: made.append(settings))
    database = f"sqlite:///{tmp_path / 't.sqlite3'}"
    for extra in ([], ["--bot-processes", "0"], ["--bot-processes", "3"]):
        result = CliRunner().invoke(app, ["serve", "--database-url", database, *extra])
        assert result.exit_code == 0, result.output
    assert [settings.bot_processes for settings in made] == [2, 0, 3]
    refused = CliRunner().invoke(app, ["serve", "--bot-processes", "-1"])
    assert refused.exit_code == 2 and "--bot-processes" in refused.output
