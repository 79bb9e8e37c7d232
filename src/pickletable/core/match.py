"""The match runner: drive a game to its end, asking agents and resolving chance."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import ChanceResolver, RandomChance
from pickletable.core.errors import IllegalActionError
from pickletable.core.events import Event
from pickletable.core.records import Recorder
from pickletable.core.state import CHANCE, GameState

StepHook = Callable[[GameState, int, Action, list[Event]], None]


def run_match(
    state: GameState,
    agents: Mapping[int, Agent],
    rng: random.Random,
    *,
    chance: ChanceResolver | None = None,
    recorder: Recorder | None = None,
    on_step: StepHook | None = None,
    max_steps: int = 1_000_000,
) -> GameState:
    """Play `state` to the end and return it.

    Chance comes from `chance` (by default, from `rng`); each seat's
    decisions come from its agent. Every step goes to `recorder` and
    `on_step` if given. An agent that returns an illegal action raises
    `IllegalActionError`: a bot bug must not pass silently.
    """
    resolver = chance or RandomChance(rng)
    for _ in range(max_steps):
        player = state.current_player
        if player is None:
            return state
        if player == CHANCE:
            action = resolver.resolve(state)
        else:
            view = AgentView(state, player)
            action = agents[player].choose(view, rng)
            if action not in view.legal_actions:
                raise IllegalActionError(
                    action, view.legal_actions, f"returned by agent {agents[player].name}"
                )
        events = state.push(action) if player != CHANCE else state.apply(action)
        if recorder is not None:
            recorder.add(player, action, events)
        if on_step is not None:
            on_step(state, player, action, events)
    raise RuntimeError(f"game did not end within {max_steps} steps")
