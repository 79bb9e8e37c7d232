"""What each seat's client is sent: fields to draw from, so no client parses an id or a label."""

from __future__ import annotations

import json
import random

from pickletable.games.board import GAME
from pickletable.games.board.codes import Step, Via
from pickletable.games.board.observer import BoardObservation

from .helpers import BO, DANA, LOU, THEO, new_game, play, set_up


def test_each_skill_card_carries_its_result_and_shot_and_each_strategy_card_its_face() -> None:
    state = new_game(2)
    set_up(
        state,
        [DANA, BO],
        skills={0: ["ace", "in-drop", "in-drop"]},
        strategies={0: ["lob", "dink", "dink"]},
    )
    blue = GAME.presenter.view(state, 2)["seats"][0]
    not_yet = {"playable": False, "why_not": "no cards on the serve or the return of serve"}
    assert blue["skill_cards"][:2] == [
        {"id": "ace", "result": "ace", "shot": None, "label": "ACE", **not_yet},
        {"id": "in-drop", "result": "in", "shot": "drop", "label": "IN, Drop", **not_yet},
    ]
    assert blue["strategy_cards"][0] == {"id": "lob", "face": "lob", "label": "Lob", **not_yet}
    assert blue["character"] == {"id": DANA, "name": "Dinkin' Dana", "nice": "dink", "bad": "lob"}


def test_the_view_names_the_step_and_the_length_of_a_space_on_the_track() -> None:
    state = new_game(2, "beginner", step=0.25, target=1.0)
    set_up(state, [THEO, LOU])
    view = GAME.presenter.view(state, None)
    assert (view["step"], view["space"], view["target"]) == ("serve", 0.25, 1.0)
    assert view["prompt"] == "Blue to serve"


def test_the_shot_to_answer_comes_from_the_serve_then_from_the_dice() -> None:
    state = new_game(2)
    set_up(state, [THEO, LOU])
    assert GAME.presenter.view(state, 0)["rally"]["to_answer"] is None  # nothing to answer yet
    play(state, "serve", "roll in")
    assert GAME.presenter.view(state, 0)["rally"]["to_answer"] == {
        "by": 0,
        "face": None,
        "via": "serve",
        "nice_shot": False,
        "counts_as_roll": False,
        "label": "IN",
        "source": "Blue's serve",
    }
    play(state, "roll", "roll in", "roll lob")  # Lou's Nice Shot
    assert GAME.presenter.view(state, 2)["rally"]["to_answer"] == {
        "by": 2,
        "face": "lob",
        "via": "roll",
        "nice_shot": True,
        "counts_as_roll": True,
        "label": "IN, Lob",
        "source": "Yellow's roll",
    }


def test_the_shot_to_answer_may_come_from_a_skill_card() -> None:
    for counts in (True, False):
        state = new_game(2, skill_counts_as_roll=counts)
        set_up(state, [THEO, LOU], skills={0: ["in-drop", "ace", "ace"]})
        play(state, "serve", "roll in", "roll", "roll in", "roll dink", "skill in-drop")
        answer = state.observe(2).to_answer
        assert answer is not None
        assert (answer.hitter, answer.face, answer.via) == (0, "drop", Via.SKILL)
        assert (answer.counts, answer.nice) == (counts, counts)  # Drop is Theo's Nice Shot


def test_the_shot_to_answer_is_gone_once_the_rally_is_over() -> None:
    state = new_game(2, "beginner")
    set_up(state, [THEO, LOU])
    play(state, "serve", "roll in", "roll", "roll out", "roll lob")
    observed = state.observe(None)
    assert observed.step == Step.SERVE and observed.to_answer is None


def test_every_seat_sees_one_table_and_the_view_is_json() -> None:
    state = new_game(4)
    rng = random.Random(5)
    while state.current_player is not None and len(state.history) < 120:
        state.apply(rng.choice(state.legal_actions()))
        observed = state.observe(0)
        assert isinstance(observed, BoardObservation)
        assert all(state.observe(seat) == observed for seat in (1, 2, 3, None))
        assert state.resample(3, rng).observe(3) == observed
        view = GAME.presenter.view(state, 0)
        assert json.loads(json.dumps(view)) == view
        assert set(observed.to_json()) <= set(view) and view["step"] == state.step
