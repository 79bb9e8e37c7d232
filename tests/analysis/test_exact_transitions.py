"""What follows a rally, kept by the engine's answers, is what the engine plays.

`Transitions` plays the engine once per new set of answers (levels compared,
pile cards read) and reuses the result for every position that answers
alike; these tests walk every position at a serve of small tables with the
engine itself and check both give the same next positions with the same
probabilities.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Callable
from typing import Any

import pytest

from pickletable.core.errors import PickletableError
from pickletable.games.board.exact.analysis import (
    _in_order,
    deck_cards,
    first_servers,
    make_variant,
)
from pickletable.games.board.exact.rally import Planner
from pickletable.games.board.exact.symbolic import (
    Compare,
    Exactly,
    KnownCard,
    Level,
    Recorder,
    TrackedPile,
)
from pickletable.games.board.exact.transitions import (
    Final,
    Transitions,
    Tree,
    engine_rests,
    engine_successors,
)
from pickletable.games.board.key import position_key
from pickletable.games.board.state import BoardState

TABLES: dict[str, tuple[str, int, list[str], int | None]] = {
    "beginner singles": ("beginner", 2, [], None),
    "beginner doubles, a short track": ("beginner", 4, ["target=2.0"], None),
    "beginner doubles, the server keeps the serve": (
        "beginner",
        4,
        ["target=2.0", "serve_after_point=keep"],
        None,
    ),
    "intermediate singles, the listed order": ("intermediate", 2, [], None),
    "intermediate singles, a shuffled order": ("intermediate", 2, [], 7),
    "intermediate doubles, a short track": ("intermediate", 4, ["target=2.0"], None),
    "intermediate doubles, a shuffled order": ("intermediate", 4, ["target=3.0"], 3),
}
"""Tables whose every position at a serve is checked: level, players, options, shuffle seed."""


def _starts(name: str) -> list[BoardState]:
    level, players, options, seed = TABLES[name]
    variant = make_variant(name, players, options, level)
    starts = variant.starts(first_servers(variant))
    if level == "beginner":
        return starts
    cards = [card for card, n in deck_cards(variant).items() for _ in range(n)]
    if seed is not None:
        random.Random(seed).shuffle(cards)
    return _in_order(starts, cards)


@pytest.mark.parametrize("name", list(TABLES))
def test_every_position_at_a_serve_leads_where_the_engine_leads(name: str) -> None:
    planner = Planner()
    transitions = Transitions(Planner())
    pending = _starts(name)
    seen = {position_key(state) for state in pending}
    while pending:
        state = pending.pop()
        expected = engine_successors(state.clone(), planner)
        found = transitions.successors(transitions.state(state))
        assert [
            (p, after if type(after) is Final else transitions.position_key(after))  # type: ignore[arg-type]
            for p, after in found
        ] == expected
        for _, rest in engine_rests(state.clone(), planner):
            key = position_key(rest)
            if rest.outcome is None and key not in seen:
                seen.add(key)
                pending.append(rest)
    assert transitions.engine_runs < len(seen)


def test_the_engine_is_played_far_less_often_than_there_are_positions() -> None:
    transitions = Transitions()
    pending = [transitions.state(start) for start in _starts("intermediate doubles, a short track")]
    seen = set(pending)
    while pending:
        for _, after in transitions.successors(pending.pop()):
            if type(after) is not Final and after not in seen:
                seen.add(after)  # type: ignore[arg-type]
                pending.append(after)  # type: ignore[arg-type]
    assert transitions.engine_runs * 3 < len(seen)


# --- the tracked levels and piles ---------------------------------------------------
COMPARISONS: list[Callable[[Any, Any], bool]] = [
    operator.lt,
    operator.le,
    operator.gt,
    operator.ge,
    operator.eq,
    operator.ne,
]


@pytest.mark.parametrize("compare", COMPARISONS)
def test_a_tracked_level_compares_as_its_level_and_says_what_was_asked(
    compare: Callable[[Any, Any], bool],
) -> None:
    rng = random.Random(0)
    for _ in range(200):
        levels = tuple(rng.randrange(11) for _ in range(4))
        seat, shift, bound = rng.randrange(4), rng.randrange(-2, 3), rng.randrange(-1, 12)
        recorder = Recorder(levels, ())
        assert compare(Level(seat, 0, recorder) + shift, bound) == compare(
            levels[seat] + shift, bound
        )
        ((condition, _answer),) = recorder.path
        other = tuple(rng.randrange(11) for _ in range(4))
        assert condition.answer(other, ()) == compare(other[seat] + shift, bound)


def test_the_medium_bots_ranking_of_two_opponents_is_asked_as_a_comparison() -> None:
    recorder = Recorder((0, 0, 4, 6), ())
    skill = [Level(seat, 0, recorder) for seat in range(4)]
    assert max((2, 3), key=lambda seat: (True, skill[seat])) == 3
    assert [str(condition) for condition, _ in recorder.path] == [
        "level[3] == level[2] + 0",
        "level[3] > level[2] + 0",
    ]


def test_a_use_the_tracking_cannot_follow_asks_for_the_level_itself() -> None:
    recorder = Recorder((0, 7, 0, 0), ())
    level = Level(1, 2, recorder)
    assert int(level) == 9 and level + Level(1, 0, recorder) == 16
    assert recorder.path[0] == (Exactly(1), 7)


def test_the_track_step_scales_a_level_without_asking() -> None:
    recorder = Recorder((3, 0, 0, 0), ())
    round(Level(0, 0, recorder) * 0.5, 6)
    assert recorder.path == []


def test_a_tracked_pile_asks_its_known_cards_in_order_then_gives_the_ones_put_under() -> None:
    recorder = Recorder((0, 0, 0, 0), [("a", "b")])
    pile = TrackedPile("play", 0, {}, 2, recorder)
    drawn = []
    for _ in range(3):
        ((card, probability),) = pile.draw_outcomes()
        assert probability == 1.0
        pile.take(card)
        pile.put_bottom(card)
        drawn.append(card)
    assert drawn == ["a", "b", "a"] and len(pile) == 2
    assert [condition for condition, _ in recorder.path] == [
        KnownCard("play", 0, 0),
        KnownCard("play", 0, 1),
    ]
    with pytest.raises(PickletableError):
        pile.cards()


def test_a_tree_refuses_an_engine_that_asks_otherwise_than_before() -> None:
    tree = Tree()
    tree.file([(Compare(0, operator.ge, 10), False)], [])
    with pytest.raises(PickletableError, match="asked"):
        tree.file([(Compare(2, operator.ge, 10), False)], [])
