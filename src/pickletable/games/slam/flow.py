"""How a Slam game moves on: rounds, phases, turns, and who wins.

Every change of phase goes through here: a round starts (`start_round`), the
DRAW phase begins (`begin_draw_phase`) and its turns go round
(`begin_draw_turn`, `end_draw_turn`, the doubles refill in `next_refill`),
the PLAY phase starts (`start_play_phase`) and its turns pass on over the
sides still in (`advance`, `begin_turn`), a round is won (`win`) and maybe
the game. The modules that answer each step (`dealing`, `playing`, `twists`)
call these; this module calls none of them back.

Turns in the PLAY phase go clockwise over the sides still in: a player, or
in doubles a team. A team's turn goes to its *lead*, its first member
clockwise still in and holding cards. The round is won when play comes back
to the side that played last and every other side is out.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3"], ["4", "1"], ["2"]], leader=0)
>>> _ = state.apply_text("play 3")
>>> _ = state.apply_text("play 4")
>>> [str(e.kind) for e in state.apply_text("pass")]
['pass', 'pass', 'round-won', 'round']
"""

from __future__ import annotations

from typing import Final

from pickletable.core.events import Event
from pickletable.core.piles import Pile
from pickletable.core.state import CHANCE, Outcome, Termination
from pickletable.games.slam.codes import (
    EventKind,
    PassReason,
    Phase,
    PlayStart,
    ReshuffleSource,
    RoundWinReason,
    Step,
)
from pickletable.games.slam.content import DRAW, HAND_SIZE
from pickletable.games.slam.position import SlamPosition

# Codes read at every step, as module constants (a `Step.X` lookup costs on Python 3.11).
_DRAW_CARD: Final = Step.DRAW_CARD
_TURN: Final = Step.TURN


# --- a new round --------------------------------------------------------------
def start_round(state: SlamPosition, dealer: int, events: list[Event[EventKind]]) -> None:
    """Gather every card, lay one DRAW card in the centre, and start dealing."""
    rules = state.rules
    n = rules.players
    counts = dict(rules.deck.counts)
    counts[DRAW] -= 1
    state.stack = Pile({code: k for code, k in counts.items() if k}, [])
    state.hands = [{} for _ in range(n)]
    state.sizes = [0] * n
    state.discards = [{} for _ in range(n)]
    state.discard_sizes = [0] * n
    state.centre = [DRAW]
    state.known = {}
    state.round += 1
    state.dealer = dealer
    state.phase = Phase.SETUP
    state.step = Step.DEAL
    state.actor = CHANCE
    state.receiver = (dealer + 1) % n
    state.count_left = HAND_SIZE * n
    state.queue = []
    state.set_aside = []
    state.drawn = None
    reset_play_state(state)
    events.append(Event(EventKind.ROUND, {"round": state.round, "dealer": dealer}))


def reset_play_state(state: SlamPosition) -> None:
    """Everyone back in, no number to follow, no duel."""
    state.inside = [True] * state.rules.players
    state.last_number = None
    state.last_player = None
    state.duel = None
    state.free_follow = False
    state.pending = None
    state.partner = None


# --- the DRAW phase --------------------------------------------------------------
def begin_draw_phase(
    state: SlamPosition, first: int, refill: bool, events: list[Event[EventKind]]
) -> None:
    """Everyone is back in; `first` draws first (after the doubles refill if `refill`)."""
    reset_play_state(state)
    state.phase = Phase.DRAW
    state.draw_turns = 0
    state.drawn = None
    state.receiver = first
    events.append(Event(EventKind.DRAW_PHASE, {"first": first, "refill": refill}))
    if refill:
        state.queue = clockwise_from(state, first)
        next_refill(state, events)
    else:
        begin_draw_turn(state, events)


def begin_draw_turn(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    """The stack gives `receiver` a card, or, with nothing to draw, `receiver` is asked."""
    if ensure_stack(state, events):
        state.step = _DRAW_CARD
        state.actor = CHANCE
    else:
        events.append(Event(EventKind.NOTHING_TO_DRAW, {"seat": state.receiver}))
        state.step = Step.NO_DRAW
        state.actor = state.receiver


def end_draw_turn(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    """The next player draws, unless the lap limit starts the PLAY phase."""
    rules = state.rules
    state.draw_turns += 1
    if state.draw_turns >= rules.lap_limit * rules.players:
        events.append(Event(EventKind.LAP_LIMIT, {"laps": rules.lap_limit}))
        start_play_phase(state, state.dealer, PlayStart.LAPS, events)
        return
    state.receiver = (state.receiver + 1) % rules.players
    begin_draw_turn(state, events)


def next_refill(state: SlamPosition, events: list[Event[EventKind]]) -> None:
    """Doubles: the next player in `queue` off five returns or draws; then the first draw turn."""
    while state.queue:
        seat = state.queue[0]
        size = state.sizes[seat]
        if size > HAND_SIZE:
            state.step = Step.REFILL_RETURN
            state.actor = seat
            return
        if size < HAND_SIZE and ensure_stack(state, events):
            state.step = Step.REFILL_DRAW
            state.actor = CHANCE
            return
        state.queue.pop(0)
    begin_draw_turn(state, events)


# --- the PLAY phase ----------------------------------------------------------------
def start_play_phase(
    state: SlamPosition, starter: int, how: PlayStart, events: list[Event[EventKind]]
) -> None:
    """The PLAY phase starts; the player left of `starter` leads.

    The PLAY card counts as the starter's card: should play come back to the
    starter's side with every other player out before anyone else played, the
    starter wins the round.
    """
    reset_play_state(state)
    state.phase = Phase.PLAY
    state.starter = starter
    state.last_player = starter
    state.drawn = None
    leader = (starter + 1) % state.rules.players
    events.append(Event(EventKind.PLAY_PHASE, {"starter": starter, "leader": leader, "how": how}))
    begin_turn(state, leader, events)


def advance(state: SlamPosition, after: int, events: list[Event[EventKind]]) -> None:
    """Pass the turn on from `after`, or end the round if play came back to the last player.

    The last player is the starter until someone else plays (its PLAY card
    counts as its card). In a duel the two duellists alternate seat by seat,
    so partners who duel each other do not win the moment the duel starts.
    """
    rules = state.rules
    if state.duel is not None:
        following = _next_in_duel(state, after)
        back = following == state.last_player
    else:
        following = _next_inside(state, after)
        last = state.last_player
        back = last is not None and following is not None
        back = back and rules.unit_of(following or 0) == rules.unit_of(last or 0)
    if following is None or back:
        why = (
            RoundWinReason.NOBODY_COULD_PLAY
            if state.last_number is None
            else RoundWinReason.NOBODY_COULD_FOLLOW
        )
        win(state, state.starter if state.last_player is None else state.last_player, events, why)
    else:
        begin_turn(state, following, events)


def begin_turn(state: SlamPosition, seat: int, events: list[Event[EventKind]]) -> None:
    """The side of `seat` is to play; a side whose players hold no cards passes at once."""
    rules = state.rules
    if rules.doubles and state.duel is None:
        first, second = rules.members(rules.unit_of(seat))
        order: tuple[int, ...] = (first, second) if seat == first else (second, first)
    else:
        order = (seat,)
    ready = [member for member in order if state.inside[member] and state.sizes[member]]
    if not ready:
        out = [member for member in order if state.inside[member]]
        for member in out:
            state.inside[member] = False
        events.append(Event(EventKind.PASS, {"seats": out, "why": PassReason.NO_CARDS}))
        advance(state, order[-1], events)
        return
    state.actor = ready[0]
    state.partner = ready[1] if len(ready) > 1 else None
    state.step = _TURN


# --- the end of a round ---------------------------------------------------------------
def win(
    state: SlamPosition, seat: int, events: list[Event[EventKind]], why: RoundWinReason
) -> None:
    """`seat` (and its team) wins the round and a token; maybe the game."""
    rules = state.rules
    unit = rules.unit_of(seat)
    state.tokens[unit] += 1
    winners = list(rules.members(unit))
    tokens = state.tokens[unit]
    events.append(
        Event(
            EventKind.ROUND_WON,
            {"seat": seat, "winners": winners, "tokens": tokens, "why": why},
        )
    )
    if tokens >= rules.tokens_to_win:
        scores = {s: float(state.tokens[rules.unit_of(s)]) for s in range(rules.players)}
        events.append(Event(EventKind.GAME_WON, {"winners": winners, "tokens": tokens}))
        state.finish(Outcome(tuple(winners), scores, Termination.TOKENS))
        return
    start_round(state, seat, events)


# --- the stack ----------------------------------------------------------------------
def ensure_stack(state: SlamPosition, events: list[Event[EventKind]]) -> bool:
    """Refill an empty stack: the discard piles first, else the centre under its top card.

    Returns whether there is a card to draw.
    """
    if len(state.stack):
        return True
    pooled = [code for pile in state.discards for code, k in pile.items() for _ in range(k)]
    if pooled:
        n = state.rules.players
        state.discards = [{} for _ in range(n)]
        state.discard_sizes = [0] * n
        state.stack.reshuffle(pooled)
        events.append(
            Event(EventKind.RESHUFFLE, {"source": ReshuffleSource.DISCARDS, "count": len(pooled)})
        )
        return True
    if len(state.centre) > 1:
        below = state.centre[:-1]
        del state.centre[:-1]
        state.stack.reshuffle(below)
        events.append(
            Event(EventKind.RESHUFFLE, {"source": ReshuffleSource.CENTRE, "count": len(below)})
        )
        return True
    return False


def clockwise_from(state: SlamPosition, first: int) -> list[int]:
    """Every seat once, clockwise from `first`."""
    n = state.rules.players
    return [(first + k) % n for k in range(n)]


# --- helpers ----------------------------------------------------------------------
def _next_in_duel(state: SlamPosition, after: int) -> int | None:
    """In a duel: the other duellist if still in, else `after` itself if still in."""
    first, second = state.duel or (after, after)
    other = second if after == first else first
    for seat in (other, after):
        if state.inside[seat]:
            return seat
    return None


def _next_inside(state: SlamPosition, after: int) -> int | None:
    """The first seat clockwise after `after` whose side is still in (doubles: the
    other team first)."""
    rules = state.rules
    n = rules.players
    inside = state.inside
    if not rules.doubles:
        for step in range(1, n + 1):
            seat = (after + step) % n
            if inside[seat]:
                return seat
        return None
    own = rules.unit_of(after)
    for team in (1 - own, own):
        first, second = rules.members(team)
        if inside[first] or inside[second]:
            if team == own:
                return second if after == first else first
            return first
    return None
