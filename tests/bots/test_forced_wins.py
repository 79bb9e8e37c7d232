"""ISMCTS finds a win that is forced, in positions set up by hand."""

from __future__ import annotations

import random

from pickletable.bots import HeuristicBot, ISMCTSBot
from pickletable.core.agents import AgentView
from pickletable.games.card import GAME as CARD
from pickletable.games.card.state import CardState
from pickletable.games.slam import GAME as SLAM
from pickletable.games.slam.scenario import arrange
from pickletable.games.slam.state import SlamState

NORTH, SOUTH = 0, 2


def card_rally(north: str, south: str, flip: str, scores: tuple[int, int]) -> CardState:
    """Singles, North serving at `scores`; North's and South's hands dealt, `flip` turned up."""
    state = CARD.new_game(2)
    assert isinstance(state, CardState)
    state.apply_text("show kitchen")  # North is shown the first Kitchen: North serves
    hands = {SOUTH: south.split(), NORTH: north.split()}
    for index in range(14):  # the deal starts left of the server: South first
        seat = (SOUTH, NORTH)[index % 2]
        state.apply_text(f"deal {hands[seat][index // 2]}")
    state.apply_text(f"flip {flip}")
    state.scores = list(scores)
    return state


def test_card_game_takes_the_card_that_completes_a_winning_hand() -> None:
    # North serves at 10-5 with 1 2 3 4 5 6 and a loose 9; South, holding a Dink
    # Shot, would lay down at once and end the rally. The 7 South discards
    # completes North's hand: take it, lay down, score 11-5.
    state = card_rally("1 2 3 4 5 6 9", "1 1 4 8 9 dink kitchen", flip="10", scores=(10, 5))
    for text in ("draw", "draw 7", "discard 7"):
        state.apply_text(text)
    bot = ISMCTSBot(300, rollout="heuristic", prior=False)
    assert str(bot.choose(AgentView(state, NORTH), random.Random(5))) == "take 7"
    state.apply_text("take 7")
    action = bot.choose(AgentView(state, NORTH), random.Random(5))
    assert action.args[0] == "9", str(action)
    state.apply(action)
    rng, rest_of_rally = random.Random(1), HeuristicBot()
    while state.current_player is not None and state.rally == 1:
        if state.current_player == -1:
            state.apply(state.legal_actions()[0])
        else:
            state.apply(rest_of_rally.choose(AgentView(state, state.current_player), rng))
    assert state.outcome is not None and state.outcome.winners == (NORTH,)


def test_slam_shakes_and_bakes_when_every_five_is_in_sight() -> None:
    # Player 1 holds both twist cards carrying a 5 with a SHAKE & BAKE; the six
    # plain 5s lie in the centre. Nobody else can answer with a 5, so SHAKE &
    # BAKE wins the round, and with two tokens already, the game.
    fives = ["5"] * 6
    slam = SLAM.new_game(3)
    assert isinstance(slam, SlamState)
    state = arrange(
        slam,
        hands=[["shake-4", "poach-5", "target-5", "3", "4"], ["1", "2", "3", "4"], ["2", "3", "4"]],
        leader=0,
        last_number=3,
        centre=["draw", "play", *fives],
        tokens=[2, 0, 0],
    )
    bot = ISMCTSBot(300, prior=False)
    view = AgentView(state, 0)
    assert [str(a) for a in view.legal_actions] == ["play 3", "play 4", "play shake-4"]
    action = bot.choose(view, random.Random(2))
    assert str(action) == "play shake-4"
    state.apply(action)
    target = bot.choose(AgentView(state, 0), random.Random(2))
    state.apply(target)
    while state.current_player == 1 or state.current_player == 2:
        state.apply(state.legal_actions()[0])
    assert state.outcome is not None and state.outcome.winners == (0,)
