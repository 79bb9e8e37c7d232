"""A pickletable game with OpenSpiel's `Game` / `State` API, in plain Python.

`OpenSpielGame("slam", players=3)` offers what OpenSpiel's Python
algorithms ask of a `pyspiel.Game` (`num_players`, `num_distinct_actions`,
`new_initial_state`, `get_type`, utilities, tensor shapes), and its states
what they ask of a `pyspiel.State`: `current_player` (chance is player -1,
a finished game -4, as in OpenSpiel), `legal_actions`, `is_chance_node`,
`chance_outcomes`, `apply_action`, `clone`, `is_terminal`, `returns`,
`information_state_tensor`, `observation_tensor`, their strings and
`action_to_string`. OpenSpiel itself (the `open_spiel` wheel, in the
``peers`` extra) is needed only by `get_type`; `pickletable.openspiel`
registers the games with OpenSpiel itself.

- **Players** are ``0 .. n-1`` in turn order, like the environments' agents
  (`seats[player]` is the engine seat).
- **Actions** are the variant's action table (docs/rl.md); **chance
  outcomes** are numbered ``0 .. k-1`` in the order of the state's own
  `GameState.chance_outcomes()`, with their probabilities.
- **Returns** are zero-sum, as the environments' rewards: +1 for the
  winning side, -(winners / losers) for every other seat.
- **Information states** are perfect recall: a player's string is every
  observation it was shown since the start, step by step, with its own
  actions, so two histories share it exactly when the player cannot tell
  them apart (what exact CFR needs). The **observation** string is what the
  seat sees now, and both tensors are the seat's observation vector (what
  it sees now, so the tensors are not perfect recall).
- **`max_length`** (off by default) cuts a game after that many actions and
  chance outcomes: it ends there as a draw (every return 0). The games can
  loop (a serve may go back and forth for ever), so a finite tree for exact
  solving needs it; the cut game is then a game of its own, solved exactly.

>>> game = OpenSpielGame("card", players=2, target_score=1)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), round(sum(p for _, p in state.chance_outcomes()), 6)
(True, 1.0)
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from pickletable.core.options import OptionValue
from pickletable.core.registry import kit_for
from pickletable.core.state import CHANCE, GameState
from pickletable.envs.table import zero_sum

TERMINAL = -4
"""OpenSpiel's `PlayerId.TERMINAL`."""
CHANCE_PLAYER = -1
"""OpenSpiel's `PlayerId.CHANCE`."""
MAX_GAME_LENGTH = 100_000
"""A bound on an uncut game's actions and outcomes, for OpenSpiel (not a rule: games end)."""


class OpenSpielGame:
    """One variant of a game, as OpenSpiel sees a game (see the module docstring)."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        *,
        max_length: int | None = None,
        **options: object,
    ) -> None:
        if max_length is not None and max_length < 1:
            raise ValueError(f"max_length must be at least 1, not {max_length}")
        self.game_id = game_id
        self.max_length = max_length
        self.kit = kit_for(game_id)
        self.definition = self.kit.definition()
        self.players = self.definition.check_players(players)
        self.options = dict(options)
        path = self.definition.options.resolve(self.options).get("content")
        self.content = self.definition.load_content(str(path)) if path else None
        """The content file's cards, read once (None: the built-in content)."""
        first = self._new_game()
        self.encoding = self.kit.encoding(first)
        self.seats = first.seats

    def num_players(self) -> int:
        """The seats in play."""
        return len(self.seats)

    def num_distinct_actions(self) -> int:
        """The size of the action table."""
        return self.encoding.n_actions

    def new_initial_state(self) -> OpenSpielState:
        """A new game, before its first chance step (the deal, the first roll)."""
        return OpenSpielState(self, self._new_game())

    def min_utility(self) -> float:
        """The lowest zero-sum return: one loser against n - 1 winners gets -(n - 1)."""
        return -float(self.num_players() - 1)

    def max_utility(self) -> float:
        """A win."""
        return 1.0

    def utility_sum(self) -> float:
        """Zero-sum."""
        return 0.0

    def max_game_length(self) -> int:
        """The cut (`max_length`), or `MAX_GAME_LENGTH` for an uncut game (a bound, not a rule)."""
        return self.max_length or MAX_GAME_LENGTH

    def information_state_tensor_shape(self) -> list[int]:
        """``[size]``: the observation vector (not perfect recall: see the module docstring)."""
        return [self.encoding.size]

    def information_state_tensor_size(self) -> int:
        """The vector's size."""
        return self.encoding.size

    def observation_tensor_shape(self) -> list[int]:
        """``[size]``: the observation vector."""
        return [self.encoding.size]

    def observation_tensor_size(self) -> int:
        """The vector's size."""
        return self.encoding.size

    def get_type(self) -> Any:
        """The game's `pyspiel.GameType` (`game_type`): needs OpenSpiel."""
        return game_type(self.game_id)

    def _new_game(self) -> GameState:
        return self.definition.new_game(self.players, self.options, self.content)

    def parameters(self) -> dict[str, OptionValue]:
        """This variant as OpenSpiel parameters (`parameter_specification` names them)."""
        options = self.definition.options.resolve(self.options)
        return {"players": self.players, "max_length": self.max_length or 0, **options}

    def __str__(self) -> str:
        settings: dict[str, object] = {"players": self.players, **self.options}
        if self.max_length is not None:
            settings["max_length"] = self.max_length
        listed = ",".join(f"{name}={value}" for name, value in settings.items())
        return f"pickletable_{self.game_id}({listed})"


def parameter_specification(game_id: str) -> dict[str, OptionValue]:
    """The parameters OpenSpiel may pass a game, with their defaults: ``players``,
    ``max_length`` (0: uncut) and every option of the game's definition.

    >>> parameter_specification("card")["target_score"]
    11
    """
    definition = kit_for(game_id).definition()
    defaults = {spec.name: spec.default for spec in definition.options}
    return {"players": definition.default_players, "max_length": 0, **defaults}


def game_type(game_id: str) -> Any:
    """A `pyspiel.GameType` named ``pickletable_<game>`` (sequential, explicit stochastic,
    imperfect information, zero-sum, terminal rewards, every table size): needs OpenSpiel."""
    kind = importlib.import_module("pyspiel").GameType  # only here: OpenSpiel is optional
    counts = kit_for(game_id).definition().player_counts
    return kind(
        short_name=f"pickletable_{game_id}",
        long_name=f"pickletable {game_id}",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game_id),
    )


class OpenSpielState:
    """A game in progress, as OpenSpiel sees a state (see the module docstring)."""

    def __init__(self, game: OpenSpielGame, state: GameState) -> None:
        self.game = game
        self.state = state
        self._history: list[int] = []
        self._trail = Trail(None, None, self._observations(), "")

    def current_player(self) -> int:
        """The player asked, -1 at a chance step, -4 once the game is over (or cut)."""
        player = self.state.current_player
        if self.is_terminal() or player is None:
            return TERMINAL
        if player == CHANCE:
            return CHANCE_PLAYER
        return self.game.seats.index(player)

    def is_terminal(self) -> bool:
        """The game is over, or cut at `max_length`."""
        return self.state.is_over or self.is_cut()

    def is_cut(self) -> bool:
        """The game reached `max_length` before its end (a draw: every return 0)."""
        limit = self.game.max_length
        return limit is not None and len(self._history) >= limit and not self.state.is_over

    def is_chance_node(self) -> bool:
        """Chance acts next."""
        return self.current_player() == CHANCE_PLAYER

    def is_player_node(self) -> bool:
        """A player acts next."""
        return self.current_player() >= 0

    def is_simultaneous_node(self) -> bool:
        """Never: the games are turn-based."""
        return False

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The player's actions, ascending (all chance outcomes at a chance step; none for a
        player not asked)."""
        current = self.current_player()
        if player is not None and player != current:
            return []
        if current == CHANCE_PLAYER:
            return list(range(len(self.state.chance_outcomes())))
        if current == TERMINAL:
            return []
        mask = self.game.encoding.mask(self.state, self.game.seats[current])
        return [int(index) for index in np.flatnonzero(mask)]

    def legal_actions_mask(self, player: int | None = None) -> list[int]:
        """1 for each of `legal_actions(player)`, over the action table (over the outcomes at a
        chance step)."""
        actions = self.legal_actions(player)
        size = len(actions) if self.is_chance_node() else self.game.num_distinct_actions()
        mask = [0] * size
        for action in actions:
            mask[action] = 1
        return mask

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's number and probability."""
        return [(i, p) for i, (_, p) in enumerate(self.state.chance_outcomes())]

    def apply_action(self, action: int) -> None:
        """Play `action` (a chance outcome's number at a chance step); refuses an illegal one."""
        action = int(action)
        if action not in self.legal_actions():
            raise ValueError(f"action {action} is not legal here; legal: {self.legal_actions()}")
        player, move = self.current_player(), self._engine_action(action)
        self.state.push(move)
        self._history.append(action)
        self._trail = Trail(self._trail, (player, action), self._observations(), str(move))

    def action_to_string(self, player: int, action: int) -> str:
        """The action's text (the engine's notation)."""
        if player == CHANCE_PLAYER:
            return str(self.state.chance_outcomes()[int(action)][0])
        return str(self.game.encoding.decode_action(int(action)))

    def returns(self) -> list[float]:
        """Each player's zero-sum result once the game is over, 0 before (and in a cut game)."""
        if not self.state.is_over:
            return [0.0] * self.game.num_players()
        results = zero_sum(self.state.returns())
        return [float(results[seat]) for seat in self.game.seats]

    def rewards(self) -> list[float]:
        """The rewards of the last step: the returns at the end, 0 before (terminal rewards)."""
        return self.returns()

    def player_return(self, player: int) -> float:
        """One player's return."""
        return self.returns()[player]

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """The player's observation vector (the player asked by default)."""
        seat = self._seat(player)
        values: list[float] = self.game.encoding.encode(self.state.observe(seat), seat).tolist()
        return values

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """The same vector as `information_state_tensor`."""
        return self.information_state_tensor(player)

    def information_state_string(self, player: int | None = None) -> str:
        """Everything the player was shown since the start, with its own actions: equal for two
        histories exactly when the player cannot tell them apart (perfect recall)."""
        return self._trail.text(self._player(player))

    def observation_string(self, player: int | None = None) -> str:
        """The player's lean observation now, as text."""
        return repr(self.state.observe(self._seat(player)))

    def history(self) -> list[int]:
        """Every action and chance outcome applied so far, in order."""
        return list(self._history)

    def move_number(self) -> int:
        """How many actions and outcomes were applied."""
        return len(self._history)

    def clone(self) -> OpenSpielState:
        """An independent copy."""
        copy = OpenSpielState.__new__(OpenSpielState)
        copy.game, copy.state = self.game, self.state.clone()
        copy._history, copy._trail = list(self._history), self._trail  # the trail is shared
        return copy

    def __deepcopy__(self, memo: dict[int, object]) -> OpenSpielState:
        """`clone` (OpenSpiel copies a Python state's attributes with `copy.deepcopy`)."""
        return self.clone()

    def get_game(self) -> OpenSpielGame:
        """The game this state belongs to."""
        return self.game

    def num_players(self) -> int:
        """The game's players."""
        return self.game.num_players()

    def __str__(self) -> str:
        moves: list[str] = []
        step: Trail | None = self._trail
        while step is not None and step.acted is not None:
            moves.append(step.move)
            step = step.previous
        return "\n".join(reversed(moves)) or "(new game)"

    def _observations(self) -> tuple[Any, ...]:
        return tuple(self.state.observe(seat) for seat in self.game.seats)

    def _engine_action(self, action: int) -> Any:
        if self.is_chance_node():
            return self.state.chance_outcomes()[action][0]
        return self.game.encoding.decode_action(action)

    def _seat(self, player: int | None) -> int:
        return self.game.seats[self._player(player)]

    def _player(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.game.num_players():
            raise ValueError(f"player {player} is not a player of this game")
        return player


class Trail:
    """The steps of a game so far, newest first, as a linked list that clones share: at each,
    who acted and how (None at the start), the move, and every player's observation after it
    (the engine's own clones keep no history, so this is the state's record)."""

    __slots__ = ("acted", "move", "observations", "previous", "texts")

    def __init__(
        self,
        previous: Trail | None,
        acted: tuple[int, int] | None,
        observations: tuple[Any, ...],
        move: str,
    ) -> None:
        self.previous = previous
        self.acted = acted
        self.observations = observations
        self.move = move
        """The engine's notation of the action (empty at the start)."""
        self.texts: dict[int, str] = {}
        """Each player's information state up to here, once asked (shared by clones)."""

    def text(self, player: int) -> str:
        """The player's information state: one line per step, its own actions shown."""
        unknown: list[Trail] = []
        step: Trail | None = self
        while step is not None and player not in step.texts:  # back to a step already asked
            unknown.append(step)
            step = step.previous
        text = step.texts[player] if step is not None else None
        for step in reversed(unknown):
            line = repr(step.observations[player])
            if step.acted is not None and step.acted[0] == player:
                line = f"{step.acted[1]} -> {line}"
            text = step.texts[player] = line if text is None else f"{text}\n{line}"
        assert text is not None
        return text
