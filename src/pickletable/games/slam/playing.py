"""The PLAY phase: the follow rule, turns, passing, winning a round, and doubles.

Turns go clockwise over the sides still in: a player, or in doubles a team.
A team's turn goes to its *lead*, its first member clockwise still in and
holding cards; the lead plays, or says "yours" and the partner plays or the
team passes. The round is won when play comes back to the side that played
last and every other side is out.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3"], ["4", "1"], ["2"]], leader=0)
>>> _ = state.apply_text("play 3")
>>> [str(a) for a in state.legal_actions()]
['play 4']
>>> _ = state.apply_text("play 4")
>>> [e.kind for e in state.apply_text("pass")]
['pass', 'pass', 'round-won', 'round']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.state import Outcome
from pickletable.games.slam import dealing, moves, twists
from pickletable.games.slam.content import DRAW, PLAY, POACH, TWISTS_WITH_TARGET
from pickletable.games.slam.steps import PARTNER, PLAY_PHASE, TURN

if TYPE_CHECKING:
    from pickletable.games.slam.state import SlamState


def reset_play_state(state: SlamState) -> None:
    """Everyone back in, no number to follow, no duel."""
    state.inside = [True] * state.rules.players
    state.last_number = None
    state.last_player = None
    state.duel = None
    state.free_follow = False
    state.pending = None
    state.partner = None


def start_play_phase(state: SlamState, starter: int, how: str, events: list[Event]) -> None:
    """The PLAY phase starts; the player left of `starter` leads.

    The PLAY card counts as the starter's card: should play come back to the
    starter's side with every other player out before anyone else played, the
    starter wins the round.
    """
    reset_play_state(state)
    state.phase = PLAY_PHASE
    state.starter = starter
    state.last_player = starter
    state.drawn = None
    leader = (starter + 1) % state.rules.players
    events.append(Event("play-phase", {"starter": starter, "leader": leader, "how": how}))
    begin_turn(state, leader, events)


# --- what may be played -------------------------------------------------------------
def playable(state: SlamState, seat: int) -> list[str]:
    """The distinct cards `seat` may play now, in display order.

    A number (twist cards included) must equal the last number or be one
    higher, unless nothing has been played yet or a TARGET & RESET answer is
    due. A DRAW card may always be played, a PLAY card never, and a twist
    card only if it has a target. A duellist's POACH needs no follow.
    """
    cards = state.rules.deck.cards
    last = None if state.free_follow else state.last_number
    duellist = state.duel is not None and seat in state.duel
    found = []
    for code in state.hands[seat]:
        info = cards[code]
        kind = info.kind
        if kind == PLAY:
            continue
        if kind == POACH and duellist:
            pass
        elif kind != DRAW:
            if last is not None and info.number != last and info.number != last + 1:
                continue
            if kind in TWISTS_WITH_TARGET and not twists.targets(state, seat, kind):
                continue
        found.append(code)
    return state.rules.deck.in_order(found)


def turn_legal(state: SlamState) -> list[Action]:
    """Play a card; in doubles the lead may say "yours"; pass if nothing can be played.

    With the option ``must_play`` off, passing is allowed whenever the team
    has no partner to hand over to: a doubles lead whose partner is still in
    and holds cards passes only through "yours".
    """
    seat = state.actor or 0
    actions = [moves.play(code) for code in playable(state, seat)]
    if state.partner is not None:
        actions.append(moves.YOURS)
    elif not actions or not state.rules.must_play:
        actions.append(moves.PASS)
    return actions


def partner_legal(state: SlamState) -> list[Action]:
    """After "yours": the partner plays, or the team passes."""
    actions = [moves.play(code) for code in playable(state, state.actor or 0)]
    if not actions or not state.rules.must_play:
        actions.append(moves.PASS)
    return actions


def apply_turn(state: SlamState, action: Action, events: list[Event]) -> None:
    """A play, a pass, or (doubles) "yours"."""
    seat = state.actor or 0
    if action == moves.YOURS:
        partner = state.partner or 0
        events.append(Event("yours", {"seat": seat, "partner": partner}))
        state.actor = partner
        state.partner = None
        state.step = PARTNER
    elif action == moves.PASS:
        pass_turn(state, seat, events)
    else:
        twists.play_card(state, seat, action.args[0], events)


def apply_partner(state: SlamState, action: Action, events: list[Event]) -> None:
    """The partner's play, or the team's pass."""
    seat = state.actor or 0
    if action == moves.PASS:
        pass_turn(state, seat, events)
    else:
        twists.play_card(state, seat, action.args[0], events)


def pass_turn(state: SlamState, seat: int, events: list[Event]) -> None:
    """The side of `seat` passes: it is out until the next DRAW phase.

    In a duel only the duellist passes (partners may duel each other).
    """
    side = (seat,) if state.duel is not None else state.rules.members(state.rules.unit_of(seat))
    out = [member for member in side if state.inside[member]]
    for member in out:
        state.inside[member] = False
    events.append(Event("pass", {"seats": out, "why": "pass"}))
    advance(state, seat, events)


# --- turn order ---------------------------------------------------------------------
def advance(state: SlamState, after: int, events: list[Event]) -> None:
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
        why = "nobody could play" if state.last_number is None else "nobody could follow"
        win(state, state.starter if state.last_player is None else state.last_player, events, why)
    else:
        begin_turn(state, following, events)


def begin_turn(state: SlamState, seat: int, events: list[Event]) -> None:
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
        events.append(Event("pass", {"seats": out, "why": "no cards"}))
        advance(state, order[-1], events)
        return
    state.actor = ready[0]
    state.partner = ready[1] if len(ready) > 1 else None
    state.step = TURN


def _next_in_duel(state: SlamState, after: int) -> int | None:
    """In a duel: the other duellist if still in, else `after` itself if still in."""
    first, second = state.duel or (after, after)
    other = second if after == first else first
    for seat in (other, after):
        if state.inside[seat]:
            return seat
    return None


def _next_inside(state: SlamState, after: int) -> int | None:
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


# --- the end of a round ---------------------------------------------------------------
def win(state: SlamState, seat: int, events: list[Event], why: str) -> None:
    """`seat` (and its team) wins the round and a token; maybe the game."""
    rules = state.rules
    unit = rules.unit_of(seat)
    state.tokens[unit] += 1
    winners = list(rules.members(unit))
    tokens = state.tokens[unit]
    events.append(
        Event("round-won", {"seat": seat, "winners": winners, "tokens": tokens, "why": why})
    )
    if tokens >= rules.tokens_to_win:
        scores = {s: float(state.tokens[rules.unit_of(s)]) for s in range(rules.players)}
        events.append(Event("game-won", {"winners": winners, "tokens": tokens}))
        state.finish(Outcome(tuple(winners), scores))
        return
    dealing.start_round(state, seat, events)
