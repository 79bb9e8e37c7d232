"""Put a table into a database as the server stores it, and change its stored steps."""

from __future__ import annotations

import json
from pathlib import Path

from sqlalchemy import create_engine, text

from pickletable.server.storage import Storage, StoredStep

FIXTURES = Path(__file__).parent.parent / "fixtures" / "rules-change"


def put_stored_table(database_url: str, path: Path, table_id: str | None = None) -> str:
    """Store a ``*.table.json`` fixture (a table row and its step rows), under `table_id` if
    given; returns its id."""
    stored = json.loads(path.read_text())
    table_id = table_id or str(stored["table"]["id"])
    storage = Storage(database_url)
    try:
        storage.create_table({**stored["table"], "id": table_id})
        steps = [StoredStep(s["index"], s["by"], s["action"], s["events"]) for s in stored["steps"]]
        storage.append_steps(table_id, steps)
    finally:
        storage.close()
    return table_id


def change_database(database_url: str, statement: str, **values: object) -> None:
    """Run one SQL statement on the server's database (to damage or age a stored table)."""
    engine = create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(text(statement), values)
    engine.dispose()
