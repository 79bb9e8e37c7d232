"""The game loop: drive a game to its end (or to a stop), asking the seats and resolving chance.

Everything that plays a game through uses `run_match`: `pickletable play`,
the arena and the lab's studies (`pickletable.analysis.runner`), the RL
evaluation, the bench, the bots' rollouts, the replay of records and stored
tables (`pickletable.core.records.replay_steps`) and the end-of-game recap.
What a caller collects it collects through a `StepWatcher` (told about every
step) or `on_step`; where it stops short of the end it says so with `until`.
ISMCTS's rollouts, the quickest loop of all, keep a measured fast path,
`roll_out`, tied to `run_match` by a test; the lab's studies another,
`run_counted`, that counts the seats' steps itself and tells its watcher only
of the steps whose events it reads.

The seats are played either by agents (a `Mapping` from seat to `Agent`:
each decision through an `AgentView`, the answer checked against the legal
list) or, in a search's rollouts, by a `Policy`: a function that sees the
whole (determinised) state and is trusted, so no view is built and nothing
is checked. Either way every step goes through `GameState.push` (or
`GameState.apply` with `checked`), and the random draws are the same.

>>> import random
>>> from pickletable.bots.random_bot import RandomBot
>>> from pickletable.core.registry import get_game
>>> state = get_game("board").new_game(2, {"level": "beginner"})
>>> steps = StepCount()
>>> finished = run_match(state, {seat: RandomBot() for seat in state.seats},
...                      random.Random(1), watcher=steps)
>>> finished.is_over, steps.steps == len(finished.history)
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING, Final, Protocol, TypeVar

from pickletable.core.actions import Action
from pickletable.core.agents import Agent, AgentView
from pickletable.core.chance import ChanceResolver
from pickletable.core.errors import IllegalActionError
from pickletable.core.events import Event
from pickletable.core.state import CHANCE, GameState

if TYPE_CHECKING:
    from pickletable.core.records import Recorder

S = TypeVar("S", bound=GameState)
MAX_STEPS: Final = 1_000_000
"""Steps after which a game that has not ended is a bug (`run_match` raises)."""

Policy = Callable[[S, int, random.Random], Action]
"""A trusted chooser for rollouts: the action of the seat asked, taken from the legal ones."""
ChanceSampler = Callable[[S, random.Random], Action]
"""Draws the outcome of the chance step a state waits for, from an RNG (as `sample_chance`)."""
StepHook = Callable[[GameState, int, Action, list[Event]], None]
"""Told about every step: the state after it, who acted (`CHANCE` too), the action, its events."""


class StepWatcher(Protocol):
    """Told about every step: the state after it, who acted, how many actions were legal."""

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """One step was played (`legal` is 0 for chance steps and a policy's steps)."""
        ...


def run_match(
    state: S,
    seats: Mapping[int, Agent] | Policy[S],
    rng: random.Random,
    *,
    chance: ChanceResolver | ChanceSampler[S] | None = None,
    watcher: StepWatcher | None = None,
    recorder: Recorder | None = None,
    on_step: StepHook | None = None,
    until: Callable[[S], bool] | None = None,
    checked: bool = False,
    max_steps: int = MAX_STEPS,
    must_end: bool = True,
) -> S:
    """Play `state` until it ends, or `until` (asked before each step) says stop; return it.

    `seats` are the agents by seat, or a rollout `Policy` for every seat.
    Chance comes from `chance`: a `ChanceResolver`, or a `ChanceSampler`
    drawing from `rng` (by default, `GameState.sample_chance`). Every step
    goes to `watcher`, `recorder` and `on_step` if given. An agent that
    returns an illegal action raises `IllegalActionError`: a bot bug must not
    pass silently. With `checked`, every step is played through the game's
    own check (`GameState.apply`) rather than `GameState.push`. After
    `max_steps` steps without an end it raises `RuntimeError`, or with
    `must_end` off returns the state as it is (a rollout's step cap).
    """
    # Set-up is kept cheap: a rollout may be a handful of steps.
    policy = seats if callable(seats) else None
    agents: Mapping[int, Agent] = {} if callable(seats) else seats
    draw = type(state).sample_chance if chance is None else _sampler(chance)
    play = state.apply if checked else state.push
    watch = _watchers(watcher, recorder, on_step)
    for _ in range(max_steps):
        player = state.current_player
        if player is None or (until is not None and until(state)):
            return state
        legal = 0
        if player == CHANCE:
            action = draw(state, rng)
        elif policy is not None:
            action = policy(state, player, rng)
        else:
            action, legal = _ask(agents[player], AgentView(state, player), rng)
        events = play(action)
        if watch is not None:
            watch(state, player, legal, events)
    if must_end and state.current_player is not None:
        raise RuntimeError(f"game did not end within {max_steps} steps")
    return state


class EventWatcher(Protocol):
    """Told only of the steps with an event of its `kinds` (`run_counted` counts the rest)."""

    @property
    def kinds(self) -> frozenset[str]:
        """The event kinds it reads."""
        ...

    def on_events(self, state: GameState, steps: int, events: list[Event]) -> None:
        """A step with an event of `kinds`: the state after it, steps played so far (it
        included), and all the step's events."""
        ...

    def counted(self, steps: int, seats: Mapping[int, list[int]]) -> None:
        """At the end: the steps played, and per seat that acted its steps, real choices
        (two or more legal actions) and legal actions summed over its steps."""
        ...


def run_counted(
    state: S, seats: Mapping[int, Agent], rng: random.Random, watcher: EventWatcher
) -> S:
    """`run_match` with agents and a watcher, played exactly alike, for the lab's studies:
    the loop counts each seat's steps, choices and legal actions itself and calls `watcher`
    only on the steps with an event it reads (most steps have none: a die, a card drawn).

    >>> import random
    >>> from pickletable.analysis.collectors import collector_for
    >>> from pickletable.bots.random_bot import RandomBot
    >>> from pickletable.core.registry import get_game
    >>> played = []
    >>> for run in (run_counted, run_match):
    ...     state = get_game("card").new_game(2)
    ...     watcher = collector_for(state)
    ...     agents = {seat: RandomBot() for seat in state.seats}
    ...     if run is run_counted:
    ...         _ = run_counted(state, agents, random.Random(4), watcher)
    ...     else:
    ...         _ = run_match(state, agents, random.Random(4), watcher=watcher)
    ...     played.append(watcher.finish(state, 0, 4, ("random", "random")))
    >>> played[0] == played[1]
    True
    """
    draw = type(state).sample_chance
    play = state.push
    kinds = watcher.kinds
    counts: dict[int, list[int]] = {}
    for steps in range(MAX_STEPS):
        player = state.current_player
        if player is None:
            watcher.counted(steps, counts)
            return state
        if player == CHANCE:
            action = draw(state, rng)
        else:
            action, legal = _ask(seats[player], AgentView(state, player), rng)
            row = counts.get(player)
            if row is None:
                row = counts[player] = [0, 0, 0]
            row[0] += 1
            row[1] += legal >= 2
            row[2] += legal
        events = play(action)
        if events:
            for event in events:
                if event.kind in kinds:
                    watcher.on_events(state, steps + 1, events)
                    break
    raise RuntimeError(f"game did not end within {MAX_STEPS} steps")


def roll_out(
    state: S,
    policy: Policy[S],
    rng: random.Random,
    horizon: Collection[str],
    events: int,
    decisions: int,
) -> S:
    """The fast path of `run_match` for a search's rollouts: `policy` at every seat, chance
    from the game's sampler, until the game ends, `events` events of the `horizon` kinds
    have happened or `decisions` seat decisions have been made.

    It plays exactly as `run_match` watched and stopped by a `Horizon`, with the counting
    inline and nothing else to ask: the quickest rollouts run several per cent faster
    (``benchmarks/rollout_loop.py`` measures both).

    >>> from pickletable.core.registry import get_game
    >>> state = get_game("card").new_game(2)
    >>> fast = roll_out(state.clone(), random_policy, random.Random(4), set(), 1, 10)
    >>> left = Horizon(set(), 1, 10)
    >>> loop = run_match(state.clone(), random_policy, random.Random(4),
    ...                  watcher=left, until=left.reached, must_end=False)
    >>> fast.history == loop.history, len(fast.history) >= 10
    (True, True)
    """
    sample = type(state).sample_chance
    push = state.push
    while events > 0 and decisions > 0:
        player = state.current_player
        if player is None:
            break
        if player == CHANCE:
            action = sample(state, rng)
        else:
            action = policy(state, player, rng)
            decisions -= 1
        for event in push(action):
            if event.kind in horizon:
                events -= 1
    return state


class Horizon:
    """Counts a rollout down: `events` events of the `horizon` kinds, `decisions` seat decisions.

    As `run_match`'s watcher with `reached` as its stop, it plays `roll_out` on the one loop.

    >>> left = Horizon(frozenset({"rally-won"}), events=1, decisions=2)
    >>> left.step(None, 0, 0, []); left.reached(None)  # type: ignore[arg-type]
    False
    >>> left.step(None, 1, 0, []); left.reached(None)  # type: ignore[arg-type]
    True
    """

    __slots__ = ("decisions", "events", "horizon")

    def __init__(self, horizon: Collection[str], events: int, decisions: int) -> None:
        self.horizon = horizon
        self.events = events
        self.decisions = decisions

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """Count the step down (a decision unless chance played it, and its horizon events)."""
        if player != CHANCE:
            self.decisions -= 1
        for event in events:
            if event.kind in self.horizon:
                self.events -= 1

    def reached(self, state: GameState) -> bool:
        """Whether the rollout stops here: no horizon events or no decisions left."""
        return self.events <= 0 or self.decisions <= 0


def random_policy(state: GameState, player: int, rng: random.Random) -> Action:
    """A `Policy`: a uniformly random legal action, drawn as the random bot draws it.

    >>> from pickletable.core.registry import get_game
    >>> run_match(get_game("card").new_game(2), random_policy, random.Random(5)).is_over
    True
    """
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


class StepCount:
    """A `StepWatcher` that counts the steps, and the seats' decisions apart.

    >>> count = StepCount()
    >>> count.step(None, -1, 0, []); count.step(None, 0, 3, [])  # type: ignore[arg-type]
    >>> count.steps, count.decisions
    (2, 1)
    """

    __slots__ = ("decisions", "steps")

    def __init__(self) -> None:
        self.steps = 0
        self.decisions = 0

    def step(self, state: GameState, player: int, legal: int, events: list[Event]) -> None:
        """Count one step (a decision unless chance played it)."""
        self.steps += 1
        if player != CHANCE:
            self.decisions += 1


def _sampler(chance: ChanceResolver | ChanceSampler[S]) -> ChanceSampler[S]:
    """A sampler for the chance given: itself, or a resolver's answer."""
    if callable(chance):
        return chance
    resolve = chance.resolve
    return lambda state, rng: resolve(state)


def _ask(agent: Agent, view: AgentView, rng: random.Random) -> tuple[Action, int]:
    """The agent's answer, checked, and how many actions it chose from."""
    action = agent.choose(view, rng)
    if action not in view.legal_actions:
        raise IllegalActionError(action, view.legal_actions, f"returned by agent {agent.name}")
    return action, len(view.legal_actions)


Notify = Callable[[GameState, int, int, list[Event]], None]


def _watchers(
    watcher: StepWatcher | None, recorder: Recorder | None, on_step: StepHook | None
) -> Notify | None:
    """One call that tells every watcher given (or None when there is none)."""
    if recorder is None and on_step is None:
        return None if watcher is None else watcher.step
    calls: list[Notify] = []
    if watcher is not None:
        calls.append(watcher.step)
    if recorder is not None:
        calls.append(recorder.step)
    if on_step is not None:
        hook = on_step
        calls.append(
            lambda state, player, legal, events: hook(state, player, state.history[-1], events)
        )
    if len(calls) <= 1:
        return calls[0] if calls else None

    def every(state: GameState, player: int, legal: int, events: list[Event]) -> None:
        for call in calls:
            call(state, player, legal, events)

    return every
