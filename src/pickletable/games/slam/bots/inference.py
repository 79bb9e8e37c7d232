"""What a Slam seat can infer about other hands from the PLAY phase, and determinisations that fit.

In the PLAY phase a player passes when nothing in their hand may be played
(the rule with ``must_play`` on; the `medium` bot also plays whenever it
can): no DRAW card, and no card that follows the number they passed on.
A player who plays as `medium` does also shows what they lack: it lays the
cheapest card that follows (`slam_heuristic.play_cost`), so it held none
cheaper (a model of the opponent, exact against `medium`). A hand then
changes only by the cards its owner plays until the phase ends, unless a
DRAW TWO (what was known of that player is dropped) or a SWITCH takes it.

The seat sees no event log, only its observation, so `excluded_cards` reads the
PLAY phase back from the centre pile (the cards laid since the PLAY card,
or the DRAW card, that began it), who is out now and whose turn it is,
trying every order of plays and passes the turn rules allow. A card counts
as excluded only when every reading agrees; a phase with a SWITCH,
SHAKE & BAKE or TARGET & RESET in it, or doubles, is not read at all.

`constrain` then moves, in a determinisation, each card a player cannot
hold to a hidden place that may hold it (the stack, another opponent's hand
or discard pile), swapping in a card that fits.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3", "4"], ["1", "1"], ["5", "2"]], leader=0)
>>> for text in ("play 3", "pass"):
...     _ = state.apply_text(text)
>>> passed = excluded_cards(state.observe(2))
>>> sorted(passed)
[0, 1]
>>> sorted(passed[1])[:4]
['3', '4', 'draw', 'drawtwo-3']
"""

from __future__ import annotations

import random

from pickletable.games.slam.bots.heuristic import play_cost
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.content import (
    DRAW,
    DRAW_TWO,
    HIGHEST,
    NUMBER,
    PLAY,
    POACH,
    SWITCH,
    SlamContent,
)
from pickletable.games.slam.observer import SlamObservation
from pickletable.games.slam.position import SlamPosition

Exclusions = dict[int, frozenset[str]]
"""For each other seat: the card codes its hand cannot hold."""

READABLE = frozenset({NUMBER, DRAW_TWO, POACH})
"""Kinds of card a PLAY phase may hold and still be read back (they only follow)."""

PASS_PROVES = frozenset({NUMBER, DRAW_TWO, POACH, SWITCH})
"""Kinds a pass proves absent when they follow. (SHAKE & BAKE and TARGET & RESET
are left out: they cannot be played without a target, which a pass may mean.)"""

MAX_READINGS = 64
"""Readings of one phase looked at before giving up (a phase has a handful)."""


def excluded_cards(observation: SlamObservation, *, plays: bool = True) -> Exclusions:
    """The cards each other player cannot hold, read from this PLAY phase (seen from one seat).

    From passes; with `plays`, also from each card played, on the model that
    the player plays as `medium` does (the cheapest card that follows).
    """
    if (
        observation.doubles
        or observation.phase != Phase.PLAY
        or observation.step != Step.TURN
        or observation.duel is not None
        or observation.starter is None
        or observation.current_player is None
    ):
        return {}
    cards = observation.deck.cards
    centre = observation.centre
    begun = max(
        (index for index, code in enumerate(centre) if cards[code].kind in (PLAY, DRAW)),
        default=None,
    )
    if begun is None:
        return {}
    laid = centre[begun + 1 :]
    if any(cards[code].kind not in READABLE for code in laid):
        return {}
    reader = _Reader(observation, laid, plays)
    reader.read(
        (observation.starter + 1) % observation.players, 0, None, frozenset(), observation.starter
    )
    if not reader.readings or reader.gave_up:
        return {}
    agreed = reader.readings[0]
    for reading in reader.readings[1:]:
        agreed = {seat: agreed[seat] & reading[seat] for seat in agreed if seat in reading}
    return {seat: cards for seat, cards in agreed.items() if seat != observation.seat and cards}


def constrain(
    state: SlamPosition, seat: int, exclusions: Exclusions, rng: random.Random
) -> SlamPosition:
    """Swap, in a determinisation, the cards each passer cannot hold for cards it may hold.

    A card is swapped with one drawn at random from the other hidden places
    (the stack's unseen cards, other opponents' hands and discard piles),
    among those the passer may hold and whose new place may take the card.
    What `seat` sees is untouched; a card that cannot be placed stays.
    """
    for holder, excluded in exclusions.items():
        known = state.known.get((seat, holder), ())
        hand = state.hands[holder]
        spare = {code: copies for code, copies in _counts(known).items()}
        bad = []
        for code, copies in hand.items():
            if code in excluded:
                extra = copies - spare.get(code, 0)
                bad.extend([code] * max(extra, 0))
        for code in bad:
            _swap_out(state, seat, holder, code, exclusions, rng)
    return state


# --- reading the phase back ---------------------------------------------------------
class _Reader:
    """Every order of plays and passes that leads from the phase's start to what is seen."""

    def __init__(self, observation: SlamObservation, laid: tuple[str, ...], plays: bool) -> None:
        self.players = observation.players
        self.plays = plays
        self.observation = observation
        self.laid = laid
        self.numbers = [observation.card(code).number for code in laid]
        self.out_now = frozenset(range(self.players)) - frozenset(observation.inside)
        self.actor = observation.current_player
        self.deck = observation.deck
        self.readings: list[dict[int, frozenset[str]]] = []
        self.visited = 0
        self.gave_up = False

    def read(
        self,
        actor: int,
        laid: int,
        number: int | None,
        out: frozenset[int],
        last: int,
        facts: tuple[tuple[int, frozenset[str] | None], ...] = (),
    ) -> None:
        """Go on from `actor`'s turn with `laid` cards of the phase laid so far."""
        self.visited += 1
        if self.visited > MAX_READINGS * 8 or len(self.readings) >= MAX_READINGS:
            self.gave_up = True
            return
        if laid == len(self.numbers) and out == self.out_now and actor == self.actor:
            self.readings.append(_gathered(facts))
            return
        if laid < len(self.numbers) and _follows(number, self.numbers[laid]):
            following = self._next(actor, out)
            if following is not None and following != actor:
                fact = (actor, self._cheaper(number, self.laid[laid]))
                self.read(following, laid + 1, self.numbers[laid], out, actor, (*facts, fact))
        if actor in self.out_now and actor not in out:
            now_out = out | {actor}
            following = self._next(actor, now_out)
            if following is not None and following != last:
                fact = (actor, _excluded(self.deck, number))
                self.read(following, laid, number, now_out, last, (*facts, fact))

    def _cheaper(self, number: int | None, code: str) -> frozenset[str] | None:
        """What `medium` cannot have held, having played `code` on `number`.

        It plays the cheapest card that follows (`slam_heuristic.play_cost`);
        None after a DRAW TWO, whose two new cards void what was known.
        """
        observation = self.observation
        if observation.card(code).kind == DRAW_TWO:
            return None
        if not self.plays:
            return frozenset()
        cost = play_cost(observation, code)
        return frozenset(
            other
            for other, card in observation.deck.cards.items()
            if card.kind in PASS_PROVES
            and _follows(number, card.number)
            and play_cost(observation, other) < cost
        )

    def _next(self, after: int, out: frozenset[int]) -> int | None:
        for step in range(1, self.players + 1):
            seat = (after + step) % self.players
            if seat not in out:
                return seat
        return None


def _gathered(facts: tuple[tuple[int, frozenset[str] | None], ...]) -> dict[int, frozenset[str]]:
    """Each player's excluded cards from one reading's facts, in order (None starts afresh)."""
    gathered: dict[int, frozenset[str]] = {}
    for seat, cards in facts:
        gathered[seat] = frozenset() if cards is None else gathered.get(seat, frozenset()) | cards
    return gathered


def _follows(number: int | None, card: int | None) -> bool:
    if card is None:
        return False
    return number is None or card in (number, number + 1)


def _excluded(deck: SlamContent, number: int | None) -> frozenset[str]:
    """The cards a player cannot hold who passed on `number` (None: on a fresh lead)."""
    if number is None:
        follow = set(range(1, HIGHEST + 1))
    else:
        follow = {n for n in (number, number + 1) if n <= HIGHEST}
    return frozenset(
        code
        for code, card in deck.cards.items()
        if card.kind == DRAW or (card.kind in PASS_PROVES and card.number in follow)
    )


# --- moving cards in a determinisation ----------------------------------------------
def _swap_out(
    state: SlamPosition,
    seat: int,
    holder: int,
    code: str,
    exclusions: Exclusions,
    rng: random.Random,
) -> None:
    """Swap one `code` out of `holder`'s hand for a card it may hold from a hidden place."""
    excluded = exclusions[holder]
    places: list[tuple[dict[str, int], str]] = []
    stack = state.stack.unseen
    for other, copies in stack.items():
        if other not in excluded:
            places.extend([(stack, other)] * copies)
    for other_holder in range(state.rules.players):
        if other_holder in (seat, holder):
            continue
        pile = state.discards[other_holder]
        for other, copies in pile.items():
            if other not in excluded:
                places.extend([(pile, other)] * copies)
        if code in exclusions.get(other_holder, frozenset()):
            continue
        hand = state.hands[other_holder]
        known = _counts(state.known.get((seat, other_holder), ()))
        for other, copies in hand.items():
            if other not in excluded:
                places.extend([(hand, other)] * (copies - known.get(other, 0)))
    if not places:
        return
    place, other = places[rng.randrange(len(places))]
    _move(state.hands[holder], code, -1)
    _move(state.hands[holder], other, 1)
    _move(place, other, -1)
    _move(place, code, 1)


def _move(cards: dict[str, int], code: str, change: int) -> None:
    left = cards.get(code, 0) + change
    if left:
        cards[code] = left
    else:
        del cards[code]


def _counts(cards: tuple[str, ...]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for code in cards:
        counts[code] = counts.get(code, 0) + 1
    return counts
