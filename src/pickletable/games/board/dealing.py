"""Setting up a board game: the piles, the deal, and handing out drawn cards.

Chance deals each seat a character, then (advanced) its starting Skill and
Strategy Cards, one card at a time from face-down piles; a pile that runs
out simply deals no more. Once dealing is done the Colour Ball die is rolled.
"""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.games.board.codes import EventKind, Step
from pickletable.games.board.content import ADVANCED_EFFECTS
from pickletable.games.board.position import BoardPosition


def set_up(position: BoardPosition) -> None:
    """Fill the piles for the game's level and queue the deal (the first chance step)."""
    rules = position.rules
    content = rules.content
    position.piles["character"] = Pile.of(content.characters)
    play_cards = (
        []
        if rules.level == "beginner"
        else [
            card.id
            for card in content.play_cards.values()
            if rules.advanced or card.effect not in ADVANCED_EFFECTS
            for _ in range(card.count)
        ]
    )
    position.piles["play"] = Pile.of(play_cards)
    position.piles["skill"] = Pile.of(
        [card.id for card in content.skill_cards.values() for _ in range(card.count)]
        if rules.advanced
        else []
    )
    position.piles["strategy"] = Pile.of(
        [shot for shot, n in content.strategy_cards.items() for _ in range(n)]
        if rules.advanced
        else []
    )
    queue = [(seat, "character") for seat in rules.seats]
    if rules.advanced:
        for seat in rules.seats:
            queue += [(seat, "skill")] * rules.starting_cards
            queue += [(seat, "strategy")] * rules.starting_cards
    position.deal_queue = queue
    skip_empty_deals(position)


def pile_to_draw(position: BoardPosition) -> str:
    """The name of the pile chance draws from at this step."""
    if position.step == Step.DEAL:
        return position.deal_queue[0][1]
    if position.step == Step.PLAY_DRAW:
        return "play"
    return position.draw_pile


def deal(position: BoardPosition, action: Action, events: list[Event[EventKind]]) -> None:
    """Deal the card drawn at setup (``draw CARD``) to the seat whose turn it is to get one."""
    card = action.args[0]
    position.piles[position.deal_queue[0][1]].take(card)
    seat, pile = position.deal_queue.pop(0)
    give(position, seat, pile, card, events)
    skip_empty_deals(position)


def give(
    position: BoardPosition, seat: int, pile: str, card: str, events: list[Event[EventKind]]
) -> None:
    """Put a drawn card in front of a seat: its character, or a face-up card in hand."""
    if pile == "character":
        position.character[seat] = card
        events.append(Event(EventKind.CHARACTER, {"seat": seat, "card": card}))
        return
    hand = position.skill_hand if pile == "skill" else position.strategy_hand
    hand[seat].append(card)
    events.append(Event(EventKind.CARD, {"seat": seat, "pile": pile, "card": card}))


def skip_empty_deals(position: BoardPosition) -> None:
    """Drop deals from piles that ran out; roll for the first server once dealing is done."""
    while position.deal_queue and not len(position.piles[position.deal_queue[0][1]]):
        position.deal_queue.pop(0)
    if not position.deal_queue:
        position.step = Step.COLOUR
