"""How Slam reads to people: log lines, prompts, menu labels, the outcome, client views.

An event's public data says who drew or discarded, never what; the card
itself is a secret field only that player sees (`Event.for_seat`), so a log
line described from `event.for_seat(seat)` is safe to show that seat. A
client's view is the seat's observation plus words and, for every card code
of the deck, the fields a client draws a card from (number, kind, twist), so
no client reads meaning into a code or a label.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> view = GAME.presenter.view(state, 0)
>>> view["hand"], view["stack_count"], view["centre"], view["prompt"]
([], 48, ['draw'], 'Chance: deal a card to Player 1')
>>> fields = view["cards"]["switch-4"]
>>> fields["number"], fields["kind"], fields["twist"], fields["special"], fields["label"]
(4, 'switch', 'SWITCH', True, '4 (SWITCH)')
>>> GAME.presenter.label(state, state.legal_actions()[0])
'Deal 1'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.events import Event
from pickletable.core.memo import per_object
from pickletable.core.presenter import Presenter
from pickletable.core.state import GameState
from pickletable.games.slam import moves
from pickletable.games.slam.codes import (
    CHANCE_STEPS,
    DrawReason,
    EventKind,
    PassReason,
    PlayStart,
    ReshuffleSource,
    RoundWinReason,
    Step,
)
from pickletable.games.slam.content import (
    DRAW,
    DRAW_TWO,
    HAND_SIZE,
    PLAY,
    POACH,
    SHAKE_AND_BAKE,
    SWITCH,
    TARGET_AND_RESET,
    TITLES,
    CardInfo,
    SlamContent,
)
from pickletable.games.slam.observer import observe
from pickletable.games.slam.playing import may_follow
from pickletable.games.slam.position import SlamPosition


class SlamPresenter(Presenter):
    """Every word Slam shows, and each seat's client view."""

    def view(self, state: GameState, seat: int | None) -> dict[str, Any]:
        """The seat's observation, with names, the prompt, card fields and the outcome in words."""
        slam = _slam(state)
        view = observe(slam, seat).to_json()
        deck = slam.rules.deck
        view["names"] = [slam.seat_name(player) for player in slam.seats]
        view["prompt"] = prompt(slam)
        view["labels"] = dict(_deck_labels(deck))
        view["cards"] = card_fields(deck)
        if view["outcome"] is not None:
            view["outcome"]["text"] = outcome_text(slam)
        return view

    def describe(self, state: GameState, event: Event) -> str:
        """One sentence about one event, naming every twist effect and never a hidden card."""
        slam = _slam(state)
        text = _DESCRIBE.get(event.kind)
        return text(slam, event.data) if text else f"{event.kind}: {event.data}"

    def prompt(self, state: GameState) -> str:
        """What the engine waits for, e.g. ``Player 2 to play on 3 (3 or 4)``."""
        return prompt(_slam(state))

    def label(self, state: GameState, action: Action) -> str:
        """A menu label, e.g. ``Play 4 (TARGET & RESET)``, ``Poach with 2 (POACH)``."""
        return label(_slam(state), action)

    def outcome_text(self, state: GameState) -> str:
        """``Player 2 won, first to 3 tokens``; "" while the game goes on."""
        return outcome_text(_slam(state))


def card_fields(deck: SlamContent) -> dict[str, dict[str, Any]]:
    """What a client draws each card of the deck from, by code."""
    return {code: dict(fields) for code, fields in _deck_fields(deck).items()}


@per_object
def _deck_labels(deck: SlamContent) -> dict[str, str]:
    """Each card's label by code, made once per deck: callers copy it."""
    return {code: info.label for code, info in deck.cards.items()}


@per_object
def _deck_fields(deck: SlamContent) -> dict[str, dict[str, Any]]:
    """`card_fields` made once per deck (a deck never changes): callers copy it."""
    return {code: _card_fields(info) for code, info in deck.cards.items()}


def _card_fields(info: CardInfo) -> dict[str, Any]:
    return {
        "label": info.label,
        "kind": info.kind,
        "number": info.number,
        "title": info.title,
        "twist": info.title if info.is_twist else None,
        "special": info.is_twist,
    }


def _slam(state: GameState) -> SlamPosition:
    if not isinstance(state, SlamPosition):
        raise TypeError(f"a Slam presenter cannot word a {type(state).__name__}")
    return state


# --- prompts ------------------------------------------------------------------------
def prompt(state: SlamPosition) -> str:
    """What the engine waits for, without any hidden card."""
    step = state.step
    if step == Step.OVER:
        outcome = state.outcome
        winners = _names(state, list(outcome.winners)) if outcome else "nobody"
        return f"Game over: {winners} won"
    if step in CHANCE_STEPS:
        return _chance_prompt(state)
    who = state.seat_name(state.actor or 0)
    if step == Step.SWAP:
        return f"{who}: keep the dealt hand, or swap extra DRAW cards for cards from the stack"
    if step == Step.DISCARD:
        if state.legal_actions() == [moves.KEEP]:
            return f"{who}: keep the drawn card (a short hand discards nothing)"
        return f"{who}: discard a card (the drawn one or one from your hand)"
    if step == Step.NO_DRAW:
        return f"{who}: nothing to draw; lay a PLAY card face up, or pass the turn"
    if step == Step.REFILL_RETURN:
        return f"{who}: return a card to the stack (down to {HAND_SIZE})"
    if step in (Step.TURN, Step.PARTNER):
        return who + " to " + _turn_words(state)
    if step == Step.TARGET:
        title = TITLES[state.kind_of(state.pending or "")]
        return f"{who}: choose a player for {title}"
    if step == Step.SHAKE:
        return f"{who}: answer the SHAKE & BAKE with any card (a 5 wins the round)"
    if step == Step.POACH_WINDOW:
        return f"{who}: POACH to end the duel, or decline"
    return who


def _turn_words(state: SlamPosition) -> str:
    follow = may_follow(state)
    if state.free_follow:
        words = "answer the TARGET & RESET with any number"
    elif state.last_number is None:
        words = "lead with any number"
    else:
        words = f"play on {state.last_number}"
        if list(follow) != [state.last_number]:  # when only that number may follow, say it once
            words += f" ({' or '.join(str(n) for n in follow)})"
    if state.step == Step.PARTNER:
        words += " for the team"
    return words


def _chance_prompt(state: SlamPosition) -> str:
    step = state.step
    if step == Step.DEAL:
        return f"Chance: deal a card to {state.seat_name(state.receiver)}"
    if step == Step.DRAW_CARD:
        return f"{state.seat_name(state.receiver)} to draw from the stack"
    if step == Step.REFILL_DRAW:
        return f"{state.seat_name(state.queue[0])} to draw up to {HAND_SIZE} cards"
    if step == Step.SWAP_DRAW:
        return f"{state.seat_name(state.receiver)} to draw a replacement for a DRAW card"
    if step == Step.DRAW_TWO:
        return f"{state.seat_name(state.receiver)} to draw (DRAW TWO)"
    return "Chance"


def outcome_text(state: SlamPosition) -> str:
    """The winner (a player or a team) and the tokens it reached."""
    outcome = state.outcome
    if outcome is None:
        return ""
    target = state.rules.tokens_to_win
    return f"{_names(state, list(outcome.winners))} won, first to {target} token{_s(target)}"


def _s(count: int) -> str:
    """The plural ending for `count` things."""
    return "" if count == 1 else "s"


# --- action labels ---------------------------------------------------------------------
def label(state: SlamPosition, action: Action) -> str:
    """A menu label: ``Play 4 (TARGET & RESET)``, ``Poach with 2 (POACH)``, ``Decline``.

    It starts with a capital, as the other games' labels do.
    """
    text = _menu_words(state, action)
    return text[:1].upper() + text[1:]


def _menu_words(state: SlamPosition, action: Action) -> str:
    verb, args = action.verb, action.args
    card = _label(state, args[0]) if args and verb not in ("swap", "target") else ""
    if verb == "card":
        return f"deal {card}" if state.step == Step.DEAL else f"draw {card}"
    if verb == "play":
        if state.step == Step.POACH_WINDOW:
            return f"poach with {card}"
        if args[0] == DRAW:
            return "play DRAW (ends the PLAY phase)"
        if state.duel is not None and state.kind_of(args[0]) == POACH:
            return f"play {card}: ends the duel, everyone back in"
        return f"play {card}"
    if verb == "discard":
        return _discard_label(state, args[0], card)
    if verb == "keep":
        if state.step == Step.SWAP:
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
        return f"answer with {card}"
    if verb == "return":
        return f"return {card} to the stack"
    if verb == "pass" and state.step == Step.NO_DRAW:
        return "pass the turn (nothing to draw)"
    if verb == "pass":
        return "pass (your team is out)" if state.rules.doubles else "pass (out of the round)"
    if verb == "yours":
        return f"yours ({state.seat_name(state.partner or 0)} plays)"
    return str(action)


def _discard_label(state: SlamPosition, code: str, card: str) -> str:
    drawn = state.drawn or ""
    if code == PLAY:
        return "lay PLAY face up (starts the PLAY phase)"
    if code == drawn:
        return f"discard the drawn {card}"
    return f"keep the drawn {_label(state, drawn)}, discard {card}"


def _label(state: SlamPosition, code: str) -> str:
    info = state.rules.deck.cards.get(code)
    return info.label if info else code


# --- log lines --------------------------------------------------------------------------
Wording = Callable[[SlamPosition, dict[str, Any]], str]


def _names(state: SlamPosition, seats: list[int]) -> str:
    names = [state.seat_name(seat) for seat in seats]
    return " and ".join(names) if names else "nobody"


def _pass_text(state: SlamPosition, data: dict[str, Any]) -> str:
    seats = data["seats"]
    who = _names(state, seats)
    verb = "pass" if len(seats) > 1 else "passes"
    why = " (no cards left)" if data["why"] == PassReason.NO_CARDS else ""
    return f"{who} {verb}{why} and {'are' if len(seats) > 1 else 'is'} out of the round."


def _play_text(state: SlamPosition, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    code = data["card"]
    info = state.rules.deck.cards[code]
    if code == DRAW:
        return f"{who} plays DRAW: the PLAY phase ends and everyone is back in."
    text = f"{who} plays {info.label}."
    if info.kind == DRAW_TWO:
        text = f"{who} plays {info.label} and draws two cards."
    elif info.kind in (SWITCH, SHAKE_AND_BAKE, TARGET_AND_RESET):
        text = f"{who} plays {info.label} and picks a player."
    return text


_DREW_WHY = {
    DrawReason.DRAW: "",
    DrawReason.REFILL: " to get back to five",
    DrawReason.DRAW_TWO: " (DRAW TWO)",
    DrawReason.SWAP: " for a swapped DRAW card",
}


def _drew_text(state: SlamPosition, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    why = _DREW_WHY.get(data["why"], "")
    return f"{who} draws {_which(state, data)} from the stack{why}."


def _face_down_text(verb: str) -> Wording:
    def text(state: SlamPosition, data: dict[str, Any]) -> str:
        where = "to the stack" if verb == "returns" else "face down"
        return f"{state.seat_name(data['seat'])} {verb} {_which(state, data)} {where}."

    return text


def _which(state: SlamPosition, data: dict[str, Any]) -> str:
    """The card, in the view of the one seat allowed to see it; else just "a card"."""
    return _label(state, data["card"]) if "card" in data else "a card"


def _reshuffle_text(state: SlamPosition, data: dict[str, Any]) -> str:
    count = data["count"]
    if data["source"] == ReshuffleSource.DISCARDS:
        return f"The stack is empty: the discard piles ({count} cards) become a new stack."
    return (
        f"The stack and discard piles are empty: the {count} centre cards under the top "
        "card are shuffled into a new stack."
    )


_ROUND_WON_WHY = {
    RoundWinReason.SHAKE_AND_BAKE: " by SHAKE & BAKE",
    RoundWinReason.NOBODY_COULD_PLAY: " (nobody could play)",
}


def _round_won_text(state: SlamPosition, data: dict[str, Any]) -> str:
    winners = data["winners"]
    who = _names(state, winners)
    tokens = data["tokens"]
    why = _ROUND_WON_WHY.get(data["why"], "")
    return (
        f"{who} {'win' if len(winners) > 1 else 'wins'} the round{why} "
        f"and a token ({tokens} of {state.rules.tokens_to_win})."
    )


def _game_won_text(state: SlamPosition, data: dict[str, Any]) -> str:
    winners = data["winners"]
    tokens = data["tokens"]
    return (
        f"{_names(state, winners)} {'win' if len(winners) > 1 else 'wins'} the game "
        f"with {tokens} token{'' if tokens == 1 else 's'}!"
    )


def _shake_answer_text(state: SlamPosition, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    card = _label(state, data["card"])
    if data["five"]:
        return f"{who} answers the SHAKE & BAKE with {card}: a 5, so {who} wins the round."
    return f"{who} answers the SHAKE & BAKE with {card}: not a 5."


def _simple(template: str) -> Wording:
    def text(state: SlamPosition, data: dict[str, Any]) -> str:
        names = {
            key: state.seat_name(value)
            for key, value in data.items()
            if key in ("seat", "target", "partner", "dealer", "first", "starter", "leader")
        }
        return template.format(**{**data, **names})

    return text


def _switch_text(state: SlamPosition, data: dict[str, Any]) -> str:
    who, other = state.seat_name(data["seat"]), state.seat_name(data["target"])
    mine, theirs = data["sizes"]
    return (
        f"SWITCH: {who} and {other} swap hands; {who} now holds {mine} "
        f"card{'s' if mine != 1 else ''}, {other} {theirs}."
    )


def _poach_text(state: SlamPosition, data: dict[str, Any]) -> str:
    who = state.seat_name(data["seat"])
    info = state.rules.deck.cards[data["card"]]
    how = "in the duel" if data.get("duellist") else "out of turn"
    return (
        f"POACH: {who} plays {info.label} {how}; the duel is over, everyone is back "
        f"in, and {info.number} is the number to follow."
    )


def _draw_phase_text(state: SlamPosition, data: dict[str, Any]) -> str:
    first = state.seat_name(data["first"])
    extra = f" Every hand goes back to {HAND_SIZE} cards first." if data["refill"] else ""
    return f"DRAW phase: {first} draws first.{extra}"


def _play_phase_text(state: SlamPosition, data: dict[str, Any]) -> str:
    leader = state.seat_name(data["leader"])
    how = {
        PlayStart.DRAWN: "",
        PlayStart.DISCARDED: "",
        PlayStart.LAPS: f" after {state.rules.lap_limit} laps without a PLAY card",
    }
    return f"PLAY phase{how.get(data['how'], '')}: {leader} leads."


_DESCRIBE: dict[str, Wording] = {
    EventKind.ROUND: _simple("Round {round}: {dealer} deals."),
    EventKind.DEALT: _simple("Five cards each are dealt; a DRAW card lies face up in the centre."),
    EventKind.KEEP_DRAWS: _simple("{seat} keeps the dealt hand."),
    EventKind.SWAPPED: _simple("{seat} swaps {count} extra DRAW card(s) for cards from the stack."),
    EventKind.DRAW_PHASE: _draw_phase_text,
    EventKind.DREW: _drew_text,
    EventKind.DREW_PLAY: _simple("{seat} draws a PLAY card and lays it face up."),
    EventKind.DISCARD: _face_down_text("discards"),
    EventKind.KEPT: _simple("{seat} keeps the drawn card without discarding (short hand)."),
    EventKind.DISCARD_PLAY: _simple("{seat} lays a PLAY card face up from their hand."),
    EventKind.NOTHING_TO_DRAW: _simple("There is no card left to draw for {seat}."),
    EventKind.NO_DRAW_PASS: _simple("{seat} passes the turn."),
    EventKind.RESHUFFLE: _reshuffle_text,
    EventKind.LAP_LIMIT: _simple(
        "{laps} full laps without a PLAY card: the PLAY phase starts now."
    ),
    EventKind.PLAY_PHASE: _play_phase_text,
    EventKind.PLAY: _play_text,
    EventKind.DRAW_TWO_SHORT: _simple(
        "DRAW TWO: the stack is out of cards, {seat} is {missing} short."
    ),
    EventKind.SWITCH: _switch_text,
    EventKind.SHAKE: _simple(
        "SHAKE & BAKE: {target} must answer with any card; a 5 wins them the "
        "round, anything else wins it for {seat}."
    ),
    EventKind.SHAKE_ANSWER: _shake_answer_text,
    EventKind.TARGET: _simple(
        "TARGET & RESET: {seat} challenges {target} to a duel; everyone else is "
        "out, and {target} may answer with any number."
    ),
    EventKind.DECLINE: _simple("{seat} declines to POACH."),
    EventKind.POACH: _poach_text,
    EventKind.YOURS: _simple("{seat} says \u201cyours\u201d: {partner} plays for the team."),
    EventKind.PASS: _pass_text,
    EventKind.RETURNED: _face_down_text("returns"),
    EventKind.ROUND_WON: _round_won_text,
    EventKind.GAME_WON: _game_won_text,
}
