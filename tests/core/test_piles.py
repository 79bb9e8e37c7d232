"""Face-down piles: unseen cards drawn by chance, returned cards in a known order."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from pickletable.core.piles import Pile


def test_unseen_cards_are_drawn_before_cards_put_back() -> None:
    pile = Pile.of(["a", "b"])
    pile.take("a")
    pile.put_bottom("a")
    assert pile.draw_outcomes() == [("b", 1.0)]
    pile.take("b")
    assert pile.draw_outcomes() == [("a", 1.0)] and pile.can_draw("a")


def test_reshuffle_makes_every_card_unseen() -> None:
    pile = Pile.of(["a"])
    pile.take("a")
    pile.put_bottom("a")
    pile.reshuffle(["b", "b"])
    assert sorted(pile.cards()) == ["a", "b", "b"] and pile.known == []


@given(st.lists(st.sampled_from("abcde"), min_size=1, max_size=30), st.randoms())
def test_cards_are_never_created_or_lost(cards: list[str], rng: random.Random) -> None:
    pile = Pile.of(cards)
    held: list[str] = []
    for _ in range(60):
        if held and rng.random() < 0.4:
            pile.put_bottom(held.pop(rng.randrange(len(held))))
        elif len(pile):
            outcomes = pile.draw_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            card = outcomes[rng.randrange(len(outcomes))][0]
            pile.take(card)
            held.append(card)
        copy = pile.copy()
        assert sorted(copy.cards() + held) == sorted(cards)
        assert len(pile) == len(pile.cards())
