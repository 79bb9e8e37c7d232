"""The encodings: a fixed action table and observation size per variant, masks equal to the
legal actions, and nothing a seat may not know (checked over random games of every variant)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.envs import encoding_for
from pickletable.envs.encoding import Encoding, Scales, UnencodedActionError, Writer
from tests.contract.variants import VARIANTS, Variant

DECISIONS = 400
"""Decisions looked at per game (enough to reach every step of every game)."""


def _random_positions(variant: Variant, seed: int) -> list[GameState]:
    """Clones of the positions of one random game at which a seat is asked."""
    state = get_game(variant.game).new_game(variant.players, variant.options)
    rng = random.Random(seed)
    positions: list[GameState] = []
    while state.current_player is not None and len(positions) < DECISIONS:
        if state.current_player != CHANCE:
            positions.append(state.clone())
        state.push(rng.choice(state.legal_actions()))
    return positions


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_every_legal_action_has_an_index_and_the_mask_is_the_legal_actions(
    variant: Variant,
) -> None:
    encoding = encoding_for(variant.game, variant.players, variant.options)
    for seed in (1, 2):
        for state in _random_positions(variant, seed):
            seat = state.current_player
            assert seat is not None
            legal = state.legal_actions()
            for action in legal:
                assert encoding.decode_action(encoding.encode_action(action)) == action
            mask = encoding.mask(state, seat)
            assert mask.shape == (encoding.n_actions,)
            assert {encoding.decode_action(int(i)) for i in np.flatnonzero(mask)} == set(legal)
            others = [other for other in state.seats if other != seat]
            assert all(not encoding.mask(state, other).any() for other in others)


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_the_observation_has_one_fixed_shape_and_stays_in_the_unit_box(variant: Variant) -> None:
    encoding = encoding_for(variant.game, variant.players, variant.options)
    again = encoding_for(variant.game, variant.players, variant.options)
    assert (again.n_actions, again.size) == (encoding.n_actions, encoding.size)
    assert sum(block.size for block in encoding.layout) == encoding.size
    for state in _random_positions(variant, 3)[::5]:
        for seat in state.seats:
            vector = encoding.encode(state.observe(seat), seat)
            assert vector.shape == (encoding.size,) and vector.dtype == np.float32
            assert vector.min() >= 0.0 and vector.max() <= 1.0


@pytest.mark.parametrize("game", ["board", "card", "slam"])
def test_the_action_table_depends_on_the_table_size_and_content_only(game: str) -> None:
    sizes = {
        (variant.players, encoding_for(game, variant.players, variant.options).n_actions)
        for variant in VARIANTS
        if variant.game == game
    }
    players = {count for count, _ in sizes}
    assert len(sizes) == len(players)


CARD_GAMES = [variant for variant in VARIANTS if variant.game != "board"]
"""The variants with hidden cards."""


@pytest.mark.parametrize("variant", VARIANTS, ids=[variant.name for variant in VARIANTS])
def test_the_fast_path_from_the_state_equals_encoding_the_observation(variant: Variant) -> None:
    """`encode_state` (what the environments use) gives every seat, and a spectator, the
    vector of its own observation, bit for bit, at positions all through random games."""
    encoding = encoding_for(variant.game, variant.players, variant.options)
    for state in _random_positions(variant, 5)[::3]:
        for seat in (*state.seats, None):
            assert np.array_equal(
                encoding.encode_state(state, seat), encoding.encode(state.observe(seat), seat)
            )


@pytest.mark.parametrize("variant", CARD_GAMES, ids=[variant.name for variant in CARD_GAMES])
def test_hidden_cards_do_not_change_a_seats_observation(variant: Variant) -> None:
    """Two states that differ only in what `seat` may not see encode the same for `seat`
    (the swap check), by either path."""
    encoding = encoding_for(variant.game, variant.players, variant.options)
    rng = random.Random(7)
    for state in _random_positions(variant, 4)[::7]:
        seat = state.current_player
        assert seat is not None
        other = state.resample(seat, rng)
        assert np.array_equal(
            encoding.encode(state.observe(seat), seat), encoding.encode(other.observe(seat), seat)
        )
        assert np.array_equal(
            encoding.encode_state(state, seat), encoding.encode_state(other, seat)
        )


def test_an_action_outside_the_table_is_refused_by_name() -> None:
    encoding: Encoding = encoding_for("card")
    from pickletable.core.actions import Action

    with pytest.raises(UnencodedActionError, match="'juggle 3'"):
        encoding.encode_action(Action("juggle", ("3",)))


def test_the_card_table_reads_as_documented() -> None:
    """draw, then take / discard / discard-and-lay for each of the 14 card names."""
    encoding = encoding_for("card")
    assert encoding.n_actions == 43
    assert [str(encoding.decode_action(i)) for i in (0, 1, 14, 15, 29, 42)] == [
        "draw",
        "take 1",
        "take dink",
        "discard 1",
        "discard 1 lay",
        "discard dink lay",
    ]


def test_a_counts_block_is_each_names_count_over_its_scale_clipped_to_one() -> None:
    names = {"a": 0, "b": 1, "c": 2, "d": 3}
    rng = random.Random(3)
    for _ in range(50):
        items = [rng.choice("abcdx") for _ in range(rng.randrange(12))]
        scales = [rng.choice([0.0, 1.0, 2.0, 3.0, 7.0]) for _ in names]
        writer = Writer(6)
        writer.flag(True)
        writer.counts(items, names, Scales(scales))
        expected = [min(items.count(name) / max(scales[i], 1.0), 1.0) for name, i in names.items()]
        np.testing.assert_allclose(writer.values[1:5], expected, rtol=1e-6)  # float32
        assert (writer.values[0], writer.values[5], writer.at) == (1.0, 0.0, 5)


def test_the_board_games_outcome_die_shows_every_face_in_its_own_slot() -> None:
    """The outcome die repeats IN; each of IN, OUT and ACE still has a slot of its own."""
    encoding = encoding_for("board")
    offset = encoding.offsets["outcome_die"]
    shown: dict[str, list[float]] = {}
    for variant in (v for v in VARIANTS if v.game == "board" and v.players == 2):
        for state in _random_positions(variant, 6):
            face = state.observe(0).outcome_die  # type: ignore[attr-defined]
            if face is not None:
                shown[face] = encoding.encode_state(state, 0)[offset : offset + 3].tolist()
    assert shown == {"in": [1, 0, 0], "out": [0, 1, 0], "ace": [0, 0, 1]}
