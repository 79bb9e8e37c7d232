"""The parts every game's printed position (``str(state)``) shares: who acts, how it ended.

>>> from pickletable.games.slam import GAME
>>> state = GAME.new_game(3)
>>> who_acts(state), ending(state)
('chance to act', None)
"""

from __future__ import annotations

from pickletable.core.state import CHANCE, GameState


def who_acts(state: GameState) -> str:
    """``North to act``, ``chance to act`` or ``game over``."""
    player = state.current_player
    if player is None:
        return "game over"
    if player == CHANCE:
        return "chance to act"
    return f"{state.seat_name(player)} to act"


def ending(state: GameState) -> str | None:
    """``over: Yellow and Black won (skill_track_top)`` once the game is over, else `None`."""
    outcome = state.outcome
    if outcome is None:
        return None
    winners = " and ".join(state.seat_name(seat) for seat in outcome.winners)
    return f"over: {winners} won ({outcome.termination})"
