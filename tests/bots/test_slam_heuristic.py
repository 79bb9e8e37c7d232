"""The Slam heuristic (`medium`) uses the rulings on POACH and on an empty DRAW turn."""

from __future__ import annotations

import random

from pickletable.core.agents import AgentView
from pickletable.games.slam.bots.heuristic import choose
from pickletable.games.slam.state import SlamState
from tests.games.slam.helpers import arrange, new_game


def decide(state: SlamState, seat: int) -> str:
    return str(choose(AgentView(state, seat), random.Random(0)))


def test_a_duellist_who_cannot_follow_ends_the_duel_with_its_poach() -> None:
    state = arrange(new_game(3), hands=[["target-1", "5"], ["1", "poach-2", "4"], ["1"]], leader=0)
    for text in ("play target-1", "target p2", "decline", "play 4", "decline", "play 5"):
        state.apply_text(text)
    state.apply_text("decline")
    # Player 2 must answer a 5 and holds no 5: the POACH ends the duel rather than
    # Player 2 drop out of it.
    assert decide(state, 1) == "play poach-2"


def test_a_duellist_who_can_follow_keeps_its_poach() -> None:
    state = arrange(new_game(3), hands=[["target-1", "3"], ["3", "poach-2", "4"], ["1"]], leader=0)
    for text in ("play target-1", "target p2", "decline", "play 3", "decline", "play 3"):
        state.apply_text(text)
    state.apply_text("decline")
    assert decide(state, 1) == "play 4"


def test_a_duellist_facing_its_partner_does_not_poach() -> None:
    state = arrange(
        new_game(4, doubles=True, twists_target_opponents=False),
        hands=[["target-1", "2"], ["poach-2", "3"], ["1"], ["1"]],
        leader=0,
    )
    for text in ("play target-1", "target p2", "decline", "decline"):
        state.apply_text(text)
    assert decide(state, 1) == "play 3"


def test_with_nothing_to_draw_two_fives_lay_the_play_card() -> None:
    state = arrange(
        new_game(3),
        hands=[["draw"], ["1"], ["play", "5", "poach-5"]],
        leader=0,
        stack=[],
        centre=[],
        rest_to=1,
    )
    state.apply_text("play draw")
    state.apply_text("pass")
    assert decide(state, 2) == "discard play"
