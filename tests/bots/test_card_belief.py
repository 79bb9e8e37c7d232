"""The hard card bot's belief: hidden hands weighted by what their owners were seen to do."""

from __future__ import annotations

import random

from pickletable.core.agents import AgentView
from pickletable.games.card import GAME
from pickletable.games.card.bots.belief import CardBelief
from pickletable.games.card.bots.turns import UNKNOWN, SeenTurn, turns_between
from pickletable.games.card.bots.win_chance import win_chance
from pickletable.games.card.state import CardState

NORTH, SOUTH = 0, 2
SOUTH_HAND = ["6", "8", "1", "3", "9", "10", "kitchen"]
NORTH_HAND = ["2", "2", "4", "4", "5", "5", "10"]


def dealt_with_a_seven_up() -> CardState:
    """North serves, so South plays first; a 7 is the first discard. North holds no 6, 7 or 8."""
    state = GAME.new_game(2)
    assert isinstance(state, CardState)
    state.apply_text("show kitchen")
    for south, north in zip(SOUTH_HAND, NORTH_HAND, strict=True):
        state.apply_text(f"deal {south}")
        state.apply_text(f"deal {north}")
    state.apply_text("flip 7")
    return state


def north_belief(state: CardState) -> CardBelief:
    belief = CardBelief(particles=1000)
    belief(AgentView(state, NORTH), random.Random(5))
    return belief


def uniform_chance(state: CardState, cards: list[str], samples: int = 2000) -> float:
    """How often a uniform re-deal of North's unseen cards gives South all of `cards`."""
    rng = random.Random(9)
    hits = 0
    for _ in range(samples):
        hand = list(state.resample(NORTH, rng).hands[SOUTH])
        hits += all(hand.count(card) >= cards.count(card) for card in set(cards))
    return hits / samples


def test_a_seen_pickup_of_a_seven_makes_a_six_and_an_eight_likelier() -> None:
    took = dealt_with_a_seven_up()
    took.apply_text("take 7")
    took.apply_text("discard kitchen")
    drew = dealt_with_a_seven_up()
    drew.apply_text("draw")
    drew.apply_text("draw 3")
    drew.apply_text("discard kitchen")
    prior = uniform_chance(took, ["6", "8"])
    after_pickup = north_belief(took).chance(SOUTH, ["6", "8"])
    after_draw = north_belief(drew).chance(SOUTH, ["6", "8"])
    # Many random hands could use a 7 (a wild card, two 7s), so a pickup says less
    # than leaving the 7 does; both move the chance of 6 and 8 the expected way.
    assert after_pickup > 1.1 * prior, (after_pickup, prior)
    assert after_draw < 0.9 * prior, (after_draw, prior)


def test_every_guess_holds_the_cards_seen_taken_and_fits_the_hand_sizes() -> None:
    state = dealt_with_a_seven_up()
    state.apply_text("take 7")
    state.apply_text("discard kitchen")
    belief = north_belief(state)
    assert belief.chance(SOUTH, ["7"]) == 1.0
    assert all(len(hands[SOUTH]) == 7 for hands in belief.hands)
    seen = {"kitchen": 1, "2": 2, "4": 2, "5": 2, "10": 1}
    for hands in belief.hands:
        for card, copies in seen.items():
            assert hands[SOUTH].count(card) <= 4 - copies


def test_the_turns_between_two_decisions_are_read_from_the_piles() -> None:
    nothing: list[tuple[str, ...]] = [(), (), (), ()]
    # East drew and threw a 9; West took it and threw a 2.
    known_after: list[tuple[str, ...]] = [(), (), (), ("9",)]
    turns = turns_between(["3", "5"], nothing, [1, 3], ["3", "5", "2"], known_after, draws=1)
    assert turns == [
        SeenTurn(1, "5", took=False, discarded="9", laid=False),
        SeenTurn(3, "9", took=True, discarded="2", laid=False),
    ]
    # A pile that does not add up (a reshuffle, a new rally) is not guessed at.
    assert turns_between(["3", "5"], nothing, [1, 3], ["7"], known_after, draws=1) is None
    first = turns_between([UNKNOWN], nothing, [2], ["4"], [(), (), ("8",), ()], draws=0)
    assert first == [SeenTurn(2, "8", took=True, discarded="4", laid=False)]


def test_the_chance_of_winning_follows_the_score() -> None:
    chance = win_chance(2, 11, 2)
    assert chance(10, 3, False) > chance(5, 5, False) > chance(3, 10, True)
    assert chance(7, 7, True) > chance(7, 7, False)
    assert chance(11, 9, False) == 1.0 and chance(12, 11, True) < 1.0
