"""Group commit: moves that come while a commit is written share the next commit."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import pytest

from pickletable.server.group_commit import GroupCommit
from pickletable.server.storage import Appended, StoredStep


def appended(table_id: str) -> Appended:
    return Appended(table_id, [StoredStep(0, 0, "roll", [])], {"status": "playing"})


class SlowDatabase:
    """Commits when the test opens the gate; a table named "gone" is refused."""

    def __init__(self) -> None:
        self.commits: list[list[str]] = []
        self.gate = asyncio.Event()

    async def commit(self, batch: Sequence[Appended]) -> None:
        await self.gate.wait()
        if any(item.table_id == "gone" for item in batch):
            raise KeyError("gone")
        self.commits.append([item.table_id for item in batch])


def test_moves_waiting_for_a_commit_go_into_the_next_one_together() -> None:
    async def scenario() -> list[list[str]]:
        database = SlowDatabase()
        group = GroupCommit(database.commit)
        first = asyncio.create_task(group.append(appended("a")))
        await asyncio.sleep(0)  # "a" is being written
        rest = [asyncio.create_task(group.append(appended(name))) for name in "bcd"]
        await asyncio.sleep(0)
        database.gate.set()
        await asyncio.gather(first, *rest)
        return database.commits

    assert asyncio.run(scenario()) == [["a"], ["b", "c", "d"]]


def test_a_refused_move_fails_its_own_table_only() -> None:
    async def scenario() -> tuple[list[list[str]], BaseException | None]:
        database = SlowDatabase()
        group = GroupCommit(database.commit)
        waiting = [asyncio.create_task(group.append(appended(name))) for name in ("a", "gone", "b")]
        await asyncio.sleep(0)
        database.gate.set()
        results = await asyncio.gather(*waiting, return_exceptions=True)
        assert results[0] is None and results[2] is None
        error = results[1]
        return database.commits, error if isinstance(error, BaseException) else None

    commits, error = asyncio.run(scenario())
    assert commits == [["a"], ["b"]]
    assert isinstance(error, KeyError)


@pytest.mark.parametrize("count", [1, 5])
def test_every_move_is_committed_once(count: int) -> None:
    async def scenario() -> list[list[str]]:
        database = SlowDatabase()
        database.gate.set()
        group = GroupCommit(database.commit)
        names = [f"t{n}" for n in range(count)]
        await asyncio.gather(*(group.append(appended(name)) for name in names))
        await group.close()
        return database.commits

    commits = asyncio.run(scenario())
    assert sorted(name for batch in commits for name in batch) == [f"t{n}" for n in range(count)]
