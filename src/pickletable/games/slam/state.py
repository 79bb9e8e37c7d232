"""The Slam position: who holds what, which phase and step, and the state API.

The rules live in small modules that act on a `SlamState`: `dealing`
(rounds, the deal, the DRAW phase), `playing` (the PLAY phase, turns and
doubles), `twists` (the twist cards and the POACH window), `views` (what a
seat sees and how things read) and `knowledge` (what a seat knows, for
`resample`). This module holds the data and dispatches each step.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> state.current_player, state.phase, state.stack_count
(-1, 'setup', 48)
>>> state.apply_text("card 5")
[]
>>> state.hand(0)
{'5': 1}
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Self

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE, GameState, Outcome
from pickletable.games.slam import dealing, knowledge, moves, playing, twists, views
from pickletable.games.slam.content import SlamContent
from pickletable.games.slam.steps import (
    CHANCE_STEPS,
    DEAL,
    DISCARD,
    DRAW_CARD,
    DRAW_TWO,
    NO_DRAW,
    OVER,
    PARTNER,
    POACH_WINDOW,
    REFILL_DRAW,
    REFILL_RETURN,
    SHAKE,
    SWAP,
    SWAP_DRAW,
    TARGET,
    TURN,
)


@dataclass(frozen=True)
class SlamRules:
    """What does not change during a game: table, options, deck."""

    players: int
    doubles: bool
    tokens_to_win: int
    must_play: bool
    lap_limit: int
    refill_short_hands: bool
    opponents_only: bool
    deck: SlamContent

    @property
    def units(self) -> int:
        """How many sides collect tokens: the players, or two teams."""
        return 2 if self.doubles else self.players

    def unit_of(self, seat: int) -> int:
        """The side a seat plays for (itself, or its team in doubles)."""
        return seat // 2 if self.doubles else seat

    def members(self, unit: int) -> tuple[int, ...]:
        """The seats of a side."""
        return (2 * unit, 2 * unit + 1) if self.doubles else (unit,)


class SlamState(GameState):
    """A Pickleball Slam position. Mutable; `clone` copies flat lists and dicts."""

    game_id = "slam"

    __slots__ = (
        "_legal",
        "_outcome",
        "actor",
        "centre",
        "count_left",
        "dealer",
        "discard_sizes",
        "discards",
        "draw_turns",
        "drawn",
        "duel",
        "free_follow",
        "hands",
        "inside",
        "known",
        "last_number",
        "last_player",
        "partner",
        "pending",
        "phase",
        "queue",
        "receiver",
        "round",
        "rules",
        "set_aside",
        "sizes",
        "stack",
        "starter",
        "step",
        "tokens",
        "window_from",
    )

    def __init__(self, rules: SlamRules) -> None:
        n = rules.players
        self.rules = rules
        self.history = []
        self.hands: list[dict[str, int]] = [{} for _ in range(n)]
        self.sizes = [0] * n
        self.discards: list[dict[str, int]] = [{} for _ in range(n)]
        self.discard_sizes = [0] * n
        self.stack = Pile({}, [])
        self.centre: list[str] = []
        self.tokens = [0] * rules.units
        self.round = 0
        self.dealer = n - 1
        self.phase = "setup"
        self.step: str = DEAL
        self.actor: int | None = CHANCE
        self.receiver = 0  # who gets the next chance card
        self.count_left = 0  # cards still to deal / draw for `receiver`
        self.queue: list[int] = []  # seats still to ask (swap, refill, POACH window)
        self.set_aside: list[str] = []  # DRAW cards being swapped back into the stack
        self.drawn: str | None = None
        self.draw_turns = 0
        self.starter = 0
        self.inside = [True] * n
        self.last_number: int | None = None
        self.last_player: int | None = None
        self.duel: tuple[int, int] | None = None
        self.free_follow = False
        self.pending: str | None = None  # a twist card waiting for its target
        self.partner: int | None = None  # doubles: the lead's partner, if it may play
        self.window_from = 0
        self.known: dict[tuple[int, int], tuple[str, ...]] = {}
        self._outcome: Outcome | None = None
        self._legal: list[Action] | None = None

    @staticmethod
    def new(rules: SlamRules) -> SlamState:
        """The first round, at its first chance step (the deal)."""
        state = SlamState(rules)
        for code in rules.deck.cards:
            moves.card(code)
        dealing.start_round(state, rules.players - 1, [])
        return state

    # --- who acts ---------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """Seats 0..n-1 clockwise."""
        return tuple(range(self.rules.players))

    @property
    def current_player(self) -> int | None:
        """The seat asked now, `CHANCE` for a card from the stack, `None` at the end."""
        return self.actor

    @property
    def outcome(self) -> Outcome | None:
        """Winners (a player, or a team's two seats), tokens, and why."""
        return self._outcome

    def seat_name(self, seat: int) -> str:
        """``Player 1`` .. ``Player 6``."""
        return f"Player {seat + 1}"

    # --- small queries the rule modules share -------------------------------
    @property
    def stack_count(self) -> int:
        """Cards in the stack."""
        return len(self.stack)

    def hand(self, seat: int) -> dict[str, int]:
        """A copy of a seat's hand as card code -> copies."""
        return dict(self.hands[seat])

    def top(self) -> str | None:
        """The card on top of the centre pile."""
        return self.centre[-1] if self.centre else None

    def number_of(self, code: str) -> int | None:
        """The number a card carries (None for PLAY and DRAW)."""
        return self.rules.deck.cards[code].number

    def kind_of(self, code: str) -> str:
        """A card's kind: number, a twist, play or draw."""
        return self.rules.deck.cards[code].kind

    # --- moving cards (every move of a card goes through these) ----------------
    def add_card(self, seat: int, code: str) -> None:
        """A card goes into a seat's hand."""
        hand = self.hands[seat]
        hand[code] = hand.get(code, 0) + 1
        self.sizes[seat] += 1

    def remove_card(self, seat: int, code: str) -> None:
        """A card leaves a seat's hand."""
        hand = self.hands[seat]
        left = hand[code] - 1
        if left:
            hand[code] = left
        else:
            del hand[code]
        self.sizes[seat] -= 1

    def discard_face_down(self, seat: int, code: str) -> None:
        """A card goes onto a seat's own face-down discard pile."""
        pile = self.discards[seat]
        pile[code] = pile.get(code, 0) + 1
        self.discard_sizes[seat] += 1
        knowledge.forget_hand(self, seat)

    # --- moves --------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open now (for chance: the cards the stack may give).

        The list is the caller's own: editing it changes nothing in the game.
        """
        if self._legal is None:
            self._legal = _LEGAL[self.step](self)
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Each card the stack may give next, with its probability."""
        if self.step not in CHANCE_STEPS:
            return []
        stack = self.stack
        total = stack.unseen_count
        if not total:
            return [(moves.card(code), p) for code, p in stack.draw_outcomes()]
        cards = moves.CARD_ACTIONS  # holds every card of the deck (see `SlamState.new`)
        return [(cards[code], copies / total) for code, copies in stack.unseen.items()]

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be played now.

        A card from the stack is checked against the stack itself: chance
        steps are most of a game, and listing every outcome to check one is waste.
        """
        if self.step in CHANCE_STEPS:
            return (
                action.verb == "card"
                and len(action.args) == 1
                and self.stack.can_draw(action.args[0])
            )
        return action in self.legal_actions()

    def illegal_reason(self, action: Action) -> str:
        """Why an action is refused, in words."""
        if self.actor is None:
            return "the game is over"
        return views.illegal_reason(self, action)

    def _play(self, action: Action) -> list[Event]:
        self._legal = None
        events: list[Event] = []
        _APPLY[self.step](self, action, events)
        return events

    # --- views --------------------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may know: its own hand and discards, counts of everyone else's."""
        return views.observation(self, seat)

    def describe(self, event: Event) -> str:
        """One log sentence; it names every twist effect and never a hidden card."""
        return views.describe(self, event)

    def prompt(self) -> str:
        """What the engine waits for, e.g. ``Player 2 to play on 3 (3 or 4)``."""
        return views.prompt(self)

    def lead(self) -> dict[int, float]:
        """Tokens ahead of the best other side."""
        rules = self.rules
        tokens = self.tokens
        values = {}
        for seat in range(rules.players):
            unit = rules.unit_of(seat)
            best_other = max(
                (count for other, count in enumerate(tokens) if other != unit), default=0
            )
            values[seat] = float(tokens[unit] - best_other)
        return values

    def describe_outcome(self) -> str:
        """``Player 2 first to 3 tokens``."""
        return views.outcome_text(self)

    def describe_action(self, action: Action) -> str:
        """A menu label, e.g. ``play 4 (TARGET & RESET)``."""
        return views.describe_action(self, action)

    # --- search -------------------------------------------------------------
    def clone(self) -> Self:
        """An independent copy (flat copies of small lists and dicts)."""
        other = object.__new__(type(self))
        other.rules = self.rules
        other.history = []
        other.hands = [dict(hand) for hand in self.hands]
        other.sizes = self.sizes[:]
        other.discards = [dict(pile) for pile in self.discards]
        other.discard_sizes = self.discard_sizes[:]
        other.stack = self.stack.copy()
        other.centre = self.centre[:]
        other.tokens = self.tokens[:]
        other.round = self.round
        other.dealer = self.dealer
        other.phase = self.phase
        other.step = self.step
        other.actor = self.actor
        other.receiver = self.receiver
        other.count_left = self.count_left
        other.queue = self.queue[:]
        other.set_aside = self.set_aside[:]
        other.drawn = self.drawn
        other.draw_turns = self.draw_turns
        other.starter = self.starter
        other.inside = self.inside[:]
        other.last_number = self.last_number
        other.last_player = self.last_player
        other.duel = self.duel
        other.free_follow = self.free_follow
        other.pending = self.pending
        other.partner = self.partner
        other.window_from = self.window_from
        other.known = dict(self.known)
        other._outcome = self._outcome
        other._legal = self._legal
        return other

    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A state in which everything `seat` cannot see is dealt again at random."""
        other = self.clone()
        knowledge.redeal(other, seat, rng)
        return other

    # --- ending -------------------------------------------------------------
    def finish(self, outcome: Outcome) -> None:
        """The game is over."""
        self._outcome = outcome
        self.phase = OVER
        self.step = OVER
        self.actor = None


def _nothing(state: SlamState) -> list[Action]:
    return []


def _refuse(state: SlamState, action: Action, events: list[Event]) -> None:
    raise AssertionError("no action is legal once the game is over")


_LEGAL = {
    DEAL: dealing.chance_legal,
    SWAP: dealing.swap_legal,
    SWAP_DRAW: dealing.chance_legal,
    DRAW_CARD: dealing.chance_legal,
    DISCARD: dealing.discard_legal,
    NO_DRAW: dealing.no_draw_legal,
    REFILL_DRAW: dealing.chance_legal,
    REFILL_RETURN: dealing.return_legal,
    TURN: playing.turn_legal,
    PARTNER: playing.partner_legal,
    TARGET: twists.target_legal,
    SHAKE: twists.shake_legal,
    DRAW_TWO: dealing.chance_legal,
    POACH_WINDOW: twists.window_legal,
    OVER: _nothing,
}

_APPLY = {
    DEAL: dealing.apply_deal,
    SWAP: dealing.apply_swap,
    SWAP_DRAW: dealing.apply_swap_draw,
    DRAW_CARD: dealing.apply_draw,
    DISCARD: dealing.apply_discard,
    NO_DRAW: dealing.apply_no_draw,
    REFILL_DRAW: dealing.apply_refill_draw,
    REFILL_RETURN: dealing.apply_return,
    TURN: playing.apply_turn,
    PARTNER: playing.apply_partner,
    TARGET: twists.apply_target,
    SHAKE: twists.apply_shake,
    DRAW_TWO: twists.apply_draw_two,
    POACH_WINDOW: twists.apply_window,
    OVER: _refuse,
}

__all__ = ["SlamRules", "SlamState"]
