"""What a seat sees, and how events, actions and prompts read to people.

An event's public data says who drew or discarded, never what; the card
itself is a secret field only that player sees (`Event.for_seat`), so a log
line described from `event.for_seat(seat)` is safe to show that seat.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> view = state.observation(0)
>>> view["hand"], view["stack_count"], view["centre"]
([], 48, ['draw'])
>>> state.describe_action(state.legal_actions()[0])
'deal 1'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.games.slam import moves, playing
from pickletable.games.slam.content import (
    DRAW,
    HAND_SIZE,
    HIGHEST,
    LOWEST,
    PLAY,
    POACH,
    SHAKE_AND_BAKE,
    SWITCH,
    TITLES,
)
from pickletable.games.slam.steps import (
    CHANCE_STEPS,
    DEAL,
    DISCARD,
    DRAW_CARD,
    DRAW_PHASE,
    DRAW_TWO,
    NO_DRAW,
    OVER,
    PARTNER,
    PLAY_PHASE,
    POACH_WINDOW,
    REFILL_DRAW,
    REFILL_RETURN,
    SHAKE,
    SWAP,
    SWAP_DRAW,
    TARGET,
    TURN,
)

if TYPE_CHECKING:
    from pickletable.games.slam.state import SlamState


# --- observations -----------------------------------------------------------------
def observation(state: SlamState, seat: int | None) -> dict[str, Any]:
    """Public facts for everyone; a seat also gets its hand, discards, drawn card, knowledge."""
    rules = state.rules
    n = rules.players
    cards = rules.deck.cards
    outcome = state.outcome
    view: dict[str, Any] = {
        "game": "slam",
        "seat": seat,
        "players": n,
        "names": [state.seat_name(player) for player in range(n)],
        "doubles": rules.doubles,
        "teams": [list(rules.members(team)) for team in range(2)] if rules.doubles else None,
        "round": state.round,
        "dealer": state.dealer,
        "phase": state.phase,
        "step": state.step,
        "current_player": state.actor,
        "prompt": prompt(state),
        "labels": {code: info.label for code, info in cards.items()},
        "hand_counts": state.sizes[:],
        "discard_counts": state.discard_sizes[:],
        "stack_count": len(state.stack),
        "centre": state.centre[:],
        "last_number": state.last_number,
        "may_follow": may_follow(state),
        "in": [player for player in range(n) if state.inside[player]],
        "duel": list(state.duel) if state.duel else None,
        "last_player": state.last_player,
        "starter": state.starter if state.phase == PLAY_PHASE else None,
        "draw_turns": state.draw_turns if state.phase == DRAW_PHASE else None,
        "lap_limit": rules.lap_limit,
        "tokens": [state.tokens[rules.unit_of(player)] for player in range(n)],
        "tokens_to_win": rules.tokens_to_win,
        "outcome": {**outcome.to_json(), "text": outcome_text(state)} if outcome else None,
    }
    if seat is not None:
        view["hand"] = _card_list(state, state.hands[seat])
        view["discards"] = _card_list(state, state.discards[seat])
        mine = state.step == DISCARD and state.receiver == seat
        view["drawn"] = state.drawn if mine else None
        view["known_hands"] = {
            str(holder): list(known)
            for (viewer, holder), known in sorted(state.known.items())
            if viewer == seat
        }
    else:
        view.update(hand=[], discards=[], drawn=None, known_hands={})
    return view


def may_follow(state: SlamState) -> list[int]:
    """The numbers that may be played next (all of them on a fresh lead or a duel answer)."""
    if state.phase != PLAY_PHASE:
        return []
    last = state.last_number
    if last is None or state.free_follow:
        return list(range(LOWEST, HIGHEST + 1))
    return [number for number in (last, last + 1) if number <= HIGHEST]


def _card_list(state: SlamState, cards: dict[str, int]) -> list[str]:
    return [code for code in state.rules.deck.in_order(cards) for _ in range(cards[code])]


# --- prompts ------------------------------------------------------------------------
def prompt(state: SlamState) -> str:
    """What the engine waits for, without any hidden card."""
    step = state.step
    if step == OVER:
        outcome = state.outcome
        winners = _names(state, list(outcome.winners)) if outcome else "nobody"
        return f"Game over: {winners} won"
    if step in CHANCE_STEPS:
        return _chance_prompt(state)
    who = state.seat_name(state.actor or 0)
    if step == SWAP:
        return f"{who}: keep the dealt hand, or swap extra DRAW cards for cards from the stack"
    if step == DISCARD:
        if state.legal_actions() == [moves.KEEP]:
            return f"{who}: keep the drawn card (a short hand discards nothing)"
        return f"{who}: discard a card (the drawn one or one from your hand)"
    if step == NO_DRAW:
        return f"{who}: nothing to draw; lay a PLAY card face up, or pass the turn"
    if step == REFILL_RETURN:
        return f"{who}: return a card to the stack (down to {HAND_SIZE})"
    if step in (TURN, PARTNER):
        return who + " to " + _turn_words(state)
    if step == TARGET:
        title = TITLES[state.kind_of(state.pending or "")]
        return f"{who}: choose a player for {title}"
    if step == SHAKE:
        return f"{who}: answer the SHAKE & BAKE with any card (a 5 wins the round)"
    if step == POACH_WINDOW:
        return f"{who}: POACH to end the duel, or decline"
    return who


def _turn_words(state: SlamState) -> str:
    follow = may_follow(state)
    if state.free_follow:
        words = "answer the TARGET & RESET with any number"
    elif state.last_number is None:
        words = "lead with any number"
    else:
        words = f"play on {state.last_number} ({' or '.join(str(n) for n in follow)})"
    if state.step == PARTNER:
        words += " for the team"
    return words


def _chance_prompt(state: SlamState) -> str:
    step = state.step
    if step == DEAL:
        return f"Chance: deal a card to {state.seat_name(state.receiver)}"
    if step == DRAW_CARD:
        return f"{state.seat_name(state.receiver)} to draw from the stack"
    if step == REFILL_DRAW:
        return f"{state.seat_name(state.queue[0])} to draw up to {HAND_SIZE} cards"
    if step == SWAP_DRAW:
        return f"{state.seat_name(state.receiver)} to draw a replacement for a DRAW card"
    if step == DRAW_TWO:
        return f"{state.seat_name(state.receiver)} to draw (DRAW TWO)"
    return "Chance"


def outcome_text(state: SlamState) -> str:
    """The winner (a player or a team) and the tokens it reached."""
    outcome = state.outcome
    if outcome is None:
        return ""
    return f"{_names(state, list(outcome.winners))} first to {state.rules.tokens_to_win} tokens"


# --- action labels ---------------------------------------------------------------------
def describe_action(state: SlamState, action: Action) -> str:
    """A menu label: ``play 4 (TARGET & RESET)``, ``poach with 2 (POACH)``, ``decline``."""
    verb, args = action.verb, action.args
    label = _label(state, args[0]) if args and verb not in ("swap", "target") else ""
    if verb == "card":
        return f"deal {label}" if state.step == DEAL else f"draw {label}"
    if verb == "play":
        if state.step == POACH_WINDOW:
            return f"poach with {label}"
        if args[0] == DRAW:
            return "play DRAW (ends the PLAY phase)"
        if state.duel is not None and state.kind_of(args[0]) == POACH:
            return f"play {label}: ends the duel, everyone back in"
        return f"play {label}"
    if verb == "discard":
        return _discard_label(state, args[0], label)
    if verb == "keep":
        if state.step == SWAP:
            return "keep the dealt hand"
        return f"keep the drawn {_label(state, state.drawn or '')} without discarding"
    if verb == "swap":
        count = int(args[0])
        return f"swap {count} extra DRAW card{'s' if count > 1 else ''}"
    if verb == "target":
        other = moves.seat_of_target(action)
        title = TITLES[state.kind_of(state.pending or "")]
        held = state.sizes[other]
        return f"{title}: {state.seat_name(other)} ({held} card{'s' if held != 1 else ''})"
    if verb == "answer":
        return f"answer with {label}"
    if verb == "return":
        return f"return {label} to the stack"
    if verb == "pass" and state.step == NO_DRAW:
        return "pass the turn (nothing to draw)"
    if verb == "pass":
        return "pass (your team is out)" if state.rules.doubles else "pass (out of the round)"
    if verb == "yours":
        return f"yours ({state.seat_name(state.partner or 0)} plays)"
    return str(action)


def _discard_label(state: SlamState, code: str, label: str) -> str:
    drawn = state.drawn or ""
    if code == PLAY:
        return "lay PLAY face up (starts the PLAY phase)"
    if code == drawn:
        return f"discard the drawn {label}"
    return f"keep the drawn {_label(state, drawn)}, discard {label}"


def _label(state: SlamState, code: str) -> str:
    info = state.rules.deck.cards.get(code)
    return info.label if info else code


def illegal_reason(state: SlamState, action: Action) -> str:
    """Why a play is refused, where more can be said than "not legal"."""
    if state.step not in (TURN, PARTNER) or action.verb != "play" or not action.args:
        return ""
    code = action.args[0]
    seat = state.actor or 0
    info = state.rules.deck.cards.get(code)
    if info is None:
        return f"there is no card {code!r} in this deck"
    if code not in state.hands[seat]:
        return f"{state.seat_name(seat)} holds no {info.label}"
    if code == PLAY:
        return "a PLAY card cannot be played in the PLAY phase"
    if code in playing.playable(state, seat):
        return ""
    follow = may_follow(state)
    if info.number not in follow:
        return f"{info.number} does not follow {state.last_number}: play " + " or ".join(
            str(number) for number in follow
        )
    return f"nobody can be chosen for {info.title}"


# --- log lines --------------------------------------------------------------------------
def describe(state: SlamState, event: Event) -> str:
    """One sentence about one event, naming every twist effect."""
    text = _DESCRIBE.get(event.kind)
    return text(state, event.data) if text else f"{event.kind}: {event.data}"


def _names(state: SlamState, seats: list[int]) -> str:
    names = [state.seat_name(seat) for seat in seats]
    return " and ".join(names) if names else "nobody"


def _pass_text(state: SlamState, data: dict[str, Any]) -> str:
    seats = data["seats"]
    who = _names(state, seats)
    verb = "pass" if len(seats) > 1 else "passes"
    why = " (no cards left)" if data["why"] == "no cards" else ""
    return f"{who} {verb}{why} and {'are' if len(seats) > 1 else 'is'} out of the round."


def _play_text(state: SlamState, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    code = data["card"]
    info = state.rules.deck.cards[code]
    if code == DRAW:
        return f"{who} plays DRAW: the PLAY phase ends and everyone is back in."
    text = f"{who} plays {info.label}."
    if info.kind == "draw-two":
        text = f"{who} plays {info.label} and draws two cards."
    elif info.kind in (SWITCH, SHAKE_AND_BAKE, "target-and-reset"):
        text = f"{who} plays {info.label} and picks a player."
    return text


def _drew_text(state: SlamState, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    why = {
        "draw": "",
        "refill": " to get back to five",
        "draw-two": " (DRAW TWO)",
        "swap": " for a swapped DRAW card",
    }
    return f"{who} draws {_which(state, data)} from the stack{why.get(data['why'], '')}."


def _face_down_text(verb: str) -> Any:
    def text(state: SlamState, data: dict[str, Any]) -> str:
        where = "to the stack" if verb == "returns" else "face down"
        return f"{state.seat_name(data['seat'])} {verb} {_which(state, data)} {where}."

    return text


def _which(state: SlamState, data: dict[str, Any]) -> str:
    """The card, in the view of the one seat allowed to see it; else just "a card"."""
    return _label(state, data["card"]) if "card" in data else "a card"


def _reshuffle_text(state: SlamState, data: dict[str, Any]) -> str:
    count = data["count"]
    if data["source"] == "discards":
        return f"The stack is empty: the discard piles ({count} cards) become a new stack."
    return (
        f"The stack and discard piles are empty: the {count} centre cards under the top "
        "card are shuffled into a new stack."
    )


def _round_won_text(state: SlamState, data: dict[str, Any]) -> str:
    winners = data["winners"]
    who = _names(state, winners)
    tokens = data["tokens"]
    why = {"SHAKE & BAKE": " by SHAKE & BAKE", "nobody could play": " (nobody could play)"}
    return (
        f"{who} {'win' if len(winners) > 1 else 'wins'} the round{why.get(data['why'], '')} "
        f"and a token ({tokens} of {state.rules.tokens_to_win})."
    )


def _shake_answer_text(state: SlamState, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    label = _label(state, data["card"])
    if data["five"]:
        return f"{who} answers the SHAKE & BAKE with {label}: a 5, so {who} wins the round."
    return f"{who} answers the SHAKE & BAKE with {label}: not a 5."


def _simple(template: str) -> Any:
    def text(state: SlamState, data: dict[str, Any]) -> str:
        names = {
            key: state.seat_name(value)
            for key, value in data.items()
            if key in ("seat", "target", "partner", "dealer", "first", "starter", "leader")
        }
        return template.format(**{**data, **names})

    return text


def _switch_text(state: SlamState, data: dict[str, Any]) -> str:
    who, other = state.seat_name(data["seat"]), state.seat_name(data["target"])
    mine, theirs = data["sizes"]
    return (
        f"SWITCH: {who} and {other} swap hands; {who} now holds {mine} "
        f"card{'s' if mine != 1 else ''}, {other} {theirs}."
    )


def _poach_text(state: SlamState, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    info = state.rules.deck.cards[data["card"]]
    how = "in the duel" if data.get("duellist") else "out of turn"
    return (
        f"POACH: {who} plays {info.label} {how}; the duel is over, everyone is back "
        f"in, and {info.number} is the number to follow."
    )


def _draw_phase_text(state: SlamState, data: dict[str, Any]) -> str:
    first = state.seat_name(data["first"])
    extra = f" Every hand goes back to {HAND_SIZE} cards first." if data["refill"] else ""
    return f"DRAW phase: {first} draws first.{extra}"


def _play_phase_text(state: SlamState, data: dict[str, Any]) -> str:
    leader = state.seat_name(data["leader"])
    how = {
        "drawn": "",
        "discarded": "",
        "laps": f" after {state.rules.lap_limit} laps without a PLAY card",
    }
    return f"PLAY phase{how.get(data['how'], '')}: {leader} leads."


_DESCRIBE = {
    "round": _simple("Round {round}: {dealer} deals."),
    "dealt": _simple("Five cards each are dealt; a DRAW card lies face up in the centre."),
    "keep-draws": _simple("{seat} keeps the dealt hand."),
    "swapped": _simple("{seat} swaps {count} extra DRAW card(s) for cards from the stack."),
    "draw-phase": _draw_phase_text,
    "drew": _drew_text,
    "drew-play": _simple("{seat} draws a PLAY card and lays it face up."),
    "discard": _face_down_text("discards"),
    "kept": _simple("{seat} keeps the drawn card without discarding (short hand)."),
    "discard-play": _simple("{seat} lays a PLAY card face up from their hand."),
    "nothing-to-draw": _simple("There is no card left to draw for {seat}."),
    "no-draw-pass": _simple("{seat} passes the turn."),
    "reshuffle": _reshuffle_text,
    "lap-limit": _simple("{laps} full laps without a PLAY card: the PLAY phase starts now."),
    "play-phase": _play_phase_text,
    "play": _play_text,
    "draw-two-short": _simple("DRAW TWO: the stack is out of cards, {seat} is {missing} short."),
    "switch": _switch_text,
    "shake": _simple(
        "SHAKE & BAKE: {target} must answer with any card; a 5 wins them the "
        "round, anything else wins it for {seat}."
    ),
    "shake-answer": _shake_answer_text,
    "target": _simple(
        "TARGET & RESET: {seat} challenges {target} to a duel; everyone else is "
        "out, and {target} may answer with any number."
    ),
    "decline": _simple("{seat} declines to POACH."),
    "poach": _poach_text,
    "yours": _simple("{seat} says \u201cyours\u201d: {partner} plays for the team."),
    "pass": _pass_text,
    "returned": _face_down_text("returns"),
    "round-won": _round_won_text,
    "game-won": lambda state, data: (
        f"{_names(state, data['winners'])} "
        f"{'win' if len(data['winners']) > 1 else 'wins'} the game "
        f"with {data['tokens']} tokens!"
    ),
}
