"""What a board game table says about its cards: the shot to answer, and which card may be played.

The view marks every Skill and Strategy Card at the table with `playable`
(the engine offers it now) and, when it is not, `why_not` in a few words; the
shot to answer gets a label and its source ("Yellow's Skill Card"), so a
client can show it where the dice are: after a Skill Card the dice still
show the roll before it, and the card's shot is what the next hitter answers.
`playable` comes from the legal actions; the words only explain them.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced"})
>>> deal = ["in-drop", "in-lob", "ace", "drive", "volley", "dink"] * 2
>>> for text in ["draw big-banger-bo", "draw spin-doctor-sid", *(f"draw {c}" for c in deal),
...              "roll blue", "serve", "roll in"]:
...     _ = state.apply_text(text)
>>> card = GAME.presenter.view(state, 1)["seats"][1]["skill_cards"][0]
>>> card["label"], card["playable"], card["why_not"]
('IN, Drop', False, 'no cards on the serve or the return of serve')
>>> GAME.presenter.view(state, 1)["rally"]["to_answer"]["source"]
"Blue's serve"
"""

from __future__ import annotations

from typing import Any

from pickletable.core.actions import Action
from pickletable.games.board.codes import HITTING_STEPS, Step, Via
from pickletable.games.board.position import LastShot
from pickletable.games.board.rules import card_refusal
from pickletable.games.board.state import BoardState

SOURCES = {Via.SERVE: "serve", Via.ROLL: "roll", Via.SKILL: "Skill Card"}


def mark_cards(state: BoardState, view: dict[str, Any]) -> None:
    """Add `playable` and `why_not` to every card of every seat in `view`."""
    legal = set(state.legal_actions()) if state.step == Step.HIT else set()
    for entry in view["seats"]:
        seat = entry["seat"]
        for kind, key in (("skill", "skill_cards"), ("strategy", "strategy_cards")):
            for card in entry[key]:
                action = Action(kind, (card["id"],))
                playable = state.current_player == seat and action in legal
                card["playable"] = playable
                card["why_not"] = None if playable else why_not(state, seat, action)


def describe_answer(state: BoardState, answer: dict[str, Any] | None) -> None:
    """Add a `label` ("IN, Lob") and a `source` ("Yellow's Skill Card") to the shot to answer."""
    if answer is None:
        return
    face = answer["face"]
    answer["label"] = f"IN, {face.capitalize()}" if face else "IN"
    answer["source"] = f"{state.seat_name(answer['by'])}'s {SOURCES[Via(answer['via'])]}"


def why_not(state: BoardState, seat: int, action: Action) -> str:
    """Why `seat` may not play the card `action` now, in a few words."""
    name = state.seat_name
    hitter = state.hitter()
    if state.outcome is not None:
        return "the game is over"
    if state.step not in HITTING_STEPS or hitter is None:
        return "cards are played only during a rally"
    if state.hit_number < 3:
        return "no cards on the serve or the return of serve"
    if hitter != seat:
        return f"{name(hitter)} is to hit, not {name(seat)}"
    if state.step != Step.HIT:
        return f"{name(seat)} is rolling the dice"
    answer = state.shot_to_answer()
    reason = None
    if answer is not None:
        if action.verb == "skill":
            reason = _skill_reason(state, answer)
        else:
            reason = _strategy_reason(state, seat, answer, action.args[0])
    return reason or card_refusal(state, action)


def _skill_reason(state: BoardState, answer: LastShot) -> str | None:
    if not answer.nice or state.skill_card_allowed():
        return None
    nice = (answer.face or "").capitalize()
    return f"{state.seat_name(answer.hitter)}'s Nice Shot ({nice}): no Skill Card"


def _strategy_reason(state: BoardState, seat: int, answer: LastShot, face: str) -> str | None:
    shot = (answer.face or "").capitalize()
    if answer.face is None:
        return "the shot to answer has no HIT face to match"
    if answer.rolled_face is None:
        return f"{shot} came from a Skill Card, not the dice: no Strategy Card matches it"
    if answer.face == state.character_of(seat).bad:
        return f"{shot} is {state.seat_name(seat)}'s Bad Shot: no Strategy Card"
    if face != answer.face:
        return f"no Strategy Card matches {shot}"
    return None
