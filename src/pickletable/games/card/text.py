"""Words for the card game: log lines, the rally summary, menu labels, prompts and refusals."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pickletable.core.actions import Action
from pickletable.core.events import Event

if TYPE_CHECKING:
    from pickletable.games.card.state import CardState

ENDINGS = {
    "pile": "the draw pile ran out twice",
    "lap": "every final turn was played",
    "limit": "it reached the rally_turn_limit",
}
REASONS = {
    "dink": "Dink Shot",
    "complete": "complete hand while serving",
    "pickler": "Pickler in a complete hand",
}


def a_card(state: CardState, card: str) -> str:
    """A card with its article: "a 7", "an 8", "a Dink Shot"."""
    title = state.rules.deck.title(card)
    article = "an" if title[0] == "8" or title in ("11", "18") else "a"
    return f"{article} {title}"


def the_card(state: CardState, card: str) -> str:
    """A card with "the": "the 7"."""
    return "the " + state.rules.deck.title(card)


def cards_text(state: CardState, cards: list[str]) -> str:
    """Cards by title, separated by spaces."""
    return " ".join(state.rules.deck.title(card) for card in cards)


def describe(state: CardState, event: Event) -> str:
    """One log sentence (or, for a scored rally, a short paragraph) for an event.

    A drawn card is never named: the log is shown to every seat.

    >>> from pickletable.core.events import Event
    >>> from pickletable.games.card import GAME
    >>> state = GAME.new_game(4)
    >>> state.describe(Event("took", {"seat": 1, "card": "8"}))
    'East takes the 8 from the discard pile.'
    >>> state.describe(Event("drew", {"seat": 3}))
    'West draws from the draw pile.'
    """
    name = state.seat_name
    data = event.data
    kind = event.kind
    if kind == "shown":
        return f"{name(data['seat'])} is dealt {a_card(state, data['card'])} face up."
    if kind == "first_server":
        return f"{name(data['seat'])} got the first Kitchen and serves first."
    if kind == "rally_start":
        return (
            f"Rally {data['rally']}: {name(data['server'])} serves for "
            f"{state.rules.team_name(data['team'])}, shuffles and deals."
        )
    if kind == "dealt":
        return f"{data['cards']} cards dealt to each player."
    if kind == "flipped":
        return (
            f"{_first_upper(the_card(state, data['card']))} starts the discard pile; "
            f"{name(data['seat'])} plays first."
        )
    if kind == "took":
        return f"{name(data['seat'])} takes {the_card(state, data['card'])} from the discard pile."
    if kind == "drew":
        return f"{name(data['seat'])} draws from the draw pile."
    if kind == "pile_empty":
        if data["rally_ends"]:
            return (
                f"The draw pile has run out again: the rally ends after "
                f"{name(data['seat'])}'s turn."
            )
        return "The draw pile is empty; it will be made again from the discard pile."
    if kind == "discarded":
        return f"{name(data['seat'])} discards {a_card(state, data['card'])}."
    if kind == "laid_down":
        how = "complete" if data["complete"] else data["summary"]
        if data["dink"]:
            how += ", with a Dink Shot"
        return f"{name(data['seat'])} lays down {cards_text(state, data['cards'])} ({how})."
    if kind == "final_lap":
        return f"Everyone but {name(data['seat'])} gets one final turn."
    if kind == "reshuffled":
        return (
            f"The discard pile but its top card is shuffled into a new draw pile of "
            f"{data['cards']} cards."
        )
    if kind == "rally_scored":
        return rally_summary(state, data)
    if kind == "game_over":
        team = data["team"]
        scores = data["scores"]
        return f"{state.rules.team_name(team)} won the game {scores[team]} to {scores[1 - team]}."
    return f"{kind}: {data}"


def rally_summary(state: CardState, summary: dict[str, Any]) -> str:
    """Why each point of a rally was scored, the score, and who serves next.

    Each team scores its best hand: one per Dink Shot, and, for the serving
    team, one for a complete hand plus one per Pickler in it.
    """
    rules = state.rules
    name = state.seat_name
    hands = {hand["seat"]: hand for hand in summary["hands"]}
    parts = []
    for team in summary["teams"]:
        best = hands[team["best"]]
        points = team["points"]
        if points:
            whys = ", ".join(
                f"{reason['points']} for {_reason(reason)}" for reason in best["reasons"]
            )
            parts.append(f"{rules.team_name(team['team'])} {points} ({name(best['seat'])}: {whys})")
        else:
            parts.append(f"{rules.team_name(team['team'])} 0")
    ended = ENDINGS.get(summary["ended"], summary["ended"])
    scores = summary["scores"]
    score = ", ".join(f"{rules.team_name(t)} {scores[t]}" for t in (0, 1))
    serve_to = summary["serve_to"]
    if serve_to is None:
        serve = f"Nobody laid down: {name(summary['server'])} serves again."
    elif summary["serve_reason"] == "dink":
        serve = f"{name(serve_to)} laid down the first Dink Shot and serves next."
    else:
        serve = f"{name(serve_to)} laid down the first complete hand and serves next."
    return (
        f"Rally {summary['rally']} is over ({ended}). Points: {'; '.join(parts)}. "
        f"Score: {score}. {serve}"
    )


def _reason(reason: dict[str, Any]) -> str:
    label = REASONS[reason["why"]]
    if reason["why"] != "complete" and reason["points"] != 1:
        label = (
            label.replace("Shot", "Shots")
            if reason["why"] == "dink"
            else "Picklers" + label[len("Pickler") :]
        )
    return label


def prompt(state: CardState) -> str:
    """What the engine is waiting for ("East to discard")."""
    stage = state.stage
    name = state.seat_name
    final = " (final turn)" if state.final_lap else ""
    if stage == "first_server":
        seats = state.rules.seats
        seat = seats[len(state.shown) % len(seats)]
        return f"Deal a card face up to {name(seat)}: the first Kitchen picks the first server"
    if stage == "deal":
        return f"Deal the cards of rally {state.rally}"
    if stage == "flip":
        return "Turn up the first card of the discard pile"
    if stage == "turn":
        return (
            f"{name(state.turn)} to draw from the draw pile or take "
            f"{the_card(state, state.discards[-1])} from the discard pile{final}"
        )
    if stage == "drawing":
        return f"Draw a card for {name(state.turn)}"
    if stage == "discard":
        return f"{name(state.turn)} to discard, and lay down if the hand allows{final}"
    return f"Game over: {outcome_text(state)}" if state.outcome else "Game over"


def outcome_text(state: CardState) -> str:
    """The winning team and the score: ``North won 11 to 7``."""
    outcome = state.outcome
    if outcome is None:
        return ""
    won = state.rules.team_of[outcome.winners[0]]
    return f"{state.rules.team_name(won)} won {state.scores[won]} to {state.scores[1 - won]}"


def describe_action(state: CardState, action: Action) -> str:
    """A menu label ("Take the 7 from the discard pile", "Discard the 9 and lay down")."""
    verb, args = action.verb, action.args
    deck = state.rules.deck
    if verb == "draw" and not args:
        return "Draw from the draw pile"
    if not args or args[0] not in deck.counts:
        return str(action)
    card = args[0]
    if verb == "take":
        return f"Take {the_card(state, card)} from the discard pile"
    if verb == "discard" and len(args) > 1:
        hand = list(state.hands[state.turn])
        if card in hand:
            hand.remove(card)
        verdict = state.rules.solver.verdict(hand)
        how = "complete" if verdict.complete else "with a Dink Shot"
        return f"Discard {the_card(state, card)} and lay down ({how})"
    if verb == "discard":
        return f"Discard {the_card(state, card)}"
    labels = {"show": "Deal face up", "deal": "Deal", "flip": "Turn up", "draw": "Draw"}
    return f"{labels.get(verb, verb.capitalize())} {a_card(state, card)}"


def illegal_reason(state: CardState, action: Action) -> str:
    """Why an action is refused, where the rules can say more than 'not legal'."""
    stage = state.stage
    if stage == "over":
        return "the game is over"
    verb, args = action.verb, action.args
    if stage in ("first_server", "deal", "flip", "drawing"):
        expected = {"first_server": "show", "deal": "deal", "flip": "flip", "drawing": "draw"}
        if verb == expected[stage] and len(args) == 1:
            return f"no {state.rules.deck.titles.get(args[0], args[0])} is left to come up"
        return "chance acts now: a card is to be dealt or drawn"
    hand = state.hands[state.turn]
    if stage == "turn":
        if verb == "discard":
            return "draw from the draw pile or take the top discard first"
        if verb == "take" and args:
            return f"the top of the discard pile is {the_card(state, state.discards[-1])}"
        return ""
    if verb in ("draw", "take"):
        return "you have drawn already this turn: discard now"
    if verb != "discard" or not args:
        return ""
    card = args[0]
    if card not in hand:
        return f"you hold no {state.rules.deck.titles.get(card, card)}"
    if card == state.taken and state.rules.no_discard_taken_card and hand.count(card) < 2:
        return (
            f"you took {the_card(state, card)} from the discard pile this turn and may "
            f"not discard it (option no_discard_taken_card)"
        )
    if len(args) > 1:
        return (
            f"after discarding {the_card(state, card)} the hand is neither complete nor "
            f"holding a Dink Shot, so it may not be laid down"
        )
    return ""


def _first_upper(text: str) -> str:
    """The text with its first letter in capitals and the rest as it was ("The Dink Shot")."""
    return text[:1].upper() + text[1:]
