"""Wording as people read it: singulars, a number said once, no partner in singles,
a team's tokens shown once (issue #16)."""

from __future__ import annotations

import random
from typing import cast

from pickletable.core.chance import sample_outcome
from pickletable.core.state import CHANCE
from pickletable.games.board import GAME as BOARD
from pickletable.games.board.presenter import play_card_text
from pickletable.games.card import GAME as CARD
from pickletable.games.card import terminal as card_renderer
from pickletable.games.slam import GAME as SLAM
from pickletable.games.slam import terminal as slam_renderer
from pickletable.games.slam.presenter import outcome_text
from pickletable.games.slam.scenario import arrange
from pickletable.games.slam.state import SlamState
from tests.cli.test_card_render import second_rally, text_of


def test_a_game_to_one_token_is_first_to_1_token_not_1_tokens() -> None:
    state = SLAM.new_game(3, {"tokens_to_win": 1})
    assert "first to 1 token" in text_of(slam_renderer.render(SLAM.presenter.view(state, 0)))
    assert "1 tokens" not in text_of(slam_renderer.render(SLAM.presenter.view(state, 0)))
    three = SLAM.new_game(3, {"tokens_to_win": 3})
    assert "first to 3 tokens" in text_of(slam_renderer.render(SLAM.presenter.view(three, 0)))


def test_the_winner_of_a_one_token_game_is_first_to_1_token() -> None:
    state = cast(SlamState, SLAM.new_game(3, {"tokens_to_win": 1}))
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert outcome_text(state).endswith("won, first to 1 token")


def test_every_slam_menu_label_starts_with_a_capital_as_the_other_games_do() -> None:
    state = cast(SlamState, SLAM.new_game(4, {"tokens_to_win": 1, "doubles": True}))
    labels: set[str] = set()
    while not state.is_over:
        labels.update(SLAM.presenter.label(state, action) for action in state.legal_actions())
        state.apply(state.legal_actions()[-1])
    assert labels and all(label[0].isupper() for label in labels), sorted(labels)[:5]


def test_when_only_one_number_may_follow_the_prompt_says_it_once() -> None:
    state = arrange(
        cast(SlamState, SLAM.new_game(3)), hands=[["5"], ["4"], ["3"]], leader=0, last_number=5
    )
    assert SLAM.presenter.prompt(state) == "Player 1 to play on 5"
    several = arrange(
        cast(SlamState, SLAM.new_game(3)), hands=[["3"], ["4"], ["5"]], leader=0, last_number=3
    )
    assert SLAM.presenter.prompt(several) == "Player 1 to play on 3 (3 or 4)"


def test_a_discard_pile_of_one_card_says_so_without_on_top() -> None:
    view = CARD.presenter.view(second_rally(), 0)
    one = text_of(card_renderer.render({**view, "discard_count": 1}))
    assert "(the only card)" in one
    assert "on top (1 card)" not in one
    many = text_of(card_renderer.render({**view, "discard_count": 4}))
    assert "on top (4 cards)" in many


def test_a_singles_play_card_about_a_partner_says_it_has_no_effect() -> None:
    singles = BOARD.new_game(2)
    text = play_card_text(singles, "high-five")  # type: ignore[arg-type]
    assert "partner" not in text
    assert "no effect in singles" in text
    doubles = BOARD.new_game(4)
    assert "your partner" in play_card_text(doubles, "high-five")  # type: ignore[arg-type]


def test_in_slam_doubles_a_teams_tokens_show_once_not_on_each_members_row() -> None:
    state = SLAM.new_game(4, {"doubles": True})
    view = {**SLAM.presenter.view(state, 0), "tokens": [2, 1, 2, 1]}
    shown = [slam_renderer.tokens_shown(view, seat) for seat in range(4)]
    for team in view["teams"]:
        assert sorted(shown[seat] for seat in team) == ["", str(view["tokens"][team[0]])]
    singles = SLAM.presenter.view(SLAM.new_game(3), 0)
    assert [slam_renderer.tokens_shown(singles, seat) for seat in range(3)] == ["0", "0", "0"]


def test_a_move_on_the_skill_track_reads_with_an_arrow_not_ascii_art() -> None:
    state = BOARD.new_game(2, {"level": "beginner", "target": 1.0})
    rng = random.Random(2)
    lines: list[str] = []
    while not state.is_over:
        if state.current_player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            action = state.legal_actions()[0]
        lines += [BOARD.presenter.describe(state, event) for event in state.apply(action)]
    moves = [line for line in lines if "earns a point" in line]
    assert moves and all("→" in line and "->" not in line for line in moves), moves[:3]
