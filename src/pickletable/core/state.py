"""The state API every game implements (docs/architecture.md shows where it sits).

A game position is a `GameState`. Whoever must act next is
`current_player`: a seat number, `CHANCE` for a die roll or a card drawn
from a face-down pile, or `None` once the game is over. The seat asked need
not be the one whose turn it is: out-of-turn choices are decision windows in
which the engine asks seats one at a time, so `current_player` is always the
single seat (or chance) the engine is waiting for.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Final, Protocol, Self

from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.events import Event

CHANCE: Final = -1
"""`current_player` when the next step is a die roll or a card draw."""


class Termination(StrEnum):
    """Why a game ended, as a code (front ends put it into words).

    One member per way a game can end; every game sets the one that ended it
    in its `Outcome` and lists the ones it can end by
    (`GameDefinition.terminations`). None of the three games has a
    rule-limited end: their limits (the card game's reshuffle and turn
    limits, Slam's DRAW-phase lap limit) end a rally or a phase, never the
    game, so every game ends by reaching its target.

    >>> Termination("skill_track_top").describe()
    'reached the top of the skill track'
    """

    SKILL_TRACK_TOP = "skill_track_top"
    """Board: a player (singles) or both players of a team (doubles) reached the top of the
    skill track."""
    TARGET_SCORE = "target_score"
    """Card: a team reached the target score, ahead by the winning margin, after a rally."""
    TOKENS = "tokens"
    """Slam: a player or team won the tokens (rounds) the game is played to."""
    TARGET = "target"
    """Records made before the codes above: a side reached what the game is played to."""

    def describe(self) -> str:
        """The ending in a few plain words (a game's presenter may say it its own way)."""
        return _TERMINATION_WORDS[self]


_TERMINATION_WORDS = {
    Termination.SKILL_TRACK_TOP: "reached the top of the skill track",
    Termination.TARGET_SCORE: "reached the target score by the winning margin",
    Termination.TOKENS: "won the tokens the game is played to",
    Termination.TARGET: "reached the target",
}


@dataclass(frozen=True)
class Outcome:
    """How a game ended: who won, the final scores, and a termination code."""

    winners: tuple[int, ...]
    scores: dict[int, float]
    termination: Termination

    def returns(self, seats: Sequence[int]) -> dict[int, float]:
        """1 for each winner, -1 for each other seat (0 all round for a draw).

        >>> Outcome((0,), {}, Termination.TOKENS).returns([0, 2])
        {0: 1.0, 2: -1.0}
        """
        if not self.winners:
            return {seat: 0.0 for seat in seats}
        return {seat: 1.0 if seat in self.winners else -1.0 for seat in seats}

    def to_json(self) -> dict[str, Any]:
        """The outcome as stored in a game record."""
        return {
            "winners": list(self.winners),
            "scores": {str(seat): score for seat, score in self.scores.items()},
            "termination": str(self.termination),
        }

    @staticmethod
    def from_json(value: dict[str, Any]) -> Outcome:
        """Read an outcome back from a record (records without a code: `Termination.TARGET`).

        >>> Outcome.from_json({"winners": [1], "scores": {"1": 3.0}}).termination
        <Termination.TARGET: 'target'>
        """
        return Outcome(
            winners=tuple(int(seat) for seat in value["winners"]),
            scores={int(seat): float(score) for seat, score in value.get("scores", {}).items()},
            termination=Termination(value.get("termination", Termination.TARGET)),
        )


class Observation(Protocol):
    """A seat's lean observation: a frozen value that can say itself as JSON."""

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON-safe values."""
        ...


class GameState(ABC):
    """One position of one game; mutable, cheap to clone.

    `apply` checks an action and plays it; `push` plays an action the caller
    already knows to be legal (taken from `legal_actions`, or checked with
    `is_legal`) without checking, as search and simulation do. Both append
    the action to `history`; a clone starts with an empty history.
    """

    __slots__ = ("history",)
    game_id: ClassVar[str]
    position_types: ClassVar[tuple[type, ...]] = ()
    """The enum and named-tuple types the state's fields hold, which a position text may
    name (`pickletable.core.position_text`)."""
    history: list[Action]

    # --- who acts -------------------------------------------------------
    @property
    @abstractmethod
    def seats(self) -> tuple[int, ...]:
        """The seat numbers in play, in clockwise order."""

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat asked now, `CHANCE`, or `None` when the game is over."""

    @property
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or `None` while it goes on."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current_player is None

    @abstractmethod
    def seat_name(self, seat: int) -> str:
        """The name people use for a seat (a colour, a compass point, Player N)."""

    # --- moves ----------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions open now; for `CHANCE`, the possible outcomes."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The chance outcomes with their probabilities (empty unless `CHANCE` is to act)."""
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw the chance outcome by its probability, with one ``rng.random()``.

        The outcome is the first of `chance_outcomes` at which the running sum
        of probabilities passes the draw (the last if rounding leaves it short);
        games may answer faster without listing them, but must draw alike.
        """
        outcomes = self.chance_outcomes()
        pick = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if pick < total:
                return action
        return outcomes[-1][0]

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be played now (games may answer faster than the list)."""
        return action in self.legal_actions()

    def apply(self, action: Action) -> list[Event]:
        """Play `action` and return the events it caused.

        Raises `IllegalActionError` (and changes nothing) if it is not legal.
        """
        if not self.is_legal(action):
            raise IllegalActionError(action, self.legal_actions(), self.illegal_reason(action))
        return self.push(action)

    def push(self, action: Action) -> list[Event]:
        """Play an action known to be legal, without checking it, and return its events.

        An illegal action pushed here may corrupt the state: check with
        `is_legal` (or take it from `legal_actions`) first.
        """
        events = self._play(action)
        self.history.append(action)
        return events

    def apply_text(self, text: str) -> list[Event]:
        """Parse notation and apply it."""
        return self.apply(Action.from_text(text))

    def illegal_reason(self, action: Action) -> str:
        """Why `action` is refused, where a game can say more than 'not legal'."""
        if self.current_player is None:
            return "the game is over"
        return ""

    @abstractmethod
    def _play(self, action: Action) -> list[Event]:
        """The game's own move: apply an action already known to be legal."""

    # --- scoring ----------------------------------------------------------
    def returns(self) -> dict[int, float]:
        """Each seat's result: 1 on the winning side, -1 otherwise; 0 all round until the end."""
        outcome = self.outcome
        if outcome is None:
            return {seat: 0.0 for seat in self.seats}
        return outcome.returns(self.seats)

    def lead(self) -> dict[int, float]:
        """How far each seat's side is ahead, in the game's own units (points, tokens, spaces).

        Search scores a position it stops short of the end by how the lead
        changed; a game without a notion of lead answers 0 for everyone.
        """
        return {seat: 0.0 for seat in self.seats}

    def is_formality(self) -> bool:
        """Whether the seat asked now has one action and it is a pure formality.

        A formality is asked only so that being asked reveals nothing (decline
        a POACH window without a POACH, keep a dealt hand that cannot change,
        a forced pass). Front ends may answer it for a person; records and
        environments keep every step.
        """
        return False

    def is_routine(self) -> bool:
        """Whether the seat asked now has one action and it is a routine move.

        A routine move decides nothing and hides nothing (the board game's lone
        roll of the dice or serve): unlike a formality it is a move people may
        enjoy making, so a front end makes it for a person only when they asked
        for that ("Roll for me"). Records and environments keep every step.
        """
        return False

    # --- views ----------------------------------------------------------
    @abstractmethod
    def observe(self, seat: int | None) -> Observation:
        """What `seat` (`None`: a spectator) may know, as a lean typed value for bots and
        learning: no text, built only from what that seat may see.

        Wording and client views are each game's `Presenter`'s (`pickletable.core.presenter`).
        """

    # --- search ---------------------------------------------------------
    @abstractmethod
    def clone(self) -> Self:
        """An independent copy."""

    def resample(self, seat: int | None, rng: random.Random) -> Self:
        """A full state consistent with everything `seat` knows.

        Games without hidden information return a clone.
        """
        return self.clone()
