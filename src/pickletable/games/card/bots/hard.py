"""The card game's `hard` bot: ISMCTS that guesses hands from play and plays for the game.

It is `ISMCTSBot` with the card game's three hooks:

- `belief`: determinisations come from a particle filter over the hidden
  hands (`card_belief.CardBelief`), weighted by how well each guess explains
  what the other seats took, left and discarded, not from uniform deals;
- `leaf_value`: a rollout stops at the end of the rally and scores each
  seat by its team's chance of winning the whole game from the new score
  and serve (`card_win_chance`), not by the rally's points;
- `rollout_policy`: every seat below the tree plays the heuristic (without
  counting outs unless asked: the same strength at half the cost);
- `prior_policy`: the move that stands unless the search beats it by
  `MARGIN` standard errors is `hard_rules`, not `medium`'s: the same rules of
  thumb, but a serving hand keeps its Dink Shot until it is complete (only
  the other Dink Shot laid down first could take the serve from it), and a
  discard also weighs the chance that the next draw completes the hand.

The rally's last turn, once every other hand is face up, is not searched
but played exactly (`card_last_turn`). The bot keeps its belief across its
seat's decisions, so one instance plays one seat (the arena and tables make
one per seat).

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> deal = [f"deal {card}" for card in "1 9 2 9 3 9 4 8 5 7 6 kitchen smash 3".split()]
>>> for text in ["show kitchen", *deal, "flip 10"]:
...     _ = state.apply_text(text)
>>> bot = make_hard(40)
>>> bot.name
'ismcts(40, heuristic, belief)'
>>> bot.choose(AgentView(state, 2), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from functools import partial

from pickletable.bots.groundwork import Groundwork
from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.ismcts import ISMCTSBot, RolloutPolicy
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.state import GameState
from pickletable.games.card.bots.belief import CardBelief
from pickletable.games.card.bots.heuristic import choose_with
from pickletable.games.card.bots.last_turn import is_last_turn, last_turn_choice
from pickletable.games.card.bots.win_chance import build_table, is_ready, keep_table, win_chance
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.state import CardState

EXPLORATION = 0.2
"""UCB constant: a rally moves the chance of winning the game by a few hundredths, so the
plain search's 0.7 would make every move below the root look alike."""
MARGIN = 2.0
"""Standard errors by which the best root action must beat the heuristic's: the best of
about eight noisy means beats it by one standard error by chance alone too often."""
COMPLETION_WEIGHT = 2.0
"""`hard_rules`: the worth of a sure completion by the next draw, where a loose card costs 2."""


class CardSearchBot(ISMCTSBot):
    """`ISMCTSBot` that plays the rally's last turn exactly instead of searching it."""

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The exact last turn when every other hand is face up, else the search's choice."""
        if len(view.legal_actions) > 1 and is_last_turn(view.observed):
            return last_turn_choice(view)
        return super().choose(view, rng)

    def groundwork(self, view: AgentView) -> Groundwork | None:
        """The win-chance table of the table's options, if it is not built yet."""
        observed: CardObservation = view.observed
        options = observed.options
        key = (len(observed.seats), int(options["target_score"]), int(options["win_by"]))
        if is_ready(*key):
            return None
        return Groundwork(("card win chance", *key), build_table, key, partial(keep_table, key))


def hard_rules(view: AgentView, rng: random.Random) -> Action:
    """`hard`'s own rules of thumb: `medium` made better where measured (module docstring)."""
    del rng
    if len(view.legal_actions) > 1 and is_last_turn(view.observed):
        return last_turn_choice(view)
    return choose_with(view, serving_dink_loose=None, completion_weight=COMPLETION_WEIGHT)


def make_hard(
    iterations: int, milliseconds: float | None = None, *, outs: bool = False
) -> CardSearchBot:
    """A fresh `hard` card bot (one per seat) with this budget.

    Rollouts play the heuristic's quicker variant (the solver's loose-card
    count without outs); `outs` makes them play `medium` itself, at twice the
    cost per iteration (short runs showed no gain for it).
    """
    bot = CardSearchBot(
        iterations,
        milliseconds,
        rollout="heuristic",
        exploration=EXPLORATION,
        margin=MARGIN,
        belief=CardBelief(),
        leaf_value=game_chances,
        rollout_policy=_medium(outs),
        prior_policy=hard_rules,
    )
    budget = f"{milliseconds:g}ms" if milliseconds is not None else str(iterations)
    bot.name = f"ismcts({budget}, heuristic, belief)"
    return bot


def game_chances(state: GameState, seat: int) -> dict[int, float]:
    """Each seat's chance of winning the game from this score and serve, from -1 to 1."""
    del seat
    assert isinstance(state, CardState)
    rules = state.rules
    chance = win_chance(len(rules.seats), rules.target, rules.win_by)
    serving = state.serving_team
    scores = state.scores
    team_value = [
        2.0 * chance(scores[team], scores[1 - team], serving == team) - 1.0 for team in (0, 1)
    ]
    return {s: team_value[rules.team_of[s]] for s in rules.seats}


def _medium(outs: bool) -> RolloutPolicy:
    # a partial of a module-level function, not a closure: the bot pickles (bot processes)
    return partial(_play_as, HeuristicBot(rollout=not outs))


def _play_as(bot: HeuristicBot, state: GameState, player: int, rng: random.Random) -> Action:
    """`bot`'s choice for `player` in a determinised state (a rollout's policy)."""
    return bot.choose(AgentView(state, player), rng)
