"""The agent interface: what a bot or a person at a seat is given, and returns.

`AgentView` is generic in the observation type, so a game's bot says which
observation it reads (`AgentView[CardObservation]`) and mypy checks its use:

>>> from pickletable.games.card import GAME
>>> from pickletable.games.card.observer import CardObservation
>>> state = GAME.new_game(2)
>>> view: AgentView[CardObservation] = AgentView(state, 0)
>>> view.observed.hand, view.observed.scores  # nothing dealt yet
((), (0, 0))
"""

from __future__ import annotations

import random
from functools import cached_property
from typing import Any, Generic, Protocol, cast

from typing_extensions import TypeVar

from pickletable.core.actions import Action
from pickletable.core.state import GameState, Observation

ObservationT = TypeVar("ObservationT", bound=Observation, default=Any, covariant=True)
"""The observation type a view holds: a game's own (`CardObservation`), or any."""


class AgentView(Generic[ObservationT]):
    """What a seat may see when it must decide: never the true state itself.

    `sample(rng)` gives a full state consistent with the seat's knowledge
    (through `GameState.resample`), for search.
    """

    __slots__ = ("__dict__", "_state", "game_id", "legal_actions", "seat")

    def __init__(self, state: GameState, seat: int) -> None:
        self._state = state
        self.seat = seat
        self.game_id = state.game_id
        self.legal_actions: list[Action] = state.legal_actions()

    @cached_property
    def observed(self) -> ObservationT:
        """The seat's lean typed observation, `GameState.observe` (built on first use)."""
        return cast(ObservationT, self._state.observe(self.seat))

    def sample(self, rng: random.Random) -> GameState:
        """A determinised state drawn from what this seat knows."""
        return self._state.resample(self.seat, rng)


class Agent(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """Return one of `view.legal_actions`."""
        ...
