"""The card game's live win chance where it needs no rollouts: coaching's figure there.

- **Between rallies** (the deal not begun: no hand holds a card), only the
  score and the serve matter, and the figure is the win-chance table's
  (`win_chance`: the rally results of `medium` self-play, value iteration
  over the scores), the figure the rollouts would tend to with no noise.
- **The seat's own last turn** (`last_turn`: every other hand face up, this
  seat ends the lap) is decided by one draw at most: the figure is exact
  for the rally, the best of taking the discard and drawing (each card the
  pile could give, weighed by its copies), then the discard that keeps the
  best hand, each rally's end valued by the table. After ``draw`` (chance
  to give the card) it is the mean over the pile; at the discard, the best
  discard.
- Elsewhere (a hand being dealt or played, another seat's last turn: the
  hands this seat cannot see matter) there is no such figure (None): the
  rollouts answer (`pickletable.bots.win_odds`).
- With another deck or house rules (any option but the target and the
  lead), the table's measured rallies do not hold: no figure either.

Every figure is worked out from the seat's view (`AgentView`: its
observation and its own legal moves), never from another hidden hand.

>>> from pickletable.games.card import GAME
>>> state = GAME.new_game(2)
>>> _ = state.apply_text("show kitchen")  # North serves first: no card dealt yet
>>> chances = chance(state, 0)
>>> round(chances[0], 3), round(chances[0] + chances[2], 9)
(0.54, 1.0)
"""

from __future__ import annotations

import threading
from functools import cache

from pickletable.bots.win_odds import WinChance
from pickletable.core.state import GameState
from pickletable.games.card.bots.last_turn import is_last_turn, last_turn_value
from pickletable.games.card.bots.win_chance import build_table, is_ready, keep_table, win_chance
from pickletable.games.card.codes import Step
from pickletable.games.card.observer import CardObservation
from pickletable.games.card.state import CardState

TABLE = "table"
LAST_TURN = "last turn"


def chance(state: GameState, seat: int | None, *, wait: bool = True) -> WinChance | None:
    """Each seat's chance as `seat` sees it (see the module docstring); None elsewhere, and
    (``wait=False``) while the table of the options is built in the background."""
    found = figure(state, seat, wait=wait)
    return None if found is None else found[1]


def figure(
    state: GameState, seat: int | None, *, wait: bool = True
) -> tuple[str, WinChance] | None:
    """`chance` with how it was worked out (`TABLE` or `LAST_TURN`)."""
    assert isinstance(state, CardState)
    observed = state.observe(seat)
    outcome = observed.outcome
    if outcome is not None:
        return TABLE, {each: float(each in outcome.winners) for each in observed.seats}
    if observed.serving_team is None:
        return None  # the first server is being found: who serves is not known yet
    if not _measured(observed):
        return None  # the table's rallies were measured with other rules: no known figure
    key = _table_key(observed)
    if not is_ready(*key):
        if not wait:
            _build_in_background(key)
            return None
        win_chance(*key)
    if _between_rallies(observed):
        team = 0 if seat is None else observed.team_of(seat)
        return TABLE, _team_chances(observed, team, _table_value(observed, team))
    if seat is not None and observed.turn == seat and _on_last_turn(observed):
        legal = state.legal_actions() if state.current_player == seat else []
        value = last_turn_value(observed, legal)
        if value is not None:
            return LAST_TURN, _team_chances(observed, observed.team_of(seat), value)
    return None


SCORE_OPTIONS = frozenset({"target_score", "win_by"})
"""The options the table is worked out for; the others change the rallies themselves."""


def _measured(observed: CardObservation) -> bool:
    """Whether the table's model of a rally holds here: its results were measured with
    the default deck and options (`win_chance`), the target and the lead aside."""
    deck, defaults = _default_rules()
    options = observed.options
    return observed.deck == deck and all(
        options.get(name) == value for name, value in defaults.items() if name not in SCORE_OPTIONS
    )


@cache
def _default_rules() -> tuple[object, dict[str, object]]:
    """The default deck and options (those the table's rallies were measured with)."""
    from pickletable.games.card import GAME

    observed = GAME.new_game(2).observe(None)
    assert isinstance(observed, CardObservation)
    return observed.deck, dict(observed.options)


def _between_rallies(observed: CardObservation) -> bool:
    return observed.step == Step.DEAL and not any(observed.hand_sizes)


def _on_last_turn(observed: CardObservation) -> bool:
    """The seat ends the lap with every other hand face up (at its turn, its draw or its
    discard: `is_last_turn` asks it at a decision, the draw too is one chance away)."""
    if observed.step not in (Step.TURN, Step.DRAWING, Step.DISCARD):
        return False
    return is_last_turn(observed)


def _table_key(observed: CardObservation) -> tuple[int, int, int]:
    options = observed.options
    return (len(observed.seats), int(options["target_score"]), int(options["win_by"]))


def _table_value(observed: CardObservation, team: int) -> float:
    """`team`'s chance from the score and the serve (the table's look-up for that team:
    solved to 1e-7, so the other team's figure is taken as the rest, to sum to one)."""
    chance_of = win_chance(*_table_key(observed))
    scores = observed.scores
    return chance_of(scores[team], scores[1 - team], observed.serving_team == team)


def _team_chances(observed: CardObservation, team: int, value: float) -> WinChance:
    """Each seat's chance: `value` for `team`'s seats, the rest for the others."""
    return {
        each: value if observed.team_of(each) == team else 1.0 - value for each in observed.seats
    }


_building: set[tuple[int, int, int]] = set()
_building_lock = threading.Lock()


def _build_in_background(key: tuple[int, int, int]) -> None:
    """Build the table of `key` on a daemon thread, one table at a time: an ask while
    another is built starts nothing (the rollouts answer; it is asked again at the next
    figure). A table takes up to some seconds of this process's interpreter, and a client
    could otherwise start one thread per option combination its tables have."""
    with _building_lock:
        if _building:
            return
        _building.add(key)

    def build() -> None:
        try:
            keep_table(key, build_table(*key))
        finally:
            with _building_lock:
                _building.discard(key)

    threading.Thread(target=build, name="card win chance", daemon=True).start()
