"""The rules of the Pickleball Card Game as a pure state machine.

A game runs through these steps (``CardState.step``, a `Step`):

- ``first_server``: chance turns cards face up, one per seat clockwise from
  North, until a Kitchen shows; that seat serves first;
- ``deal``: chance deals seven cards to each seat, one at a time, starting
  left of the server; ``flip``: chance turns the first discard;
- ``turn``: the seat to play draws (``draw``) or takes the discard (``take 7``);
  ``drawing``: chance gives the drawn card;
- ``discard``: the seat discards (``discard 7``), or discards and lays its
  hand down in the same decision (``discard 7 lay``);
- ``over``.

The lay-down choice rides on the discard so that being asked reveals
nothing to the other seats. Hands are sorted tuples, shared between clones.
The rules speak in codes (`Step`, `EventKind`, `Ending`); every word shown
to people is the presenter's (`presenter.py`).

>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> for text in ["show 5", "show 9", "show kitchen"]:
...     _ = state.apply_text(text)
>>> state.server, state.step
(0, <Step.DEAL: 'deal'>)
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import Any, Final

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE, GameState, Outcome, Termination
from pickletable.games.card.codes import CHANCE_STEPS, Ending, EventKind, Step
from pickletable.games.card.config import SEAT_NAMES, CardConfig
from pickletable.games.card.content import HAND_SIZE, KITCHEN
from pickletable.games.card.observer import CardObservation, observe
from pickletable.games.card.rules import discard_menu, is_discard_legal
from pickletable.games.card.scoring import score_rally, winning_team
from pickletable.games.card.solver import Verdict
from pickletable.games.card.text import position_summary

__all__ = ["CardConfig", "CardState", "Ending", "EventKind", "Step"]

DRAW = Action("draw")
# The steps as module constants: the hot paths below compare against them at every step.
_FIRST_SERVER: Final = Step.FIRST_SERVER
_DEAL: Final = Step.DEAL
_FLIP: Final = Step.FLIP
_TURN: Final = Step.TURN
_DRAWING: Final = Step.DRAWING
_DISCARD: Final = Step.DISCARD
_OVER: Final = Step.OVER
_TOOK: Final = EventKind.TOOK
_DREW: Final = EventKind.DREW
_DISCARDED: Final = EventKind.DISCARDED
_FLIPPED: Final = EventKind.FLIPPED
_CHANCE_VERB = {_FIRST_SERVER: "show", _DEAL: "deal", _FLIP: "flip", _DRAWING: "draw"}
_NOT_A_SEAT: dict[Step, int | None] = {step: CHANCE for step in CHANCE_STEPS} | {_OVER: None}
"""`current_player` at the steps where no seat is asked."""


class CardState(GameState):
    """One position of a card game."""

    game_id = "card"
    position_types = (Step, Ending)

    __slots__ = (
        "_outcome",
        "dealt",
        "discards",
        "ends_after_turn",
        "hands",
        "known",
        "laid",
        "lap_left",
        "last_rally",
        "pile",
        "rally",
        "reshuffles",
        "rules",
        "scores",
        "server",
        "shown",
        "step",
        "taken",
        "turn",
        "turns",
    )

    def __init__(self, rules: CardConfig) -> None:
        self.rules = rules
        self.history = []
        self.step = _FIRST_SERVER
        self.scores = [0, 0]
        self.server: int | None = None
        self.rally = 0
        self.turn = rules.seats[0]
        self.hands: list[tuple[str, ...]] = [(), (), (), ()]
        self.known: list[tuple[str, ...]] = [(), (), (), ()]
        """Per seat, cards everyone saw it take from the discard pile and still holds."""
        self.pile = Pile(dict(rules.deck_counts), [])
        self.discards: list[str] = []
        self.taken: str | None = None
        self.laid: tuple[int, ...] = ()
        self.lap_left = -1
        self.reshuffles = 0
        self.ends_after_turn = False
        self.dealt = 0
        self.turns = 0
        """Turns played in this rally."""
        self.shown: list[tuple[int, str]] = []
        self.last_rally: dict[str, Any] | None = None
        self._outcome: Outcome | None = None

    @staticmethod
    def new(rules: CardConfig) -> CardState:
        """A new game: chance is about to turn cards face up for the first server."""
        return CardState(rules)

    # --- who acts -------------------------------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        """The seats in play, clockwise."""
        return self.rules.seats

    @property
    def current_player(self) -> int | None:
        """The seat asked now, `CHANCE`, or `None` when the game is over."""
        return _NOT_A_SEAT.get(self.step, self.turn)

    @property
    def outcome(self) -> Outcome | None:
        """Winners, final scores and why, once the game is over."""
        return self._outcome

    def seat_name(self, seat: int) -> str:
        """North, East, South or West."""
        return SEAT_NAMES[seat]

    def __str__(self) -> str:
        """The whole position in a few readable lines (`text.position_summary`)."""
        return position_summary(self)

    @property
    def serving_team(self) -> int | None:
        """The team holding the serve card (``None`` before the first server is known)."""
        return None if self.server is None else self.rules.team_of[self.server]

    @property
    def final_lap(self) -> bool:
        """True once someone has laid down and the others take their final turns."""
        return self.lap_left >= 0

    def verdict(self, seat: int) -> Verdict:
        """The solver's verdict on a seat's hand."""
        return self.rules.solver.verdict_sorted(self.hands[seat])

    # --- moves ----------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Chance outcomes, or the seat's draws, takes and discards."""
        step = self.step
        if step == _TURN:
            return [DRAW, self.rules.take[self.discards[-1]]]
        if step == _DISCARD:
            return discard_menu(self.rules, self.hands[self.turn], self.taken)
        if step in CHANCE_STEPS:
            actions = self.rules.chance[_CHANCE_VERB[step]]
            pile = self.pile
            if pile.unseen_count:
                return [actions[card] for card in pile.unseen]
            return [actions[pile.known[0]]] if pile.known else []
        return []

    def is_legal(self, action: Action) -> bool:
        """Whether `action` may be played now, without listing every legal action.

        A chance card is legal if the pile can give it; a turn's start is one
        of two actions.
        """
        step = self.step
        if step in CHANCE_STEPS:
            args = action.args
            return (
                action.verb == _CHANCE_VERB[step] and len(args) == 1 and self.pile.can_draw(args[0])
            )
        if step == _TURN:
            return action == DRAW or action == self.rules.take[self.discards[-1]]
        if step == _DISCARD:
            return is_discard_legal(self.rules, self.hands[self.turn], self.taken, action)
        return False

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """The cards chance may turn up next, with their probabilities."""
        step = self.step
        if step not in CHANCE_STEPS:
            return []
        actions = self.rules.chance[_CHANCE_VERB[step]]
        pile = self.pile
        total = pile.unseen_count
        if total:
            return [(actions[card], n / total) for card, n in pile.unseen.items()]
        return [(actions[pile.known[0]], 1.0)] if pile.known else []

    def sample_chance(self, rng: random.Random) -> Action:
        """`GameState.sample_chance` straight from the pile's counts (no outcome list)."""
        verb = _CHANCE_VERB.get(self.step)
        if verb is None:
            return super().sample_chance(rng)
        return self.rules.chance[verb][self.pile.sample(rng)]

    def illegal_reason(self, action: Action) -> str:
        """Why an action is refused, in the rulebook's terms (the engine's refusal message)."""
        step = self.step
        if step == Step.OVER:
            return "the game is over"
        verb, args = action.verb, action.args
        title = self.rules.deck.titles
        if step in CHANCE_STEPS:
            if verb == _CHANCE_VERB[step] and len(args) == 1:
                return f"no {title.get(args[0], args[0])} is left to come up"
            return "chance acts now: a card is to be dealt or drawn"
        if step == Step.TURN:
            if verb == "discard":
                return "draw from the draw pile or take the top discard first"
            if verb == "take" and args:
                return f"the top of the discard pile is the {title[self.discards[-1]]}"
            return ""
        if verb in ("draw", "take"):
            return "you have drawn already this turn: discard now"
        if verb != "discard" or not args:
            return ""
        card, hand = args[0], self.hands[self.turn]
        if card not in hand:
            return f"you hold no {title.get(card, card)}"
        if card == self.taken and self.rules.no_discard_taken_card and hand.count(card) < 2:
            return (
                f"you took the {title[card]} from the discard pile this turn and may "
                f"not discard it (option no_discard_taken_card)"
            )
        if len(args) > 1:
            return (
                f"after discarding the {title[card]} the hand is neither complete nor "
                f"holding a Dink Shot, so it may not be laid down"
            )
        return ""

    def _play(self, action: Action) -> list[Event[EventKind]]:
        step = self.step
        if step == _TURN:
            return self._start_turn(action)
        if step == _DISCARD:
            args = action.args
            return self._discard(args[0], len(args) > 1)
        card = action.args[0]
        self.pile.take(card)
        if step == _DRAWING:
            return self._drawn(card)
        if step == _DEAL:
            return self._deal(card)
        if step == _FLIP:
            self.discards.append(card)
            self.step = _TURN
            return [Event(_FLIPPED, {"card": card, "seat": self.turn})]
        return self._show(card)

    # --- setup and dealing ----------------------------------------------------
    def _show(self, card: str) -> list[Event[EventKind]]:
        seats = self.rules.seats
        seat = seats[len(self.shown) % len(seats)]
        self.shown.append((seat, card))
        events = [Event(EventKind.SHOWN, {"seat": seat, "card": card})]
        if card == KITCHEN:
            self.server = seat
            events.append(Event(EventKind.FIRST_SERVER, {"seat": seat}))
            self._start_rally(events)
        return events

    def _start_rally(self, events: list[Event[EventKind]]) -> None:
        assert self.server is not None
        rules = self.rules
        self.rally += 1
        self.step = _DEAL
        self.pile = Pile(dict(rules.deck_counts), [])
        self.hands = [(), (), (), ()]
        self.known = [(), (), (), ()]
        self.discards = []
        self.taken = None
        self.laid = ()
        self.lap_left = -1
        self.reshuffles = 0
        self.ends_after_turn = False
        self.dealt = 0
        self.turns = 0
        self.turn = rules.next_seat[self.server]
        data = {"rally": self.rally, "server": self.server, "team": rules.team_of[self.server]}
        events.append(Event(EventKind.RALLY_START, data))

    def _deal(self, card: str) -> list[Event[EventKind]]:
        rules = self.rules
        order = rules.deal_seats[self.turn]
        dealt = self.dealt
        seat = order[dealt]
        hand = self.hands[seat]
        key = rules.order_key  # `_insert`, written out: dealing is a third of all steps
        at = bisect_right(hand, key(card), key=key)
        self.hands[seat] = (*hand[:at], card, *hand[at:])
        self.dealt = dealt = dealt + 1
        if dealt < len(order):
            return []
        self.step = _FLIP
        return [Event(EventKind.DEALT, {"cards": HAND_SIZE})]

    # --- a turn ---------------------------------------------------------------
    def _start_turn(self, action: Action) -> list[Event[EventKind]]:
        if action.verb == "draw":
            self.step = _DRAWING
            return []
        card = self.discards.pop()
        seat = self.turn
        self.hands[seat] = self._insert(self.hands[seat], card)
        self.known[seat] = self._insert(self.known[seat], card)
        self.taken = card
        self.step = _DISCARD
        return [Event(_TOOK, {"seat": seat, "card": card})]

    def _drawn(self, card: str) -> list[Event[EventKind]]:
        seat = self.turn
        self.hands[seat] = self._insert(self.hands[seat], card)
        self.taken = None
        self.step = _DISCARD
        events = [Event(_DREW, {"seat": seat})]
        if not len(self.pile):
            last = self.reshuffles >= self.rules.reshuffle_limit
            self.ends_after_turn = last
            events.append(Event(EventKind.PILE_EMPTY, {"seat": seat, "rally_ends": last}))
        return events

    def _discard(self, card: str, lay: bool) -> list[Event[EventKind]]:
        seat = self.turn
        hand = self.hands[seat]
        position = hand.index(card)
        self.hands[seat] = hand[:position] + hand[position + 1 :]
        known = self.known[seat]
        # The seat held at least as many of each card as it was seen taking; one
        # fewer now, but never fewer than one of a card it may not have discarded.
        if known and card in known:
            kept = card == self.taken and self.rules.no_discard_taken_card
            if not (kept and known.count(card) == 1):
                spot = known.index(card)
                self.known[seat] = known[:spot] + known[spot + 1 :]
        self.discards.append(card)
        self.taken = None
        events = [Event(_DISCARDED, {"seat": seat, "card": card})]
        starts_lap = False
        if lay:
            verdict = self.verdict(seat)
            self.laid += (seat,)
            events.append(
                Event(
                    EventKind.LAID_DOWN,
                    {
                        "seat": seat,
                        "cards": list(verdict.cards),
                        "complete": verdict.complete,
                        "dink": verdict.dinks > 0,
                        "summary": verdict.summary,
                    },
                )
            )
            if self.lap_left < 0:
                starts_lap = True
                self.lap_left = len(self.rules.seats) - 1
                events.append(Event(EventKind.FINAL_LAP, {"seat": seat, "turns": self.lap_left}))
        self._end_turn(starts_lap, events)
        return events

    def _end_turn(self, started_lap: bool, events: list[Event[EventKind]]) -> None:
        self.turns += 1
        if self.ends_after_turn:
            self._end_rally(Ending.PILE, events)
            return
        if self.lap_left >= 0 and not started_lap:
            self.lap_left -= 1
            if self.lap_left == 0:
                self._end_rally(Ending.LAP, events)
                return
        rules = self.rules
        limit = rules.rally_turn_limit
        if limit and self.turns >= limit:
            self._end_rally(Ending.LIMIT, events)
            return
        self.turn = rules.next_seat[self.turn]
        self.step = _TURN
        pile = self.pile
        if len(pile):
            return
        # The draw pile ran out: all but the top discard become the new draw pile.
        self.reshuffles += 1
        top = self.discards.pop()
        pile.reshuffle(self.discards)
        self.discards = [top]
        events.append(Event(EventKind.RESHUFFLED, {"cards": len(pile), "times": self.reshuffles}))
        if not len(pile):
            self._end_rally(Ending.PILE, events)

    # --- scoring --------------------------------------------------------------
    def _end_rally(self, why: Ending, events: list[Event[EventKind]]) -> None:
        rules = self.rules
        assert self.server is not None
        shown = {seat: self.hands[seat] for seat in rules.seats}
        result = score_rally(rules.solver, rules.team_of, self.server, shown, self.laid)
        for team in result.teams:
            self.scores[team.team] += team.points
        winner = result.serve_to
        scored = result.to_json()
        summary: dict[str, Any] = {
            "rally": self.rally,
            "ended": why,
            "server": self.server,
            "serving_team": rules.team_of[self.server],
            "hands": scored["hands"],
            "teams": scored["teams"],
            "laid": list(self.laid),
            "serve_to": winner,
            "serve_reason": scored["serve_reason"],
            "scores": list(self.scores),
        }
        self.last_rally = summary
        events.append(Event(EventKind.RALLY_SCORED, summary))
        if winner is not None:
            self.server = winner
        won = winning_team(self.scores, rules.target, rules.win_by)
        if won is None:
            self._start_rally(events)
            return
        self.step = _OVER
        winners = rules.teams[won]
        self._outcome = Outcome(
            winners=winners,
            scores={seat: float(self.scores[rules.team_of[seat]]) for seat in rules.seats},
            termination=Termination.TARGET_SCORE,
        )
        events.append(
            Event(
                EventKind.GAME_OVER,
                {"team": won, "winners": list(winners), "scores": list(self.scores)},
            )
        )

    def _insert(self, cards: tuple[str, ...], card: str) -> tuple[str, ...]:
        key = self.rules.order_key
        position = bisect_right(cards, key(card), key=key)
        return (*cards[:position], card, *cards[position:])

    # --- what a seat knows and how far ahead it is --------------------------
    def observe(self, seat: int | None) -> CardObservation:
        """What `seat` may know: its own hand, hands laid face up, never another hidden hand."""
        return observe(self, seat)

    def is_formality(self) -> bool:
        """Never: no step asks a seat a single, empty choice.

        A turn always offers a draw and the top discard; a discard always shows
        the table a card (and laying down rides on it), so it is never a mere
        formality even with one card to choose.
        """
        return False

    def lead(self) -> dict[int, float]:
        """Points ahead of the other team, and half a point for holding the serve."""
        serving = self.serving_team
        scores = self.scores
        lead = []
        for team in (0, 1):
            serve = 0.0 if serving is None else (0.5 if serving == team else -0.5)
            lead.append(scores[team] - scores[1 - team] + serve)
        team_of = self.rules.team_of
        return {seat: lead[team_of[seat]] for seat in self.rules.seats}

    # --- search ---------------------------------------------------------------
    def clone(self) -> CardState:
        """An independent copy (hands are shared tuples; lists and the pile are copied)."""
        other = CardState.__new__(CardState)
        other.rules = self.rules
        other.history = []
        other.step = self.step
        other.scores = self.scores[:]
        other.server = self.server
        other.rally = self.rally
        other.turn = self.turn
        other.hands = self.hands[:]
        other.known = self.known[:]
        other.pile = self.pile.copy()
        other.discards = self.discards[:]
        other.taken = self.taken
        other.laid = self.laid
        other.lap_left = self.lap_left
        other.reshuffles = self.reshuffles
        other.ends_after_turn = self.ends_after_turn
        other.dealt = self.dealt
        other.turns = self.turns
        other.shown = self.shown[:]
        other.last_rally = self.last_rally
        other._outcome = self._outcome
        return other

    def hidden_from(self, seat: int | None) -> list[int]:
        """The seats whose hands `seat` cannot see (laid-down hands are face up)."""
        return [s for s in self.rules.seats if s != seat and s not in self.laid]

    def resample(self, seat: int | None, rng: random.Random) -> CardState:
        """Re-deal every card `seat` cannot see, keeping what it knows.

        Hidden hands keep their sizes and the cards everyone saw them take from
        the discard pile; the rest of them, with the draw pile, is shuffled and
        dealt again.
        """
        other = self.clone()
        hidden = self.hidden_from(seat)
        pool = other.pile.cards()
        for s in hidden:
            rest = list(self.hands[s])
            for card in self.known[s]:
                rest.remove(card)
            pool += rest
        # Sort first: the deal must depend only on what `seat` knows, not on where
        # the hidden cards really are (ISMCTS with the same seed must decide alike).
        pool.sort(key=self.rules.order.__getitem__)
        rng.shuffle(pool)
        at = 0
        for s in hidden:
            need = len(self.hands[s]) - len(self.known[s])
            cards = list(self.known[s]) + pool[at : at + need]
            at += need
            other.hands[s] = self.rules.solver.sort(cards)
        left: dict[str, int] = {}
        for card in pool[at:]:
            left[card] = left.get(card, 0) + 1
        # Deck order, so that chance outcomes are listed the same way whatever the shuffle.
        other.pile = Pile({card: left[card] for card in self.rules.deck.names if card in left}, [])
        return other
