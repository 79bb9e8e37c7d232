"""The `easy` bot: a uniformly random legal action."""

from __future__ import annotations

import random

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView


class RandomBot:
    """Picks uniformly among the legal actions.

    >>> import random
    >>> from pickletable.core.registry import get_game
    >>> from pickletable.core.match import run_match
    >>> state = get_game("board").new_game(2)
    >>> bots = {seat: RandomBot() for seat in state.seats}
    >>> run_match(state, bots, random.Random(1)).is_over
    True
    """

    name = "random"

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return view.legal_actions[rng.randrange(len(view.legal_actions))]
