"""One game in progress for an environment: the state, its encoding, the RNG and the rewards.

Both the PettingZoo and the Gymnasium environments drive a `LearningTable`: chance
steps are resolved inside it from its own seeded `random.Random`, so a
seed fixes every die and card; rewards follow `GameState.returns`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from io import StringIO
from typing import Any

import numpy as np
from rich.console import Console

from pickletable.core.registry import kit_for
from pickletable.core.state import CHANCE, GameState
from pickletable.envs.encoding import Encoding, Mask, Vector

RENDER_WIDTH = 100


def encoding_for(
    game_id: str, players: int | None = None, options: Mapping[str, object] | None = None
) -> Encoding:
    """The action table and observation layout of one variant of a game."""
    kit = kit_for(game_id)
    return kit.encoding(kit.definition().new_game(players, options))


def zero_sum(returns: dict[int, float]) -> dict[int, float]:
    """Each losing seat's -1 scaled by winners / losers, so that the values sum to 0.

    >>> zero_sum({0: 1.0, 1: -1.0, 2: -1.0})
    {0: 1.0, 1: -0.5, 2: -0.5}
    """
    winners = sum(1 for value in returns.values() if value > 0)
    losers = sum(1 for value in returns.values() if value < 0)
    if not winners or not losers:
        return returns
    share = winners / losers
    return {seat: value if value > 0 else value * share for seat, value in returns.items()}


class LearningTable:
    """A game of one variant, replayed from a seed; rewards as documented in docs/rl.md.

    `zero_sum` (on by default) scales each losing seat's -1 by (winners /
    losers) so that the rewards of a game sum to 0 at every table size; off,
    the rewards are the raw per-seat result (`GameState.returns`); `shaping`
    (0 by default) adds, after every step, `shaping` times the change in
    each seat's `lead()` (the game's own units: card points, board skill
    spaces, Slam tokens).
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        *,
        zero_sum: bool = True,
        shaping: float = 0.0,
    ) -> None:
        self.kit = kit_for(game_id)
        self.definition = self.kit.definition()
        self.game_id = game_id
        self.players = self.definition.check_players(players)
        self.options = dict(options or {})
        self.state: GameState = self.definition.new_game(self.players, self.options)
        self.encoding = self.kit.encoding(self.state)
        self.seats = self.state.seats
        self.zero_sum = zero_sum
        self.shaping = shaping
        self.rng = random.Random()
        self._version = 0
        """Raised by every change of the state made here (the key of the cached mask)."""
        self._mask_key: tuple[int, int] | None = None
        self._mask = self.encoding.mask(self.state, self.seats[0])
        self._vector_key: tuple[int, int] | None = None
        self._vector: Vector = np.zeros(self.encoding.size, dtype=np.float32)

    def reset(self, seed: int | None = None) -> None:
        """A new game; with a seed, the RNG starts again from it (else it goes on)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.definition.new_game(self.players, self.options)
        self._version += 1
        self.resolve_chance()

    def play(self, action_index: int) -> dict[int, float]:
        """Play a legal action of the seat asked, then any chance steps; the step's rewards."""
        return self.play_action(self.encoding.actions[action_index])

    def play_action(self, action: Any) -> dict[int, float]:
        """Play a legal engine action (a bot's), then any chance steps; the step's rewards."""
        before = self.state.lead() if self.shaping else None
        self.state.push(action)
        self._version += 1
        self.resolve_chance()
        return self.rewards_since(before)

    def resolve_chance(self) -> None:
        """Draw every chance outcome from the table's RNG until a seat is asked or the end."""
        state, rng = self.state, self.rng
        while state.current_player == CHANCE:
            state.push(state.sample_chance(rng))  # what `core.chance.sample_outcome` does
            self._version += 1

    def rewards_since(self, lead_before: dict[int, float] | None) -> dict[int, float]:
        """The final rewards if the game just ended, plus shaping where it is on."""
        rewards = dict.fromkeys(self.seats, 0.0)
        if lead_before is not None:
            after = self.state.lead()
            for seat in self.seats:
                rewards[seat] += self.shaping * (after[seat] - lead_before[seat])
        if self.state.is_over:
            for seat, value in self.final_rewards().items():
                rewards[seat] += value
        return rewards

    def final_rewards(self) -> dict[int, float]:
        """+1 for every winning seat, -1 (or, zero-sum, -winners/losers) for the others."""
        returns = self.state.returns()
        return zero_sum(returns) if self.zero_sum else returns

    def observation(self, seat: int) -> Vector:
        """`seat`'s encoded observation, cached like the mask (a caller may ask twice a step)."""
        key = (self._version, seat)
        if self._vector_key != key:
            self._vector = self.encoding.encode_state(self.state, seat)
            self._vector_key = key
        return self._vector.copy()

    def mask(self, seat: int) -> Mask:
        """`seat`'s action mask (all zero unless it is asked), cached until the table next
        changes the state (change it only through the table)."""
        key = (self._version, seat)
        if self._mask_key != key:
            self._mask = self.encoding.mask(self.state, seat)
            self._mask_key = key
        return self._mask.copy()

    def allows(self, seat: int, index: int) -> bool:
        """True if `seat` may play action `index` now (the cached mask, not copied)."""
        mask = self._mask if self._mask_key == (self._version, seat) else self.mask(seat)
        return 0 <= index < len(mask) and bool(mask[index])

    def render(self, seat: int | None) -> str:
        """The terminal renderer's view for `seat` (`None`: a spectator), as plain text."""
        view = self.definition.presenter.view(self.state, seat)
        buffer = StringIO()
        console = Console(file=buffer, width=RENDER_WIDTH, color_system=None, force_terminal=False)
        console.print(self.kit.renderer().render(view))
        return buffer.getvalue()
