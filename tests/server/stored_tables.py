"""Put a table into a database as the server stores it, and change its stored steps."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import create_engine, text

from pickletable.server.storage import Storage, StoredStep

FIXTURES = Path(__file__).parent.parent / "fixtures" / "rules-change"


def put_stored_table(database_url: str, path: Path) -> str:
    """Store a ``*.table.json`` fixture (a table row and its step rows); returns its id."""
    stored = json.loads(path.read_text())
    storage = Storage(database_url)
    try:
        storage.create_table(stored["table"])
        steps = [StoredStep(s["index"], s["by"], s["action"], s["events"]) for s in stored["steps"]]
        storage.append_steps(stored["table"]["id"], steps)
    finally:
        storage.close()
    return str(stored["table"]["id"])


def change_database(database_url: str, statement: str, **values: object) -> None:
    """Run one SQL statement on the server's database (to damage or age a stored table)."""
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text(statement), values)
    engine.dispose()
