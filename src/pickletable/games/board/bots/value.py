"""The chance of winning an advanced singles board game from the start of a rally.

A logistic model fitted to `medium` self-play
(``benchmarks/board_value_fit.py`` plays the games and fits it): the log-odds that a seat wins is
``w · (features of the seat) - w · (features of its opponent)``, so the two
chances add up to one. A seat's features are

- its distance to the target and its opponent's (in spaces), their product,
  squares and logarithms, each also with whether it serves;
- its cards that can help: ACE Skill Cards, IN Skill Cards of its Nice
  Shot, other IN Skill Cards that are not its Bad Shot, Strategy Cards that
  are not its Bad Shot; each count alone and with whether it serves.

It holds for the game it was fitted on (advanced singles to 5.0 in steps
of 0.5, `applies` says so); the `hard` bot plays out whole games elsewhere.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced"})
>>> applies(state)
True
>>> applies(GAME.new_game(4, {"level": "advanced"}))
False
"""

from __future__ import annotations

import functools
import math

from pickletable.games.board.position import BoardPosition

TARGET_SPACES = 10
"""The track the model was fitted on: 10 spaces (5.0 in steps of 0.5)."""

WEIGHTS: tuple[float, ...] = (
    # distances to the target: mine, theirs, product, squares, logarithms
    -0.10375, 0.10375, 0.0, 0.03408, -0.03408, -0.22935, 0.22935,
    # the same, when serving
    0.17075, 0.2745, -0.03169, -0.08249, -0.11657, -0.59462, -0.36528,
    # cards: ACE, IN Nice Shot, other IN, Strategy
    0.35775, 0.08983, 0.07936, 0.06325,
    # the same, when serving
    0.01567, 0.01167, 0.00593, 0.02641,
)  # fmt: skip
"""The fitted weights, one per feature (see `features`)."""


def applies(position: BoardPosition) -> bool:
    """Whether the model was fitted for this game: advanced singles on a 10-space track."""
    rules = position.rules
    return rules.advanced and not rules.doubles and rules.target_spaces == TARGET_SPACES


def win_chance(position: BoardPosition, seat: int) -> float:
    """`seat`'s chance of winning (an `applies` game, between rallies or in one)."""
    outcome = position.outcome
    if outcome is not None:
        return 1.0 if seat in outcome.winners else 0.0
    other = next(s for s in position.seats if s != seat)
    mine = features(position, seat, other)
    theirs = features(position, other, seat)
    logit = sum(w * (a - b) for w, a, b in zip(WEIGHTS, mine, theirs, strict=True))
    return 1.0 / (1.0 + math.exp(-logit))


def chances(position: BoardPosition) -> dict[int, float]:
    """Both seats' chances (an `applies` game between rallies): `win_chance` of each, worked
    out at once from the model's parts (the track's from a small table, the cards' as a
    sum), for the lab, which reads it at every serve.

    >>> from pickletable.games.board import GAME
    >>> state = GAME.new_game(2, {"level": "advanced"})
    >>> while state.step != "serve":
    ...     _ = state.push(state.chance_outcomes()[0][0])
    >>> both = chances(state)
    >>> all(abs(both[seat] - win_chance(state, seat)) < 1e-12 for seat in state.seats)
    True
    """
    outcome = position.outcome
    seat, other = position.seats
    if outcome is not None:
        return {seat: float(seat in outcome.winners), other: float(other in outcome.winners)}
    mine = TARGET_SPACES - position.skill[seat]
    theirs = TARGET_SPACES - position.skill[other]
    serving = position.server == seat
    logit = _track_logit(mine, theirs, serving) - _track_logit(theirs, mine, not serving)
    logit += _cards_logit(position, seat, serving) - _cards_logit(position, other, not serving)
    chance = 1.0 / (1.0 + math.exp(-logit))
    return {seat: chance, other: 1.0 - chance}


@functools.cache
def _track_logit(mine: int, theirs: int, serves: bool) -> float:
    track = _track(mine, theirs)
    weights = (
        WEIGHTS[:7]
        if not serves
        else [a + b for a, b in zip(WEIGHTS[:7], WEIGHTS[7:14], strict=True)]
    )
    return sum(w * x for w, x in zip(weights, track, strict=True))


def _cards_logit(position: BoardPosition, seat: int, serves: bool) -> float:
    cards = _cards(position, seat)
    weights = CARD_WEIGHTS[serves]
    return sum(w * x for w, x in zip(weights, cards, strict=True))


CARD_WEIGHTS = {
    False: WEIGHTS[14:18],
    True: tuple(a + b for a, b in zip(WEIGHTS[14:18], WEIGHTS[18:22], strict=True)),
}


def features(position: BoardPosition, seat: int, other: int) -> list[float]:
    """One seat's features (see the module docstring), in the order of `WEIGHTS`."""
    mine = TARGET_SPACES - position.skill[seat]
    theirs = TARGET_SPACES - position.skill[other]
    serves = 1.0 if position.server == seat else 0.0
    track = _track(mine, theirs)
    cards = _cards(position, seat)
    return [*track, *(serves * x for x in track), *cards, *(serves * x for x in cards)]


def _track(mine: int, theirs: int) -> list[float]:
    mine, theirs = max(mine, 1), max(theirs, 1)
    return [
        mine,
        theirs,
        mine * theirs / 10,
        mine * mine / 10,
        theirs * theirs / 10,
        math.log(mine),
        math.log(theirs),
    ]


def _cards(position: BoardPosition, seat: int) -> list[float]:
    content = position.rules.content
    character = position.character_of(seat)
    aces = nice = plain = 0
    for card_id in position.skill_hand[seat]:
        card = content.skill_cards[card_id]
        if card.result == "ace":
            aces += 1
        elif card.result == "in" and card.shot == character.nice:
            nice += 1
        elif card.result == "in" and card.shot != character.bad:
            plain += 1
    strategies = sum(1 for face in position.strategy_hand[seat] if face != character.bad)
    return [aces, nice, plain, strategies]
