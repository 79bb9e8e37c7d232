"""A yardstick, not an opponent: ISMCTS that sees every hand (for the arena only).

`OmniscientBot` searches exactly like the `hard` bot but every
determinisation is the true state: it knows the cards in the other hands
and the order nothing else fixes (draws are still chance, sampled afresh in
each iteration). It answers a designer's question: how much is hidden
information worth in this game, that is, how far could a fair bot get with
perfect inference of the other hands? The arena offers it by name
(``omniscient``, ``omniscient:N``); a seat at a table never gets it, since
`make_bot` only knows the three levels.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.core.registry import get_game
>>> state = get_game("card").new_game(2)
>>> deal = [f"deal {card}" for card in "1 9 2 9 3 9 4 8 5 7 6 kitchen smash 3".split()]
>>> for text in ["show kitchen", *deal, "flip 10"]:
...     _ = state.apply_text(text)
>>> bot = OmniscientBot(ISMCTSBot(40, rollout="heuristic"))
>>> bot.name
'omniscient(40, heuristic)'
>>> bot.choose(AgentView(state, 2), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from pickletable.bots.ismcts import ISMCTSBot
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.state import GameState


class _TrueView(AgentView):
    """An agent view whose every sample is a copy of the true state."""

    def sample(self, rng: random.Random) -> GameState:
        del rng
        return self._state.clone()


class OmniscientBot:
    """Wraps an `ISMCTSBot` so that it searches the true state instead of determinisations."""

    def __init__(self, search: ISMCTSBot) -> None:
        self.search = search
        self.name = search.name.replace("ismcts", "omniscient", 1)

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The search's choice, made knowing every hidden card of the present."""
        # The one place a bot reads the true state: this bot exists to measure that advantage.
        return self.search.choose(_TrueView(view._state, view.seat), rng)
