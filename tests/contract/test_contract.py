"""One contract over every game and variant, checked at every position of random games.

Like OpenSpiel's random simulation test. Each variant plays a few seeded
random games; at every position (see `tests.contract.playout`):

- legal actions are listed until the end (chance: its outcomes, summing to
  1), none after; `is_legal` agrees with the list, for every listed action
  and for actions legal elsewhere in the game; an `is_formality()` seat has
  exactly one action;
- `apply` refuses an illegal action with `IllegalActionError` and changes
  nothing (the whole state compared, see `tests.contract.snapshot`);
- `clone()` is equal to the state (bar `history`, which a clone starts
  without) and independent of it (playing on the clone leaves it alone);
- `resample(seat).observe(seat) == observe(seat)` for the seat to act and a
  spectator;
- every seat's observation and presenter view, and a spectator's, are JSON-safe;
- `returns()` is 0 all round until the end, then 1 or -1; `lead()` names every seat;
- nothing in all of that changes the state;
- `push` and `apply` agree (same events, same states), `history` is the
  actions played, and the game's record replays to the same position;
- every event kind is one of the game's codes (a `StrEnum`), and the game
  ends by one of the terminations its definition lists.
"""

from __future__ import annotations

import random

import pytest

from pickletable.core.actions import Action
from pickletable.core.game import GameDefinition
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from tests.contract.playout import actions_seen, check_position, choose, play_and_check
from tests.contract.snapshot import LEFT_OUT, state_slots
from tests.contract.variants import VARIANTS, Variant

SEEDS = (1, 2, 3)


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_random_games_keep_the_contract(variant: Variant) -> None:
    elsewhere = actions_seen(variant, SEEDS)
    for seed in SEEDS:
        assert play_and_check(variant, seed, elsewhere) > 0


# --- the contract can fail: each check catches an engine that breaks it ----------


def _position(game_id: str) -> tuple[GameDefinition, GameState, list[Action]]:
    """A game some way in, and the actions legal somewhere in it."""
    variant = Variant(game_id, 4 if game_id != "card" else 2)
    game = get_game(game_id)
    state = game.new_game(variant.players, variant.options)
    rng = random.Random(5)
    for _ in range(30):
        state.push(choose(state, rng))
    return game, state, actions_seen(variant, (5,))


def _tamper(state: GameState) -> None:
    """Move one whole-number slot of a state on by one (a change any snapshot must see)."""
    for name in state_slots(state):
        value = getattr(state, name, None)
        if name not in LEFT_OUT and isinstance(value, int) and not isinstance(value, bool):
            setattr(state, name, value + 1)
            return
    raise AssertionError("no whole-number slot to tamper with")


def _breaks_the_contract(game: GameDefinition, state: GameState, elsewhere: list[Action]) -> str:
    with pytest.raises(AssertionError) as caught:
        check_position(game, state, random.Random(0), elsewhere, "here")
    return str(caught.value)


@pytest.mark.parametrize("game_id", ["board", "card", "slam"])
def test_a_refusal_that_changes_the_state_is_caught(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state, elsewhere = _position(game_id)
    reason = type(state).illegal_reason

    def tampering(self: GameState, action: Action) -> str:
        _tamper(self)
        return reason(self, action)

    monkeypatch.setattr(type(state), "illegal_reason", tampering)
    assert "changed" in _breaks_the_contract(game, state, elsewhere)


@pytest.mark.parametrize("game_id", ["board", "card", "slam"])
def test_a_clone_that_differs_is_caught(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game, state, elsewhere = _position(game_id)
    clone = type(state).clone

    def faulty(self: GameState) -> GameState:
        copy = clone(self)
        _tamper(copy)
        return copy

    monkeypatch.setattr(type(state), "clone", faulty)
    assert "clone differs" in _breaks_the_contract(game, state, elsewhere)


@pytest.mark.parametrize("game_id", ["card", "slam"])
def test_a_resample_that_changes_what_a_seat_saw_is_caught(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state, elsewhere = _position(game_id)
    while state.current_player in (CHANCE, None):
        state.push(choose(state, random.Random(1)))
    seat = state.current_player
    resample = type(state).resample

    def leaky(self: GameState, who: int | None, rng: random.Random) -> GameState:
        other = resample(self, who, rng)
        # Deal the seat's own hand again too: what it saw no longer matches.
        return other.resample(None, random.Random(99)) if who == seat else other

    monkeypatch.setattr(type(state), "resample", leaky)
    assert "resample" in _breaks_the_contract(game, state, elsewhere)
