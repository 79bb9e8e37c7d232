"""Play the same variant with the engine itself, to check the exact values.

Nobody decides anything below the advanced level with ``stanchion_rule`` off
(every legal action list has one entry) except the Play Card that asks which
opponent moves back in doubles: that choice follows the same policy as the
analysis (`walk.POLICY`, the medium bot's). Chance steps are drawn with
`core.chance.sample_outcome` from a seeded RNG; a named Play pile order is
forced by drawing its next card whenever the engine draws a Play Card.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from pickletable.analysis.runner import run_tasks
from pickletable.analysis.statistics import wilson_interval
from pickletable.core.actions import Action
from pickletable.core.chance import sample_outcome
from pickletable.core.content import Content
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState


@dataclass
class CheckResult:
    """A simulation's estimates with their intervals."""

    games: int
    seed: int
    first_server_wins: int
    rallies: list[int]
    z: float

    @property
    def win(self) -> float:
        """Share of games the first server's side won."""
        return self.first_server_wins / self.games

    @property
    def win_interval(self) -> tuple[float, float]:
        """Wilson interval of the first server's side's win rate."""
        return wilson_interval(self.first_server_wins, self.games, self.z)

    @property
    def mean_rallies(self) -> float:
        """Mean number of rallies."""
        return sum(self.rallies) / self.games

    @property
    def rallies_interval(self) -> tuple[float, float]:
        """Normal interval of the mean number of rallies."""
        n = self.games
        mean = self.mean_rallies
        variance = sum((r - mean) ** 2 for r in self.rallies) / max(1, n - 1)
        half = self.z * math.sqrt(variance / n)
        return mean - half, mean + half


class _OnTrack(Protocol):
    def level_of(self, seat: int) -> float: ...


def _choose(state: GameState, legal: list[Action]) -> Action:
    """The policy for the only decision left: the opponent furthest ahead (lower seat on ties)."""
    if len(legal) == 1:
        return legal[0]
    by_colour = {state.seat_name(seat).lower(): seat for seat in state.seats}
    track = cast(_OnTrack, state)
    return max(legal, key=lambda action: track.level_of(by_colour[str(action.args[0]).lower()]))


BLOCK = 50_000
"""Games per block of a check: block 0 is seeded with the seed itself, block k with
``seed`` and k, so the figures do not depend on how many processes play them."""


def simulate_blocks(
    players: int,
    options: Mapping[str, object],
    content: Content,
    games: int,
    seed: int,
    play_order: Sequence[str] | None = None,
    workers: int = 1,
) -> CheckResult:
    """`simulate` in blocks of `BLOCK` games, on `workers` processes when more than one."""
    sizes = [min(BLOCK, games - start) for start in range(0, games, BLOCK)]
    jobs = [
        (players, dict(options), content, size, _block_seed(seed, index), play_order)
        for index, size in enumerate(sizes)
    ]
    parts = run_tasks(jobs, _simulate_job, workers=workers).results
    rallies = [length for part in parts for length in part.rallies]
    wins = sum(part.first_server_wins for part in parts)
    return CheckResult(len(rallies), seed, wins, rallies, 1.96)


def _block_seed(seed: int, index: int) -> int:
    return seed if index == 0 else int.from_bytes(f"{seed}:{index}".encode(), "big") % 2**63


def _simulate_job(
    job: tuple[int, dict[str, object], Content, int, int, Sequence[str] | None],
) -> CheckResult:
    return simulate(*job)


def simulate(
    players: int,
    options: Mapping[str, object],
    content: Content,
    games: int,
    seed: int,
    play_order: Sequence[str] | None = None,
    z: float = 1.96,
) -> CheckResult:
    """Play `games` games through the engine's fast path (`push`)."""
    definition = get_game("board")
    rng = random.Random(seed)
    wins = 0
    lengths: list[int] = []
    for _ in range(games):
        state = definition.new_game(players, options, content)
        first: int | None = None
        rallies = 0
        drawn = 0
        play_draw_next = False
        while state.outcome is None:
            if state.current_player == CHANCE:
                if play_draw_next and play_order:
                    action = Action("draw", (play_order[drawn % len(play_order)],))
                    drawn += 1
                else:
                    action = sample_outcome(state, rng)
                play_draw_next = False
            else:
                action = _choose(state, state.legal_actions())
                play_draw_next = False
            for event in state.push(action):
                if event.kind == "first_server":
                    first = int(event["seat"])
                elif event.kind == "rally_over":
                    rallies += 1
                elif event.kind == "point":
                    play_draw_next = True
                elif event.kind == "play_card":
                    play_draw_next = False
        outcome = state.outcome
        assert outcome is not None
        if first is not None and first in outcome.winners:
            wins += 1
        lengths.append(rallies)
    return CheckResult(games, seed, wins, lengths, z)
