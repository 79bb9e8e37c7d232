"""The board game in words, and the view each seat's client draws.

Every sentence the board game shows people lives here: log lines for
events, menu labels for actions, prompts and the outcome. `view` is the JSON
a client is sent: the seat's observation plus names, labels, the prompt and
the fields clients need (each Skill Card's result and shot, each Strategy
Card's face, the shot to answer), so no client parses an id or a label.

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> events = state.apply_text("draw dinkin-dana")
>>> GAME.presenter.describe(state, events[0])
"Blue plays as Dinkin' Dana (Nice Shot Dink, Bad Shot Lob)."
>>> GAME.presenter.prompt(state)
'Yellow draws a character'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.presenter import MenuChoice, Presenter
from pickletable.core.state import GameState
from pickletable.games.board.card_notes import describe_answer, mark_cards
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.dealing import pile_to_draw
from pickletable.games.board.state import BoardState

HIT_NAMES = {1: "the serve", 2: "the return of serve"}
"""Hits after these are numbered: shot 3, shot 4, ..."""


SKIP_STANCHION = "serve without stanchion"
"""The words for serving before the stanchion is placed (the serve is lost)."""


class BoardPresenter(Presenter):
    """Words and client views of the board game."""

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The seat's observation with names, labels, the prompt and the outcome in words."""
        board = _board(state)
        content = board.rules.content
        view = board.observe(seat).to_json()
        marks = piece_marks(board.rules.colour_of[s] for s in board.seats)
        for entry, mark in zip(view["seats"], marks, strict=True):
            entry["name"] = board.seat_name(entry["seat"])
            entry["mark"] = mark
            character = entry["character"]
            if character is not None:
                character["name"] = content.characters[character["id"]].name
            for card in entry["skill_cards"]:
                card["label"] = content.skill_cards[card["id"]].label
            for card in entry["strategy_cards"]:
                card["label"] = _shot_name(card["face"])
        mark_cards(board, view)
        describe_answer(board, view["rally"]["to_answer"])
        play_card = view["play_card"]
        if play_card is not None:
            view["play_card"] = {"id": play_card, "text": play_card_text(board, play_card)}
        if view["outcome"] is not None:
            view["outcome"]["text"] = self.outcome_text(board)
        view["options"] = dict(board.rules.options)
        view["prompt"] = self.prompt(board)
        if note := self.no_choices_note(board):
            view["no_choices"] = note
        return view

    def no_choices_note(self, state: GameState) -> str:
        """The beginner level's note: dice only, so a player never has a choice to make."""
        if _board(state).rules.level != "beginner":
            return ""
        return (
            "Beginner level: the dice decide every shot and there are no cards, "
            "so there is nothing for you to choose."
        )

    def describe(self, state: GameState, event: Event) -> str:
        """One log sentence for an event ("" for events another line already tells)."""
        return _describe(_board(state), event)

    def prompt(self, state: GameState) -> str:
        """What the game waits for now."""
        return _prompt(_board(state), self)

    def label(self, state: GameState, action: Action) -> str:
        """A menu label for an action."""
        return _label(_board(state), action)

    def menu(self, state: GameState, actions: list[Action]) -> list[MenuChoice]:
        """One choice per action; the serve that skips the stanchion is typed in words, since
        a bare ``serve`` is the ordinary serve a prompt later."""
        board = _board(state)
        skips = board.rules.stanchion_rule and not board.stanchion
        return [
            replace(choice, words=SKIP_STANCHION)
            if skips and choice.action.verb == "serve"
            else choice
            for choice in super().menu(state, actions)
        ]

    def outcome_text(self, state: GameState) -> str:
        """Who won and at what level: ``Blue won, reaching 5.0``."""
        board = _board(state)
        outcome = board.outcome
        if outcome is None:
            return ""
        names = " and ".join(board.seat_name(seat) for seat in outcome.winners)
        return f"{names} won, reaching {board.level_of(outcome.winners[0]):.1f}"


CAN_ONLY_LOSE = "can only lose: your Bad Shot"
"""The mark on a Skill Card whose shot is the player's own Bad Shot (it ends the rally OUT)."""


def _losing(board: BoardState, card_id: str) -> str:
    """`` (can only lose: your Bad Shot)`` on a Skill Card that plays the deciding player's
    own Bad Shot (it ends the rally OUT), else ""."""
    player = board.current_player
    card = board.rules.content.skill_cards[card_id]
    if player is None or player < 0 or card.shot is None:
        return ""
    return f" ({CAN_ONLY_LOSE})" if card.shot == board.character_of(player).bad else ""


def piece_marks(colours: Iterable[str]) -> list[str]:
    """The mark on each seat's piece: its colour's initial, with a number where two share one.

    >>> piece_marks(["blue", "red", "yellow", "black"])
    ['B1', 'R', 'Y', 'B2']
    """
    initials = [colour[:1].upper() for colour in colours]
    marks = []
    for index, initial in enumerate(initials):
        if initials.count(initial) == 1:
            marks.append(initial)
        else:
            marks.append(f"{initial}{initials[: index + 1].count(initial)}")
    return marks


def _board(state: GameState) -> BoardState:
    if not isinstance(state, BoardState):
        raise TypeError(f"the board game presenter was given a {type(state).__name__}")
    return state


def _shot_name(face: str) -> str:
    return face.capitalize()


def _hit_name(number: int) -> str:
    return HIT_NAMES.get(number, f"shot {number}")


def _face(face: str) -> str:
    return face.upper() if face in ("in", "out", "ace") else face.capitalize()


# --- events ------------------------------------------------------------------
def _describe(state: BoardState, event: Event) -> str:
    name = state.seat_name
    content = state.rules.content
    data = event.data
    kind = event.kind
    if kind == EventKind.CHARACTER:
        character = content.characters[data["card"]]
        return (
            f"{name(data['seat'])} plays as {character.name} (Nice Shot "
            f"{_shot_name(character.nice)}, Bad Shot {_shot_name(character.bad)})."
        )
    if kind == EventKind.CARD:
        return f"{name(data['seat'])} picks up {_card_label(state, data['pile'], data['card'])}."
    if kind == EventKind.FIRST_SERVER:
        return f"The Colour Ball die picks {name(data['seat'])} to serve first."
    if kind == EventKind.TO_SERVE:
        return f"{name(data['seat'])} to serve."
    if kind == EventKind.STANCHION:
        return f"{name(data['seat'])} places the ball stanchion."
    if kind == EventKind.FAULT:
        return f"{name(data['seat'])} served without the stanchion and loses the serve."
    if kind in (EventKind.SERVE, EventKind.DIE):
        return ""  # the shot line that follows says what was rolled
    if kind == EventKind.SHOT:
        return _describe_shot(state, data)
    if kind == EventKind.SKILL_CARD:
        return (
            f"{name(data['seat'])} plays the Skill Card {content.skill_cards[data['card']].label}."
        )
    if kind == EventKind.STRATEGY_CARD:
        return (
            f"{name(data['seat'])} plays the Strategy Card {_shot_name(data['card'])}: "
            "the rally ends with no point."
        )
    if kind == EventKind.RALLY_OVER:
        return {
            "point": "The serving side wins the rally.",
            "side_out": "Side out.",
            "strategy": "",
        }[data["end"]]
    if kind == EventKind.POINT:
        return f"{name(data['seat'])} earns a point: {data['from']:.1f} → {data['to']:.1f}."
    if kind == EventKind.PLAY_CARD:
        return f'{name(data["seat"])} draws a Play Card: "{play_card_text(state, data["card"])}"'
    if kind == EventKind.MOVE:
        return _describe_move(state, data)
    if kind == EventKind.NO_EFFECT:
        why = {
            "no_partner": "there is no partner in singles",
            "no_target": "no opponent can be moved",
            "pile_empty": "that pile is empty",
        }[data["why"]]
        return f"The card has no effect: {why}."
    if kind == EventKind.SERVER_CHOSEN:
        return f"{name(data['seat'])} picks {name(data['server'])} to serve."
    if kind == EventKind.GAME_OVER:
        winners = " and ".join(name(s) for s in data["winners"])
        return f"{winners} {'win' if len(data['winners']) > 1 else 'wins'} the game!"
    return f"{kind}: {data}"


def _describe_shot(state: BoardState, data: dict[str, Any]) -> str:
    seat = int(data["seat"])
    who = state.seat_name(seat)
    result = str(data["result"]).upper()
    face = data["face"]
    shot = f"{result}, {_shot_name(str(face))}" if face else result
    hit = int(data["hit"])
    verb = {1: "serves", 2: "returns the serve"}.get(hit, f"hits shot {hit}")
    text = f"{who} {verb}: {shot}"
    if data["bad_shot"]:
        text += f" ({_shot_name(str(face))} is {who}'s Bad Shot, so the ball is OUT)"
    elif data["nice_shot"]:
        text += " (a Nice Shot: the next hitter may not use a Skill Card unless it shares it)"
    return text + "."


def _describe_move(state: BoardState, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    if data["blocked"]:
        return f"{who} stays at {data['to']:.1f}: a finished player never moves down."
    if data["from"] == data["to"]:
        return f"{who} stays at {data['to']:.1f}."
    way = "ahead" if data["to"] > data["from"] else "back"
    return f"{who} moves {way}: {data['from']:.1f} → {data['to']:.1f}."


def _card_label(state: BoardState, pile: str, card: str) -> str:
    if pile == "skill":
        return f"the Skill Card {state.rules.content.skill_cards[card].label}"
    return f"the Strategy Card {_shot_name(card)}"


# --- actions -----------------------------------------------------------------
def _label(state: BoardState, action: Action) -> str:
    verb = action.verb
    content = state.rules.content
    if verb == "serve":
        if state.rules.stanchion_rule and not state.stanchion:
            return "Serve without the stanchion (loses the serve)"
        return "Serve: roll the IN/OUT/ACE die"
    if verb == "place":
        return "Place the ball stanchion"
    if verb == "roll" and not action.args:
        return "Roll both dice"
    if verb == "skill":
        card = action.args[0]
        return f"Play Skill Card {content.skill_cards[card].label} instead of rolling" + _losing(
            state, card
        )
    if verb == "strategy":
        return (
            f"Play Strategy Card {_shot_name(action.args[0])}: end the rally, "
            "then choose who serves"
        )
    if verb in ("server", "target"):
        seat = state.rules.seat_of_colour[action.args[0]]
        level = f"{state.level_of(seat):.1f}"
        if verb == "server":
            return f"{state.seat_name(seat)} serves next (skill {level})"
        return f"Move {state.seat_name(seat)} (skill {level})"
    if verb == "roll":
        return _face(action.args[0])
    if verb == "draw":
        return _draw_label(state, action.args[0])
    return str(action)


def play_card_text(state: BoardState, card: str) -> str:
    """A Play Card's words for this table: in singles a card about "your partner" says
    instead that it has no effect (there is no partner to move)."""
    info = state.rules.content.play_cards[card]
    if info.effect == "move_partner" and not state.rules.doubles:
        return "A card for doubles: it has no effect in singles."
    return info.text


def _draw_label(state: BoardState, card: str) -> str:
    content = state.rules.content
    pile = pile_to_draw(state)
    if pile == "character":
        return content.characters[card].name
    if pile == "play":
        return play_card_text(state, card)
    return _card_label(state, pile, card).removeprefix("the ")


# --- prompts -----------------------------------------------------------------
def _prompt(state: BoardState, presenter: BoardPresenter) -> str:
    step = state.step
    name = state.seat_name
    if step == Step.DEAL:
        seat, pile = state.deal_queue[0]
        what = {"character": "a character", "skill": "a Skill Card", "strategy": "a Strategy Card"}[
            pile
        ]
        return f"{name(seat)} draws {what}"
    if step == Step.COLOUR:
        return "Roll the Colour Ball die to pick the first server"
    hitter = state.hitter()
    if step == Step.SERVE:
        extra = (
            " (place the stanchion first)"
            if state.rules.stanchion_rule and not state.stanchion
            else ""
        )
        return f"{name(state.order[0])} to serve{extra}"
    if step == Step.SERVE_ROLL:
        return f"{name(state.order[0])} serves: roll the IN/OUT/ACE die"
    if step == Step.HIT and hitter is not None:
        return f"{name(hitter)} to hit {_hit_name(state.hit_number)}"
    if step == Step.ROLL_OUTCOME and hitter is not None:
        return f"{name(hitter)} rolls both dice: first the IN/OUT/ACE die"
    if step == Step.ROLL_HIT and hitter is not None:
        return f"{name(hitter)} rolls both dice: now the HIT die"
    if step == Step.CHOOSE_SERVER and state.chooser is not None:
        return f"{name(state.chooser)} chooses who serves next"
    if step == Step.PLAY_DRAW and state.earner is not None:
        return f"{name(state.earner)} draws a Play Card"
    if step == Step.PLAY_TARGET and state.earner is not None:
        text = play_card_text(state, state.play_card or "")
        return f'{name(state.earner)} picks an opponent: "{text}"'
    if step == Step.CARD_DRAW and state.earner is not None:
        what = "a Skill Card" if state.draw_pile == "skill" else "a Strategy Card"
        return f"{name(state.earner)} picks up {what}"
    outcome = presenter.outcome_text(state)
    return f"Game over: {outcome}" if outcome else "Game over"
