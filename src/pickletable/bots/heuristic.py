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

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.kit import Policy
from pickletable.core.registry import find_kit


def policy_for(game_id: str, *, rollout: bool = False) -> Policy | None:
    """The heuristic policy of a game, or `None` if it has none.

    With `rollout`, a game's quicker variant (``rollout_choose``) if it has one.
    """
    kit = find_kit(game_id)
    if kit is None:
        return None
    medium = kit.medium()
    return medium.rollout_choose if rollout else medium.choose


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
        game_id = view.game_id
        if game_id not in self._policies:
            self._policies[game_id] = policy_for(game_id, rollout=self.rollout)
        policy = self._policies[game_id]
        if policy is None:
            return legal[rng.randrange(len(legal))]
        return policy(view, rng)
