"""The rules of the Pickleball Board Game as a pure state machine: the state and its steps.

A game runs through these steps (``BoardState.step``, a `Step`):

- ``deal``: chance deals characters, then (advanced) Skill and Strategy Cards;
- ``colour``: chance rolls the Colour Ball die for the first server;
- ``serve``: the server serves (and, with the stanchion rule, places the
  stanchion first); ``serve_roll``: chance rolls the IN/OUT/ACE die;
- ``hit``: the hitter rolls (or, advanced, plays a Skill or Strategy Card);
  ``roll_outcome`` and ``roll_hit``: chance rolls the two dice;
- ``choose_server``: a Strategy Card's player picks the next server;
- ``play_draw``: chance draws a Play Card; ``play_target``: its drawer picks
  an opponent; ``card_draw``: chance draws the Skill or Strategy Card it gave;
- ``over``.

This module answers who acts at each step (what is legal is in ``rules``)
and hands each action to the module that plays it: ``dealing`` (setup), ``rally`` (serves
and shots), ``points`` (points, the serve, Play Cards and the end). The
fields and the questions the rules ask live in ``position``. Skill levels
are kept in whole spaces (one space = the ``step`` option, which has nothing
to do with ``BoardState.step``).

>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "beginner"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou", "roll blue", "serve", "roll ace"]:
...     _ = state.apply_text(text)
>>> state.observe(None).seats[0].skill
0.5
>>> state.step
<Step.SERVE: 'serve'>
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import CHANCE
from pickletable.games.board.codes import (
    CHANCE_STEPS,
    DRAW_STEPS,
    HITTER_ASKED,
    OUTCOME_DIE_STEPS,
    ROLL,
    SERVE,
    EventKind,
    Step,
)
from pickletable.games.board.config import BoardConfig
from pickletable.games.board.dealing import deal, pile_to_draw, set_up
from pickletable.games.board.observer import BoardObservation, observe
from pickletable.games.board.points import (
    choose_server,
    draw_given_card,
    draw_play_card,
    first_server,
    move_target,
)
from pickletable.games.board.position import BoardPosition
from pickletable.games.board.rally import hit, roll, serve
from pickletable.games.board.rules import card_refusal, legal_actions

_ROUTINE: Final = (ROLL, SERVE)
"""The moves that are routine when they are a seat's only one."""

StepPlay = Callable[[BoardPosition, Action, list[Event[EventKind]]], None]
"""How an action is played at one step: it changes the position and adds events."""

PLAYS: dict[Step, StepPlay] = {
    Step.DEAL: deal,
    Step.COLOUR: first_server,
    Step.SERVE: serve,
    Step.SERVE_ROLL: roll,
    Step.HIT: hit,
    Step.ROLL_OUTCOME: roll,
    Step.ROLL_HIT: roll,
    Step.CHOOSE_SERVER: choose_server,
    Step.PLAY_DRAW: draw_play_card,
    Step.PLAY_TARGET: move_target,
    Step.CARD_DRAW: draw_given_card,
}
"""Which rules module plays an action, by step (``over`` takes none)."""
_HIT: Final = Step.HIT
_SERVE: Final = Step.SERVE
_ROLL_HIT: Final = Step.ROLL_HIT
_COLOUR: Final = Step.COLOUR
_CHOOSE_SERVER: Final = Step.CHOOSE_SERVER
_PLAY_TARGET: Final = Step.PLAY_TARGET


class BoardState(BoardPosition):
    """One position of a board game."""

    game_id = "board"

    __slots__ = ()

    @staticmethod
    def new(rules: BoardConfig) -> BoardState:
        """A game at its first chance step: dealing the characters."""
        state = BoardState(rules)
        set_up(state)
        return state

    # --- the state API ---------------------------------------------------
    @property
    def current_player(self) -> int | None:
        step = self.step
        if step in CHANCE_STEPS:
            return CHANCE
        if step in HITTER_ASKED:
            return self.order[self.hit_index]
        if step == _CHOOSE_SERVER:
            return self.chooser
        if step == _PLAY_TARGET:
            return self.earner
        return None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        step = self.step
        if step in DRAW_STEPS:
            pile = self.piles[pile_to_draw(self)]
            return [(Action("draw", (card,)), p) for card, p in pile.draw_outcomes()]
        return list(self._die())

    def sample_chance(self, rng: random.Random) -> Action:
        """`GameState.sample_chance` over the die's fixed table (no copy of it)."""
        if self.step in DRAW_STEPS:
            return super().sample_chance(rng)
        die = self._die()
        pick = rng.random()
        total = 0.0
        for action, probability in die:
            total += probability
            if pick < total:
                return action
        return die[-1][0]

    def _die(self) -> tuple[tuple[Action, float], ...]:
        """The faces of the die rolled now, with their probabilities (none at other steps)."""
        step = self.step
        if step in OUTCOME_DIE_STEPS:
            return self.rules.outcome_die
        if step == _ROLL_HIT:
            return self.rules.hit_die
        if step == _COLOUR:
            return self.rules.colour_die
        return ()

    def legal_actions(self) -> list[Action]:
        return legal_actions(self)

    def is_routine(self) -> bool:
        """A lone roll or serve: the dice decide, nothing is hidden (`GameState.is_routine`).

        >>> from pickletable.games.board import GAME
        >>> state = GAME.new_game(2, {"level": "beginner"})
        >>> state.is_routine()  # the characters are being dealt: chance's step
        False
        """
        if self.current_player == CHANCE:
            return False
        legal = self.legal_actions()
        return len(legal) == 1 and legal[0] in _ROUTINE

    def illegal_reason(self, action: Action) -> str:
        return card_refusal(self, action) or super().illegal_reason(action)

    def observe(self, seat: int | None) -> BoardObservation:
        """What `seat` sees: the whole table (the board game hides nothing)."""
        return observe(self, seat)

    def _play(self, action: Action) -> list[Event[EventKind]]:
        events: list[Event[EventKind]] = []
        play = PLAYS.get(self.step)
        if play is not None:
            play(self, action, events)
        return events
