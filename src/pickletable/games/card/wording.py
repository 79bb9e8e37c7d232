"""Words for the card game: log sentences, the rally summary and its parts, cards and teams.

The presenter (`presenter.py`) speaks through these; so do the terminal and
the web table, through the view: each says a rally's end and the serve in
the same words.

>>> from pickletable.core.events import Event
>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(4)
>>> describe_event(state, Event(EventKind.TOOK, {"seat": 1, "card": "8"}))
'East takes the 8 from the discard pile.'
>>> describe_event(state, Event(EventKind.DREW, {"seat": 3}))
'West draws from the draw pile.'
>>> ending(Ending.PILE, reshuffle_limit=1), ending(Ending.PILE, reshuffle_limit=0)
('the draw pile ran out twice', 'the draw pile ran out')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickletable.core.events import Event
from pickletable.games.card.codes import Ending, EventKind
from pickletable.games.card.config import SEAT_NAMES, CardConfig
from pickletable.games.card.state import CardState

ENDINGS: dict[str, str] = {
    Ending.LAP: "every final turn was played",
    Ending.LIMIT: "it reached the rally_turn_limit",
}
REASONS = {
    "dink": "Dink Shot",
    "complete": "complete hand while serving",
    "pickler": "Pickler in a complete hand",
}
RUNS_OUT = {1: "", 2: " twice"}


def ending(ended: str, reshuffle_limit: int) -> str:
    """Why a rally ended: "the draw pile ran out twice", "every final turn was played".

    The draw pile ends a rally the time after its last reshuffle, so it ran
    out once more than `reshuffle_limit` allows it to be made again.
    """
    if ended == Ending.PILE:
        runs = reshuffle_limit + 1
        return "the draw pile ran out" + RUNS_OUT.get(runs, f" {runs} times")
    return ENDINGS.get(ended, ended)


def serve_sentence(summary: Mapping[str, Any]) -> str:
    """Who serves after a rally, and why."""
    serve_to = summary["serve_to"]
    if serve_to is None:
        return f"Nobody laid down: {SEAT_NAMES[summary['server']]} serves again."
    first = "Dink Shot" if summary["serve_reason"] == "dink" else "complete hand"
    return f"{SEAT_NAMES[serve_to]} laid down the first {first} and serves next."


def team_name(rules: CardConfig, team: int) -> str:
    """A team by its members ("North & South")."""
    return " & ".join(SEAT_NAMES[s] for s in rules.teams[team])


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


def describe_event(state: CardState, event: Event) -> str:
    """One log sentence (or, for a scored rally, a short paragraph) for an event.

    A drawn card is never named: the log is shown to every seat.
    """
    name = state.seat_name
    data = event.data
    kind = event.kind
    if kind == EventKind.SHOWN:
        return f"{name(data['seat'])} is dealt {a_card(state, data['card'])} face up."
    if kind == EventKind.FIRST_SERVER:
        return f"{name(data['seat'])} got the first Kitchen and serves first."
    if kind == EventKind.RALLY_START:
        return (
            f"Rally {data['rally']}: {name(data['server'])} serves for "
            f"{team_name(state.rules, data['team'])}, shuffles and deals."
        )
    if kind == EventKind.DEALT:
        return f"{data['cards']} cards dealt to each player."
    if kind == EventKind.FLIPPED:
        return (
            f"{_first_upper(the_card(state, data['card']))} starts the discard pile; "
            f"{name(data['seat'])} plays first."
        )
    if kind == EventKind.TOOK:
        return f"{name(data['seat'])} takes {the_card(state, data['card'])} from the discard pile."
    if kind == EventKind.DREW:
        return f"{name(data['seat'])} draws from the draw pile."
    if kind == EventKind.PILE_EMPTY:
        return _pile_empty(state, data)
    if kind == EventKind.DISCARDED:
        return f"{name(data['seat'])} discards {a_card(state, data['card'])}."
    if kind == EventKind.LAID_DOWN:
        how = "complete" if data["complete"] else data["summary"]
        if data["dink"]:
            how += ", with a Dink Shot"
        return f"{name(data['seat'])} lays down {cards_text(state, data['cards'])} ({how})."
    if kind == EventKind.FINAL_LAP:
        return f"Everyone but {name(data['seat'])} gets one final turn."
    if kind == EventKind.RESHUFFLED:
        return (
            f"The discard pile but its top card is shuffled into a new draw pile of "
            f"{data['cards']} cards."
        )
    if kind == EventKind.RALLY_SCORED:
        return rally_summary(state, data)
    if kind == EventKind.GAME_OVER:
        team = data["team"]
        scores = data["scores"]
        return f"{team_name(state.rules, team)} won the game {scores[team]} to {scores[1 - team]}."
    return f"{kind}: {data}"


def _pile_empty(state: CardState, data: Mapping[str, Any]) -> str:
    if not data["rally_ends"]:
        return "The draw pile is empty; it will be made again from the discard pile."
    # With no reshuffle allowed, this is the first time it runs out.
    again = " again" if state.rules.reshuffle_limit else ""
    return (
        f"The draw pile has run out{again}: the rally ends after "
        f"{state.seat_name(data['seat'])}'s turn."
    )


def rally_summary(state: CardState, summary: Mapping[str, Any]) -> str:
    """Why each point of a rally was scored, the score, and who serves next.

    Each team scores its best hand: one per Dink Shot, and, for the serving
    team, one for a complete hand plus one per Pickler in it.
    """
    rules = state.rules
    hands = {hand["seat"]: hand for hand in summary["hands"]}
    parts = []
    for team in summary["teams"]:
        best = hands[team["best"]]
        points = team["points"]
        if points:
            whys = ", ".join(
                f"{reason['points']} for {reason_label(reason)}" for reason in best["reasons"]
            )
            parts.append(
                f"{team_name(rules, team['team'])} {points} ({SEAT_NAMES[best['seat']]}: {whys})"
            )
        else:
            parts.append(f"{team_name(rules, team['team'])} 0")
    ended = ending(summary["ended"], rules.reshuffle_limit)
    scores = summary["scores"]
    score = ", ".join(f"{team_name(rules, t)} {scores[t]}" for t in (0, 1))
    return (
        f"Rally {summary['rally']} is over ({ended}). Points: {'; '.join(parts)}. "
        f"Score: {score}. {serve_sentence(summary)}"
    )


def reason_label(reason: Mapping[str, Any]) -> str:
    """What one reason scored for, plural when it scored more than one point."""
    label = REASONS[reason["why"]]
    if reason["why"] != "complete" and reason["points"] != 1:
        label = (
            label.replace("Shot", "Shots")
            if reason["why"] == "dink"
            else "Picklers" + label[len("Pickler") :]
        )
    return label


def _first_upper(text: str) -> str:
    """The text with its first letter in capitals and the rest as it was ("The Dink Shot")."""
    return text[:1].upper() + text[1:]
