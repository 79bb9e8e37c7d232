"""What the one game loop costs rollouts: rollouts per second, one loop against a fast path.

The ISMCTS rollout keeps a fast path, `pickletable.core.match.roll_out`
(the horizon counted inline); it is timed against the same rollout on the
one loop (`run_match` with a `Horizon` watcher). The board's hard bot and
Slam's search roll out on the one loop; they are timed against a copy, kept
here, of the inline loops they had before. Each probe plays the same rollouts
(the same seeds, from the same positions) both ways, in interleaved rounds of
CPU time; the figures are the medians of the rounds and the ratio is one
loop / fast (1.00: the one loop costs nothing). Also timed: Slam's lean
observation (`observe(..., lean=True)`) against the field-by-field copy the
search built before. Figures only, nothing asserted (tests check that both
ways play the same rollouts).

    .venv/bin/python benchmarks/rollout_loop.py [--rollouts 400] [--rounds 7]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import pickletable.bots  # noqa: F401  (the bot registry first: it imports the game bots)
from pickletable.bots.evaluation import evaluation_for
from pickletable.core.chance import sample_outcome
from pickletable.core.match import Horizon, random_policy, roll_out, run_match
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board.bots.fast_medium import fast_medium
from pickletable.games.board.bots.hard import FastChance, play_out, play_rally
from pickletable.games.board.bots.value import win_chance
from pickletable.games.board.codes import Step as BoardStep
from pickletable.games.board.position import BoardPosition
from pickletable.games.slam.bots.search import medium_rollout
from pickletable.games.slam.codes import Step
from pickletable.games.slam.observer import SlamObservation, observe
from pickletable.games.slam.position import SlamPosition

Rollout = Callable[[GameState, random.Random], object]


def ismcts_fast(state: GameState, rng: random.Random) -> object:
    """The ISMCTS rollout: random policy to the horizon, 400 decisions at most, fast path."""
    horizon = evaluation_for(state.game_id)
    roll_out(state, random_policy, rng, horizon.horizon, horizon.horizon_count, 400)
    return state.history


def ismcts_loop(state: GameState, rng: random.Random) -> object:
    """The same rollout on the one loop, watched and stopped by a `Horizon`."""
    horizon = evaluation_for(state.game_id)
    left = Horizon(horizon.horizon, horizon.horizon_count, 400)
    run_match(state, random_policy, rng, watcher=left, until=left.reached, must_end=False)
    return state.history


def board_inline(state: GameState, rng: random.Random, to_serve: bool = False) -> object:
    """The board's hard bot's rollout as it was: `fast_medium` everywhere, to the end (or to
    the next serve)."""
    assert isinstance(state, BoardPosition)
    sampler = FastChance.of(state.rules)
    for _ in range(20_000):
        player = state.current_player
        if player is None or (to_serve and state.step == BoardStep.SERVE):
            break
        state.push(sampler.sample(state, rng) if player == CHANCE else fast_medium(state, player))
    return state.history


def board_loop(state: GameState, rng: random.Random) -> object:
    """The board's hard bot's rollout now (`play_out`, on the one loop)."""
    assert isinstance(state, BoardPosition)
    play_out(state, 0, rng)
    return state.history


def rally_inline(state: GameState, rng: random.Random) -> object:
    """The board's hard bot's rally rollout as it was, valued by the fitted model."""
    assert isinstance(state, BoardPosition)
    history = board_inline(state, rng, to_serve=True)
    return win_chance(state, 0), history


def rally_loop(state: GameState, rng: random.Random) -> object:
    """The board's hard bot's rally rollout now (`play_rally`, on the one loop)."""
    assert isinstance(state, BoardPosition)
    return play_rally(state, 0, rng), state.history


def slam_copy_observation(state: SlamPosition, seat: int) -> SlamObservation:
    """The field-by-field observation Slam's search built before the observer's lean mode."""
    rules = state.rules
    return SlamObservation(
        seat=seat,
        players=rules.players,
        doubles=rules.doubles,
        teams=rules.teams,
        round=state.round,
        dealer=state.dealer,
        phase=state.phase,
        step=state.step,
        current_player=state.actor,
        hand_counts=tuple(state.sizes),
        discard_counts=(),
        stack_count=0,
        centre=(),
        last_number=state.last_number,
        may_follow=(),
        inside=tuple(player for player, inside in enumerate(state.inside) if inside),
        duel=state.duel,
        last_player=state.last_player,
        starter=None,
        pending=state.pending,
        draw_turns=None,
        lap_limit=rules.lap_limit,
        tokens=(),
        tokens_to_win=rules.tokens_to_win,
        outcome=None,
        hand=tuple(code for code, copies in state.hands[seat].items() for _ in range(copies)),
        discards=(),
        drawn=state.drawn if state.step == Step.DISCARD and state.receiver == seat else None,
        known_hands={},
        deck=rules.deck,
    )


def positions(game: str, players: int, options: dict[str, object], count: int) -> list[GameState]:
    """Seat decisions of seeded random games, every fifth one, as rollout starts."""
    found: list[GameState] = []
    seed = 0
    while len(found) < count:
        state = get_game(game).new_game(players, options)
        rng = random.Random(seed)
        seed += 1
        while state.current_player is not None and len(found) < count:
            if state.current_player != CHANCE and len(state.history) % 5 == 0:
                found.append(state.clone())
            player = state.current_player
            state.push(
                sample_outcome(state, rng)
                if player == CHANCE
                else random_policy(state, player, rng)
            )
    return found


def rollouts_per_second(rollout: Rollout, starts: list[GameState], rollouts: int) -> float:
    """Rollouts per CPU second, cycling over `starts`, rollout *i* seeded with *i*."""
    started = time.process_time()
    for index in range(rollouts):
        rollout(starts[index % len(starts)].clone(), random.Random(index))
    return rollouts / max(time.process_time() - started, 1e-9)


def observations_per_second(
    build: Callable[[SlamPosition, int], SlamObservation], starts: list[GameState], count: int
) -> float:
    """Observations built per CPU second, cycling over `starts`."""
    seats = [(state, state.current_player) for state in starts if isinstance(state, SlamPosition)]
    started = time.process_time()
    for index in range(count):
        state, seat = seats[index % len(seats)]
        assert seat is not None
        build(state, seat)
    return count / max(time.process_time() - started, 1e-9)


def lean(state: SlamPosition, seat: int) -> SlamObservation:
    return observe(state, seat, lean=True)


def slam_medium_copy(state: GameState, rng: random.Random) -> object:
    """Slam's heuristic rollout with the copied observation, inline, to the end of the round."""
    from pickletable.games.slam.bots.heuristic import decide

    assert isinstance(state, SlamPosition)
    round_now = state.round
    while state.current_player is not None and state.round == round_now:
        player = state.current_player
        if player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            legal = state.legal_actions()
            action = (
                legal[0]
                if len(legal) == 1
                else decide(player, slam_copy_observation(state, player), legal, rng)
            )
        state.push(action)
    return state.history


def slam_medium_loop(state: GameState, rng: random.Random) -> object:
    """Slam's heuristic rollout now (`medium_rollout`, lean observation), on the one loop."""
    assert isinstance(state, SlamPosition)
    round_now = state.round

    def round_over(position: SlamPosition) -> bool:
        return position.round != round_now

    run_match(state, medium_rollout, rng, until=round_over, must_end=False)
    return state.history


PROBES: tuple[tuple[str, str, int, dict[str, object], Rollout, Rollout], ...] = (
    ("ismcts random, board", "board", 2, {"level": "advanced"}, ismcts_fast, ismcts_loop),
    ("ismcts random, card", "card", 2, {}, ismcts_fast, ismcts_loop),
    ("ismcts random, slam", "slam", 3, {}, ismcts_fast, ismcts_loop),
    ("board hard play_out", "board", 2, {"level": "advanced"}, board_inline, board_loop),
    ("board hard play_rally", "board", 2, {"level": "advanced"}, rally_inline, rally_loop),
    ("slam medium rollout", "slam", 3, {}, slam_medium_copy, slam_medium_loop),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rollouts", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    print(f"{'probe':22} {'fast /s':>11} {'one loop /s':>12} {'ratio':>6}")
    for label, game, players, options, fast_path, loop in PROBES:
        starts = positions(game, players, options, 20)
        for state in starts[:3]:  # both ways play the same rollouts
            assert fast_path(state.clone(), random.Random(1)) == loop(
                state.clone(), random.Random(1)
            )
        fast_rates: list[float] = []
        loop_rates: list[float] = []
        for round_index in range(args.rounds):
            pair = [(fast_path, fast_rates), (loop, loop_rates)]
            for rollout, rates in pair if round_index % 2 == 0 else reversed(pair):
                rates.append(rollouts_per_second(rollout, starts, args.rollouts))
        fast, one = statistics.median(fast_rates), statistics.median(loop_rates)
        print(f"{label:22} {fast:11.0f} {one:12.0f} {one / fast:6.2f}")
    starts = positions("slam", 3, {}, 50)
    copy_rates: list[float] = []
    lean_rates: list[float] = []
    for _ in range(args.rounds):
        copy_rates.append(
            observations_per_second(slam_copy_observation, starts, 20 * args.rollouts)
        )
        lean_rates.append(observations_per_second(lean, starts, 20 * args.rollouts))
    copied, leaned = statistics.median(copy_rates), statistics.median(lean_rates)
    print(f"{'slam lean observation':22} {copied:11.0f} {leaned:12.0f} {leaned / copied:6.2f}")


if __name__ == "__main__":
    main()
