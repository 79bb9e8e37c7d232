"""The hand solver on hands a table argues about: sets, straights, wilds, free cards, misses."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickletable.games.card.content import FREE_CARDS, WILDS
from pickletable.games.card.solver import HandSolver, Meld, Verdict, solver_for

SOLVER = solver_for(1, 10)


def cards(text: str) -> list[str]:
    """A hand from text."""
    return text.split()


# (hand, complete, loose cards)
CASES = [
    # plain sets and straights
    ("1 1 1 2 2 2 2", True, 0),
    ("1 2 3 4 5 6 7", True, 0),
    ("4 5 6 7 8 9 10", True, 0),
    ("1 2 3 5 5 5 5", True, 0),
    ("3 3 3 3 7 8 9", True, 0),
    ("1 2 3 4 8 9 10", True, 0),
    ("1 2 3 3 4 5 6", True, 0),
    # one Kitchen or one Dink Shot beside six melded cards
    ("2 3 4 6 7 8 kitchen", True, 0),
    ("2 3 4 6 7 8 dink", True, 0),
    ("5 5 5 9 9 9 kitchen", True, 0),
    ("1 2 3 4 5 6 dink", True, 0),
    ("1 2 3 2 3 4 dink", True, 0),
    ("1 1 2 2 3 3 kitchen", True, 0),  # two straights of the same numbers, no set at all
    # wilds in sets and in straights
    ("3 3 3 5 6 7 smash", True, 0),
    ("1 2 smash 5 5 5 5", True, 0),
    ("1 smash 3 7 7 7 7", True, 0),
    ("9 10 smash 2 2 2 2", True, 0),  # the wild stands below: 8 9 10
    ("10 smash smash 1 1 1 1", True, 0),
    ("2 smash 4 smash 6 7 8", True, 0),  # long straight with two gaps
    ("6 6 smash 6 7 8 9", True, 0),
    ("1 2 3 4 5 6 smash", True, 0),
    ("1 2 3 4 5 6 pickler", True, 0),
    ("4 4 smash 5 5 6 6", True, 0),
    ("1 1 2 2 3 3 pickler", True, 0),
    ("7 7 pickler smash 1 2 3", True, 0),
    # all-wild melds
    ("smash smash smash 4 4 4 4", True, 0),
    ("smash smash pickler 1 2 3 kitchen", True, 0),
    ("smash smash smash smash pickler pickler 5", True, 0),
    ("smash smash smash smash pickler pickler kitchen", True, 0),
    ("1 1 1 1 smash smash smash", True, 0),
    ("pickler pickler 1 2 3 4 dink", True, 0),
    # two or more Kitchen / Dink Shot cards: never complete
    ("kitchen dink 1 2 3 4 5", False, 1),
    ("kitchen kitchen 1 2 3 4 5", False, 1),
    ("dink dink 1 2 3 4 5", False, 1),
    ("dink dink 1 1 1 2 2", False, 3),
    ("kitchen kitchen kitchen kitchen dink 2 2", False, 6),
    # near misses
    ("1 1 2 2 3 3 3", False, 1),
    ("1 2 3 4 4 4 5", False, 1),
    ("1 2 3 3 3 4 5", False, 1),
    ("2 3 3 3 4 5 6", False, 1),
    ("4 4 4 5 5 6 6", False, 1),
    ("1 2 3 5 6 8 9", False, 4),
    ("2 3 4 6 7 9 kitchen", False, 3),
    ("9 10 1 5 5 5 5", False, 3),  # no wrapping round from 10 to 1
    ("10 smash 1 4 4 4 4", False, 2),
    ("3 3 5 5 7 7 smash", False, 4),
    ("1 3 5 7 9 smash smash", False, 1),
    ("smash smash 1 5 9 kitchen dink", False, 3),
    ("smash pickler 4 8 10 kitchen dink", False, 2),
    ("dink 1 2 3 4 5 9", False, 1),
    ("1 2 4 5 7 8 10", False, 7),
    ("1 1 2 2 5 5 9", False, 7),
    ("1 2 smash 9 9 kitchen kitchen", False, 3),
]


def valid_meld(meld: Meld) -> bool:
    """An independent check of one meld of a split."""
    numbers = [number for _, number in meld.cards]
    for card, number in meld.cards:
        if card not in WILDS and int(card) != number:
            return False
    if len(numbers) < 3 or not all(1 <= n <= 10 for n in numbers):
        return False
    if meld.kind == "set":
        return len(set(numbers)) == 1
    return numbers == list(range(numbers[0], numbers[0] + len(numbers)))


def check_split(verdict: Verdict) -> None:
    """The split uses every card exactly once and every meld is valid."""
    used = [card for meld in verdict.melds for card, _ in meld.cards]
    used += list(verdict.loose_cards) + ([verdict.free] if verdict.free else [])
    assert sorted(used) == sorted(verdict.cards)
    assert all(valid_meld(meld) for meld in verdict.melds), verdict.melds
    assert verdict.free is None or verdict.free in FREE_CARDS
    assert not any(card in FREE_CARDS for meld in verdict.melds for card, _ in meld.cards)


def test_there_are_at_least_forty_hand_cases() -> None:
    assert len(CASES) >= 40
    assert len({hand for hand, _, _ in CASES}) == len(CASES)


@pytest.mark.parametrize(("hand", "complete", "loose"), CASES)
def test_hand_verdict(hand: str, complete: bool, loose: int) -> None:
    verdict = SOLVER.verdict_uncached(hand.split())
    assert (verdict.complete, verdict.loose) == (complete, loose)
    assert verdict.summary == (
        "complete" if complete else f"{loose} card{'s' if loose != 1 else ''} loose"
    )
    check_split(verdict)
    assert SOLVER.verdict(hand.split()) == verdict


def test_wilds_are_shown_as_the_number_they_stand_for() -> None:
    verdict = SOLVER.verdict(cards("9 10 smash 2 2 2 2"))
    assert [str(meld) for meld in verdict.melds] == ["2 2 2 2", "smash=8 9 10"]


def test_a_dink_shot_hand_may_be_laid_down_even_incomplete() -> None:
    assert SOLVER.verdict(cards("dink 1 2 4 6 8 10")).can_lay_down
    assert not SOLVER.verdict(cards("kitchen 1 2 4 6 8 10")).can_lay_down


@pytest.mark.parametrize(
    ("hand", "serving", "value"),
    [
        ("1 2 3 4 5 6 7", True, 1),
        ("1 2 3 4 5 6 7", False, 0),
        ("1 2 3 4 5 6 pickler", True, 2),
        ("pickler pickler 1 2 3 4 dink", True, 4),  # the most a hand can score
        ("pickler pickler 1 2 3 4 dink", False, 1),
        ("dink dink 1 2 4 6 8", True, 2),  # the most an incomplete hand can score
        ("pickler 1 2 4 6 8 10", True, 0),  # Picklers count only in complete hands
        ("dink 1 2 4 6 8 10", False, 1),
    ],
)
def test_hand_value(hand: str, serving: bool, value: int) -> None:
    assert SOLVER.verdict(hand.split()).value(serving) == value


NAMES = [str(n) for n in range(1, 11)] + ["smash", "pickler", "kitchen", "dink"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(NAMES), min_size=7, max_size=7), st.randoms())
def test_the_verdict_does_not_depend_on_card_order(cards: list[str], rng: random.Random) -> None:
    shuffled = list(cards)
    rng.shuffle(shuffled)
    first, second = SOLVER.verdict(cards), SOLVER.verdict(shuffled)
    assert first == second
    check_split(first)


def test_the_solver_caches_stay_bounded_and_right_after_clearing() -> None:
    solver = HandSolver(1, 10, cache_limit=40)
    rng = random.Random(3)
    deck = [str(n) for n in range(1, 11) for _ in range(4)] + ["smash", "pickler"] * 2
    for _ in range(300):
        hand = solver.sort(rng.sample(deck, 8))
        menu = solver.lay_down_discards(hand)
        assert solver.verdict_sorted(hand) == SOLVER.verdict_uncached(hand)
        assert menu == SOLVER.lay_down_discards(hand)
        assert solver.loose_sorted(hand) == SOLVER.verdict_uncached(hand).loose
        assert len(solver._verdicts) <= 40 and len(solver._lay_down) <= 40
        assert len(solver._loose) <= 40
        # The search table is checked before each search: one search may add a few more.
        assert len(solver._melded_memo) <= 40 + 200


def test_the_loose_count_alone_agrees_with_the_full_verdict() -> None:
    # Search asks only how many cards are loose; it must be the verdict's count.
    solver = HandSolver(1, 10)
    rng = random.Random(9)
    deck = [str(n) for n in range(1, 11) for _ in range(4)]
    deck += ["smash"] * 4 + ["pickler"] * 2 + ["kitchen"] * 4 + ["dink"] * 2
    for _ in range(2000):
        hand = solver.sort(rng.sample(deck, rng.choice((7, 8))))
        verdict = SOLVER.verdict_uncached(hand)
        assert solver.loose_sorted(hand) == verdict.loose
        assert solver.may_lay_down_sorted(hand) == verdict.can_lay_down


def test_a_discard_offers_a_lay_down_when_the_hand_left_may_be_laid_down() -> None:
    # The menu is worked out on card counts; it must match judging each hand left.
    solver = HandSolver(1, 10)
    rng = random.Random(11)
    deck = [str(n) for n in range(1, 11) for _ in range(4)]
    deck += ["smash"] * 4 + ["pickler"] * 2 + ["kitchen"] * 4 + ["dink"] * 2
    for _ in range(1500):
        hand = solver.sort(rng.sample(deck, rng.choice((2, 5, 8, 8, 8))))
        left_after = {card: hand[:i] + hand[i + 1 :] for i, card in enumerate(hand)}
        expected = {c for c, left in left_after.items() if SOLVER.verdict(left).can_lay_down}
        assert solver.lay_down_discards(hand) == expected, hand
