"""What a seat sees of a board game: everything on the table is public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pickletable.games.board.state import BoardState


def observation(state: BoardState, seat: int | None) -> dict[str, Any]:
    """The public view of the table (the board game hides nothing from any seat).

    Face-down piles show only their size: the order of their unseen cards is
    not even stored.
    """
    del seat  # every seat sees the same table
    rules = state.rules
    content = rules.content
    seats = []
    for s in rules.seats:
        character = content.characters.get(state.character[s] or "")
        seats.append(
            {
                "seat": s,
                "name": state.seat_name(s),
                "colour": rules.colour_of[s],
                "team": s // 2,
                "character": None
                if character is None
                else {
                    "id": character.id,
                    "name": character.name,
                    "nice": character.nice,
                    "bad": character.bad,
                },
                "skill": state.level_of(s),
                "serves": state.may_serve(s),
                "skill_cards": [
                    {"id": c, "label": content.skill_cards[c].label} for c in state.skill_hand[s]
                ],
                "strategy_cards": [
                    {"id": c, "label": c.capitalize()} for c in state.strategy_hand[s]
                ],
            }
        )
    play_card = state.last_play_card
    player = state.current_player
    return {
        "game": "board",
        "level": rules.level,
        "options": dict(rules.options),
        "phase": state.phase,
        "to_act": player,
        "prompt": state.prompt(),
        "target": rules.target_spaces * rules.step,
        "step": rules.step,
        "seats": seats,
        "server": state.server,
        "stanchion_rule": rules.stanchion_rule,
        "stanchion_placed": state.stanchion,
        "rally": {
            "hit": state.hit_number,
            "hitter": state.hitter(),
            "order": list(state.order),
            "serving_team": None if state.server is None else state.server // 2,
        },
        "dice": dict(state.last_dice),
        "play_card": None
        if play_card is None
        else {
            "id": play_card,
            "text": content.play_cards[play_card].text,
        },
        "piles": {name: len(pile) for name, pile in state.piles.items()},
        "outcome": None
        if state.outcome is None
        else {**state.outcome.to_json(), "text": state.describe_outcome()},
    }
