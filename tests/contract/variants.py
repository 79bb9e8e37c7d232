"""Every game and variant the contract test plays: levels, table sizes, doubles, house rules."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Variant:
    """One table: a game, its player count and its options."""

    game: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """A test id such as ``card-4-target_score=3``."""
        words = [f"{key}={value}" for key, value in sorted(self.options.items())]
        return "-".join([self.game, str(self.players), *words])


BOARD = [
    Variant("board", players, {"level": level})
    for level in ("beginner", "intermediate", "advanced")
    for players in (2, 4)
] + [
    Variant("board", 2, {"level": "advanced", "stanchion_rule": True}),
    Variant(
        "board",
        4,
        {"level": "advanced", "skill_counts_as_roll": False, "serve_after_point": "rotate"},
    ),
    Variant("board", 2, {"level": "intermediate", "step": 1.0, "target": 3.0}),
]

# Card games are played to 3 (not 11) so that a few of them fit the time budget.
_SHORT = {"target_score": 3}
CARD = [Variant("card", players, _SHORT) for players in (2, 3, 4)] + [
    Variant("card", 2, {**_SHORT, "reshuffle_limit": 0, "no_discard_taken_card": False}),
    Variant("card", 4, {**_SHORT, "win_by": 1, "rally_turn_limit": 12}),
    Variant("card", 3, {**_SHORT, "reshuffle_limit": 3}),
]

SLAM = [Variant("slam", players) for players in (3, 4, 5, 6)] + [
    Variant("slam", 4, {"doubles": True}),
    Variant("slam", 4, {"doubles": True, "twists_target_opponents": False, "must_play": False}),
    Variant("slam", 3, {"must_play": False, "refill_short_hands": True}),
    Variant("slam", 5, {"draw_phase_lap_limit": 1, "tokens_to_win": 1}),
    Variant("slam", 6, {"refill_short_hands": True, "draw_phase_lap_limit": 1, "tokens_to_win": 2}),
]

VARIANTS = BOARD + CARD + SLAM
