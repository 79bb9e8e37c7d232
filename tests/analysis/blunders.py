"""Records of finished games that end with a known blunder, made for the review's tests.

`blunder_record` plays seeded games of the `medium` bots until a seat has a
move that loses the game on the spot while another of its moves does not,
and then makes that seat play the losing move: the game ends there, lost by
a move the seat did not have to make. The search starts at a seed known to
give one (`START`), so a test finds it in its first game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pickletable.bots.heuristic import policy_for
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.records import Recorder
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board.state import BoardState

PLAYERS = {"board": 2, "card": 2, "slam": 3}
START = {"board": 1048, "card": 11, "slam": 1}
"""The first seed whose game gives such a move (a later one is searched if the rules change)."""
SEEDS = 40


@dataclass(frozen=True)
class Blunder:
    """A finished record whose last move by `seat`, at `step`, lost the game needlessly."""

    record: dict[str, Any]
    seat: int
    step: int
    move: str
    others: list[str]
    """The moves that would not have lost on the spot."""


Losing = Callable[[GameState, Action], bool]


def loses_on_the_spot(state: GameState, action: Action) -> bool:
    """Whether `action` ends the game at once with the mover's side beaten."""
    seat = state.current_player
    after = state.clone()
    after.apply(action)
    return after.is_over and seat is not None and after.returns()[seat] < 0


def bad_shot_at_game_point(state: GameState, action: Action) -> bool:
    """Board: a Skill Card of the player's own Bad Shot (the rally ends OUT) when the player
    is itself a rally from the top and the rally's loss ends the game: rolling keeps a
    chance of about a quarter."""
    seat = state.current_player
    if action.verb != "skill" or seat is None or not isinstance(state, BoardState):
        return False
    bad_shot = state.rules.content.skill_cards[action.args[0]].shot == state.character_of(seat).bad
    at_game_point = state.skill[seat] >= state.rules.target_spaces - 1
    return bad_shot and at_game_point and loses_on_the_spot(state, action)


def blunder_record(game_id: str, losing: Losing = loses_on_the_spot) -> Blunder:
    """The first seeded game of medium bots with a move `losing` says loses, played."""
    game = get_game(game_id)
    for seed in range(START[game_id], START[game_id] + SEEDS):
        state = game.new_game(PLAYERS[game_id])
        recorder = Recorder(
            game_id,
            PLAYERS[game_id],
            {},
            game.default_content(),
            [
                {"seat": each, "name": state.seat_name(each), "player": "bot"}
                for each in state.seats
            ],
        )
        found = _play(state, recorder, losing, random.Random(seed))
        if found is not None:
            step, move, others = found
            seat = recorder.steps[step]["by"]
            return Blunder(recorder.to_json(state), seat, step, move, others)
    raise AssertionError(f"no {game_id} game of seeds {START[game_id]}+ gives such a move")


def _play(
    state: GameState, recorder: Recorder, losing: Losing, rng: random.Random
) -> tuple[int, str, list[str]] | None:
    policy = policy_for(state.game_id)
    assert policy is not None
    found: tuple[int, str, list[str]] | None = None
    while not state.is_over:
        player = state.current_player
        assert player is not None
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = policy(AgentView(state, player), rng)
            actions = state.legal_actions()
            bad = [] if found else [each for each in actions if losing(state, each)]
            if bad and len(bad) < len(actions):
                others = [str(each) for each in actions if each not in bad]
                found = len(recorder.steps), str(bad[0]), others
                action = bad[0]
        recorder.add(player, action, state.apply(action))
    return found
