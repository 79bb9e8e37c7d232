"""Schemathesis against /openapi.json of a real server: no 500, no undocumented answer."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import checks

from pickletable.loadkit.server import ServerProcess

CHECKS = [
    checks.not_a_server_error,
    checks.status_code_conformance,
    checks.content_type_conformance,
    checks.response_schema_conformance,
]
"""No 500, and every answer documented (status, content type, body). Not checked: whether
every schema-valid body is accepted (a game refuses 30 million players with a 422)."""
EXAMPLES = 25
"""Examples per operation: enough to find a missing refusal, few enough for a 2-core CI."""


@pytest.fixture(scope="module")
def fuzzed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder: Path = tmp_path_factory.mktemp("fuzz")
    limits = {"tables_per_minute": 100_000, "live_tables": 100_000, "bot_tables": 100_000}
    running = ServerProcess(folder / "tables.sqlite3", limits=limits).start()
    yield running
    running.stop()


def test_every_answer_is_documented_and_none_is_a_server_error(
    fuzzed_server: ServerProcess,
) -> None:
    schema = schemathesis.openapi.from_url(f"{fuzzed_server.url}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]  # type: ignore[union-attr]
    assert len(operations) >= 10
    calls: list[str] = []
    for operation in operations:  # one Hypothesis run per operation, bounded in examples

        @given(case=operation.as_strategy())
        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            suppress_health_check=list(HealthCheck),
            derandomize=True,
            database=None,
        )
        def fuzz(case: Any) -> None:
            response = case.call_and_validate(checks=CHECKS)
            calls.append(f"{case.method} {case.path} {response.status_code}")

        fuzz()
    assert len(calls) >= 5 * len(operations)
