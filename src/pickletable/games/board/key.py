"""A board position's key: equal for positions the rules cannot tell apart, hashable.

Two positions with the same key have the same legal actions, the same chance
outcomes with the same probabilities and, move for move, the same futures;
positions with different keys differ in something the rules read. The key
leaves out what only tells the past (the history, the dice and the Play Card
last shown, how many shots a rally has had once the third is reached) and,
below the advanced level, what only the advanced rules read: characters and
their pile (Nice and Bad Shots), the last IN shot (Skill and Strategy Cards)
and the shot count.

Exhaustive analyses merge positions by it (`pickletable.games.board.exact`).

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> other = GAME.new_game(2, {"level": "beginner"})
>>> _ = state.apply_text("draw dinkin-dana")
>>> _ = other.apply_text("draw lobster-lou")
>>> position_key(state) == position_key(other)  # characters: advanced rules only
True
>>> _ = other.apply_text("draw dinkin-dana")
>>> position_key(state) == position_key(other)  # one deal more
False
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from pickletable.games.board.codes import HITTING_STEPS, Step
from pickletable.games.board.config import BoardConfig
from pickletable.games.board.position import BoardPosition

PileKey = tuple[str, tuple[tuple[str, int], ...], tuple[str, ...]]
"""One pile in a key: its name, its unseen cards (card, copies) sorted, its known cards in order."""
PositionKey = tuple[Hashable, ...]
"""What `position_key` returns: the step, the skill levels and the piles first (entries 0, 1
and 2), then the rest of the table (the rally in progress, hands, who is asked, the end)."""


def position_key(position: BoardPosition) -> PositionKey:
    """The key of `position` (see the module docstring)."""
    return (position.step, tuple(position.skill), piles_key(position), *table_key(position))


def piles_key(position: BoardPosition) -> tuple[PileKey, ...]:
    """Entry 2 of the key: every pile the key reads (`keyed_pile`) that holds a card."""
    rules = position.rules
    return tuple(  # in the order the game laid them out (clones keep it)
        (name, tuple(sorted(pile.unseen.items())) if pile.unseen else (), tuple(pile.known))
        for name, pile in position.piles.items()
        if (pile.unseen or pile.known) and keyed_pile(rules, name)
    )


def keyed_pile(rules: BoardConfig, name: str) -> bool:
    """Whether the key reads pile `name` (below the advanced level, not the characters')."""
    return rules.advanced or name != "character"


def table_key(position: BoardPosition) -> tuple[Hashable, ...]:
    """The key after the step, the levels and the piles (entries 3 on): the rest of the table."""
    rules = position.rules
    step = position.step
    advanced = rules.advanced
    if step == _ROLL_HIT:
        dice: str | None = position.last_dice["outcome"]  # the HIT die resolves this one
    else:
        dice = None
    earner = position.earner if step in _PLAY_STEPS else None
    outcome = position.outcome
    return (
        position.server,
        position.stanchion,
        position.order,
        position.hit_index if step in HITTING_STEPS else 0,  # who hit last: the past
        min(position.hit_number, 3) if advanced else 0,
        position.previous if advanced else None,
        dice,
        tuple(position.character) if advanced else (),
        _hands(position.skill_hand),
        _hands(position.strategy_hand),
        tuple(position.deal_queue) if position.deal_queue else (),
        earner,
        position.play_card,
        position.chooser,
        position.targets,
        position.draw_pile if step == _CARD_DRAW else "",
        outcome.winners if outcome is not None else None,
    )


def _hands(hands: list[list[str]]) -> tuple[tuple[str, ...], ...]:
    """Every seat's cards in order of seats (nothing at all when no seat holds any)."""
    return tuple(map(tuple, hands)) if any(hands) else ()


# Steps read at every key, as module constants (a `Step.X` lookup costs on Python 3.11).
_ROLL_HIT: Final = Step.ROLL_HIT
_CARD_DRAW: Final = Step.CARD_DRAW
_PLAY_STEPS = frozenset({Step.PLAY_DRAW, Step.PLAY_TARGET, Step.CARD_DRAW})
"""The steps that read who earned the point (the drawer of the Play Card)."""
