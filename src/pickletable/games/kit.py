"""What every game's kit shares: the lab's recap, built from the kit's own collector and figures.

A game with a recap of its own passes its own function instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.state import GameState


def recap(start: GameState, actions: Sequence[Action | str]) -> dict[str, Any]:
    """The lab's end-of-game recap (see `pickletable.analysis.recap`)."""
    from pickletable.analysis.recap import recap as lab_recap

    return lab_recap(start, actions)
