"""A Skill Card that plays the player's own Bad Shot can only lose: the terminal's menu and
the web table's move (its label) say so."""

from __future__ import annotations

import random

from pickletable.games.board import GAME
from pickletable.games.board.presenter import CAN_ONLY_LOSE
from pickletable.games.board.state import BoardState


def test_a_skill_card_of_the_players_bad_shot_is_marked_can_only_lose() -> None:
    marked = unmarked = 0
    for seed in range(40):
        state = GAME.new_game(2, {"level": "advanced"})
        assert isinstance(state, BoardState)
        rng = random.Random(seed)
        while not state.is_over and not (marked and unmarked):
            if state.current_player == -1:
                state.push(state.sample_chance(rng))
                continue
            actions = state.legal_actions()
            seat = state.current_player
            assert seat is not None
            for choice in GAME.presenter.menu(state, actions):
                if choice.action.verb != "skill":
                    continue
                card = state.rules.content.skill_cards[choice.action.args[0]]
                bad = card.shot == state.character_of(seat).bad
                assert (CAN_ONLY_LOSE in choice.label) == bad, choice.label
                web = GAME.presenter.label(state, choice.action)  # a web table's move button
                assert (CAN_ONLY_LOSE in web) == bad, web
                marked += bad
                unmarked += not bad
            state.push(rng.choice(actions))
        if marked and unmarked:
            break
    assert marked and unmarked
