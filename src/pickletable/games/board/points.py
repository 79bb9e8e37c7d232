"""Points, serving and Play Cards: what happens once a rally ends, up to the end of the game.

A point moves the server one space up the skill track; beyond the beginner
level its earner then draws a Play Card and carries it out. The serve then
stays or passes clockwise (players at the target no longer serve), and the
game ends the moment a player, or in doubles a whole team, is at the target.
"""

from __future__ import annotations

from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import Outcome, Termination
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.config import team_of
from pickletable.games.board.dealing import give
from pickletable.games.board.position import BoardPosition

_SERVE: Final = Step.SERVE
_TO_SERVE: Final = EventKind.TO_SERVE


# --- points and the serve ----------------------------------------------------
def point(position: BoardPosition, events: list[Event[EventKind]]) -> None:
    """The serving side won the rally: its server moves up, then draws a Play Card."""
    earner = position.order[0]
    before = position.level_of(earner)
    position.skill[earner] = min(position.skill[earner] + 1, position.rules.target_spaces)
    events.append(
        Event(EventKind.POINT, {"seat": earner, "from": before, "to": position.level_of(earner)})
    )
    if check_win(position, events):
        return
    if position.rules.level != "beginner" and len(position.piles["play"]):
        position.earner = earner
        position.step = Step.PLAY_DRAW
        return
    serve_after_point(position, events)


def side_out(position: BoardPosition, events: list[Event[EventKind]]) -> None:
    """The receiving side won the rally: the serve passes."""
    start_serve(position, next_server(position, position.order[0]), events)


def serve_after_point(position: BoardPosition, events: list[Event[EventKind]]) -> None:
    """After a point the server keeps the serve or passes it, as the options say."""
    server = position.order[0]
    if position.rules.keep_serve and position.may_serve(server):
        start_serve(position, server, events)
    else:
        start_serve(position, next_server(position, server), events)


def next_server(position: BoardPosition, after: int) -> int:
    """Clockwise from the last server, skipping players who no longer serve."""
    seats = position.rules.seats
    index = seats.index(after)
    count = len(seats)
    for offset in range(1, count + 1):
        seat = seats[(index + offset) % count]
        if position.may_serve(seat):
            return seat
    return after


def first_server(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """The Colour Ball die (``roll COLOUR``) picks who serves first."""
    seat = position.rules.seat_of_colour[action.args[0]]
    events.append(Event(EventKind.FIRST_SERVER, {"seat": seat}))
    start_serve(position, seat, events)


def choose_server(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """A Strategy Card's player picks the next server (``server COLOUR``)."""
    seat = position.rules.seat_of_colour[action.args[0]]
    events.append(Event(EventKind.SERVER_CHOSEN, {"seat": position.chooser, "server": seat}))
    start_serve(position, seat, events)


def start_serve(position: BoardPosition, server: int, events: list[Event[EventKind]]) -> None:
    """A new rally: `server` to serve, the hitting order set, the stanchion picked up."""
    position.server = server
    position.order = position.rules.hitting_orders[server]  # `hitting_order`, worked out once
    position.hit_index = 0
    position.hit_number = 1
    position.previous = None
    position.stanchion = False
    position.chooser = None
    position.targets = ()
    position.step = _SERVE
    events.append(Event(_TO_SERVE, {"seat": server}))


# --- Play Cards --------------------------------------------------------------
def draw_play_card(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Carry out the Play Card just drawn (``draw CARD``) by the player who earned the point."""
    card_id = action.args[0]
    position.piles["play"].take(card_id)
    earner = position.earner if position.earner is not None else 0
    card = position.rules.content.play_cards[card_id]
    position.play_card = position.last_play_card = card_id
    events.append(Event(EventKind.PLAY_CARD, {"seat": earner, "card": card_id}))
    effect = card.effect
    if effect == "move_self":
        move(position, earner, card.amount, events)
    elif effect == "move_partner":
        if position.rules.doubles:
            move(position, earner ^ 1, card.amount, events)
        else:
            events.append(Event(EventKind.NO_EFFECT, {"card": card_id, "why": "no_partner"}))
    elif effect in ("move_opponents", "move_others"):
        for seat in position.seats:
            if seat != earner and (effect == "move_others" or team_of(seat) != team_of(earner)):
                move(position, seat, card.amount, events)
                if position.outcome is not None:
                    break
    elif effect == "move_opponent":
        targets = tuple(
            s
            for s in position.seats
            if team_of(s) != team_of(earner) and would_move(position, s, card.amount)
        )
        if not targets:
            events.append(Event(EventKind.NO_EFFECT, {"card": card_id, "why": "no_target"}))
        elif len(targets) == 1:
            move(position, targets[0], card.amount, events)
        else:
            position.step = Step.PLAY_TARGET
            position.targets = targets
            return
    elif effect in ("skill_card", "strategy_card"):
        pile = effect.removesuffix("_card")
        if len(position.piles[pile]):
            position.step = Step.CARD_DRAW
            position.draw_pile = pile
            return
        events.append(Event(EventKind.NO_EFFECT, {"card": card_id, "why": "pile_empty"}))
    finish_play_card(position, events)


def draw_given_card(
    position: BoardPosition, action: Action, events: list[Event[EventKind]]
) -> None:
    """The Skill or Strategy Card a Play Card gave (``draw CARD``), drawn for its earner."""
    card = action.args[0]
    position.piles[position.draw_pile].take(card)
    give(position, position.earner or 0, position.draw_pile, card, events)
    finish_play_card(position, events)


def move_target(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """The opponent the Play Card's drawer picked (``target COLOUR``) moves by its amount."""
    card = position.rules.content.play_cards[position.play_card or ""]
    move(position, position.rules.seat_of_colour[action.args[0]], card.amount, events)
    finish_play_card(position, events)


def finish_play_card(position: BoardPosition, events: list[Event[EventKind]]) -> None:
    """The Play Card goes to the bottom of its pile and the next rally starts."""
    if position.play_card is not None:
        position.piles["play"].put_bottom(position.play_card)
        position.play_card = None
    position.targets = ()
    if position.outcome is not None:
        return
    serve_after_point(position, events)


def would_move(position: BoardPosition, seat: int, amount: int) -> bool:
    """Whether moving `seat` by `amount` spaces changes its level at all."""
    if _protected(position, seat, amount):
        return False
    level = position.skill[seat]
    return level > 0 if amount < 0 else amount > 0 and level < position.rules.target_spaces


def _protected(position: BoardPosition, seat: int, amount: int) -> bool:
    """Doubles players at the target level never move down."""
    return amount < 0 and position.rules.doubles and position.at_target(seat)


def move(position: BoardPosition, seat: int, amount: int, events: list[Event[EventKind]]) -> None:
    """Move a seat along the skill track (within the track; never once the game is over)."""
    if position.outcome is not None:
        return
    before = position.level_of(seat)
    if _protected(position, seat, amount):
        events.append(
            Event(EventKind.MOVE, {"seat": seat, "from": before, "to": before, "blocked": True})
        )
        return
    position.skill[seat] = max(0, min(position.skill[seat] + amount, position.rules.target_spaces))
    events.append(
        Event(
            EventKind.MOVE,
            {"seat": seat, "from": before, "to": position.level_of(seat), "blocked": False},
        )
    )
    check_win(position, events)


# --- the end -----------------------------------------------------------------
def check_win(position: BoardPosition, events: list[Event[EventKind]]) -> bool:
    """End the game the moment a player (singles) or a whole team (doubles) is at the target."""
    skill = position.skill
    target = position.rules.target_spaces
    for members in position.rules.sides:
        if all(skill[seat] >= target for seat in members):  # all at the target
            if position.play_card is not None:
                position.piles["play"].put_bottom(position.play_card)
                position.play_card = None
            position.finish(
                Outcome(
                    winners=members,
                    scores={s: position.level_of(s) for s in position.seats},
                    termination=Termination.SKILL_TRACK_TOP,
                )
            )
            events.append(Event(EventKind.GAME_OVER, {"winners": list(members)}))
            return True
    return False
