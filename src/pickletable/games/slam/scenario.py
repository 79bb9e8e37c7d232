"""Setting up positions by hand, for tests, examples and teaching.

`deal` drives a real deal with forced chance actions. `arrange` lays out a
position directly, as a chess position is set up from a diagram: the named
cards are taken from the deck and the rest go to the stack (or under the
centre pile), so every card of the deck is still somewhere.

>>> from pickletable.games.slam import GAME
>>> state = arrange(GAME.new_game(4, {"doubles": True}),
...                 hands=[["3"], ["4"], ["5"], []], leader=2, last_number=3)
>>> GAME.presenter.prompt(state)
'Player 3 to play on 3 (3 or 4)'
>>> [str(a) for a in state.legal_actions()]
['pass']
"""

from __future__ import annotations

from collections.abc import Sequence

from pickletable.core.errors import PickletableError
from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE
from pickletable.games.slam import flow, moves
from pickletable.games.slam.codes import Phase, Step
from pickletable.games.slam.content import DRAW, HAND_SIZE, PLAY
from pickletable.games.slam.state import SlamState


class ScenarioError(PickletableError, ValueError):
    """A scenario that asks for cards the deck does not have."""


def deal(state: SlamState, hands: Sequence[Sequence[str]]) -> SlamState:
    """Apply the deal as forced chance actions: five named cards per seat, seat 0 first.

    The state must be waiting for the first card of a deal.
    """
    if state.step != Step.DEAL:
        raise ScenarioError(f"not at a deal (step {str(state.step)!r})")
    n = state.rules.players
    if len(hands) != n or any(len(hand) != HAND_SIZE for hand in hands):
        raise ScenarioError(f"give {HAND_SIZE} cards for each of the {n} seats")
    for index in range(HAND_SIZE * n):
        seat = state.receiver
        state.apply_text(f"card {hands[seat][index // n]}")
    keep_forced(state)
    return state


def keep_forced(state: SlamState) -> list[Event]:
    """Answer the after-deal window for every seat that can only keep its hand.

    Every seat is asked (so being asked reveals nothing); like a front end, this
    answers for the seats without a choice and stops at the first real one.
    """
    events: list[Event] = []
    while state.step == Step.SWAP and state.is_formality():
        events += state.apply(moves.KEEP)
    return events


def arrange(
    state: SlamState,
    hands: Sequence[Sequence[str]],
    *,
    leader: int = 0,
    phase: str = Phase.PLAY,
    last_number: int | None = None,
    centre: Sequence[str] = (DRAW, PLAY),
    stack: Sequence[str] | None = None,
    discards: Sequence[Sequence[str]] | None = None,
    dealer: int | None = None,
    tokens: Sequence[int] | None = None,
    rest_to: int | None = None,
) -> SlamState:
    """Lay out a position of a fresh game: hands, centre, stack, discard piles.

    `phase` ``play``: `leader` is to play, on `last_number` if given.
    `phase` ``draw``: `leader` is to draw. Cards not named go to the stack, or,
    when `stack` is given, under the centre pile (or into the hand of seat
    `rest_to`).
    """
    rules = state.rules
    n = rules.players
    pool = dict(rules.deck.counts)

    def take(code: str) -> str:
        if pool.get(code, 0) <= 0:
            raise ScenarioError(f"the deck has no more {code!r} cards for this scenario")
        pool[code] -= 1
        return code

    state.hands = [{} for _ in range(n)]
    state.sizes = [0] * n
    for seat, cards in enumerate(hands):
        for code in cards:
            state.add_card(seat, take(code))
    state.discards = [{} for _ in range(n)]
    state.discard_sizes = [0] * n
    for seat, cards in enumerate(discards or ()):
        for code in cards:
            pile = state.discards[seat]
            pile[code] = pile.get(code, 0) + 1
            state.discard_sizes[seat] += 1
            take(code)
    top = [take(code) for code in centre]
    rest = [code for code, copies in pool.items() for _ in range(copies)]
    if stack is None:
        state.stack = Pile.of(rest)
        state.centre = top
    else:
        state.stack = Pile.of([take(code) for code in stack])
        rest = [code for code, copies in pool.items() for _ in range(copies)]
        if rest_to is None:
            state.centre = rest + top
        else:
            state.centre = top
            for code in rest:
                state.add_card(rest_to, code)
    if tokens is not None:
        state.tokens = list(tokens)
    state.dealer = (leader - 1) % n if dealer is None else dealer
    state.known = {}
    if phase == Phase.DRAW:
        flow.begin_draw_phase(state, leader, False, [])
        return state
    state.phase = Phase.PLAY
    flow.reset_play_state(state)
    state.starter = (leader - 1) % n
    state.last_number = last_number
    # As at a real start, the starter's PLAY card is the last card until someone plays.
    state.last_player = state.starter
    state.actor = CHANCE
    state._legal = None
    flow.begin_turn(state, leader, [])
    if state.step == Step.DRAW_CARD:
        raise ScenarioError("the position did not reach a turn")
    return state
