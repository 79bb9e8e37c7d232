"""A bot decides from what its seat may know: hidden cards dealt otherwise change nothing.

Each pair of positions is one position and a `resample` of it for the seat
to act: everything that seat sees is the same, every hidden card may differ.
The pairs are checked to really differ in hidden cards (what some other seat
sees), and a bot that peeks at the true state is caught by the same
comparison, so these tests can fail.

The board game hides nothing (hands lie face up, unseen pile cards have no
order): its resample is the position itself, which is checked field by field.
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pickletable.bots import HeuristicBot, ISMCTSBot, RandomBot, bot_from_name, coaching
from pickletable.bots.coaching import hint, odds
from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.games.board.bots.hard import BoardRolloutBot
from pickletable.games.board.position import BoardPosition
from pickletable.games.slam.bots.search import SlamSearchBot
from tests.bots.positions import VARIANTS, random_decisions, variant_id

Variant = tuple[str, int, dict[str, Any]]
HIDDEN = [variant for variant in VARIANTS if get_game(variant[0]).hidden_information]
OPEN = [variant for variant in VARIANTS if not get_game(variant[0]).hidden_information]


def seen(state: GameState, seat: int | None) -> dict[str, Any]:
    """What a seat's client is sent (the game's presenter view)."""
    return get_game(state.game_id).presenter.view(state, seat)


def pairs(variant: Variant, count: int) -> list[tuple[GameState, GameState, int]]:
    """Positions and a resample of each for the seat to act (same view, hidden cards redealt)."""
    game, players, options = variant
    found = []
    for index, state in enumerate(random_decisions(game, players, options, count, seed=17)):
        seat = state.current_player
        assert seat is not None
        other = state.resample(seat, random.Random(1000 + index))
        assert seen(other, seat) == seen(state, seat)
        assert other.observe(seat) == state.observe(seat)
        found.append((state, other, seat))
    return found


def hidden_cards_differ(state: GameState, other: GameState, seat: int) -> bool:
    """Whether some other seat (or the table's face-down cards) would tell the two apart."""
    return any(seen(state, s) != seen(other, s) for s in state.seats if s != seat)


def decisions(bot: Agent, state: GameState, seat: int, seed: int) -> str:
    return str(bot.choose(AgentView(state, seat), random.Random(seed)))


class PeekingBot:
    """A cheat: chooses by what the other seats hold, read from the true state."""

    name = "peek"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        state = view._state  # the one thing a bot must never do
        peeked = repr([seen(state, s) for s in state.seats if s != view.seat])
        digest = hashlib.sha256(peeked.encode()).digest()
        return view.legal_actions[int.from_bytes(digest[:4]) % len(view.legal_actions)]


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_the_pairs_differ_in_hidden_cards(variant: Variant) -> None:
    found = pairs(variant, 25)
    differing = sum(hidden_cards_differ(state, other, seat) for state, other, seat in found)
    assert differing >= len(found) // 2, f"only {differing} of {len(found)} pairs differ"


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_a_bot_that_peeks_at_hidden_cards_is_caught(variant: Variant) -> None:
    bot = PeekingBot()
    caught = [
        index
        for index, (state, other, seat) in enumerate(pairs(variant, 25))
        if decisions(bot, state, seat, index) != decisions(bot, other, seat, index)
    ]
    assert caught, "the comparison cannot tell a cheating bot"


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_random_and_heuristic_bots_ignore_hidden_cards(variant: Variant) -> None:
    for index, (state, other, seat) in enumerate(pairs(variant, 25)):
        for bot in (RandomBot(), HeuristicBot()):
            assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_ismcts_ignores_hidden_cards(variant: Variant) -> None:
    for index, (state, other, seat) in enumerate(pairs(variant, 6)):
        bot = ISMCTSBot(25, prior=False)
        assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_each_games_hard_bot_ignores_hidden_cards(variant: Variant) -> None:
    for index, (state, other, seat) in enumerate(pairs(variant, 6)):
        first, second = (
            bot_from_name("hard:25", state.game_id),
            bot_from_name("hard:25", state.game_id),
        )
        assert decisions(first, state, seat, index) == decisions(second, other, seat, index)


@pytest.mark.parametrize("players", [2, 3])
def test_the_card_belief_kept_across_decisions_ignores_hidden_cards(players: int) -> None:
    # One bot follows a game on the true states, the other on re-deals of the same
    # positions: what the seat sees is the same at every decision, so are the choices.
    rng = random.Random(players)
    state = get_game("card").new_game(players)
    true_bot, redealt_bot = bot_from_name("hard:6", "card"), bot_from_name("hard:6", "card")
    watched = state.seats[0]
    compared = 0
    while state.current_player is not None and compared < 16:
        player = state.current_player
        if player == CHANCE:
            state.apply(sample_outcome(state, rng))
            continue
        if player == watched:
            other = state.resample(watched, random.Random(compared))
            mine = decisions(true_bot, state, watched, compared)
            assert mine == decisions(redealt_bot, other, watched, compared)
            compared += 1
            state.apply(Action.from_text(mine))
        else:
            state.apply(HeuristicBot().choose(AgentView(state, player), rng))
    assert compared == 16


@pytest.mark.parametrize("variant", [v for v in HIDDEN if v[0] == "slam"], ids=variant_id)
def test_slam_search_ignores_hidden_cards(variant: Variant) -> None:
    # Its inference reads passes from the seat's observation, never the hands themselves.
    for index, (state, other, seat) in enumerate(pairs(variant, 8)):
        bot = SlamSearchBot(25)
        assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


def board_fields(state: GameState) -> dict[str, Any]:
    """Every stored field of a board position (piles as their unseen and known cards)."""
    assert isinstance(state, BoardPosition)
    fields = {name: getattr(state, name) for name in BoardPosition.__slots__}
    fields["piles"] = {
        name: (dict(pile.unseen), list(pile.known)) for name, pile in state.piles.items()
    }
    return fields


@pytest.mark.parametrize("variant", OPEN, ids=variant_id)
def test_the_board_game_has_no_hidden_cards_to_leak(variant: Variant) -> None:
    # Every seat and a spectator see one table, and a resample is the very position:
    # reading the true state tells a bot nothing its view does not.
    for index, (state, other, seat) in enumerate(pairs(variant, 6)):
        views = [seen(state, s) for s in (*state.seats, None)]
        assert all(view == views[0] for view in views)
        assert board_fields(other) == board_fields(state)
        for bot in (RandomBot(), HeuristicBot(), ISMCTSBot(25), BoardRolloutBot(20)):
            assert decisions(bot, state, seat, index) == decisions(bot, other, seat, index)


def test_ismcts_is_deterministic_for_a_seed() -> None:
    state = next(random_decisions("slam", 3, {}, 1, seed=8))
    seat = state.current_player
    assert seat is not None
    first = [decisions(ISMCTSBot(40), state, seat, seed) for seed in range(4)]
    assert first == [decisions(ISMCTSBot(40), state, seat, seed) for seed in range(4)]


@pytest.mark.parametrize("variant", HIDDEN, ids=variant_id)
def test_the_live_win_chance_ignores_hidden_cards_for_a_seat_and_a_spectator(
    variant: Variant, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A seat's figure is the same on a re-deal of what it cannot see; a spectator's on a
    # re-deal of every hidden card (the public view): no figure reads another seat's hand.
    monkeypatch.setattr(coaching, "ODDS_ITERATIONS", 12)  # the same rule, a cheaper figure
    state, other, seat = pairs(variant, 2)[-1]
    assert odds(other, seat) == odds(state, seat)
    public = state.resample(None, random.Random(5))
    assert seen(public, None) == seen(state, None)
    assert odds(public, None) == odds(state, None)


def test_a_slam_hint_ignores_hidden_cards() -> None:
    # (the card game's: tests/cli/test_hint.py)
    variant = next(v for v in HIDDEN if v[0] == "slam")
    state, other, seat = pairs(variant, 2)[-1]
    assert hint(other, seat, {}) == hint(state, seat, {})
