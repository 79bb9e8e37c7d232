"""What every game's encoding offers: a fixed action table and a fixed-size observation vector.

An `Encoding` is built once per variant (game, player count, options,
content) from a new game's rules and content, never from a position, so
its sizes are the same for every state of that variant:

- `actions`: every action a seat of the variant may ever be offered, in a
  fixed documented order; index ``i`` of `Discrete(n)` is ``actions[i]``;
- `encode(observation)`: a float32 vector of `size` values in [0, 1],
  built only from the seat's lean observation (`GameState.observe(seat)`)
  and the seat number;
  `layout` names its blocks in order (docs/rl.md prints them);
- `encode_state(state, seat)`: the same vector read straight from the
  state, without building the observation first (the environments' fast
  path; an encoding that has none falls back on `encode(state.observe(seat))`,
  and the tests hold every fast path equal to it at every position).

Vectors are written into a copy of a zero `array('f')` (a C float buffer:
setting an item costs no more than a list's, and NumPy wraps it without a
copy), at offsets worked out once from the layout (`offsets`).

Seats are encoded relative to the observing seat (slot 0 is the seat
itself, then clockwise), so one policy can learn from every seat.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from pickletable.core.actions import Action
from pickletable.core.errors import PickletableError
from pickletable.core.state import GameState, Observation

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


IDENTITY_LIMIT = 4096
"""Action objects remembered by identity per encoding (an engine that makes new
ones at every step fills it once and then only pays the hashed lookup)."""


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
        self._by_identity: dict[int, tuple[Action, int]] = {}
        """Indices of action objects seen in legal moves, by identity: engines hand out
        shared actions, and an identity lookup skips hashing them (bounded in size; an
        entry holds its action, so its id is not reused while it is here)."""
        if len(self.index) != len(self.actions):
            raise ValueError("an action table lists an action twice")
        self.layout = tuple(layout)
        self.offsets: dict[str, int] = {}
        """Each block's first index, by name."""
        at = 0
        for block in self.layout:
            self.offsets[block.name] = at
            at += block.size
        self.size = at
        self.zeros = array("f", bytes(4 * at))
        """A zero vector to copy (``array("f", encoding.zeros)``) and write into."""

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
        allowed = bytearray(self.n_actions)  # set item by item, then wrapped without a copy
        if state.current_player == seat:
            known = self._by_identity
            for action in state.legal_actions():
                found = known.get(id(action))
                if found is not None and found[0] is action:
                    allowed[found[1]] = 1
                    continue
                position = self.encode_action(action)
                if len(known) < IDENTITY_LIMIT:
                    known[id(action)] = (action, position)
                allowed[position] = 1
        mask: Mask = np.frombuffer(allowed, dtype=np.int8)
        return mask

    def encode(self, observation: Observation, seat: int | None) -> Vector:
        """`seat`'s observation (``state.observe(seat)``) as `size` float32 values in [0, 1].

        The seat is passed along because not every observation names its
        viewer (the board game's is the same for everyone).
        """
        out = Writer(self.zeros)
        self._fill(observation, seat, out)
        return finish(out.values)

    def encode_state(self, state: GameState, seat: int | None) -> Vector:
        """`encode(state.observe(seat), seat)`, read straight from the state where the
        encoding has a fast path (it must give the same vector)."""
        return self.encode(state.observe(seat), seat)

    @abstractmethod
    def _fill(self, observation: Observation, seat: int | None, out: Writer) -> None:
        """Write the blocks of `layout` in order."""


class Scales:
    """The divisors of a counts block, one per name, inverted once (each at least 1)."""

    __slots__ = ("inverse",)

    def __init__(self, scales: Iterable[float]) -> None:
        self.inverse = [1.0 / max(float(scale), 1.0) for scale in scales]


def finish(values: array[float]) -> Vector:
    """A written buffer as the float32 vector, clipped to 1 (sums of shares may round over)."""
    vector: Vector = np.frombuffer(values, dtype=np.float32)
    np.minimum(vector, 1.0, out=vector)
    return vector


class Writer:
    """Writes an observation vector block by block (each write moves past its block).

    The values are a copy of `zeros` (an ``array("f")``, `size` zeros when
    given a size): few values are non-zero, and setting an item of a C
    buffer costs a fraction of setting a NumPy array's.
    """

    __slots__ = ("at", "values")

    def __init__(self, zeros: array[float] | int) -> None:
        self.values = array("f", bytes(4 * zeros) if isinstance(zeros, int) else zeros)
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
