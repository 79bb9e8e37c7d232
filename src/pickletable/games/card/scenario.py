"""Setting up card game positions by hand, for tests, examples and bug reports.

`arrange` lays out a rally in progress, as a chess position is set up from
a diagram: the hands and the discard pile named are taken from the deck,
the rest is the face-down draw pile, and a seat is to start its turn.

>>> from pickletable.games.card import GAME
>>> state = arrange(
...     GAME.new_game(2),
...     hands=["1 2 3 4 5 6 7".split(), "8 9 10 kitchen dink smash 1".split()],
...     discards=["pickler"], server=2, scores=(9, 10),
... )
>>> state.current_player, state.scores, state.discards
(0, [9, 10], ['pickler'])
>>> [str(action) for action in state.legal_actions()]
['draw', 'take pickler']
"""

from __future__ import annotations

from collections.abc import Sequence

from pickletable.core.errors import PickletableError
from pickletable.core.piles import Pile
from pickletable.games.card.codes import Step
from pickletable.games.card.content import HAND_SIZE
from pickletable.games.card.state import CardState


class ScenarioError(PickletableError, ValueError):
    """A scenario the deck cannot hold: more copies of a card than it has, a short hand."""


def arrange(
    state: CardState,
    hands: Sequence[Sequence[str]],
    *,
    discards: Sequence[str] | None = None,
    server: int | None = None,
    turn: int | None = None,
    scores: Sequence[int] = (0, 0),
    rally: int = 1,
) -> CardState:
    """Lay out a rally of a fresh game: seven cards per seat, in seat order.

    `discards` (bottom first; default: one card, the first the deck has left)
    is the discard pile; every other card is in the draw pile. `server` (a
    seat, default the first) serves this rally; `turn` (default the seat
    left of the server) is to start a turn. `scores` are the teams' points
    before this rally, which is the game's `rally`-th.
    """
    rules = state.rules
    seats = rules.seats
    if len(hands) != len(seats) or any(len(hand) != HAND_SIZE for hand in hands):
        raise ScenarioError(f"give {HAND_SIZE} cards for each of the {len(seats)} seats")
    pool = dict(rules.deck_counts)

    def take(card: str) -> str:
        if pool.get(card, 0) <= 0:
            raise ScenarioError(f"the deck has no more {card!r} cards for this scenario")
        pool[card] -= 1
        return card

    state.hands = [(), (), (), ()]
    for seat, hand in zip(seats, hands, strict=True):
        state.hands[seat] = tuple(sorted((take(card) for card in hand), key=rules.order_key))
    if discards is None:
        discards = [next(card for card, left in pool.items() if left)]
    state.discards = [take(card) for card in discards]
    state.pile = Pile({card: left for card, left in pool.items() if left}, [])
    serving = seats[0] if server is None else server
    for named in (serving, turn):
        if named is not None and named not in seats:
            raise ScenarioError(f"seat {named} is not at this table (seats {list(seats)})")
    state.server = serving
    state.turn = rules.next_seat[serving] if turn is None else turn
    state.scores = list(scores)
    state.rally = rally
    state.known = [(), (), (), ()]
    state.shown = []
    state.dealt = len(seats) * HAND_SIZE
    state.step = Step.TURN
    return state
