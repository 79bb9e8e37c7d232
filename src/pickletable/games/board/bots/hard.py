"""The board game's `hard` bot: each choice valued by its chance of winning the game.

The board game asks few real questions (play a Skill or Strategy Card or
roll, whom to serve after a Strategy Card, whom a Play Card moves back), and
a rally plays out in a fraction of a millisecond on the engine's push path.
So `BoardRolloutBot` needs no tree: for each legal action it plays on many
times, every seat played by the `medium` rules of thumb (`fast_medium`), and
averages its side's chance of winning the game:

- in advanced singles (the game `pickletable.games.board.bots.value` was fitted
  on) it plays to the next serve and scores the chance the fitted model
  gives from there (1 or 0 if the game ended first): the rest of the game's
  dice add no noise, so a few hundred rollouts tell close choices apart;
- elsewhere (doubles, other levels and tracks), or with `whole_games`, it
  plays to the end of the game and counts wins.

It starts from a state drawn from the seat's view (`AgentView.sample`):
the board game hides nothing but the order of unseen pile cards, which the
engine does not even store, so it reads no more than the seat sees.

- The rollouts come in rounds: one seed per round, every remaining action on
  its own copy with an RNG seeded alike (common random numbers), so two
  actions are compared on the same dice and draws, pair by pair.
- Every few rounds an action whose paired difference from the leader is
  more than `ELIMINATION_Z` standard errors below it is dropped, so the
  rounds go to the close calls; the search ends when one action is left,
  after `rollouts` rounds, or at the `milliseconds` cap.
- The `medium` choice stands unless another action beats it by more than
  `margin` standard errors of the paired difference.
- A single legal action is played at once, and so is placing the stanchion
  (serving without it loses the serve, and nothing else changes).

>>> import random
>>> from pickletable.core.agents import AgentView
>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou"]:
...     _ = state.apply_text(text)
>>> bot = BoardRolloutBot(rollouts=8)
>>> bot.name
'rollout(8)'
"""

from __future__ import annotations

import bisect
import math
import random
import time
from collections.abc import Callable
from itertools import accumulate

from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.chance import sample_outcome
from pickletable.core.match import run_match
from pickletable.core.memo import per_object
from pickletable.games.board.bots.fast_medium import fast_medium
from pickletable.games.board.bots.value import applies, win_chance
from pickletable.games.board.codes import OUTCOME_DIE_STEPS, PLACE_STANCHION, Step
from pickletable.games.board.config import BoardConfig
from pickletable.games.board.position import BoardPosition

DEFAULT_ROLLOUTS = 300
"""Rounds of rollouts (one per remaining action each) of the `hard` bot at most."""

DEFAULT_MILLISECONDS = 800.0
"""The `hard` bot's wall-clock cap per decision, so that it answers within a second."""

ELIMINATION_Z = 2.5
"""How many standard errors behind the leader drop an action from the search."""

MAX_STEPS = 20_000
"""A rollout longer than this (it never happens in practice) counts as a draw."""

_FIRST_CHECK = 16
_CHECK_EVERY = 8


class BoardRolloutBot:
    """Values each legal action by rollouts with `medium` at every seat (module docstring).

    `rollouts` is the most rounds (rollouts per action); `milliseconds` an
    optional wall-clock cap (None: the rounds alone decide, so a decision
    is the same for the same seed). `prior` keeps `medium`'s choice unless
    another action beats it by `margin` standard errors; without it the
    best mean wins. `whole_games` plays every rollout to the end of the
    game, even where the win-chance model applies.
    """

    def __init__(
        self,
        rollouts: int = DEFAULT_ROLLOUTS,
        milliseconds: float | None = None,
        *,
        prior: bool = True,
        margin: float = 1.0,
        whole_games: bool = False,
    ) -> None:
        if rollouts < 1:
            raise ValueError(f"the rollout bot needs at least one rollout, not {rollouts}")
        self.rollouts = rollouts
        self.milliseconds = milliseconds
        self.prior = prior
        self.margin = margin
        self.whole_games = whole_games
        settings = [str(rollouts)]
        if milliseconds is not None:
            settings.append(f"{milliseconds:g}ms")
        if whole_games:
            settings.append("game")
        self.name = f"rollout({', '.join(settings)})"
        self.last_rounds = 0

    def choose(self, view: AgentView, rng: random.Random) -> Action:
        """The action with the best chance of winning the game (see the module docstring)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if PLACE_STANCHION in legal:
            return PLACE_STANCHION
        root = view.sample(rng)
        if not isinstance(root, BoardPosition):
            raise TypeError(f"the rollout bot plays the board game, not {root.game_id!r}")
        suggested = fast_medium(root, view.seat)
        results = self.values(root, view.seat, legal, rng)
        best = max(results, key=lambda action: (_mean(results[action]), action == suggested))
        if not self.prior or best == suggested or suggested not in results:
            return best
        mean, spread = _paired(results[best], results[suggested])
        return best if mean > self.margin * spread and mean > 0 else suggested

    def values(
        self, root: BoardPosition, seat: int, actions: list[Action], rng: random.Random
    ) -> dict[Action, list[float]]:
        """Each action's rollout results (`seat`'s side's chance to win), round by round.

        An action dropped by elimination keeps the results it had; the
        others have one more each per round.
        """
        started = time.perf_counter()
        deadline = None if self.milliseconds is None else started + self.milliseconds / 1000
        results: dict[Action, list[float]] = {action: [] for action in actions}
        play = play_out if self.whole_games or not applies(root) else play_rally
        alive = list(actions)
        rounds = 0
        while rounds < self.rollouts and len(alive) > 1:
            seed = rng.getrandbits(64)
            for action in alive:
                state = root.clone()
                state.push(action)
                results[action].append(play(state, seat, random.Random(seed)))
            rounds += 1
            if rounds >= _FIRST_CHECK and rounds % _CHECK_EVERY == 0:
                alive = _survivors(alive, results)
            if deadline is not None and time.perf_counter() > deadline:
                break
        self.last_rounds = rounds
        return results


def play_out(state: BoardPosition, seat: int, rng: random.Random) -> float:
    """Play `state` to the end with `medium` at every seat: 1 if `seat`'s side wins, else 0."""
    _roll_out(state, rng)
    outcome = state.outcome
    if outcome is None:
        return 0.5
    return 1.0 if seat in outcome.winners else 0.0


def play_rally(state: BoardPosition, seat: int, rng: random.Random) -> float:
    """Play `state` with `medium` to the next serve: `seat`'s chance to win from there.

    The chance is `pickletable.games.board.bots.value.win_chance` (1 or 0 if the
    game ended first).
    """
    _roll_out(state, rng, until=_at_serve)
    return win_chance(state, seat)


def _roll_out(
    state: BoardPosition,
    rng: random.Random,
    until: Callable[[BoardPosition], bool] | None = None,
) -> None:
    """`fast_medium` at every seat and `FastChance` dice, through the one game loop."""
    chance = FastChance.of(state.rules).sample
    run_match(
        state, fast_medium, rng, chance=chance, until=until, max_steps=MAX_STEPS, must_end=False
    )


def _at_serve(state: BoardPosition) -> bool:
    return state.step == Step.SERVE


class FastChance:
    """Chance for rollouts: dice from precomputed cumulative weights, piles by `sample_outcome`."""

    def __init__(self, rules: BoardConfig) -> None:
        self.outcome = _table(rules.outcome_die)
        self.hit = _table(rules.hit_die)

    @classmethod
    def of(cls, rules: BoardConfig) -> FastChance:
        """The sampler of these rules (made once per live rules object: a bot's worker process
        unpickles new rules at every decision, and lets them go)."""
        return _fast_chances(rules)

    def sample(self, state: BoardPosition, rng: random.Random) -> Action:
        """One chance outcome of `state`, drawn with its probability."""
        step = state.step
        if step in OUTCOME_DIE_STEPS:
            actions, weights = self.outcome
        elif step == Step.ROLL_HIT:
            actions, weights = self.hit
        else:
            return sample_outcome(state, rng)
        index = bisect.bisect_right(weights, rng.random() * weights[-1])
        return actions[min(index, len(actions) - 1)]


_fast_chances = per_object(FastChance)
"""`FastChance` of each live rules object."""


def _table(
    die: tuple[tuple[Action, float], ...],
) -> tuple[list[Action], list[float]]:
    return [action for action, _ in die], list(accumulate(p for _, p in die))


def _survivors(alive: list[Action], results: dict[Action, list[float]]) -> list[Action]:
    """The actions not clearly behind the leader (identical twins of the leader are dropped)."""
    leader = max(alive, key=lambda action: _mean(results[action]))
    kept = [leader]
    for action in alive:
        if action == leader:
            continue
        mean, spread = _paired(results[leader], results[action])
        if mean == 0 and spread == 0:
            continue  # played out the same way every time: nothing to tell them apart
        if mean <= ELIMINATION_Z * spread:
            kept.append(action)
    return [action for action in alive if action in kept]


def _paired(first: list[float], second: list[float]) -> tuple[float, float]:
    """Mean and standard error of `first - second`, round by round."""
    differences = [a - b for a, b in zip(first, second, strict=False)]
    count = len(differences)
    if count < 2:
        return 0.0, math.inf
    mean = sum(differences) / count
    variance = sum((d - mean) ** 2 for d in differences) / (count - 1)
    return mean, math.sqrt(variance / count)


def _mean(values: list[float]) -> float:
    return sum(values) / len(values) if values else 0.0
