"""What a card or twist does, in one line: every card a move plays has its line, a move
that plays a number card gets none, and the verb "play" is not Slam's PLAY card."""

from __future__ import annotations

import random

import pytest

from pickletable.core.chance import sample_outcome
from pickletable.core.move_help import explain, explain_action
from pickletable.core.registry import get_game, kit_for
from pickletable.core.state import CHANCE

CARD_VERBS = {
    "board": ("skill", "strategy"),
    "card": ("take", "discard"),
    "slam": ("play", "discard", "answer", "return"),
}
PLAYERS = {"board": 2, "card": 2, "slam": 3}
OPTIONS: dict[str, dict[str, str]] = {"board": {"level": "advanced"}, "card": {}, "slam": {}}


@pytest.mark.parametrize("game_id", list(CARD_VERBS))
def test_every_card_a_move_plays_has_its_line_unless_it_is_a_number(game_id: str) -> None:
    lines = kit_for(game_id).move_help
    state = get_game(game_id).new_game(PLAYERS[game_id], OPTIONS[game_id])
    rng = random.Random(5)
    unexplained = set()
    for _ in range(400):
        if state.is_over:
            break
        if state.current_player == CHANCE:
            state.apply(sample_outcome(state, rng))
            continue
        legal = state.legal_actions()
        for action in map(str, legal):
            verb, *rest = action.split()
            plays_a_card = verb in CARD_VERBS[game_id] and rest and not rest[0].isdigit()
            if plays_a_card and explain_action(lines, action) is None:
                unexplained.add(action)
        state.apply(rng.choice(legal))
    assert unexplained == set()


def test_slam_s_draw_two_is_explained_as_the_twist_not_as_the_play_card() -> None:
    lines = kit_for("slam").move_help
    assert explain_action(lines, "play drawtwo-3") == lines["draw-two"]
    assert explain_action(lines, "play 4") is None  # a number card, not the PLAY card
    assert explain_action(lines, "play play") == lines["play"]
    assert explain(lines, "3") == lines["number"]  # on the card itself: what a number does
