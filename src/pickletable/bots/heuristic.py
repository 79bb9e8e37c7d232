"""The `medium` bot: one rule-based player per game, reading only the observation.

Each game's rules of thumb live in their own module (`board_heuristic`,
`card_heuristic`, `slam_heuristic`) as a function of the agent view and an
RNG; `HeuristicBot` picks the one for the game the observation names. A game
without a heuristic plays at random.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.core.registry import get_game
>>> state = get_game("board").new_game(2)
>>> for text in ["draw dinkin-dana", "draw lobster-lou"]:
...     _ = state.apply_text(text)
>>> HeuristicBot().name
'heuristic'
"""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.errors import UnknownGameError
from pickletable.core.registry import entry

Policy = Callable[[AgentView, random.Random], Action]


def policy_for(game_id: str, *, rollout: bool = False) -> Policy | None:
    """The heuristic policy of a game, or `None` if it has none.

    With `rollout`, a game's quicker variant (``rollout_choose``) if it has one.
    """
    try:
        module = entry(game_id).heuristic
    except UnknownGameError:
        return None
    rules = import_module(module)
    policy: Policy = getattr(rules, "rollout_choose", rules.choose) if rollout else rules.choose
    return policy


class HeuristicBot:
    """Rules of thumb a decent human player would recognise, one set per game.

    `rollout` asks for each game's quicker variant, where it has one (ISMCTS
    rollouts play thousands of moves per decision).
    """

    name = "heuristic"

    def __init__(self, *, rollout: bool = False) -> None:
        self.rollout = rollout
        self._policies: dict[str, Policy | None] = {}

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The game's heuristic choice; a single legal action is played without thinking."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        game_id = _game_of(view)
        if game_id not in self._policies:
            self._policies[game_id] = policy_for(game_id, rollout=self.rollout)
        policy = self._policies[game_id]
        if policy is None:
            return legal[rng.randrange(len(legal))]
        return policy(view, rng)


def _game_of(view: AgentView) -> str:
    """The game a view is of: its lean observation's ``game`` (cheap), or the old full dict's."""
    observed = view.observed
    game = getattr(observed, "game", None)
    return str(game if game is not None else observed["game"])
