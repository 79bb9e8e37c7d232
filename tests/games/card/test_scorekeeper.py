"""The real-table scorekeeper scores rallies exactly as the rules engine does."""

from __future__ import annotations

import random

import pytest

from pickletable.bots import HeuristicBot, RandomBot
from pickletable.core.agents import AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.errors import PickletableError
from pickletable.core.state import CHANCE
from pickletable.games.card import GAME
from pickletable.games.card.codes import EventKind
from pickletable.games.card.config import SEAT_NAMES
from pickletable.games.card.scorekeeper import Scorekeeper, ScorekeepingError
from pickletable.games.card.state import CardState

PICKLER_STRAIGHTS = "1 2 3 4 5 6 pickler"  # complete, one Pickler
DINK_LOOSE = "1 5 9 dink 2 4 8"  # incomplete, one Dink Shot
COMPLETE = "3 3 3 5 6 7 smash"


def singles(server: str = "North") -> Scorekeeper:
    keeper = Scorekeeper(players=2, server=0, names={0: "Ann", 2: "Bob"})
    keeper.server = keeper.seat_named(server)
    return keeper


def test_the_serving_side_scores_its_complete_hand_and_each_pickler() -> None:
    keeper = singles("Ann")
    keeper.rally(["Ann"], {"Ann": PICKLER_STRAIGHTS})
    assert keeper.scores == [2, 0]
    assert keeper.server_name == "Ann"


def test_a_receiving_complete_hand_scores_nothing_but_wins_the_serve() -> None:
    keeper = singles("Ann")
    keeper.rally(["Bob"], {"Bob": COMPLETE})
    assert keeper.scores == [0, 0]
    assert keeper.server_name == "Bob"


def test_a_dink_shot_scores_for_either_side_even_in_a_hand_not_laid_down() -> None:
    keeper = singles("Ann")
    keeper.rally(["Ann"], {"Ann": COMPLETE, "Bob": DINK_LOOSE})
    assert keeper.scores == [1, 1]
    assert keeper.server_name == "Ann"


def test_the_first_dink_shot_laid_down_takes_the_serve_over_an_earlier_complete_hand() -> None:
    keeper = singles("Ann")
    keeper.rally(["Ann", "Bob"], {"Ann": COMPLETE, "Bob": DINK_LOOSE})
    assert keeper.server_name == "Bob"


def test_when_nobody_lays_down_the_serve_stays() -> None:
    keeper = singles("Bob")
    keeper.rally([], {})
    assert (keeper.scores, keeper.server_name) == ([0, 0], "Bob")


def test_in_doubles_a_team_scores_only_its_best_hand() -> None:
    keeper = Scorekeeper(players=4, server=0)
    keeper.rally(["North"], {"North": COMPLETE, "South": PICKLER_STRAIGHTS})
    assert keeper.scores == [2, 0]


def test_a_hand_that_could_not_be_laid_down_is_refused_and_nothing_changes() -> None:
    keeper = singles("Ann")
    with pytest.raises(ScorekeepingError, match="Ann could not lay that hand down"):
        keeper.rally(["Ann"], {"Ann": "1 3 5 7 9 kitchen 2"})
    with pytest.raises(ScorekeepingError, match="type that hand"):
        keeper.rally(["Ann"], {})
    with pytest.raises(ScorekeepingError, match="the players are Ann, Bob"):
        keeper.rally(["Cy"], {"Cy": COMPLETE})
    with pytest.raises(PickletableError, match="a hand has 7 cards"):
        keeper.rally(["Ann"], {"Ann": "1 2 3"})
    assert (keeper.scores, keeper.server_name, keeper.history) == ([0, 0], "Ann", [])


def test_the_game_ends_at_eleven_by_two_and_takes_no_more_rallies() -> None:
    keeper = singles("Ann")
    keeper.scores = [10, 10]
    keeper.rally(["Ann"], {"Ann": COMPLETE})
    assert keeper.winner is None  # 11-10 is not by two
    keeper.rally(["Ann"], {"Ann": COMPLETE})
    assert keeper.winner == 0  # 12-10 is
    with pytest.raises(ScorekeepingError, match="the game is over"):
        keeper.rally([], {})


def test_undo_takes_back_the_last_rally_and_only_what_there_is() -> None:
    keeper = singles("Ann")
    keeper.rally(["Bob"], {"Bob": DINK_LOOSE})
    keeper.undo()
    assert (keeper.scores, keeper.server_name) == ([0, 0], "Ann")
    with pytest.raises(ScorekeepingError, match="no rally to take back"):
        keeper.undo()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_scorekeeper_agrees_with_the_engine_over_whole_games(players: int) -> None:
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new_game(players)
        assert isinstance(state, CardState)
        bots = {seat: HeuristicBot() if seat % 2 else RandomBot() for seat in state.seats}
        keeper: Scorekeeper | None = None
        rallies = 0
        while state.current_player is not None:
            seat = state.current_player
            if seat == CHANCE:
                action = sample_outcome(state, rng)
            else:
                action = bots[seat].choose(AgentView(state, seat), rng)
            server = state.server
            for event in state.apply(action):
                if event.kind != EventKind.RALLY_SCORED:
                    continue
                data = event.data
                if keeper is None:
                    keeper = Scorekeeper(players=players, server=data["server"])
                assert server == keeper.server == data["server"]
                hands = {SEAT_NAMES[h["seat"]]: " ".join(h["cards"]) for h in data["hands"]}
                keeper.rally([SEAT_NAMES[s] for s in data["laid"]], hands)
                assert keeper.scores == data["scores"]
                rallies += 1
        assert keeper is not None and rallies > 0
        assert state.outcome is not None
        assert keeper.winner == (0 if 0 in state.outcome.winners else 1)


def test_the_hands_shown_may_not_hold_more_of_a_card_than_the_deck() -> None:
    keeper = Scorekeeper(players=2, server=0)
    with pytest.raises(ScorekeepingError, match="4 × Dink Shot, but the deck has 2"):
        keeper.rally(["North"], {"North": "dink dink 1 1 1 2 2", "South": "dink dink 3 3 3 4 4"})
    assert keeper.history == []


def test_one_hand_is_checked_on_its_own_as_soon_as_it_is_typed() -> None:
    keeper = singles("Ann")
    assert keeper.check_hand("Ann", "pickler 6 5 4 3 2 1", laid=True) == (
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "pickler",
    )
    with pytest.raises(PickletableError, match="a hand has 7 cards"):
        keeper.check_hand("Ann", "1 2 3")
    with pytest.raises(ScorekeepingError, match="Ann could not lay that hand down"):
        keeper.check_hand("Ann", "1 3 5 7 9 kitchen 2", laid=True)
    keeper.check_hand("Ann", "1 3 5 7 9 kitchen 2")  # not laid down: any seven cards
    with pytest.raises(ScorekeepingError, match="3 × Dink Shot, but the deck has 2"):
        keeper.check_hand("Bob", DINK_LOOSE, others={"Ann": ("dink", "dink")})
    # A hand retyped for the same player is not counted twice.
    keeper.check_hand("Ann", "dink dink 1 2 3 4 5", others={"Ann": ("dink", "dink")})
    assert keeper.history == []
