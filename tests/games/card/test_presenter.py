"""The presenter: one wording for a rally's end, structured view fields, the lean observation."""

from __future__ import annotations

import json
import random

import pytest

from pickletable.core.state import CHANCE
from pickletable.games.card import GAME
from pickletable.games.card.codes import EventKind, Step
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.state import CardState
from tests.bots.positions import random_decisions
from tests.games.card.helpers import NORTH, SOUTH, find, new_game, pass_turn, start, turn
from tests.games.card.test_rally import JUNK_A, JUNK_B

DESCRIBE = GAME.presenter.describe


def run_out_the_rally(reshuffle_limit: int) -> tuple[CardState, list[str]]:
    """Pass turns until the draw pile ends rally 1; the log of the last turn."""
    state = start({NORTH: JUNK_A, SOUTH: JUNK_B}, flip="9", reshuffle_limit=reshuffle_limit)
    events = []
    while state.rally == 1:
        events = pass_turn(state)
    return state, [DESCRIBE(state, event) for event in events]


@pytest.mark.parametrize(
    ("limit", "ended"),
    [
        (0, "the draw pile ran out"),
        (1, "the draw pile ran out twice"),
        (2, "the draw pile ran out 3 times"),
    ],
)
def test_a_rally_ended_by_the_draw_pile_says_how_often_it_ran_out(limit: int, ended: str) -> None:
    state, log = run_out_the_rally(limit)
    assert any(line.startswith(f"Rally 1 is over ({ended}).") for line in log), log
    assert GAME.presenter.view(state, NORTH)["last_rally"]["ended_text"] == ended


def test_with_no_reshuffle_the_pile_runs_out_once_not_again() -> None:
    _, log = run_out_the_rally(0)
    assert any(line.startswith("The draw pile has run out: the rally ends after") for line in log)
    _, log = run_out_the_rally(1)
    assert any(line.startswith("The draw pile has run out again: the rally ends") for line in log)


def test_the_last_rally_carries_its_words_for_every_client() -> None:
    state = start({NORTH: "1 2 3 4 5 pickler dink", SOUTH: "2 4 6 8 10 3 dink"}, flip="9")
    turn(state, "8")
    turn(state, "9", lay=True)
    events = pass_turn(state)
    last = GAME.presenter.view(state, SOUTH)["last_rally"]
    assert last["ended_text"] == "every final turn was played"
    assert last["serve_text"] == "North laid down the first Dink Shot and serves next."
    north = next(hand for hand in last["hands"] if hand["seat"] == NORTH)
    assert [reason["label"] for reason in north["reasons"]] == [
        "Dink Shot",
        "complete hand while serving",
        "Pickler in a complete hand",
    ]
    # The same words as the log's summary, and the rules' own record is left as it was.
    summary = DESCRIBE(state, find(events, EventKind.RALLY_SCORED))
    assert last["serve_text"] in summary and "(every final turn was played)" in summary
    assert "label" not in json.dumps(state.last_rally)


def test_the_view_names_each_cards_role_and_the_hand_size() -> None:
    view = GAME.presenter.view(GAME.new_game(2), None)
    assert view["hand_size"] == 7
    deck = view["deck"]
    assert {code for code, card in deck.items() if card["wild"]} == {"smash", "pickler"}
    assert deck["kitchen"]["special"] == "kitchen" and deck["dink"]["special"] == "dink_shot"
    assert deck["7"] == {"title": "7", "number": 7, "wild": False, "special": None}


def test_the_lean_observation_holds_no_words_and_is_what_the_view_is_built_on() -> None:
    for state in random_decisions("card", 3, {}, 30, seed=4):
        seat = state.current_player
        assert seat is not None and isinstance(state, CardState)
        observed = state.observe(seat)
        assert isinstance(observed, CardObservation)
        lean = observed.to_json()
        view = GAME.presenter.view(state, seat)
        worded = ("seats", "teams", "last_rally", "outcome")  # the view adds words to these
        assert {key: view[key] for key in lean if key not in worded} == {
            key: value for key, value in lean.items() if key not in worded
        }
        assert "prompt" not in lean and "titles" not in lean
        assert observed.hand == state.hands[seat]


def test_no_step_asks_a_seat_a_mere_formality() -> None:
    # A turn always offers the draw and the top discard; a discard always shows a card.
    rng = random.Random(3)
    state = new_game(4)
    for _ in range(3000):
        if state.is_over:
            break
        legal = state.legal_actions()
        assert not state.is_formality()
        if state.current_player != CHANCE and state.step == Step.TURN:
            assert len(legal) == 2
        state.apply(legal[rng.randrange(len(legal))])
