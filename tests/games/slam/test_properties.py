"""Properties over random games: cards conserved, games end, views hide what they must."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pickletable.bots import RandomBot
from pickletable.core.actions import Action
from pickletable.core.errors import IllegalActionError
from pickletable.core.match import run_match
from pickletable.core.records import Recorder, replay
from pickletable.core.state import CHANCE
from pickletable.games.slam import GAME
from pickletable.games.slam.position import SlamPosition
from pickletable.games.slam.state import SlamState
from tests.games.slam.helpers import random_game, total_cards, view_of

TABLES: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {}),
    (5, {}),
    (6, {}),
    (4, {"doubles": True}),
]
TABLE_IDS = ["3", "4", "5", "6", "doubles"]
# Every option that changes play, alone and all together.
HOUSE_RULES: list[dict[str, Any]] = [
    {},
    {"must_play": False},
    {"refill_short_hands": True},
    {"draw_phase_lap_limit": 1},
    {"twists_target_opponents": False},
    {"tokens_to_win": 1},
    {
        "must_play": False,
        "refill_short_hands": True,
        "draw_phase_lap_limit": 1,
        "twists_target_opponents": False,
    },
]
tables = st.builds(
    lambda table, rules: (table[0], {**table[1], **rules}),
    st.sampled_from(TABLES),
    st.sampled_from(HOUSE_RULES),
)
seeds = st.integers(min_value=0, max_value=2**32 - 1)
SOME = settings(max_examples=25, deadline=None)


def snapshot(state: SlamState) -> dict[str, Any]:
    """Everything a position holds, copied, to compare before and after."""
    taken: dict[str, Any] = {}
    for name in SlamPosition.__slots__:
        if name in ("_legal", "rules"):
            continue
        value = getattr(state, name)
        if name == "stack":
            value = (dict(value.unseen), list(value.known))
        taken[name] = copy.deepcopy(value)
    return taken


def test_every_game_ends_under_random_play() -> None:
    for players, options in TABLES:
        for seed in range(40):
            state = random_game(players, seed, options)
            assert state.is_over
            assert state.outcome is not None
            winners = state.outcome.winners
            assert all(state.tokens[state.rules.unit_of(seat)] == 3 for seat in winners)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_every_game_ends_with_the_options_that_change_turns(
    players: int, options: dict[str, Any]
) -> None:
    changed = {
        **options,
        "must_play": False,
        "refill_short_hands": True,
        "draw_phase_lap_limit": 1,
        "twists_target_opponents": False,
    }
    for seed in range(10):
        assert random_game(players, seed, changed).is_over


@SOME
@given(table=tables, seed=seeds)
def test_the_deck_is_conserved_across_piles_hands_and_the_centre(
    table: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, options = table
    deck: Counter[str] = Counter()

    def check(state: SlamState, player: int, action: Action) -> None:
        if not deck:
            deck.update(state.rules.deck.counts)
        assert total_cards(state) == deck
        assert state.sizes == [sum(hand.values()) for hand in state.hands]
        assert state.discard_sizes == [sum(pile.values()) for pile in state.discards]

    random_game(players, seed, options, check)


@SOME
@given(table=tables, seed=seeds)
def test_players_marked_out_never_act(table: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = table

    def check(state: SlamState, player: int, action: Action) -> None:
        if player == CHANCE or state.phase != "play":
            return
        if state.step in ("turn", "partner", "target"):
            assert state.inside[player], (state.step, player)
        if state.step == "poach":
            assert state.duel is not None and player not in state.duel

    random_game(players, seed, options, check)


@SOME
@given(table=tables, seed=seeds)
def test_hidden_hands_and_face_down_piles_never_reach_another_seat(
    table: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, options = table
    rng = random.Random(seed)

    def check(state: SlamState, player: int, action: Action) -> None:
        if rng.random() > 0.1:
            return
        for seat in [None, *state.seats]:
            view = view_of(state, seat)
            json.dumps(view)
            # What the seat sees must not change when what it cannot see is dealt again.
            resampled = state.resample(seat, rng)
            assert view_of(resampled, seat) == view
            assert resampled.observe(seat) == state.observe(seat)
            if seat is not None:
                assert view["hand"] == sorted(view["hand"], key=_rank(state))
                assert Counter(view["hand"]) == Counter(state.hands[seat])

    random_game(players, seed, options, check)


@SOME
@given(table=tables, seed=seeds)
def test_resample_keeps_what_the_seat_knows(table: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = table
    rng = random.Random(seed)

    def check(state: SlamState, player: int, action: Action) -> None:
        if rng.random() > 0.1:
            return
        seat = rng.choice(state.seats)
        other = state.resample(seat, rng)
        assert other.hands[seat] == state.hands[seat]
        assert other.discards[seat] == state.discards[seat]
        assert other.sizes == state.sizes and other.discard_sizes == state.discard_sizes
        assert other.stack_count == state.stack_count and other.centre == state.centre
        assert total_cards(other) == total_cards(state)
        for (viewer, holder), cards in state.known.items():
            if viewer == seat:
                assert not Counter(cards) - Counter(other.hands[holder])
        assert player != seat or other.legal_actions() == state.legal_actions()

    random_game(players, seed, options, check)


@SOME
@given(table=tables, seed=seeds)
def test_a_rejected_action_changes_nothing(table: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = table
    rng = random.Random(seed)
    codes = _codes()
    candidates = (
        [Action("play", (code,)) for code in codes]
        + [Action("discard", (code,)) for code in codes]
        + [Action("card", (code,)) for code in codes]
        + [Action("answer", (code,)) for code in codes]
        + [Action("target", (f"p{n}",)) for n in range(1, 8)]
        + [Action(verb) for verb in ("pass", "yours", "decline", "keep", "fly")]
        + [Action("swap", ("1",)), Action("swap", ("9",))]
    )

    def check(state: SlamState, player: int, action: Action) -> None:
        if rng.random() > 0.2:
            return
        legal = state.legal_actions()
        wrong = rng.choice([a for a in candidates if a not in legal])
        before = snapshot(state)
        with pytest.raises(IllegalActionError):
            state.apply(wrong)
        assert snapshot(state) == before
        assert state.legal_actions() == legal

    random_game(players, seed, options, check)


@SOME
@given(table=tables, seed=seeds)
def test_a_clone_is_independent(table: tuple[int, dict[str, Any]], seed: int) -> None:
    players, options = table
    rng = random.Random(seed)

    def check(state: SlamState, player: int, action: Action) -> None:
        if rng.random() > 0.05:
            return
        before = snapshot(state)
        copy = state.clone()
        assert snapshot(copy) == before
        copy.apply(action)
        assert snapshot(state) == before

    random_game(players, seed, options, check)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
@pytest.mark.parametrize("house_rules", HOUSE_RULES[1:2] + HOUSE_RULES[-1:], ids=["must", "all"])
def test_records_of_bot_games_replay_under_house_rules(
    players: int, options: dict[str, Any], house_rules: dict[str, Any]
) -> None:
    test_records_of_twenty_bot_games_replay(players, {**options, **house_rules}, games=5)


@pytest.mark.parametrize(("players", "options"), TABLES, ids=TABLE_IDS)
def test_records_of_twenty_bot_games_replay(
    players: int, options: dict[str, Any], games: int = 20
) -> None:
    for seed in range(games):
        state = GAME.new_game(players, options)
        recorder = Recorder(
            game="slam",
            players=players,
            options=dict(options),
            content=GAME.default_content(),
            seats=[
                {"seat": seat, "name": state.seat_name(seat), "player": "bot"}
                for seat in state.seats
            ],
        )
        run_match(
            state,
            {seat: RandomBot() for seat in state.seats},
            random.Random(seed),
            recorder=recorder,
        )
        record = json.loads(json.dumps(recorder.to_json(state)))
        replayed = replay(record)
        assert replayed.outcome == state.outcome


def _codes() -> list[str]:
    from pickletable.games.slam.content import SlamContent

    return list(SlamContent.from_data(GAME.default_content().data).cards)


def _rank(state: SlamState) -> Any:
    cards = state.rules.deck.cards
    return lambda code: cards[code].rank


@SOME
@given(table=tables, seed=seeds)
def test_chance_outcomes_are_the_legal_cards_and_sum_to_one(
    table: tuple[int, dict[str, Any]], seed: int
) -> None:
    players, options = table

    def check(state: SlamState, player: int, action: Action) -> None:
        outcomes = state.chance_outcomes()
        if player != CHANCE:
            assert outcomes == []
            return
        assert [outcome for outcome, _ in outcomes] == state.legal_actions()
        assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)

    random_game(players, seed, options, check)
