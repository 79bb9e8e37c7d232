"""Coaching at a table: the live win chance and ``hint``, one place for both front ends.

`odds` is the win chance of each seat from one seat's view (or the public
view: no hidden cards at all), with a small budget so that a table can ask
after every move. `hint` is what the hard bot would play, and why, in a line.

The hard bot decides from the seat's own view (`AgentView`), and each move's
worth is the evaluator's win chance for the seat after it, itself drawn only
from what the seat may see (`pickletable.bots.win_odds`): a hint never uses
another seat's hidden cards.
"""

from __future__ import annotations

import random

from pickletable.bots import bot_from_name
from pickletable.bots.win_odds import known_chance, rollout_win_chance
from pickletable.core.actions import Action
from pickletable.core.agents import AgentView
from pickletable.core.state import GameState

ODDS_ITERATIONS = 60
"""Rollouts per live win chance: a rough figure (about 0.13 either way, 95 times in 100),
0.1 to 0.45 s of CPU (docs/coaching.md has the measured figures)."""
ODDS_SEED = 2026
HINT_ITERATIONS = 24
"""Rollouts per move a hint weighs: a quick answer, a rough figure (about 0.1)."""
HINT_MOVES = 6
"""At most this many moves are weighed besides the bot's own."""
HINT_SEED = 11
HINT_BOT = "hard:200"
"""The hard bot on an iteration budget, no clock: the same position gets the same hint
on any machine under any load (the level's own time cap would not)."""


def odds(state: GameState, seat: int | None, *, wait: bool = True) -> dict[int, float]:
    """Each seat's win chance as `seat` sees the position (None: the public view): the
    game's exact or known figure where it has one (`win_odds.known_chance`; ``wait=False``
    at a live table, which takes the rollouts while that figure is prepared), otherwise
    `ODDS_ITERATIONS` seeded rollouts."""
    found = known_chance(state, seat, wait=wait)
    if found is not None:
        return found
    return rollout_win_chance(state, seat, iterations=ODDS_ITERATIONS, seed=ODDS_SEED)


def odds_line(state: GameState, seat: int | None, chances: dict[int, float]) -> str:
    """The win chance in words: "Your side 62% to win", or every side's for a spectator."""
    if seat is not None:
        return f"Your side {chances[seat]:.0%} to win"
    return "Win chance: " + ", ".join(
        f"{state.seat_name(each)} {chances[each]:.0%}" for each in state.seats
    )


def hint(state: GameState, seat: int, labels: dict[Action, str]) -> str:
    """The hard bot's move for `seat`, with its win chance after it against the next best."""
    actions = state.legal_actions()
    if not actions:
        return "No move to hint at now."
    bot = bot_from_name(HINT_BOT, state.game_id)
    best = bot.choose(AgentView(state, seat), random.Random(HINT_SEED))
    named = labels.get(best, str(best))
    if len(actions) == 1:
        return f"Hint: {named} (the only move)."
    others = [action for action in actions if action != best][:HINT_MOVES]
    chance = _after(state, seat, best)
    rivals = sorted(((_after(state, seat, other), str(other)) for other in others), reverse=True)
    rival_chance, rival = rivals[0]
    rival_named = labels.get(Action.from_text(rival), rival)
    return (
        f"Hint: {named}. Win chance after it about {chance:.0%}; "
        f"the next best, {rival_named}, about {rival_chance:.0%}."
    )


def _after(state: GameState, seat: int, action: Action) -> float:
    """The seat's win chance once `action` is played, from its own view."""
    after = state.clone()
    after.apply(action)
    return rollout_win_chance(after, seat, iterations=HINT_ITERATIONS, seed=HINT_SEED)[seat]
