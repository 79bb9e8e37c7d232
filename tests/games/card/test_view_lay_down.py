"""The view names the discards that allow a lay-down, and those that leave a complete hand."""

from __future__ import annotations

from pickletable.games.card import GAME
from pickletable.games.card.solver import solver_for
from tests.bots.positions import random_decisions


def test_complete_after_names_exactly_the_discards_that_leave_a_complete_hand() -> None:
    solver = solver_for(1, 10)
    seen_both = False
    for state in random_decisions("card", 2, {}, 400, seed=7):
        seat = state.current_player
        assert seat is not None
        view = GAME.presenter.view(state, seat)
        if view["lay_down_after"] is None:
            assert view["complete_after"] is None
            continue
        hand = view["hand"]
        for card in view["lay_down_after"]:
            rest = list(hand)
            rest.remove(card)
            assert (card in view["complete_after"]) == solver.verdict(rest).complete
        assert set(view["complete_after"]) <= set(view["lay_down_after"])
        seen_both |= (
            bool(view["complete_after"]) and view["complete_after"] != view["lay_down_after"]
        )
        other = next(s for s in state.seats if s != seat)
        assert (
            GAME.presenter.view(state, other)["complete_after"] is None
        )  # only the seat to discard
    assert seen_both, "no position with both kinds of lay-down: widen the sample"
