"""The review weighs a move by the game's own figure where it has one: no rollout noise.

On a card game's last turn (every other hand face up) each move's figure is
the exact one (`games/card/bots/known_chance.py`): the same whatever the
budget of rollouts, and the figure coaching shows after that move.
"""

from __future__ import annotations

import random
from typing import Any

from pickletable.analysis.review import review_record
from pickletable.bots.heuristic import policy_for
from pickletable.bots.win_odds import known_chance
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.records import Recorder
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.card.bots.last_turn import is_last_turn


def _card_record(seed: int) -> tuple[dict[str, Any], list[tuple[int, int, GameState]]]:
    """A finished game of medium bots, and the step, seat and position of each last-turn
    decision."""
    game = get_game("card")
    state = game.new_game(2)
    seats = [{"seat": s, "name": state.seat_name(s), "player": "bot"} for s in state.seats]
    recorder = Recorder("card", 2, {}, game.default_content(), seats)
    policy = policy_for("card")
    assert policy is not None
    rng = random.Random(seed)
    last_turns = []
    while not state.is_over:
        player = state.current_player
        assert player is not None
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            view = AgentView(state, player)
            if len(view.legal_actions) > 1 and is_last_turn(view.observed):
                last_turns.append((len(recorder.steps), player, state.clone()))
            action = policy(view, rng)
        recorder.add(player, action, state.apply(action))
    return recorder.to_json(state), last_turns


def test_a_last_turn_decision_is_weighed_exactly_whatever_the_budget() -> None:
    record, last_turns = _card_record(seed=5)
    assert last_turns
    step, seat, state = last_turns[0]
    reviews = [review_record(record, [seat], budget=budget, at={step}) for budget in (2, 16)]
    (few,), (many,) = (review.seats[0].decisions for review in reviews)
    assert [move.chance for move in few.weighed] == [move.chance for move in many.weighed]
    for move in few.weighed:
        after = state.clone()
        after.apply(Action.from_text(move.action))
        figure = known_chance(after, seat)
        assert figure is not None
        assert move.chance == round(figure[seat], 3)
