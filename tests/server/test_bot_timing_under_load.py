"""Under load, when a bot's move goes out says nothing about how long it thought.

Real clock, real load: four tables of `hard` Slam bots keep both bot threads
(or both bot processes, as `pickletable serve` has them) searching. Beside
them, tables of every game are played by a bot that really
thinks longer the more it may do (it spins, holding the interpreter, 8 ms per
legal move up to 15: a forced move takes no time), and the server's own record
of each bot move (`Driver.bot_moves`) says how late it went out after its
release time (the bot delay after its turn began). How late depends on the
machine's load, so nothing here holds it to a number of milliseconds (the exact
release rule is `test_bot_timing`, on a fake clock; figures over a thousand
moves of the real bots come from `benchmarks/bot_timing.py`). What is asked is
that the lateness of that bot's moves does not follow its work: neither the
rank correlation with its number of legal moves, nor the gap between the
median lateness of its forced moves and of its choices, may be one that
shuffling the lateness among the same moves rarely reaches (two permutation
tests; `P_VALUE`). A move sent as soon as it is chosen fails both by far.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pytest

from pickletable.analysis.statistics import spearman
from pickletable.bots import make_bot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from tests.server.conftest import manager_of, new_table

DELAY = 0.3
WATCH_SECONDS = 6.0
P_VALUE = 0.001
"""A correlation or gap that fewer than this share of shuffles reach fails."""
SHUFFLES = 2000
TIMED = "easy"
"""The level the hand-timed bot plays under here."""
TABLES = [
    *[("slam", ["bot:hard"] * 3, {})] * 4,
    ("board", [f"bot:{TIMED}"] * 2, {}),
    ("card", [f"bot:{TIMED}"] * 2, {"target_score": 3, "win_by": 1}),
    ("slam", [f"bot:{TIMED}"] * 3, {"tokens_to_win": 1}),
]


class HandTimedBot:
    """Thinks (spinning on the real clock) 8 ms per legal move, up to 15 of them."""

    name = "hand-timed"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        legal = view.legal_actions
        until = time.perf_counter() + 0.008 * min(len(legal), 15) * (len(legal) > 1)
        while time.perf_counter() < until:
            pass
        laying = [action for action in legal if str(action).endswith(" lay")]
        return laying[0] if laying else legal[rng.randrange(len(legal))]


@pytest.mark.parametrize("processes", [0, 2], ids=["searches on threads", "in processes"])
def test_how_late_a_bot_move_goes_out_does_not_follow_its_thinking(
    serve: Any, monkeypatch: pytest.MonkeyPatch, processes: int
) -> None:
    def bot_for(level: str, game: str) -> Any:
        return HandTimedBot() if level == TIMED else make_bot(level, game)

    monkeypatch.setattr("pickletable.server.driver.make_bot", bot_for)
    with serve(bot_delay=DELAY, bot_processes=processes) as client:
        manager = manager_of(client)
        if manager.bot_processes is not None:  # timed once the workers are up
            client.portal.call(manager.bot_processes.started)
        for game, seats, options in TABLES:
            made = new_table(client, game, seats, sit=False, options=options)
            table_id = made["table"]["id"]
            assert client.post(f"/api/tables/{table_id}/start", json={}).status_code == 204
        time.sleep(WATCH_SECONDS)
        moves = list(manager.bot_moves)
    timed = [move for move in moves if move.level == TIMED]
    choices = [move.choices for move in timed]
    late = [move.late for move in timed]
    forced = choices.count(1)
    assert forced >= 10 and len(timed) - forced >= 10, "forced moves and choices both"
    assert {move.game for move in timed} == {"board", "card", "slam"}
    rho, rho_p = spearman(choices, late), shuffled_share(choices, late, rho_of)
    gap, gap_p = gap_of(choices, late), shuffled_share(choices, late, gap_of)
    print(
        f"{len(timed)} hand-timed bot moves ({len(moves)} in all), late ms: median "
        f"{1000 * statistics.median(late):.0f}, worst {1000 * max(late):.0f}; "
        f"rho {rho:+.3f} (p {rho_p:.4f}); choices' median - forced moves' "
        f"{1000 * gap:+.0f} ms (p {gap_p:.4f})"
    )
    assert rho_p >= P_VALUE, (rho, rho_p)
    assert gap_p >= P_VALUE, (gap, gap_p)


def rho_of(choices: list[int], late: list[float]) -> float:
    """How far the lateness follows the number of legal moves (|Spearman's rho|)."""
    return abs(spearman(choices, late))


def gap_of(choices: list[int], late: list[float]) -> float:
    """The median lateness of choices less that of forced moves."""
    forced = [value for count, value in zip(choices, late, strict=True) if count == 1]
    chosen = [value for count, value in zip(choices, late, strict=True) if count > 1]
    return statistics.median(chosen) - statistics.median(forced)


def shuffled_share(
    choices: list[int], late: list[float], statistic: Callable[[list[int], list[float]], float]
) -> float:
    """The share of shuffles of `late` among the moves reaching the |statistic| seen."""
    seen = abs(statistic(choices, late))
    shuffled = list(late)
    rng = random.Random(28)
    reached = 0
    for _ in range(SHUFFLES):
        rng.shuffle(shuffled)
        reached += abs(statistic(choices, shuffled)) >= seen
    return (reached + 1) / (SHUFFLES + 1)
