"""One game in progress for an environment: the state, its encoding, the RNG and the rewards.

Both the PettingZoo and the Gymnasium environments drive a `Table`: chance
steps are resolved inside it from its own seeded `random.Random`, so a
seed fixes every die and card; rewards follow `GameState.returns`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from io import StringIO
from typing import Any

from rich.console import Console

from pickletable.cli.renderers import get_renderer
from pickletable.core.chance import sample_outcome
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.envs.encoding import Encoding, Mask, Vector
from pickletable.games.board.encoding import BoardEncoding
from pickletable.games.card.encoding import CardEncoding
from pickletable.games.slam.encoding import SlamEncoding

ENCODINGS: dict[str, Callable[[GameState], Encoding]] = {
    "board": BoardEncoding,
    "card": CardEncoding,
    "slam": SlamEncoding,
}
RENDER_WIDTH = 100


def encoding_for(
    game_id: str, players: int | None = None, options: Mapping[str, object] | None = None
) -> Encoding:
    """The action table and observation layout of one variant of a game."""
    return ENCODINGS[game_id](get_game(game_id).new_game(players, options))


class Table:
    """A game of one variant, replayed from a seed; rewards as documented in docs/rl.md.

    `zero_sum` scales each losing seat's -1 by (winners / losers) so that the
    rewards of a game sum to 0; `shaping` (0 by default) adds, after every
    step, `shaping` times the change in each seat's `lead()` (the game's own
    units: card points, board skill spaces, Slam tokens).
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        *,
        zero_sum: bool = False,
        shaping: float = 0.0,
    ) -> None:
        self.definition = get_game(game_id)
        self.game_id = game_id
        self.players = self.definition.check_players(players)
        self.options = dict(options or {})
        self.state: GameState = self.definition.new_game(self.players, self.options)
        self.encoding = ENCODINGS[game_id](self.state)
        self.seats = self.state.seats
        self.zero_sum = zero_sum
        self.shaping = shaping
        self.rng = random.Random()
        self._version = 0
        """Raised by every change of the state made here (the key of the cached mask)."""
        self._mask_key: tuple[int, int] | None = None
        self._mask = self.encoding.mask(self.state, self.seats[0])

    def reset(self, seed: int | None = None) -> None:
        """A new game; with a seed, the RNG starts again from it (else it goes on)."""
        if seed is not None:
            self.rng = random.Random(seed)
        self.state = self.definition.new_game(self.players, self.options)
        self._version += 1
        self.resolve_chance()

    def play(self, action_index: int) -> dict[int, float]:
        """Play a legal action of the seat asked, then any chance steps; the step's rewards."""
        before = self.state.lead() if self.shaping else None
        self.state.push(self.encoding.decode_action(action_index))
        self._version += 1
        self.resolve_chance()
        return self.rewards_since(before)

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
            state.push(sample_outcome(state, rng))
            self._version += 1

    def rewards_since(self, lead_before: dict[int, float] | None) -> dict[int, float]:
        """The final rewards if the game just ended, plus shaping where it is on."""
        rewards = {seat: 0.0 for seat in self.seats}
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
        if not self.zero_sum:
            return returns
        winners = sum(1 for value in returns.values() if value > 0)
        losers = sum(1 for value in returns.values() if value < 0)
        if not winners or not losers:
            return returns
        share = winners / losers
        return {seat: value if value > 0 else value * share for seat, value in returns.items()}

    def observation(self, seat: int) -> Vector:
        """`seat`'s encoded observation."""
        return self.encoding.encode(self.state.observe(seat), seat)

    def mask(self, seat: int) -> Mask:
        """`seat`'s action mask (all zero unless it is asked), cached until the table next
        changes the state (change it only through the table)."""
        key = (self._version, seat)
        if self._mask_key != key:
            self._mask = self.encoding.mask(self.state, seat)
            self._mask_key = key
        return self._mask.copy()

    def render(self, seat: int | None) -> str:
        """The terminal renderer's view for `seat` (`None`: a spectator), as plain text."""
        view = self.definition.presenter.view(self.state, seat)
        buffer = StringIO()
        console = Console(file=buffer, width=RENDER_WIDTH, color_system=None, force_terminal=False)
        console.print(get_renderer(self.game_id)(view))
        return buffer.getvalue()
