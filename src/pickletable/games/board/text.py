"""A board game position in a few readable lines: what ``str(state)`` prints.

>>> from pickletable.games.board import GAME
>>> from pickletable.games.board.scenario import arrange
>>> state = arrange(GAME.new_game(2, {"level": "beginner"}), skill=[4.5, 2.0], server=2)
>>> print(state)
board, beginner, 2 players, to 5.0: serve, Yellow to act
track: Blue 4.5 (Dinkin' Dana), Yellow 2.0 (Big Banger Bo)
rally: Yellow serves, hit 1, order Yellow Blue
piles: character 12, play 0, skill 0, strategy 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.printing import ending, who_acts

if TYPE_CHECKING:
    from pickletable.games.board.position import BoardPosition


def position_summary(state: BoardPosition) -> str:
    """The position's step and who acts, the track, the rally, the cards and the piles."""
    rules = state.rules
    name = state.seat_name
    target = rules.target_spaces * rules.step
    lines = [
        f"board, {rules.level}, {len(state.seats)} players, to {target:.1f}: "
        f"{state.step}, {who_acts(state)}"
    ]
    lines.append(
        "track: "
        + ", ".join(
            f"{name(seat)} {state.level_of(seat):.1f}"
            + (f" ({_character_name(state, seat)})" if state.character[seat] else "")
            for seat in state.seats
        )
    )
    if state.server is not None:
        rally = f"rally: {name(state.server)} serves, hit {state.hit_number}"
        rally += ", order " + " ".join(name(seat) for seat in state.order)
        if state.previous is not None:
            shot = state.previous
            rally += f"; last shot {name(shot.hitter)} {shot.face or shot.via}"
        if state.stanchion:
            rally += "; stanchion placed"
        lines.append(rally)
    if rules.advanced:
        for seat in state.seats:
            skill = " ".join(state.skill_hand[seat]) or "-"
            strategy = " ".join(state.strategy_hand[seat]) or "-"
            lines.append(f"cards {name(seat)}: skill {skill}; strategy {strategy}")
    if state.play_card is not None:
        lines.append(f"Play Card: {state.play_card}")
    lines.append(
        "piles: " + ", ".join(f"{pile} {len(cards)}" for pile, cards in state.piles.items())
    )
    over = ending(state)
    if over is not None:
        lines.append(over)
    return "\n".join(lines)


def _character_name(state: BoardPosition, seat: int) -> str:
    card = state.character[seat]
    found = state.rules.content.characters.get(card) if card else None
    return found.name if found is not None else str(card)
