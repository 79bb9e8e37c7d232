"""The games registered with OpenSpiel as Python games: ``pyspiel.load_game("pickletable_card")``.

Each game is registered once under ``pickletable_<game>``, with every table
size and option as a game parameter (`parameter_specification`), so
``pyspiel.load_game("pickletable_card", {"players": 3, "target_score": 5})``
or ``pyspiel.load_game("pickletable_card(players=3,target_score=5)")`` gives
that variant as a real `pyspiel.Game`: OpenSpiel's C++ tools
(``pyspiel.random_sim_test``) and its Python algorithms (MCTS, CFR,
exploitability) see it as one of their own. Its states delegate every rule to
`OpenSpielState`. Needs OpenSpiel (the ``peers`` extra).
"""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from pickletable.openspiel.game import OpenSpielGame, OpenSpielState, game_type

MAX_CHANCE_OUTCOMES = 256
"""A bound on one chance step's outcomes, for `pyspiel.GameInfo` (the games list at most a few
dozen: one per card name or die face)."""

_registered: dict[str, Any] = {}
"""Each registered short name's `pyspiel.Game` class (OpenSpiel keeps one per name)."""


def register(game_id: str) -> str:
    """Register a game with OpenSpiel as ``pickletable_<game>`` (once); its short name."""
    kind = game_type(game_id)
    name = str(kind.short_name)
    if name not in _registered:
        pyspiel = importlib.import_module("pyspiel")
        game_class = _pyspiel_game(pyspiel, game_id, kind)
        pyspiel.register_game(kind, game_class)
        _registered[name] = game_class
    return name


def load(game_id: str, players: int | None = None, **parameters: object) -> Any:
    """The variant as a `pyspiel.Game` (registering the game first if need be).

    `parameters` are the game's options and ``max_length`` (see `OpenSpielGame`).
    """
    pyspiel = importlib.import_module("pyspiel")
    settings = dict(parameters)
    if players is not None:
        settings["players"] = players
    return pyspiel.load_game(register(game_id), settings)


def bridge_of(game: Any) -> OpenSpielGame:
    """The `OpenSpielGame` behind a registered `pyspiel.Game`."""
    bridge = getattr(game, "bridge", None)
    if not isinstance(bridge, OpenSpielGame):
        raise ValueError(f"{game} is not a pickletable game registered with OpenSpiel")
    return bridge


def _pyspiel_game(pyspiel: Any, game_id: str, kind: Any) -> Any:
    """A `pyspiel.Game` subclass for one game, and its `pyspiel.State`, delegating to the
    bridge built from the parameters OpenSpiel passes."""

    class State(pyspiel.State):  # type: ignore[misc]
        def __init__(self, game: Any) -> None:
            super().__init__(game)
            self._inner: OpenSpielState | None = None  # a clone sets it (PyState::Clone)

        @property
        def inner(self) -> OpenSpielState:
            if self._inner is None:
                self._inner = self.get_game().bridge.new_initial_state()
            return self._inner

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

        def __str__(self) -> str:
            return str(self.inner)

    class Observer:
        """OpenSpiel's PyObserver: the seat's observation vector, and as text the perfect-recall
        information state or the observation now, as OpenSpiel asks."""

        def __init__(self, size: int, perfect_recall: bool) -> None:
            self.tensor = np.zeros(size, np.float32)
            self.dict = {"observation": self.tensor}
            self.perfect_recall = perfect_recall

        def set_from(self, state: State, player: int) -> None:
            self.tensor[:] = state.inner.observation_tensor(player)

        def string_from(self, state: State, player: int) -> str:
            if self.perfect_recall:
                return state.inner.information_state_string(player)
            return state.inner.observation_string(player)

    class Game(pyspiel.Game):  # type: ignore[misc]
        def __init__(self, params: Any = None) -> None:
            settings = dict(params or {})
            players = int(settings.pop("players", 0)) or None
            cut = int(settings.pop("max_length", 0)) or None
            bridge = OpenSpielGame(game_id, players, max_length=cut, **settings)
            info = pyspiel.GameInfo(
                num_distinct_actions=bridge.num_distinct_actions(),
                max_chance_outcomes=MAX_CHANCE_OUTCOMES,
                num_players=bridge.num_players(),
                min_utility=bridge.min_utility(),
                max_utility=bridge.max_utility(),
                utility_sum=bridge.utility_sum(),
                max_game_length=bridge.max_game_length(),
            )
            super().__init__(kind, info, params or {})
            self.bridge = bridge

        def new_initial_state(self) -> State:
            return State(self)

        def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
            if params:
                raise ValueError(f"observer parameters are not supported; given {params}")
            perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
            return Observer(self.bridge.encoding.size, perfect_recall)

    return Game
