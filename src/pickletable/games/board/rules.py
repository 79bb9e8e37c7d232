"""The board game's legality: the actions open at each step, and why a card may not be played.

A hitter rolls or (advanced) plays a Skill or Strategy Card it may play now
(`hit_actions`); the server serves, placing the stanchion first where
the rule is on; a Strategy Card's player picks the next server, a Play
Card's drawer an opponent; chance offers the faces of its die or the cards
of its pile.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou", "roll blue"]:
...     _ = state.apply_text(text)
>>> [str(action) for action in legal_actions(state)]
['serve']
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.games.board.codes import (
    CHANCE_STEPS,
    HITTER_ASKED,
    PLACE_STANCHION,
    ROLL,
    SERVE,
    Step,
)
from pickletable.games.board.position import BoardPosition

# The steps as module constants: `legal_actions` runs at every step of every rollout.
_HIT: Final = Step.HIT
_SERVE: Final = Step.SERVE
_CHOOSE_SERVER: Final = Step.CHOOSE_SERVER
_PLAY_TARGET: Final = Step.PLAY_TARGET


def legal_actions(position: BoardPosition) -> list[Action]:
    """The actions open now (for chance: the faces of the die or the cards it may give)."""
    step = position.step
    if step == _HIT:
        return hit_actions(position)
    if step == _SERVE:
        if position.rules.stanchion_rule and not position.stanchion:
            return [PLACE_STANCHION, SERVE]
        return [SERVE]
    if step in CHANCE_STEPS:
        return [action for action, _ in position.chance_outcomes()]
    if step == _CHOOSE_SERVER:
        return [Action("server", (position.rules.colour_of[s],)) for s in position.targets]
    if step == _PLAY_TARGET:
        return [Action("target", (position.rules.colour_of[s],)) for s in position.targets]
    return []


def card_refusal(position: BoardPosition, action: Action) -> str:
    """Why a hitter may not play this Skill or Strategy Card now, the engine's refusal
    message ("" for any other action)."""
    if position.step in HITTER_ASKED and action.verb in ("skill", "strategy"):
        return _card_refusal(position, action)
    return ""


def hit_actions(position: BoardPosition) -> list[Action]:
    """What the hitter may do: roll, or play a Skill or Strategy Card the rules allow."""
    if not position.rules.advanced:
        return [ROLL]
    actions = [ROLL]
    hitter = position.order[position.hit_index]
    if position.skill_hand[hitter] and position.skill_card_allowed():
        hand = dict.fromkeys(position.skill_hand[hitter])
        actions += [Action("skill", (card,)) for card in hand]
    actions += [Action("strategy", (face,)) for face in position.strategy_faces_allowed()]
    return actions


def _card_refusal(position: BoardPosition, action: Action) -> str:
    hitter = position.order[position.hit_index]
    name = position.seat_name(hitter)
    if not position.rules.advanced:
        return "cards are used at the advanced level only"
    if position.hit_number < 3:
        return "no cards on the serve or the return of serve"
    if action.verb == "skill":
        if tuple(action.args) not in [(c,) for c in position.skill_hand[hitter]]:
            return f"{name} holds no such Skill Card"
        return "the last shot was the other player's Nice Shot"
    if tuple(action.args) not in [(c,) for c in position.strategy_hand[hitter]]:
        return f"{name} holds no such Strategy Card"
    return "a Strategy Card must match the HIT face of the last IN shot, and not your Bad Shot"
