"""A Slam position in a few readable lines: what ``str(state)`` prints.

>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3", "4"], ["5"], []], leader=1, last_number=4)
>>> print(state)
slam, 3 players, to 3 tokens: round 1, play phase, turn, Player 2 to act
tokens: Player 1 0, Player 2 0, Player 3 0; dealer Player 1
hands: Player 1 3 4 | Player 2 5 | Player 3 -
centre (top last): draw play; last number 4 by Player 1
stack 44; discard piles: Player 1 0, Player 2 0, Player 3 0
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pickletable.core.printing import ending, who_acts

if TYPE_CHECKING:
    from pickletable.games.slam.position import SlamPosition


def position_summary(state: SlamPosition) -> str:
    """The round, phase, step and who acts, the tokens, every hand, the centre and the piles."""
    rules = state.rules
    name = state.seat_name
    lines = [
        f"slam, {rules.players} players{', doubles' if rules.doubles else ''}, to "
        f"{rules.tokens_to_win} tokens: round {state.round}, {state.phase} phase, "
        f"{state.step}, {who_acts(state)}"
    ]
    sides = [
        " and ".join(name(seat) for seat in rules.members(unit)) for unit in range(rules.units)
    ]
    tokens = ", ".join(f"{side} {count}" for side, count in zip(sides, state.tokens, strict=True))
    lines.append(f"tokens: {tokens}; dealer {name(state.dealer)}")
    lines.append(
        "hands: "
        + " | ".join(
            f"{name(seat)} {_cards(state.hands[seat])}"
            + ("" if state.inside[seat] or state.phase != "play" else " (out)")
            for seat in state.seats
        )
    )
    centre = f"centre (top last): {' '.join(state.centre) or '-'}"
    if state.last_number is not None:
        centre += f"; last number {state.last_number}"
    if state.last_player is not None:
        centre += f" by {name(state.last_player)}"
    if state.duel is not None:
        centre += f"; duel {name(state.duel[0])} and {name(state.duel[1])}"
    if state.pending is not None:
        centre += f"; {state.pending} waits for its target"
    lines.append(centre)
    discards = ", ".join(f"{name(seat)} {state.discard_sizes[seat]}" for seat in state.seats)
    lines.append(f"stack {len(state.stack)}; discard piles: {discards}")
    over = ending(state)
    if over is not None:
        lines.append(over)
    return "\n".join(lines)


def _cards(hand: dict[str, int]) -> str:
    return " ".join(code for code, copies in hand.items() for _ in range(copies)) or "-"
