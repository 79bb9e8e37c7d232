"""The card game as people see it: log sentences, prompts, menu labels, and each seat's view.

The view a seat's client is sent is its observation (`observer.py`) as JSON,
plus what clients draw but must not work out for themselves: names, the
solver's verdict on every hand the seat may see (melds, loose cards), which
discards allow a lay-down, the prompt, the last rally's words (why it ended,
who serves, what each point was for: one wording for the log, the terminal
and the web), and the deck's make-up (each card's title, number and special
role, the hand size), so no client parses a card id.

>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> _ = state.apply_text("show kitchen")
>>> view = GAME.presenter.view(state, 0)
>>> view["step"], view["prompt"], view["hand_size"]
('deal', 'Deal the cards of rally 1', 7)
>>> view["deck"]["dink"]
{'title': 'Dink Shot', 'number': None, 'wild': False, 'special': 'dink_shot'}
"""

from __future__ import annotations

from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.memo import per_object
from pickletable.core.presenter import MenuChoice, Presenter
from pickletable.core.state import GameState
from pickletable.games.card.codes import Step
from pickletable.games.card.content import DINK, HAND_SIZE, KITCHEN, PICKLER, SMASH, CardDeck
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.solver import HandSolver
from pickletable.games.card.state import CardState
from pickletable.games.card.wording import (
    a_card,
    describe_event,
    ending,
    reason_label,
    serve_sentence,
    team_name,
    the_card,
)

SPECIAL_ROLES = {SMASH: "smash", PICKLER: "pickler", KITCHEN: "kitchen", DINK: "dink_shot"}
"""Each special card's role, as the view names it."""
WILD_ROLES = frozenset({"smash", "pickler"})
CHANCE_LABELS = {"show": "Deal face up", "deal": "Deal", "flip": "Turn up", "draw": "Draw"}


class CardPresenter(Presenter):
    """Words and client views for the card game."""

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The observation as JSON, with names, verdicts, lay-down hints, the prompt and the deck.

        >>> from pickletable.games.card import GAME
        >>> state = GAME.new_game(2)
        >>> _ = state.apply_text("show kitchen")
        >>> for card in "1 9 2 9 3 9 4 9 5 10 6 10 7 10".split():
        ...     _ = state.apply_text(f"deal {card}")
        >>> _ = state.apply_text("flip smash")
        >>> view = GAME.presenter.view(state, 2)
        >>> view["hand"], view["verdict"]["summary"], view["discard_top"]
        (['1', '2', '3', '4', '5', '6', '7'], 'complete', 'smash')
        >>> GAME.presenter.view(state, 0)["seats"][1]["hand"] is None
        True
        """
        assert isinstance(state, CardState)
        observed = state.observe(seat)
        solver = state.rules.solver
        view = observed.to_json()
        view["titles"] = dict(observed.deck.titles)
        view["deck"] = {code: dict(card) for code, card in _deck_view(observed.deck).items()}
        view["hand_size"] = HAND_SIZE
        view["prompt"] = self.prompt(state)
        for entry in view["seats"]:
            entry["name"] = state.seat_name(entry["seat"])
            hand = observed.face_up[entry["seat"]]
            entry["verdict"] = solver.verdict_sorted(hand).to_json() if hand else None
        for entry in view["teams"]:
            entry["name"] = team_name(state.rules, entry["team"])
        hand = observed.hand
        view["verdict"] = None if hand is None else solver.verdict_sorted(hand).to_json()
        view["lay_down_after"], view["complete_after"] = _lay_downs(observed, solver)
        if view["last_rally"] is not None:
            last = view["last_rally"]
            last["ended_text"] = ending(last["ended"], state.rules.reshuffle_limit)
            last["serve_text"] = serve_sentence(last)
            for shown in last["hands"]:
                for reason in shown["reasons"]:
                    reason["label"] = reason_label(reason)
        if view["outcome"] is not None:
            view["outcome"]["text"] = self.outcome_text(state)
        return view

    def describe(self, state: GameState, event: Event) -> str:
        """One log sentence (a short paragraph for a scored rally); a drawn card is never named."""
        assert isinstance(state, CardState)
        return describe_event(state, event)

    def prompt(self, state: GameState) -> str:
        """What the engine is waiting for ("East to discard")."""
        assert isinstance(state, CardState)
        step = state.step
        name = state.seat_name
        final = " (final turn)" if state.final_lap else ""
        if step == Step.FIRST_SERVER:
            seats = state.rules.seats
            seat = seats[len(state.shown) % len(seats)]
            return f"Deal a card face up to {name(seat)}: the first Kitchen picks the first server"
        if step == Step.DEAL:
            return f"Deal the cards of rally {state.rally}"
        if step == Step.FLIP:
            return "Turn up the first card of the discard pile"
        if step == Step.TURN:
            return (
                f"{name(state.turn)} to draw from the draw pile or take "
                f"{the_card(state, state.discards[-1])} from the discard pile{final}"
            )
        if step == Step.DRAWING:
            return f"Draw a card for {name(state.turn)}"
        if step == Step.DISCARD:
            return f"{name(state.turn)} to discard, and lay down if the hand allows{final}"
        return f"Game over: {self.outcome_text(state)}" if state.outcome else "Game over"

    def label(self, state: GameState, action: Action) -> str:
        """A menu label ("Take the 7 from the discard pile", "Discard the 9 and lay down")."""
        assert isinstance(state, CardState)
        verb, args = action.verb, action.args
        deck = state.rules.deck
        if verb == "draw" and not args:
            return "Draw from the draw pile"
        if not args or args[0] not in deck.counts:
            return str(action)
        card = args[0]
        the = the_card(state, card)
        if verb == "take":
            return f"Take {the} from the discard pile"
        if verb == "discard" and len(args) > 1:
            return f"Discard {the} and lay down ({_how_laid_down(state, card)})"
        if verb == "discard":
            return f"Discard {the}"
        return f"{CHANCE_LABELS.get(verb, verb.capitalize())} {a_card(state, card)}"

    def told_privately(self, state: GameState, chance: Action, seat: int) -> str:
        """The card a seat draws from the draw pile, named to that seat only.

        >>> from pickletable.core.actions import Action
        >>> from pickletable.games.card import GAME
        >>> state = GAME.new_game(2)
        >>> state.step, state.turn = Step.DRAWING, 0
        >>> GAME.presenter.told_privately(state, Action.from_text("draw 9"), 0)
        'You draw the 9.'
        >>> GAME.presenter.told_privately(state, Action.from_text("draw 9"), 2)
        ''
        """
        assert isinstance(state, CardState)
        if state.step != Step.DRAWING or state.turn != seat or not chance.args:
            return ""
        return f"You draw {the_card(state, chance.args[0])}."

    def menu(self, state: GameState, actions: list[Action]) -> list[MenuChoice]:
        """One discard choice per card; laying down is the choice's flag where it may.

        >>> from pickletable.games.card import GAME
        >>> state = GAME.new_game(2)
        >>> [choice.label for choice in GAME.presenter.menu(state, state.legal_actions())][:2]
        ['Deal face up a 1', 'Deal face up a 2']
        """
        assert isinstance(state, CardState)
        flagged = {
            action.args[0]: action
            for action in actions
            if action.verb == "discard" and len(action.args) > 1
        }
        choices: list[MenuChoice] = []
        for action in actions:
            if action.verb == "discard" and len(action.args) > 1:
                continue
            lay = flagged.get(action.args[0]) if action.verb == "discard" else None
            if lay is None:
                choices.append(MenuChoice(self.label(state, action), action))
                continue
            how = f"lay down ({_how_laid_down(state, action.args[0])})"
            choices.append(MenuChoice(self.label(state, action), action, lay, how))
        return choices

    def outcome_text(self, state: GameState) -> str:
        """The winning team and the score: ``North won 11 to 7``; "" while the game goes on."""
        assert isinstance(state, CardState)
        outcome = state.outcome
        if outcome is None:
            return ""
        rules = state.rules
        won = rules.team_of[outcome.winners[0]]
        scores = state.scores
        return f"{team_name(rules, won)} won {scores[won]} to {scores[1 - won]}"


def _how_laid_down(state: CardState, card: str) -> str:
    """How the hand to discard `card` from would go down: complete, or with a Dink Shot."""
    hand = list(state.hands[state.turn])
    if card in hand:
        hand.remove(card)
    return "complete" if state.rules.solver.verdict(hand).complete else "with a Dink Shot"


def deck_view(deck: CardDeck) -> dict[str, dict[str, Any]]:
    """Every card of the deck: its title, its number (or `None`), and its special role."""
    cards: dict[str, dict[str, Any]] = {}
    numbers = deck.numbers
    for code in deck.names:
        role = SPECIAL_ROLES.get(code)
        cards[code] = {
            "title": deck.title(code),
            "number": None if role else deck.lowest + numbers.index(code),
            "wild": role in WILD_ROLES,
            "special": role,
        }
    return cards


_deck_view = per_object(deck_view)
"""`deck_view` made once per deck (a deck never changes); the view gets a copy."""


def _lay_downs(
    observed: CardObservation, solver: HandSolver
) -> tuple[list[str] | None, list[str] | None]:
    """For the seat to discard: discards that allow a lay-down, and those leaving it complete."""
    hand = observed.hand
    if hand is None or observed.step != Step.DISCARD or observed.turn != observed.seat:
        return None, None
    order = solver.order
    lay_down = sorted(solver.lay_down_discards(hand), key=order.__getitem__)
    complete = [card for card in lay_down if solver.verdict(_without(hand, card)).complete]
    return lay_down, complete


def _without(hand: tuple[str, ...], card: str) -> list[str]:
    """The hand less one copy of `card`."""
    rest = list(hand)
    rest.remove(card)
    return rest
