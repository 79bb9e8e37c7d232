"""A card game position in a few readable lines: what ``str(state)`` prints.

>>> from pickletable.games.card import GAME
>>> from pickletable.games.card.scenario import arrange
>>> state = arrange(
...     GAME.new_game(2),
...     hands=["1 2 3 4 5 6 7".split(), "8 9 10 kitchen dink smash 1".split()],
...     discards=["pickler"], server=2, scores=(9, 10),
... )
>>> print(state)
card, 2 players, to 11 by 2: rally 1, turn, North to act
score: team A (North) 9, team B (South) 10; South serves
hands: North 1 2 3 4 5 6 7 | South 1 8 9 10 smash kitchen dink
discard pile (top last): pickler; draw pile 37
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.printing import ending, who_acts

if TYPE_CHECKING:
    from pickletable.games.card.state import CardState


def position_summary(state: CardState) -> str:
    """The position's step and who acts, the score and serve, every hand and the piles."""
    rules = state.rules
    name = state.seat_name
    lines = [
        f"card, {len(state.seats)} players, to {rules.target} by {rules.win_by}: "
        f"rally {state.rally}, {state.step}, {who_acts(state)}"
    ]
    teams = ", ".join(
        f"team {'AB'[team]} ({' '.join(name(seat) for seat in members)}) {state.scores[team]}"
        for team, members in enumerate(rules.teams)
    )
    serve = f"; {name(state.server)} serves" if state.server is not None else ""
    lines.append(f"score: {teams}{serve}")
    if any(state.hands[seat] for seat in state.seats):
        lines.append(
            "hands: "
            + " | ".join(
                f"{name(seat)} {' '.join(state.hands[seat])}"
                + (" (laid down)" if seat in state.laid else "")
                for seat in state.seats
            )
        )
    if state.taken is not None:
        lines.append(f"taken from the discard pile this turn: {state.taken}")
    discards = " ".join(state.discards) or "-"
    lines.append(f"discard pile (top last): {discards}; draw pile {len(state.pile)}")
    if state.shown:
        lines.append(
            "shown for the first server: "
            + ", ".join(f"{name(seat)} {card}" for seat, card in state.shown)
        )
    over = ending(state)
    if over is not None:
        lines.append(over)
    return "\n".join(lines)
