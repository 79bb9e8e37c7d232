"""A pickletable game with OpenSpiel's `Game` / `State` API, so its Python algorithms run on it.

`OpenSpielGame("slam", players=3)` offers what OpenSpiel's Python
algorithms ask of a `pyspiel.Game` (`num_players`, `num_distinct_actions`,
`new_initial_state`, `get_type`, utilities, tensor shapes), and its states
what they ask of a `pyspiel.State`: `current_player` (chance is player -1,
a finished game -4, as in OpenSpiel), `legal_actions`, `is_chance_node`,
`chance_outcomes`, `apply_action`, `clone`, `is_terminal`, `returns`,
`information_state_tensor`, `observation_tensor`, their strings and
`action_to_string`. OpenSpiel itself (the `open_spiel` wheel, in the
``peers`` extra) is needed only by `get_type` and by the algorithms; the
rest is plain Python.

- **Players** are ``0 .. n-1`` in turn order, like the environments' agents
  (`seats[player]` is the engine seat).
- **Actions** are the variant's action table (docs/rl.md); **chance
  outcomes** are numbered ``0 .. k-1`` in the order of the state's own
  `GameState.chance_outcomes()`, with their probabilities.
- **Returns** are zero-sum, as the environments' rewards: +1 for the
  winning side, -(winners / losers) for every other seat.
- **Tensors**: the seat's observation vector serves as both the observation
  and the information-state tensor. It is built from what the seat may know
  now, not from its whole history, so it is not perfect recall (algorithms
  that need perfect recall, such as exact CFR, must not rely on it).

>>> game = OpenSpielGame("card", players=2, target_score=1)
>>> state = game.new_initial_state()
>>> state.is_chance_node(), round(sum(p for _, p in state.chance_outcomes()), 6)
(True, 1.0)
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from pickletable.core.registry import kit_for
from pickletable.core.state import CHANCE, GameState
from pickletable.envs.table import zero_sum

TERMINAL = -4
"""OpenSpiel's `PlayerId.TERMINAL`."""
CHANCE_PLAYER = -1
"""OpenSpiel's `PlayerId.CHANCE`."""


class OpenSpielGame:
    """One variant of a game, as OpenSpiel sees a game (see the module docstring)."""

    def __init__(self, game_id: str, players: int | None = None, **options: object) -> None:
        self.game_id = game_id
        self.kit = kit_for(game_id)
        self.definition = self.kit.definition()
        self.players = self.definition.check_players(players)
        self.options = dict(options)
        first = self.definition.new_game(self.players, self.options)
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
        return OpenSpielState(self, self.definition.new_game(self.players, self.options))

    def min_utility(self) -> float:
        """The lowest zero-sum return: one loser against n - 1 winners gets -(n - 1)."""
        return -float(self.num_players() - 1)

    def max_utility(self) -> float:
        """A win."""
        return 1.0

    def utility_sum(self) -> float:
        """Zero-sum."""
        return 0.0

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
        """A `pyspiel.GameType` (sequential, explicit stochastic, imperfect information,
        zero-sum, terminal rewards): needs OpenSpiel."""
        kind = importlib.import_module("pyspiel").GameType  # only here: OpenSpiel is optional
        return kind(
            short_name=f"pickletable_{self.game_id}",
            long_name=f"pickletable {self.game_id}",
            dynamics=kind.Dynamics.SEQUENTIAL,
            chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
            information=kind.Information.IMPERFECT_INFORMATION,
            utility=kind.Utility.ZERO_SUM,
            reward_model=kind.RewardModel.TERMINAL,
            max_num_players=self.num_players(),
            min_num_players=self.num_players(),
            provides_information_state_string=True,
            provides_information_state_tensor=True,
            provides_observation_string=True,
            provides_observation_tensor=True,
            parameter_specification={},
        )

    def __str__(self) -> str:
        return f"pickletable_{self.game_id}(players={self.players})"


class OpenSpielState:
    """A game in progress, as OpenSpiel sees a state (see the module docstring)."""

    def __init__(self, game: OpenSpielGame, state: GameState) -> None:
        self.game = game
        self.state = state
        self._history: list[int] = []

    def current_player(self) -> int:
        """The player asked, -1 at a chance step, -4 once the game is over."""
        player = self.state.current_player
        if self.state.is_over or player is None:
            return TERMINAL
        if player == CHANCE:
            return CHANCE_PLAYER
        return self.game.seats.index(player)

    def is_terminal(self) -> bool:
        """The game is over."""
        return self.state.is_over

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
        self.state.push(self._engine_action(action))
        self._history.append(action)

    def action_to_string(self, player: int, action: int) -> str:
        """The action's text (the engine's notation)."""
        if player == CHANCE_PLAYER:
            return str(self.state.chance_outcomes()[int(action)][0])
        return str(self.game.encoding.decode_action(int(action)))

    def returns(self) -> list[float]:
        """Each player's zero-sum result once the game is over, 0 before."""
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
        """The player's lean observation, as text (equal for states it cannot tell apart)."""
        return repr(self.state.observe(self._seat(player)))

    def observation_string(self, player: int | None = None) -> str:
        """The same text as `information_state_string`."""
        return self.information_state_string(player)

    def history(self) -> list[int]:
        """Every action and chance outcome applied so far, in order."""
        return list(self._history)

    def move_number(self) -> int:
        """How many actions and outcomes were applied."""
        return len(self._history)

    def clone(self) -> OpenSpielState:
        """An independent copy."""
        copy = OpenSpielState(self.game, self.state.clone())
        copy._history = list(self._history)
        return copy

    def get_game(self) -> OpenSpielGame:
        """The game this state belongs to."""
        return self.game

    def num_players(self) -> int:
        """The game's players."""
        return self.game.num_players()

    def __str__(self) -> str:
        return "\n".join(str(action) for action in self.state.history) or "(new game)"

    def _engine_action(self, action: int) -> Any:
        if self.is_chance_node():
            return self.state.chance_outcomes()[action][0]
        return self.game.encoding.decode_action(action)

    def _seat(self, player: int | None) -> int:
        if player is None:
            player = self.current_player()
        if not 0 <= player < self.game.num_players():
            raise ValueError(f"player {player} is not a player of this game")
        return self.game.seats[player]


MAX_CHANCE_OUTCOMES = 256
"""A bound on one chance step's outcomes, for `pyspiel.GameInfo` (the games list at most a few
dozen: one per card name or die face)."""
MAX_GAME_LENGTH = 100_000
"""A bound on a game's actions and outcomes, for `pyspiel.GameInfo` (not a rule: games end)."""


_registered: dict[str, tuple[int, tuple[tuple[str, object], ...]]] = {}
"""Each registered short name's variant (players, options): OpenSpiel keeps one per name."""


def register_pyspiel(game_id: str, players: int | None = None, **options: object) -> str:
    """Register one variant with OpenSpiel as ``pickletable_<game>``; its short name.

    After it, ``pyspiel.load_game("pickletable_card")`` gives a `pyspiel.Game`
    whose states delegate to `OpenSpielState`, so OpenSpiel's C++ tools
    (``pyspiel.random_sim_test``) and algorithms see the game. Needs OpenSpiel.
    """
    pyspiel = importlib.import_module("pyspiel")
    bridge = OpenSpielGame(game_id, players, **options)
    game_type = bridge.get_type()
    variant = (bridge.players, tuple(sorted(bridge.options.items())))
    registered = _registered.get(game_type.short_name)
    if registered is not None:
        if registered != variant:
            raise ValueError(f"{game_type.short_name} is registered already, as {registered}")
        return str(game_type.short_name)
    info = pyspiel.GameInfo(
        num_distinct_actions=bridge.num_distinct_actions(),
        max_chance_outcomes=MAX_CHANCE_OUTCOMES,
        num_players=bridge.num_players(),
        min_utility=bridge.min_utility(),
        max_utility=bridge.max_utility(),
        utility_sum=bridge.utility_sum(),
        max_game_length=MAX_GAME_LENGTH,
    )
    game_class = _pyspiel_classes(pyspiel, bridge, game_type, info)
    pyspiel.register_game(game_type, game_class)
    _registered[game_type.short_name] = variant
    return str(game_type.short_name)


def _pyspiel_classes(pyspiel: Any, bridge: OpenSpielGame, game_type: Any, info: Any) -> Any:
    """A `pyspiel.Game` subclass and its `pyspiel.State` subclass, delegating to the bridge."""

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any, inner: OpenSpielState | None = None) -> None:
            super().__init__(game)
            self.inner = inner or bridge.new_initial_state()

        def current_player(self) -> int:
            return self.inner.current_player()

        def _legal_actions(self, player: int) -> list[int]:
            return self.inner.legal_actions(player)

        def chance_outcomes(self) -> list[tuple[int, float]]:
            outcomes = self.inner.chance_outcomes()
            if len(outcomes) > MAX_CHANCE_OUTCOMES:
                raise ValueError(f"{len(outcomes)} chance outcomes: more than the bound")
            return outcomes

        def _apply_action(self, action: int) -> None:
            self.inner.apply_action(action)

        def _action_to_string(self, player: int, action: int) -> str:
            return self.inner.action_to_string(player, action)

        def is_terminal(self) -> bool:
            return self.inner.is_terminal()

        def returns(self) -> list[float]:
            return self.inner.returns()

        def __deepcopy__(self, memo: Any) -> State:  # OpenSpiel's clone of a Python state
            return State(self.get_game(), self.inner.clone())

        def __str__(self) -> str:
            return str(self.inner)

    class Observer:
        """OpenSpiel's PyObserver: the seat's observation vector and its text."""

        def __init__(self) -> None:
            self.tensor = np.zeros(bridge.encoding.size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state: State, player: int) -> None:
            self.tensor[:] = state.inner.observation_tensor(player)

        def string_from(self, state: State, player: int) -> str:
            return state.inner.observation_string(player)

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            super().__init__(game_type, info, params or {})

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            return Observer()

    return Game
