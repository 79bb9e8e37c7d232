"""The solver agrees with a brute-force reference on 40,000 hands.

Random deals are nearly all incomplete, so half the check uses hands built
from melds (at least half of them complete) and near misses made from them.
A fixed-seed loop, not Hypothesis, keeps the run short and repeatable.
"""

from __future__ import annotations

import random
from collections import Counter

from pickletable.games.card import GAME
from pickletable.games.card.content import CardDeck
from pickletable.games.card.solver import solver_for
from tests.games.card.reference import reference_complete, reference_loose
from tests.games.card.test_hands import CASES, check_split

DECK = CardDeck.from_data(GAME.default_content().data)
CARDS = DECK.cards()
HANDS = 20_000
LOOSE_CHECKS = HANDS
"""How many hands of each set also check the fewest loose cards (the slower reference)."""


def random_hands(rng: random.Random, count: int) -> list[list[str]]:
    return [rng.sample(CARDS, 7) for _ in range(count)]


def meld_cards(rng: random.Random, size: int) -> list[str]:
    """One set or straight of `size` cards, some replaced by wilds."""
    if rng.random() < 0.5:
        number = rng.randint(1, 10)
        cards = [str(number)] * size
    else:
        first = rng.randint(1, 11 - size)
        cards = [str(n) for n in range(first, first + size)]
    wild_chance = rng.choice([0.0, 0.15, 0.4, 1.0]) if rng.random() < 0.6 else 0.0
    return [
        rng.choice(["smash", "pickler"]) if rng.random() < wild_chance else card for card in cards
    ]


def complete_hand(rng: random.Random) -> list[str]:
    """A complete hand, built meld by meld within the deck's counts."""
    limits = Counter(CARDS)
    while True:
        layout = rng.choice([(3, 4), (4, 3), (7,), (3, 3, "free"), (6, "free")])
        hand: list[str] = []
        for part in layout:
            hand += (
                [rng.choice(["kitchen", "dink"])]
                if isinstance(part, str)
                else meld_cards(rng, part)
            )
        if all(n <= limits[card] for card, n in Counter(hand).items()):
            rng.shuffle(hand)
            return hand


def near_miss(rng: random.Random) -> list[str]:
    """A complete hand with one card swapped for another from the deck."""
    limits = Counter(CARDS)
    while True:
        hand = complete_hand(rng)
        hand[rng.randrange(7)] = rng.choice(CARDS)
        if all(n <= limits[card] for card, n in Counter(hand).items()):
            return hand


def constructed_hands(rng: random.Random, count: int) -> list[list[str]]:
    built = int(count * 0.6)
    return [complete_hand(rng) for _ in range(built)] + [
        near_miss(rng) for _ in range(count - built)
    ]


def agree(hands: list[list[str]]) -> int:
    """Check every hand against the reference; return how many are complete."""
    solver = solver_for(1, 10)
    complete = 0
    for index, hand in enumerate(hands):
        verdict = solver.verdict_uncached(hand)
        expected = reference_complete(hand)
        assert verdict.complete == expected, (hand, verdict)
        check_split(verdict)
        if index < LOOSE_CHECKS:
            assert verdict.loose == reference_loose(hand), (hand, verdict)
        complete += expected
    return complete


def test_solver_agrees_with_brute_force_on_random_deals() -> None:
    agree(random_hands(random.Random(2026), HANDS))


def test_solver_agrees_with_brute_force_on_constructed_hands() -> None:
    hands = constructed_hands(random.Random(11), HANDS)
    assert len(hands) == HANDS
    complete = agree(hands)
    assert complete >= HANDS // 2


def test_memoised_verdicts_equal_fresh_ones() -> None:
    solver = solver_for(1, 10)
    for hand in constructed_hands(random.Random(5), 2_000):
        assert solver.verdict(hand) == solver.verdict_uncached(hand)


def test_the_reference_itself_gives_every_hand_case_its_verdict() -> None:
    for hand, complete, loose in CASES:
        assert reference_complete(hand.split()) == complete, hand
        assert reference_loose(hand.split()) == loose, hand
