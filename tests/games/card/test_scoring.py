"""Scoring a rally, winning the serve and winning the game."""

from __future__ import annotations

from typing import Any

from pickletable.core.state import Termination
from pickletable.games.card.codes import EventKind
from pickletable.games.card.state import CardState
from tests.games.card.helpers import EAST, NORTH, SOUTH, WEST, find, kinds, pass_turn, start, turn
from tests.games.card.test_rally import JUNK_A, JUNK_B, JUNK_C, JUNK_D


def scored(events: list[Any]) -> dict[str, Any]:
    """The rally summary among a turn's events."""
    data: dict[str, Any] = find(events, EventKind.RALLY_SCORED).data
    return data


def points(summary: dict[str, Any]) -> list[int]:
    return [team["points"] for team in summary["teams"]]


def singles(north: str, south: str, **options: Any) -> CardState:
    """Two players, North serving, South to play first."""
    return start({NORTH: north, SOUTH: south}, flip="9", **options)


def doubles(
    north: str = JUNK_A, east: str = JUNK_B, south: str = JUNK_C, west: str = JUNK_D, **options: Any
) -> CardState:
    """Four players, North serving (North & South), East to play first."""
    return start(
        {NORTH: north, EAST: east, SOUTH: south, WEST: west}, flip="9", players=4, **options
    )


# --- what a hand is worth -------------------------------------------------------
def test_receiving_team_scores_nothing_for_a_complete_hand() -> None:
    state = singles(JUNK_A, "1 2 3 4 5 6 pickler")
    turn(state, "8", lay=True)
    summary = scored(pass_turn(state))
    assert points(summary) == [0, 0]
    assert summary["serve_to"] == SOUTH  # but it wins the serve
    south = next(hand for hand in summary["hands"] if hand["seat"] == SOUTH)
    assert south["complete"] and south["value"] == 0 and south["reasons"] == []


def test_serving_team_scores_one_for_a_complete_hand_and_one_per_pickler() -> None:
    state = singles("1 2 3 4 5 pickler pickler", JUNK_B)
    pass_turn(state)  # South
    turn(state, "8", lay=True)  # North lays down 1-7 with two Picklers
    summary = scored(pass_turn(state))
    assert points(summary) == [3, 0]
    reasons = summary["hands"][0]["reasons"]
    assert reasons == [{"points": 1, "why": "complete"}, {"points": 2, "why": "pickler"}]
    assert state.scores == [3, 0]


def test_picklers_in_an_incomplete_hand_are_worth_nothing() -> None:
    state = singles("1 3 5 7 9 pickler dink", JUNK_B)
    pass_turn(state)
    turn(state, "8", lay=True)
    summary = scored(pass_turn(state))
    assert points(summary) == [1, 0]  # the Dink Shot only
    assert summary["hands"][0]["reasons"] == [{"points": 1, "why": "dink"}]


def test_a_dink_shot_scores_for_either_team_laid_down_or_not() -> None:
    state = singles("1 3 5 7 10 kitchen dink", "2 4 6 8 10 3 dink")
    turn(state, "8", lay=True)  # South, receiving, lays down with its Dink Shot
    summary = scored(pass_turn(state))  # North never lays down
    assert points(summary) == [1, 1]


def test_every_hand_is_scored_at_the_end_whether_laid_down_or_not() -> None:
    state = singles("1 2 3 4 5 6 7", "2 4 6 8 10 3 dink")
    turn(state, "8", lay=True)
    summary = scored(pass_turn(state))  # North keeps its complete hand to itself
    assert points(summary) == [1, 1]
    assert summary["hands"][0]["complete"] and summary["laid"] == [SOUTH]


def test_a_complete_hand_scores_at_most_four() -> None:
    state = singles("1 2 3 4 pickler pickler dink", JUNK_B)
    pass_turn(state)
    turn(state, "8", lay=True)
    assert points(scored(pass_turn(state))) == [4, 0]


def test_an_incomplete_hand_with_two_dink_shots_scores_two() -> None:
    state = singles(JUNK_A, "1 3 5 6 10 dink dink")
    turn(state, "8", lay=True)
    assert points(scored(pass_turn(state))) == [0, 2]


def test_a_team_scores_only_its_best_hand() -> None:
    state = doubles(north="1 2 3 4 5 6 pickler", south="3 4 5 6 7 8 9", east=JUNK_B)
    for _ in range(3):
        pass_turn(state)  # East, South, West
    turn(state, "10", lay=True)  # North
    events: list[Any] = []
    while EventKind.RALLY_SCORED not in kinds(events):
        events = pass_turn(state)
    summary = scored(events)
    assert points(summary) == [2, 0]
    assert summary["teams"][0]["best"] == NORTH


def test_both_teams_best_hands_with_a_dink_shot_each_score_a_point() -> None:
    state = doubles(north="1 2 4 7 8 10 dink", east="1 3 5 6 9 10 dink")
    turn(state, "2", lay=True)  # East lays down with a Dink Shot
    events: list[Any] = []
    while EventKind.RALLY_SCORED not in kinds(events):
        events = pass_turn(state)
    assert points(scored(events)) == [1, 1]


def test_doubles_teammates_do_not_add_their_hands() -> None:
    state = doubles(north="1 3 5 7 8 10 dink", south="2 3 5 6 8 9 dink")
    turn(state, "2")  # East
    turn(state, "4", lay=True)  # South
    events: list[Any] = []
    while EventKind.RALLY_SCORED not in kinds(events):
        events = pass_turn(state)
    assert points(scored(events)) == [1, 0]


# --- who serves next ----------------------------------------------------------
def test_the_first_complete_lay_down_wins_the_serve_and_that_player_serves() -> None:
    state = doubles(east="1 2 3 5 5 5 smash")
    turn(state, "8", lay=True)
    events: list[Any] = []
    while EventKind.RALLY_SCORED not in kinds(events):
        events = pass_turn(state)
    summary = scored(events)
    assert (summary["serve_to"], summary["serve_reason"]) == (EAST, "complete")
    assert state.server == EAST and state.rally == 2
    assert state.turn == SOUTH  # next rally: the player left of the new server starts


def test_a_first_dink_shot_lay_down_beats_an_earlier_complete_one() -> None:
    state = doubles(east="1 2 3 5 5 5 smash", south="2 3 6 6 8 9 dink")
    turn(state, "8", lay=True)  # East: complete, no Dink Shot
    turn(state, "4", lay=True)  # South: incomplete, with a Dink Shot
    events = pass_turn(state)
    events += pass_turn(state)
    summary = scored(events)
    assert (summary["serve_to"], summary["serve_reason"]) == (SOUTH, "dink")
    assert state.server == SOUTH


def test_a_complete_hand_holding_a_dink_shot_counts_as_a_dink_shot_lay_down() -> None:
    state = doubles(east="1 2 3 4 5 6 dink", south="2 3 6 6 8 9 dink")
    events = turn(state, "8", lay=True)
    laid = find(events, EventKind.LAID_DOWN).data
    assert laid["complete"] and laid["dink"]
    turn(state, "4", lay=True)
    events = pass_turn(state) + pass_turn(state)
    summary = scored(events)
    assert (summary["serve_to"], summary["serve_reason"]) == (EAST, "dink")


# --- winning the game ---------------------------------------------------------
def one_point_rally(state: CardState) -> list[Any]:
    """South passes, North (serving) lays down 1-7: North scores one."""
    pass_turn(state)
    turn(state, "8", lay=True)
    return pass_turn(state)


def test_first_team_to_eleven_leading_by_two_wins() -> None:
    state = singles("1 2 3 4 5 6 7", JUNK_B)
    state.scores = [10, 8]
    events = one_point_rally(state)
    assert kinds(events)[-1] == EventKind.GAME_OVER
    assert state.is_over and state.outcome is not None
    assert state.outcome.winners == (NORTH,) and state.outcome.scores == {0: 11.0, 2: 8.0}
    assert state.outcome.termination == Termination.TARGET_SCORE


def test_at_ten_all_eleven_ten_does_not_win() -> None:
    state = singles("1 2 3 4 5 6 7", JUNK_B)
    state.scores = [10, 10]
    events = one_point_rally(state)
    assert EventKind.GAME_OVER not in kinds(events)
    assert state.scores == [11, 10] and not state.is_over


def test_past_ten_all_the_game_goes_on_until_a_two_point_lead() -> None:
    state = singles("1 2 3 4 5 6 7", JUNK_B)
    state.scores = [11, 10]
    events = one_point_rally(state)
    assert EventKind.GAME_OVER in kinds(events) and state.scores == [12, 10]


def test_win_is_checked_after_the_rally_with_both_teams_scoring() -> None:
    state = singles("1 2 3 4 5 6 dink", "2 4 6 8 10 3 dink")
    state.scores = [10, 10]
    turn(state, "8")  # South keeps its Dink Shot hand
    turn(state, "9", lay=True)  # North: complete with a Dink Shot, 2 points
    events = pass_turn(state)  # South's final turn: its Dink Shot scores 1
    assert state.scores == [12, 11] and EventKind.GAME_OVER not in kinds(events)


def test_target_score_and_win_by_are_options() -> None:
    state = singles("1 2 3 4 5 6 7", JUNK_B, target_score=1, win_by=1)
    events = one_point_rally(state)
    assert EventKind.GAME_OVER in kinds(events)
