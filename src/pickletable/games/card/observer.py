"""What one seat may know of a card game, as a lean typed value for bots, search and learning.

A seat sees its own hand, every hand laid down face up, the cards each seat
was seen taking from the discard pile (and still holds), the discard pile,
how many cards each hand and the draw pile hold, and the score. The order of
the draw pile is not even stored. `observe` builds one straight from the
state (search calls it thousands of times, through `CardState.observe`); the presenter turns it
into the client's view, adding words, verdicts and labels.

>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> _ = state.apply_text("show kitchen")
>>> for card in "1 9 2 9 3 9 4 9 5 10 6 10 7 10".split():
...     _ = state.apply_text(f"deal {card}")
>>> _ = state.apply_text("flip smash")
>>> seen = state.observe(2)
>>> seen.hand, seen.step, seen.discards
(('1', '2', '3', '4', '5', '6', '7'), <Step.TURN: 'turn'>, ('smash',))
>>> seen.face_up[0] is None, state.observe(None).hand is None
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

import orjson

from pickletable.core.options import OptionValue
from pickletable.core.state import Outcome
from pickletable.games.card.codes import Step
from pickletable.games.card.content import CardDeck

if TYPE_CHECKING:
    from pickletable.games.card.state import CardState

TURN_STEPS = frozenset({Step.TURN, Step.DRAWING, Step.DISCARD})
"""The steps of a turn: the observation says whose turn of the rally it is."""


@dataclass(frozen=True, slots=True)
class CardObservation:
    """One seat's knowledge of the table (`seat` is `None` for a spectator).

    Per-seat fields are tuples indexed by seat number (North 0 to West 3);
    seats not in play hold empty values.
    """

    game: ClassVar[str] = "card"

    seat: int | None
    seats: tuple[int, ...]
    """The seats in play, clockwise."""
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    """The seats of team 0 and of team 1."""
    deck: CardDeck
    options: Mapping[str, OptionValue]
    step: Step
    to_act: int | None
    """The seat asked now, `CHANCE` (-1), or `None` once the game is over."""
    turn: int | None
    """The seat whose turn it is (`None` outside the turns: dealing, the end)."""
    rally: int
    scores: tuple[int, int]
    server: int | None
    serving_team: int | None
    hand: tuple[str, ...] | None
    """The seat's own hand, sorted (`None` for a spectator)."""
    face_up: tuple[tuple[str, ...] | None, ...]
    """Each hand this seat may see: its own and those laid down; `None` for the others."""
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[str, ...], ...]
    """Cards each seat was seen taking from the discard pile and still holds."""
    laid: tuple[int, ...]
    """The seats that laid down this rally, first first."""
    taken: str | None
    """The card the seat to play took from the discard pile this turn."""
    discards: tuple[str, ...]
    """The discard pile, bottom first."""
    draw_count: int
    reshuffles: int
    final_turns_left: int
    """Final turns still to play once someone laid down; -1 before that."""
    shown: tuple[tuple[int, str], ...]
    """Cards dealt face up to pick the first server, as (seat, card)."""
    last_rally: Mapping[str, Any] | None
    """The last ``rally_scored`` summary (every hand is shown at the end of a rally)."""
    outcome: Outcome | None

    @property
    def final_lap(self) -> bool:
        """True once someone has laid down and the others take their final turns."""
        return self.final_turns_left >= 0

    def team_of(self, seat: int) -> int:
        """The team (0 or 1) a seat plays for."""
        return 0 if seat in self.teams[0] else 1

    def next_seat(self, seat: int) -> int:
        """The seat after `seat`, clockwise."""
        seats = self.seats
        return seats[(seats.index(seat) + 1) % len(seats)]

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON-safe data (no words: the presenter adds them)."""
        serving = self.serving_team
        laid = self.laid
        return {
            "game": self.game,
            "seat": self.seat,
            "players": len(self.seats),
            "options": dict(self.options),
            "step": str(self.step),
            "to_act": self.to_act,
            "turn": self.turn,
            "rally": self.rally,
            "target": int(self.options["target_score"]),
            "win_by": int(self.options["win_by"]),
            "server": self.server,
            "serving_team": serving,
            "teams": [
                {
                    "team": team,
                    "seats": list(members),
                    "score": self.scores[team],
                    "serve_card": serving == team,
                }
                for team, members in enumerate(self.teams)
            ],
            "seats": [
                {
                    "seat": s,
                    "team": self.team_of(s),
                    "cards": self.hand_sizes[s],
                    "laid_down": s in laid,
                    "hand": None if self.face_up[s] is None else list(self.face_up[s] or ()),
                    "known": list(self.known[s]),
                }
                for s in self.seats
            ],
            "hand": None if self.hand is None else list(self.hand),
            "taken": self.taken,
            "discard_top": self.discards[-1] if self.discards else None,
            "discard_count": len(self.discards),
            "discard_pile": list(self.discards),
            "draw_count": self.draw_count,
            "reshuffles": self.reshuffles,
            "final_lap": self.final_lap,
            "final_turns_left": max(self.final_turns_left, 0),
            "laid": list(laid),
            "first_server_cards": [{"seat": s, "card": c} for s, c in self.shown],
            "last_rally": None if self.last_rally is None else copied_json(self.last_rally),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def copied_json(value: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of JSON data (a rally's summary: text keys, lists, text and numbers, as
    the contract tests hold every observation to) through orjson's C encoder and decoder,
    ten times quicker than walking it in Python; anything orjson refuses goes to `_copied`.

    >>> summary = {"hands": [{"seat": 0, "cards": ["1", "2"]}], "points": 2.5}
    >>> copy = copied_json(summary)
    >>> copy == summary, copy["hands"][0] is summary["hands"][0]
    (True, False)
    """
    try:
        made: dict[str, Any] = orjson.loads(orjson.dumps(value))
    except TypeError:
        return dict(_copied(dict(value)))
    return made


def _copied(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, tuples of text and numbers), as
    `copy.deepcopy` makes, only quicker; anything else goes through `deepcopy`."""
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    if isinstance(value, tuple):
        return tuple(_copied(item) for item in value)
    if value is None or isinstance(value, str | int | float):
        return value
    return deepcopy(value)


def observe(state: CardState, seat: int | None) -> CardObservation:
    """What `seat` may know: its own hand, hands laid face up, never another hidden hand."""
    rules = state.rules
    laid = state.laid
    hands = state.hands
    step = state.step
    serving = state.serving_team
    return CardObservation(
        seat=seat,
        seats=rules.seats,
        teams=rules.teams,
        deck=rules.deck,
        options=rules.options,
        step=step,
        to_act=state.current_player,
        turn=state.turn if step in TURN_STEPS else None,
        rally=state.rally,
        scores=(state.scores[0], state.scores[1]),
        server=state.server,
        serving_team=serving,
        hand=None if seat is None or seat not in rules.team_of else hands[seat],
        face_up=tuple(hand if s == seat or s in laid else None for s, hand in enumerate(hands)),
        hand_sizes=(len(hands[0]), len(hands[1]), len(hands[2]), len(hands[3])),
        known=tuple(state.known),
        laid=laid,
        taken=state.taken,
        discards=tuple(state.discards),
        draw_count=len(state.pile),
        reshuffles=state.reshuffles,
        final_turns_left=state.lap_left,
        shown=tuple(state.shown),
        last_rally=state.last_rally,
        outcome=state.outcome,
    )
