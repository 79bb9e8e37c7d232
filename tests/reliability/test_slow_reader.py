"""One client that never reads cannot freeze a table: it is dropped with a reason."""

from __future__ import annotations

import time
from collections.abc import Callable

from pickletable.loadkit.players import SeatPlayer, Tally
from pickletable.loadkit.server import ServerProcess
from tests.reliability.conftest import run_async
from tests.reliability.wire import BareSocket


def test_a_client_that_never_reads_is_dropped_and_play_goes_on(
    real_server: Callable[..., ServerProcess],
) -> None:
    server = real_server(send_queue=32, send_seconds=3)
    made = server.post(
        "/api/tables", {"game": "board", "seats": ["human", "bot:easy"], "name": "Ann"}
    )
    table_id = made["table"]["id"]
    server.post(f"/api/tables/{table_id}/start", {}, made["token"])

    slow = BareSocket(server.port, f"/ws/tables/{table_id}")
    slow.send_json({"type": "hello"})
    for _ in range(3000):  # each asks for the whole view again, and it reads none of them
        slow.send_json({"type": "sync"})

    tally = Tally()
    player = SeatPlayer(server.ws_url, table_id, made["token"], tally)
    run_async(_play_for(player, seconds=6))
    assert not tally.errors, tally.errors
    assert len(tally.latencies) >= 10, "the table froze"
    assert max(tally.latencies) < 5.0, max(tally.latencies)  # frozen, it took ~40 s

    code, reason, _frames = slow.read_until_close(timeout=15)
    slow.close()
    assert code == 4008
    assert reason.startswith("too slow")
    deadline = time.monotonic() + 10
    while server.get(f"/api/tables/{table_id}")["spectators"] and time.monotonic() < deadline:
        time.sleep(0.1)
    assert server.get(f"/api/tables/{table_id}")["spectators"] == 0


async def _play_for(player: SeatPlayer, seconds: float) -> None:
    await player.open()
    await player.play(time.monotonic() + seconds)
    await player.close()
