"""The Slam state machine: the legal actions and the effect of each step.

The position (who holds what) is a `position.SlamPosition`; the rules live
in small modules that act on it: `flow` (rounds, phases, turn order, winning
a round), `dealing` (the deal and the DRAW phase), `playing` (the PLAY phase's
turns), `twists` (the twist cards and the POACH window) and `knowledge` (what
a seat knows, for `resample`); `rules` lists the actions open at each step.
This module dispatches each step to them and answers the kernel's questions.
It holds no words: `presenter` does.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> str(state.step), state.current_player
('deal', -1)
>>> state.apply_text("card 5")
[]
>>> state.observe(0).hand
('5',)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Self

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.games.slam import dealing, flow, knowledge, moves, playing, twists
from pickletable.games.slam.codes import CHANCE_STEPS, EventKind, Step
from pickletable.games.slam.config import SlamConfig
from pickletable.games.slam.observer import SlamObservation, observe
from pickletable.games.slam.position import SlamPosition
from pickletable.games.slam.rules import LEGAL


class SlamState(SlamPosition):
    """A Pickleball Slam game: a position and the state API over it."""

    __slots__ = ()

    @staticmethod
    def new(rules: SlamConfig) -> SlamState:
        """The first round, at its first chance step (the deal)."""
        state = SlamState(rules)
        moves.know_deck(rules.deck.cards)
        flow.start_round(state, rules.players - 1, [])
        return state

    # --- moves --------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open now (for chance: the cards the stack may give).

        The list is the caller's own: editing it changes nothing in the game.
        """
        if self._legal is None:
            self._legal = LEGAL[self.step](self)
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

    def sample_chance(self, rng: random.Random) -> Action:
        """`GameState.sample_chance` straight from the stack's counts (no outcome list)."""
        if self.step not in CHANCE_STEPS:
            return super().sample_chance(rng)
        return moves.CARD_ACTIONS[self.stack.sample(rng)]  # every card's (see `SlamState.new`)

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
        legal = self._legal
        if legal is None:
            legal = self._legal = LEGAL[self.step](self)
        return action in legal

    def illegal_reason(self, action: Action) -> str:
        """Why an action is refused, for the engine's refusal message."""
        if self.actor is None:
            return "the game is over"
        return playing.refusal(self, action)

    def is_formality(self) -> bool:
        """Whether the seat asked has one action, asked only so that being asked reveals nothing.

        Declining a POACH window without a POACH, keeping a dealt hand with no
        extra DRAW card to swap, a forced pass (in doubles, a lead who cannot
        play handing over with "yours"), keeping the drawn card of a short
        hand (``refill_short_hands``) and passing an empty DRAW turn without a
        PLAY card.
        """
        formal = _FORMALITIES.get(self.step, ())
        legal = self.legal_actions()
        return len(legal) == 1 and legal[0] in formal

    def _play(self, action: Action) -> list[Event[EventKind]]:
        self._legal = None
        events: list[Event[EventKind]] = []
        _APPLY[self.step](self, action, events)
        return events

    # --- scoring and observing --------------------------------------------------------
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

    def observe(self, seat: int | None) -> SlamObservation:
        """What `seat` may know (`None`: a spectator), as a lean typed value."""
        return observe(self, seat)

    # --- search -------------------------------------------------------------
    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A state in which everything `seat` cannot see is dealt again at random."""
        other = self.clone()
        knowledge.redeal(other, seat, rng)
        return other


def _refuse(state: SlamPosition, action: Action, events: list[Event[EventKind]]) -> None:
    raise AssertionError("no action is legal once the game is over")


_APPLY: dict[Step, Callable[[SlamPosition, Action, list[Event[EventKind]]], None]] = {
    Step.DEAL: dealing.apply_deal,
    Step.SWAP: dealing.apply_swap,
    Step.SWAP_DRAW: dealing.apply_swap_draw,
    Step.DRAW_CARD: dealing.apply_draw,
    Step.DISCARD: dealing.apply_discard,
    Step.NO_DRAW: dealing.apply_no_draw,
    Step.REFILL_DRAW: dealing.apply_refill_draw,
    Step.REFILL_RETURN: dealing.apply_return,
    Step.TURN: playing.apply_turn,
    Step.PARTNER: playing.apply_partner,
    Step.TARGET: twists.apply_target,
    Step.SHAKE: twists.apply_shake,
    Step.DRAW_TWO: twists.apply_draw_two,
    Step.POACH_WINDOW: twists.apply_window,
    Step.OVER: _refuse,
}

_FORMALITIES: dict[Step, tuple[Action, ...]] = {
    Step.POACH_WINDOW: (moves.DECLINE,),
    Step.SWAP: (moves.KEEP,),
    Step.TURN: (moves.PASS, moves.YOURS),
    Step.PARTNER: (moves.PASS,),
    Step.DISCARD: (moves.KEEP,),
    Step.NO_DRAW: (moves.PASS,),
}
"""Steps whose single action, when it is one of these, is a formality."""

__all__ = ["SlamConfig", "SlamState"]
