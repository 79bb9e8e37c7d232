"""Words for the board game: log lines, menu labels and prompts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.actions import Action
from pickletable.core.events import Event

if TYPE_CHECKING:
    from pickletable.games.board.state import BoardState

HIT_NAMES = {1: "the serve", 2: "the return of serve"}
"""Hits after these are numbered: shot 3, shot 4, ..."""


def _shot_name(face: str) -> str:
    return face.capitalize()


def _hit_name(number: int) -> str:
    return HIT_NAMES.get(number, f"shot {number}")


def describe(state: BoardState, event: Event) -> str:
    """One log sentence for an event ("" for events another line already tells)."""
    name = state.seat_name
    content = state.rules.content
    data = event.data
    kind = event.kind
    if kind == "character":
        character = content.characters[data["card"]]
        return (
            f"{name(data['seat'])} plays as {character.name} (Nice Shot "
            f"{_shot_name(character.nice)}, Bad Shot {_shot_name(character.bad)})."
        )
    if kind == "card":
        return f"{name(data['seat'])} picks up {_card_label(state, data['pile'], data['card'])}."
    if kind == "first_server":
        return f"The Colour Ball die picks {name(data['seat'])} to serve first."
    if kind == "to_serve":
        return f"{name(data['seat'])} to serve."
    if kind == "stanchion":
        return f"{name(data['seat'])} places the ball stanchion."
    if kind == "fault":
        return f"{name(data['seat'])} served without the stanchion and loses the serve."
    if kind in ("serve", "die"):
        return ""  # the shot line that follows says what was rolled
    if kind == "shot":
        return _describe_shot(state, data)
    if kind == "skill_card":
        return (
            f"{name(data['seat'])} plays the Skill Card {content.skill_cards[data['card']].label}."
        )
    if kind == "strategy_card":
        return (
            f"{name(data['seat'])} plays the Strategy Card {_shot_name(data['card'])}: "
            "the rally ends with no point."
        )
    if kind == "rally_over":
        return {
            "point": "The serving side wins the rally.",
            "side_out": "Side out.",
            "strategy": "",
        }[data["end"]]
    if kind == "point":
        return f"{name(data['seat'])} earns a point: {data['from']:.1f} -> {data['to']:.1f}."
    if kind == "play_card":
        return f'{name(data["seat"])} draws a Play Card: "{content.play_cards[data["card"]].text}"'
    if kind == "move":
        if data["blocked"]:
            who = name(data["seat"])
            return f"{who} stays at {data['to']:.1f}: a finished player never moves down."
        if data["from"] == data["to"]:
            return f"{name(data['seat'])} stays at {data['to']:.1f}."
        way = "ahead" if data["to"] > data["from"] else "back"
        return f"{name(data['seat'])} moves {way}: {data['from']:.1f} -> {data['to']:.1f}."
    if kind == "no_effect":
        why = {
            "no_partner": "there is no partner in singles",
            "no_target": "no opponent can be moved",
            "pile_empty": "that pile is empty",
        }[data["why"]]
        return f"The card has no effect: {why}."
    if kind == "server_chosen":
        return f"{name(data['seat'])} picks {name(data['server'])} to serve."
    if kind == "game_over":
        winners = " and ".join(name(s) for s in data["winners"])
        return f"{winners} {'win' if len(data['winners']) > 1 else 'wins'} the game!"
    return f"{kind}: {data}"


def _describe_shot(state: BoardState, data: dict[str, object]) -> str:
    seat = int(str(data["seat"]))
    who = state.seat_name(seat)
    result = str(data["result"]).upper()
    face = data["face"]
    shot = f"{result}, {_shot_name(str(face))}" if face else result
    hit = int(str(data["hit"]))
    verb = {1: "serves", 2: "returns the serve"}.get(hit, f"hits shot {hit}")
    text = f"{who} {verb}: {shot}"
    if data["bad_shot"]:
        text += f" ({_shot_name(str(face))} is {who}'s Bad Shot, so the ball is OUT)"
    elif data["nice_shot"]:
        text += " (a Nice Shot: the next hitter may not use a Skill Card unless it shares it)"
    return text + "."


def _face(face: str) -> str:
    return face.upper() if face in ("in", "out", "ace") else face.capitalize()


def _card_label(state: BoardState, pile: str, card: str) -> str:
    if pile == "skill":
        return f"the Skill Card {state.rules.content.skill_cards[card].label}"
    return f"the Strategy Card {_shot_name(card)}"


def describe_action(state: BoardState, action: Action) -> str:
    """A menu label for an action."""
    verb = action.verb
    content = state.rules.content
    if verb == "serve":
        if state.rules.stanchion_rule and not state.stanchion:
            return "Serve now, without the stanchion (loses the serve)"
        return "Serve: roll the IN/OUT/ACE die"
    if verb == "place":
        return "Place the ball stanchion"
    if verb == "roll" and not action.args:
        return "Roll both dice"
    if verb == "skill":
        return f"Play Skill Card {content.skill_cards[action.args[0]].label} instead of rolling"
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


def _draw_label(state: BoardState, card: str) -> str:
    content = state.rules.content
    pile = (
        state.deal_queue[0][1]
        if state.phase == "deal"
        else ("play" if state.phase == "play_draw" else state.draw_pile)
    )
    if pile == "character":
        return content.characters[card].name
    if pile == "play":
        return content.play_cards[card].text
    return _card_label(state, pile, card).removeprefix("the ")


def prompt(state: BoardState) -> str:
    """What the game waits for now."""
    phase = state.phase
    name = state.seat_name
    if phase == "deal":
        seat, pile = state.deal_queue[0]
        what = {"character": "a character", "skill": "a Skill Card", "strategy": "a Strategy Card"}[
            pile
        ]
        return f"{name(seat)} draws {what}"
    if phase == "colour":
        return "Roll the Colour Ball die to pick the first server"
    hitter = state.hitter()
    if phase == "serve":
        extra = (
            " (place the stanchion first)"
            if state.rules.stanchion_rule and not state.stanchion
            else ""
        )
        return f"{name(state.order[0])} to serve{extra}"
    if phase == "serve_roll":
        return f"{name(state.order[0])} serves: roll the IN/OUT/ACE die"
    if phase == "hit" and hitter is not None:
        return f"{name(hitter)} to hit {_hit_name(state.hit_number)}"
    if phase == "roll_outcome" and hitter is not None:
        return f"{name(hitter)} rolls both dice: first the IN/OUT/ACE die"
    if phase == "roll_hit" and hitter is not None:
        return f"{name(hitter)} rolls both dice: now the HIT die"
    if phase == "choose_server" and state.chooser is not None:
        return f"{name(state.chooser)} chooses who serves next"
    if phase == "play_draw" and state.earner is not None:
        return f"{name(state.earner)} draws a Play Card"
    if phase == "play_target" and state.earner is not None:
        text = state.rules.content.play_cards[state.play_card or ""].text
        return f'{name(state.earner)} picks an opponent: "{text}"'
    if phase == "card_draw" and state.earner is not None:
        what = "a Skill Card" if state.draw_pile == "skill" else "a Strategy Card"
        return f"{name(state.earner)} picks up {what}"
    return f"Game over: {outcome_text(state)}" if state.outcome else "Game over"


def outcome_text(state: BoardState) -> str:
    """Who won and at what level: ``Blue won, reaching 5.0``."""
    outcome = state.outcome
    if outcome is None:
        return ""
    names = " and ".join(state.seat_name(seat) for seat in outcome.winners)
    return f"{names} won, reaching {state.level_of(outcome.winners[0]):.1f}"
