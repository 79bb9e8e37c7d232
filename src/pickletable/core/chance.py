"""Resolving chance steps: from a seeded RNG, or from outcomes forced by a test or a person."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Protocol

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.state import GameState


class ChanceResolver(Protocol):
    """Picks the outcome of the chance step a state is waiting for."""

    def resolve(self, state: GameState) -> Action:
        """Return one of `state.chance_outcomes()`."""
        ...


def sample_outcome(state: GameState, rng: random.Random) -> Action:
    """Draw one chance outcome with its probability (`GameState.sample_chance`)."""
    return state.sample_chance(rng)


class RandomChance:
    """Chance from a seeded random number generator."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def resolve(self, state: GameState) -> Action:
        """Sample by the outcomes' probabilities."""
        return sample_outcome(state, self.rng)


class ForcedChance:
    """Chance outcomes given in advance (tests, golden files); then an optional fallback."""

    def __init__(
        self, outcomes: Iterable[Action | str], fallback: ChanceResolver | None = None
    ) -> None:
        self._outcomes: Iterator[Action | str] = iter(outcomes)
        self.fallback = fallback

    def resolve(self, state: GameState) -> Action:
        """The next forced outcome, checked against what is possible now."""
        for forced in self._outcomes:
            action = Action.from_text(forced) if isinstance(forced, str) else forced
            legal = state.legal_actions()
            if action not in legal:
                raise IllegalActionError(action, legal, "forced chance outcome")
            return action
        if self.fallback is None:
            raise LookupError("no forced chance outcome left")
        return self.fallback.resolve(state)
