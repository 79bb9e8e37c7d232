"""Slam's legality: the actions open at each step, from the modules whose rules they are.

The follow rule and a turn's choices are in `playing`, the deal and the DRAW
phase's in `dealing`, the twist cards' and the POACH window's in `twists`;
`LEGAL` names the one that answers at each step (`SlamState.legal_actions`
reads it and keeps the answer until the next move).

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> len(legal_actions(state)) == len(state.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Callable

from pickletable.core.actions import Action
from pickletable.games.slam import dealing, playing, twists
from pickletable.games.slam.codes import Step
from pickletable.games.slam.position import SlamPosition


def legal_actions(state: SlamPosition) -> list[Action]:
    """The actions open now (for chance: the cards the stack may give)."""
    return LEGAL[state.step](state)


def chance_legal(state: SlamPosition) -> list[Action]:
    """The cards the stack may give (every chance step)."""
    return [action for action, _ in state.chance_outcomes()]


def _nothing(state: SlamPosition) -> list[Action]:
    """Nothing: the game is over."""
    return []


LEGAL: dict[Step, Callable[[SlamPosition], list[Action]]] = {
    Step.DEAL: chance_legal,
    Step.SWAP: dealing.swap_legal,
    Step.SWAP_DRAW: chance_legal,
    Step.DRAW_CARD: chance_legal,
    Step.DISCARD: dealing.discard_legal,
    Step.NO_DRAW: dealing.no_draw_legal,
    Step.REFILL_DRAW: chance_legal,
    Step.REFILL_RETURN: dealing.return_legal,
    Step.TURN: playing.turn_legal,
    Step.PARTNER: playing.partner_legal,
    Step.TARGET: twists.target_legal,
    Step.SHAKE: twists.shake_legal,
    Step.DRAW_TWO: chance_legal,
    Step.POACH_WINDOW: twists.window_legal,
    Step.OVER: _nothing,
}
"""The legal actions at each step."""
