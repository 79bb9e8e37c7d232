"""What every game's encoding offers: a fixed action table and a fixed-size observation vector.

An `Encoding` is built once per variant (game, player count, options,
content) from a new game's rules and content, never from a position, so
its sizes are the same for every state of that variant:

- `actions`: every action a seat of the variant may ever be offered, in a
  fixed documented order; index ``i`` of `Discrete(n)` is ``actions[i]``;
- `encode(observation)`: a float32 vector of `size` values in [0, 1],
  built only from the seat's lean observation (`GameState.observe(seat)`)
  and the seat number;
  `layout` names its blocks in order (docs/rl.md prints them).

Seats are encoded relative to the observing seat (slot 0 is the seat
itself, then clockwise), so one policy can learn from every seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pickletable.core.actions import Action
from pickletable.core.errors import PickletableError
from pickletable.core.state import GameState, Observation

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class UnencodedActionError(PickletableError, ValueError):
    """The engine offered an action that the variant's action table lacks."""


@dataclass(frozen=True)
class Block:
    """One named stretch of the observation vector."""

    name: str
    size: int
    meaning: str


class Encoding(ABC):
    """A variant's action table and observation layout (see the module docstring)."""

    game_id: str
    actions: tuple[Action, ...]
    layout: tuple[Block, ...]

    def __init__(self, actions: Iterable[Action], layout: Iterable[Block]) -> None:
        self.actions = tuple(actions)
        self.index = {action: i for i, action in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("an action table lists an action twice")
        self.layout = tuple(layout)
        self.size = sum(block.size for block in self.layout)

    @property
    def n_actions(self) -> int:
        """How many actions the table holds: the `Discrete(n)` of the action space."""
        return len(self.actions)

    def encode_action(self, action: Action) -> int:
        """The index of an engine action (raises `UnencodedActionError` if the table lacks it)."""
        index = self.index.get(action)
        if index is None:
            raise UnencodedActionError(
                f"action {str(action)!r} has no index in the {self.game_id} table"
            )
        return index

    def decode_action(self, index: int) -> Action:
        """The engine action at `index`."""
        return self.actions[int(index)]

    def mask(self, state: GameState, seat: int) -> Mask:
        """1 for each action `seat` may play now, 0 elsewhere (all 0 unless it is asked)."""
        mask = np.zeros(self.n_actions, dtype=np.int8)
        if state.current_player == seat:
            for action in state.legal_actions():
                mask[self.encode_action(action)] = 1
        return mask

    def encode(self, observation: Observation, seat: int | None) -> Vector:
        """`seat`'s observation (``state.observe(seat)``) as `size` float32 values in [0, 1].

        The seat is passed along because not every observation names its
        viewer (the board game's is the same for everyone).
        """
        out = Writer(self.size)
        self._fill(observation, seat, out)
        return np.array(out.values, dtype=np.float32)

    @abstractmethod
    def _fill(self, observation: Observation, seat: int | None, out: Writer) -> None:
        """Write the blocks of `layout` in order."""


class Scales:
    """The divisors of a counts block, one per name, inverted once (each at least 1)."""

    __slots__ = ("inverse",)

    def __init__(self, scales: Iterable[float]) -> None:
        self.inverse = [1.0 / max(float(scale), 1.0) for scale in scales]


class Writer:
    """Writes an observation vector block by block (each write moves past its block).

    The values are a plain list, made a float32 array once at the end: a
    vector has a few hundred values, few of them non-zero, and setting a
    Python list's item costs a fraction of setting a NumPy array's (the
    encoders used to spend most of a step in NumPy's per-call overhead).
    """

    __slots__ = ("at", "values")

    def __init__(self, size: int) -> None:
        self.values = [0.0] * size
        self.at = 0

    def flag(self, value: bool) -> None:
        """One value: 1 if true."""
        if value:
            self.values[self.at] = 1.0
        self.at += 1

    def scalar(self, value: float, scale: float) -> None:
        """One value: `value / scale`, clipped to [0, 1]."""
        if scale > 0 and value > 0:
            self.values[self.at] = min(value / scale, 1.0)
        self.at += 1

    def one_hot(self, index: int | None, size: int) -> None:
        """`size` values: 1 at `index` (none if `index` is None or out of range)."""
        if index is not None and 0 <= index < size:
            self.values[self.at + index] = 1.0
        self.at += size

    def counts(
        self, items: Iterable[str], names: dict[str, int], scales: Scales | Sequence[float]
    ) -> None:
        """One value per name: how many of `items` are that name, over its scale (at least 1),
        clipped to 1 (pass `Scales` made once, not a list, on a hot path)."""
        inverse = (scales if isinstance(scales, Scales) else Scales(scales)).inverse
        values, at = self.values, self.at
        for item in items:
            position = names.get(item)
            if position is not None:
                index = at + position
                values[index] = min(values[index] + inverse[position], 1.0)
        self.at += len(inverse)

    def skip(self, size: int) -> None:
        """Leave `size` values at 0."""
        self.at += size


def relative_slots(seats: Sequence[int], viewer: int | None) -> list[int]:
    """The seats in play listed from `viewer` clockwise (from the first seat for a spectator)."""
    start = seats.index(viewer) if viewer in seats else 0
    return [seats[(start + k) % len(seats)] for k in range(len(seats))]
