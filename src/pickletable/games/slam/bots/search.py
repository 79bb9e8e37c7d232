"""Slam's `hard` bot: ISMCTS that reads the PLAY phase, rolls out like `medium`, scores game wins.

Three things set it apart from the game-agnostic `ISMCTSBot` it builds on:

- **Inference** (`slam_inference`): a player who passed in this PLAY phase
  holds no card that followed and no DRAW card, and one who laid a card the
  way `medium` does (the cheapest that follows) holds none cheaper; every
  determinisation moves such cards out of that hand (into the stack or
  another hidden place).
- **Leaves scored by the goal**: a rollout runs to the end of the round,
  and each seat is scored by its side's chance of winning the game from the
  tokens then held (`slam_win_chance`), not by the round's token alone; a
  token that stops a rival on two is worth more than one at the start.
- **Rollouts** by the `medium` rules of thumb for every seat (the opponents
  it meets most), and the heuristic's choice stands unless the search
  clearly beats it (see `ISMCTSBot.choose`).

The budget is a number of iterations (the same decision for the same seed)
and a wall-clock cap, so that a decision stays within a second on a busy
machine; ``slamsearch:N`` alone has no cap.

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.slam import GAME
>>> from pickletable.games.slam.scenario import arrange
>>> state = arrange(GAME.new_game(3), hands=[["3", "4"], ["1", "1"], ["5", "2", "3"]], leader=0)
>>> for text in ("play 3", "pass"):
...     _ = state.apply_text(text)
>>> bot = SlamSearchBot(60)
>>> bot.name
'slamsearch(60)'
>>> bot.choose(AgentView(state, 2), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import random

from pickletable.bots.ismcts import ISMCTSBot, RolloutPolicy, SearchStats
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.state import GameState
from pickletable.games.slam.bots.heuristic import decide
from pickletable.games.slam.bots.inference import Exclusions, constrain, excluded_cards
from pickletable.games.slam.bots.win_chance import win_chance
from pickletable.games.slam.observer import observe
from pickletable.games.slam.position import SlamPosition

DEFAULT_ITERATIONS = 1500
"""Iterations per decision of the `hard` level."""
DEFAULT_MILLISECONDS = 700.0
"""The `hard` level's wall-clock cap per decision (p95 within 1 s on a busy 2-core machine)."""


class SlamSearchBot:
    """Slam's `hard` bot: `SlamSearch` over determinisations that fit what the seat saw."""

    def __init__(
        self,
        iterations: int = DEFAULT_ITERATIONS,
        milliseconds: float | None = None,
        *,
        rollout: str = "heuristic",
        inference: bool = True,
    ) -> None:
        self.search = SlamSearch(
            iterations, milliseconds, rollout=rollout, leaf_value=slam_leaf_value
        )
        self.inference = inference
        settings = [str(iterations)]
        if milliseconds is not None:
            settings.append(f"{milliseconds:g}ms")
        if rollout != "heuristic":
            settings.append(rollout)
        if not inference:
            settings.append("uniform")
        self.name = f"slamsearch({', '.join(settings)})"

    @property
    def last_stats(self) -> SearchStats:
        """What the last search did."""
        return self.search.last_stats

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The search's choice over determinisations that fit what the seat saw."""
        if len(view.legal_actions) == 1:
            return view.legal_actions[0]
        exclusions = excluded_cards(view.observed) if self.inference else {}
        if exclusions:
            view = BeliefView(view, exclusions)
        return self.search.choose(view, rng)


class BeliefView(AgentView):
    """A seat's view whose samples keep each passer's hand free of the cards it cannot hold."""

    def __init__(self, view: AgentView, exclusions: Exclusions) -> None:
        # No call to AgentView.__init__: the wrapped view holds the state, this one never does.
        self._view = view
        self._exclusions = exclusions
        self.seat = view.seat
        self.game_id = view.game_id
        self.legal_actions = view.legal_actions
        self.__dict__["observed"] = view.observed

    def sample(self, rng: random.Random) -> GameState:
        """A determinisation of the wrapped view, passers' hands put right."""
        state = self._view.sample(rng)
        if isinstance(state, SlamPosition):
            constrain(state, self.seat, self._exclusions, rng)
        return state


class SlamSearch(ISMCTSBot):
    """`ISMCTSBot` whose rollouts stopped at the end of a round score each side's game chance
    (its `leaf_value` hook is `slam_leaf_value`).

    Heuristic rollouts call the `medium` rules directly on a lean observation
    of the determinised state (`observe` with `lean`), which gives the same
    choices as `medium` at a fraction of the cost of a full observation.
    """

    def _policy(self, view: AgentView) -> RolloutPolicy:
        if self.rollout != "heuristic":
            return super()._policy(view)
        return medium_rollout


def medium_rollout(state: GameState, player: int, rng: random.Random) -> Action:
    """The `medium` choice for `player` in a determinised state."""
    legal = state.legal_actions()
    if len(legal) == 1 or not isinstance(state, SlamPosition):
        return legal[0] if len(legal) == 1 else legal[rng.randrange(len(legal))]
    return decide(player, observe(state, player, lean=True), legal, rng)


def slam_leaf_value(state: GameState, root_seat: int) -> dict[int, float]:
    """`game_values` as the search's leaf hook (the same for every root seat)."""
    del root_seat
    return game_values(state)


def game_values(state: GameState) -> dict[int, float]:
    """Each seat's value from -1 to 1: twice its side's chance of winning the game, less one.

    A finished game gives 1 to its winners and -1 to the others; a rollout
    cut short inside a round (the step limit) counts the round as undecided.
    """
    outcome = state.outcome
    if outcome is not None:
        return outcome.returns(state.seats)
    if not isinstance(state, SlamPosition):
        return {seat: 0.0 for seat in state.seats}
    rules = state.rules
    tokens = tuple(state.tokens)
    return {
        seat: 2.0 * win_chance(tokens, rules.unit_of(seat), rules.tokens_to_win) - 1.0
        for seat in state.seats
    }
