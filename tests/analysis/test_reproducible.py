"""Reproducible studies: bots on an iteration budget, the same numbers anywhere, balanced seats."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections import Counter
from typing import Any

import pytest

from pickletable.analysis.arena import run_arena
from pickletable.analysis.runner import GameTask
from pickletable.analysis.skill import seat_bots
from pickletable.analysis.study import StudySpec, run_study
from pickletable.bots import study_bot
from pickletable.core.errors import SeatError
from pickletable.core.registry import KITS, get_game

GAMES = [kit.id for kit in KITS]


@pytest.mark.parametrize("game", GAMES)
def test_a_study_seats_hard_on_its_iterations_alone(game: str) -> None:
    for name in ("hard", KITS[GAMES.index(game)].bot_settings.hard, "hard:40", "ismcts"):
        bot = study_bot(name, game)
        assert not re.search(r"\dms\b", bot.name), bot.name
        assert getattr(bot, "milliseconds", None) is None


@pytest.mark.parametrize("name", ["hard:250ms", "ismcts:100ms", "hard:30:10ms"])
def test_a_study_refuses_a_time_cap(name: str) -> None:
    with pytest.raises(SeatError, match="time cap"):
        study_bot(name, GAMES[0])


def _numbers(data: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in data.items() if key not in ("seconds", "workers")}


def _budget(game: str) -> str:
    """`hard` itself in the board game (a game in hundredths of a second), else a small
    budget of it (the same bot, fewer iterations: the tests must stay fast)."""
    return "hard" if game == GAMES[0] else "hard:8"


@pytest.mark.parametrize("game", GAMES)
def test_hard_gives_the_same_study_on_one_or_two_workers(game: str) -> None:
    players = get_game(game).default_players
    bots = (_budget(game), *["medium"] * (players - 1))
    spec = StudySpec(game, players, {}, bots, rotate=True)
    one = run_study(spec, players, seed=5, workers=1)
    two = run_study(spec, players, seed=5, workers=2)
    assert _numbers(one.to_json()) == _numbers(two.to_json())


def test_the_arena_gives_the_same_wins_twice_and_on_two_workers() -> None:
    game = GAMES[0]
    runs = [run_arena(game, ["hard", "medium"], 2, seed=3, workers=w) for w in (1, 1, 2)]
    wins = [[(bot.name, bot.wins) for bot in run.bots] for run in runs]
    assert wins[0] == wins[1] == wins[2]


def test_the_same_skill_command_prints_the_same_figures_under_another_hash_seed() -> None:
    """Two processes with different string hashing (as two machines have) agree."""
    game = next(kit.id for kit in KITS if get_game(kit.id).default_players == 2)
    command = [sys.executable, "-m", "pickletable.cli.main", "sim", game, "--games", "1"]
    command += ["--skill", "2", "--json", "--seed", "4"]
    outputs = []
    for hash_seed in ("1", "2"):
        environment = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(command, capture_output=True, text=True, env=environment, check=True)
        outputs.append(done.stdout)
    first, second = (json.loads(text)["skill"] for text in outputs)
    first.pop("seconds"), second.pop("seconds")
    assert first == second


@pytest.mark.parametrize(
    ("game", "players"),
    [(kit.id, count) for kit in KITS for count in get_game(kit.id).player_counts],
)
def test_a_skill_pairing_gives_each_bot_each_seat_and_each_count_equally(
    game: str, players: int
) -> None:
    bots = seat_bots(("weak", "strong"), players)
    mirror = seat_bots(("strong", "weak"), players) if players % 2 else ()
    seats = get_game(game).seats_for(players)
    in_seat: Counter[tuple[str, int]] = Counter()
    counts: Counter[tuple[str, int]] = Counter()
    for index in range(2 * players):
        task = GameTask(game, players, {}, bots, index, 0, True, mirror)
        names = {seat: task.names[entry] for seat, entry in task.seat_entries(seats).items()}
        in_seat.update((name, seat) for seat, name in names.items())
        tally = Counter(names.values())
        counts.update((name, tally[name]) for name in ("weak", "strong"))
    assert len(set(in_seat.values())) == 1, in_seat
    assert counts[("weak", players // 2)] == counts[("strong", players // 2)], counts
    assert counts[("weak", players - players // 2)] == counts[("strong", players - players // 2)]
