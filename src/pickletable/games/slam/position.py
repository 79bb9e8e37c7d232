"""The Slam position: who holds what, which phase and step, and how cards move.

Every rule module (`flow`, `dealing`, `playing`, `twists`, `knowledge`) reads
and writes a `SlamPosition`; `state.SlamState` adds the state API on top
(legal actions, the dispatch of each step, observation, resample). Keeping
the data here, below every rule module, is what keeps the package free of
import cycles.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> state.current_player, state.phase, state.stack_count
(-1, <Phase.SETUP: 'setup'>, 48)
>>> state.apply_text("card 5")
[]
>>> state.hand(0)
{'5': 1}
"""

from __future__ import annotations

from typing import Self

from pickletable.core.actions import Action
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE, GameState, Outcome
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.config import SlamConfig
from pickletable.games.slam.text import position_summary


class SlamPosition(GameState):
    """A Pickleball Slam position. Mutable; `clone` copies flat lists and dicts."""

    game_id = "slam"
    position_types = (Phase, Step)

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

    def __init__(self, rules: SlamConfig) -> None:
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
        self.phase = Phase.SETUP
        self.step = Step.DEAL
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

    def __str__(self) -> str:
        """The whole position in a few readable lines (`text.position_summary`)."""
        return position_summary(self)

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
        """A card goes onto a seat's own face-down discard pile (see `knowledge.forget_hand`)."""
        pile = self.discards[seat]
        pile[code] = pile.get(code, 0) + 1
        self.discard_sizes[seat] += 1

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

    # --- ending -------------------------------------------------------------
    def finish(self, outcome: Outcome) -> None:
        """The game is over."""
        self._outcome = outcome
        self.phase = Phase.OVER
        self.step = Step.OVER
        self.actor = None
