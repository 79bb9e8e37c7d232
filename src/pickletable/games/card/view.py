"""What a seat sees of a card game: its own hand (with the solver's verdict) and the table.

Another seat's hand appears only once it is laid down face up; the order
of the draw pile is not even stored. Cards a seat took from the discard pile
are shown as known to everyone, since everyone saw them taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pickletable.games.card.state import CardState


def observation(state: CardState, seat: int | None) -> dict[str, Any]:
    """The JSON-safe view of the table for `seat` (``None``: a spectator).

    >>> from pickletable.games.card import GAME
    >>> state = GAME.new_game(2)
    >>> _ = state.apply_text("show kitchen")
    >>> for card in "1 9 2 9 3 9 4 9 5 10 6 10 7 10".split():
    ...     _ = state.apply_text(f"deal {card}")
    >>> _ = state.apply_text("flip smash")
    >>> view = state.observation(2)
    >>> view["hand"], view["verdict"]["summary"], view["discard_top"]
    (['1', '2', '3', '4', '5', '6', '7'], 'complete', 'smash')
    >>> state.observation(0)["seats"][1]["hand"] is None
    True
    """
    rules = state.rules
    deck = rules.deck
    seats = []
    for s in rules.seats:
        laid = s in state.laid
        face_up = laid or s == seat
        hand = state.hands[s]
        seats.append(
            {
                "seat": s,
                "name": state.seat_name(s),
                "team": rules.team_of[s],
                "cards": len(hand),
                "laid_down": laid,
                "hand": list(hand) if face_up else None,
                "verdict": state.verdict(s).to_json() if face_up and hand else None,
                "known": list(state.known[s]),
            }
        )
    own = seat is not None and seat in rules.seats
    own_hand = list(state.hands[seat]) if own and seat is not None else None
    verdict = state.verdict(seat).to_json() if own and seat is not None else None
    lay_down_after = complete_after = None
    if own and state.stage == "discard" and state.turn == seat:
        hand = state.hands[state.turn]
        lay_down_after = sorted(rules.solver.lay_down_discards(hand), key=rules.order.__getitem__)
        complete_after = [
            card for card in lay_down_after if rules.solver.verdict(_without(hand, card)).complete
        ]
    serving = state.serving_team
    return {
        "game": "card",
        "seat": seat,
        "players": len(rules.seats),
        "options": dict(rules.options),
        "titles": dict(deck.titles),
        "stage": state.stage,
        "to_act": state.current_player,
        "turn": state.turn if state.stage in ("turn", "drawing", "discard") else None,
        "prompt": state.prompt(),
        "rally": state.rally,
        "target": rules.target,
        "win_by": rules.win_by,
        "server": state.server,
        "serving_team": serving,
        "teams": [
            {
                "team": team,
                "name": rules.team_name(team),
                "seats": list(members),
                "score": state.scores[team],
                "serve_card": serving == team,
            }
            for team, members in enumerate(rules.teams)
        ],
        "seats": seats,
        "hand": own_hand,
        "verdict": verdict,
        "lay_down_after": lay_down_after,
        "complete_after": complete_after,
        "taken": state.taken,
        "discard_top": state.discards[-1] if state.discards else None,
        "discard_count": len(state.discards),
        "discard_pile": list(state.discards),
        "draw_count": len(state.pile),
        "reshuffles": state.reshuffles,
        "final_lap": state.final_lap,
        "final_turns_left": max(state.lap_left, 0),
        "laid": list(state.laid),
        "first_server_cards": [{"seat": s, "card": c} for s, c in state.shown],
        "last_rally": state.last_rally,
        "outcome": None
        if state.outcome is None
        else {**state.outcome.to_json(), "text": state.describe_outcome()},
    }


def _without(hand: tuple[str, ...], card: str) -> list[str]:
    """The hand less one copy of `card`."""
    rest = list(hand)
    rest.remove(card)
    return rest
