"""A policy trained with pickletable.envs is a bot: ``bot:learned:PATH`` (terminal, arena)."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from pickletable.bots import bot_from_name, make_bot
from pickletable.core.errors import SeatError
from pickletable.core.match import run_match
from pickletable.core.registry import get_game
from pickletable.core.seats import parse_seats
from pickletable.envs.learning import LinearPolicy
from pickletable.envs.table import encoding_for


def saved_policy(tmp_path: Path, game: str = "card", players: int = 2) -> Path:
    encoding = encoding_for(game, players)
    path = tmp_path / f"{game}.npz"
    LinearPolicy(encoding.n_actions, encoding.size).save(
        path, game=game, players=players, options={}
    )
    return path


def test_a_learned_bot_plays_a_whole_game_of_legal_moves(tmp_path: Path) -> None:
    path = saved_policy(tmp_path)
    state = get_game("card").new_game(2)
    bots = {seat: bot_from_name(f"learned:{path}", "card") for seat in state.seats}
    run_match(state, bots, random.Random(1))  # raises on any illegal move
    assert state.is_over


def test_a_seat_may_be_a_learned_bot_in_the_terminal_not_on_the_server(tmp_path: Path) -> None:
    path = saved_policy(tmp_path)
    specs = parse_seats(f"human,bot:learned:{path}", 2, learned=True)
    assert make_bot(specs[1].level, "card").name == "learned"
    with pytest.raises(SeatError, match="terminal and the arena"):
        parse_seats(f"human,bot:learned:{path}", 2)


def test_a_policy_for_another_game_or_no_policy_is_refused(tmp_path: Path) -> None:
    path = saved_policy(tmp_path, "slam", 3)
    with pytest.raises(SeatError, match="trained for 'slam', not 'card'"):
        bot_from_name(f"learned:{path}", "card")
    with pytest.raises(SeatError, match="not a policy"):
        bot_from_name(f"learned:{tmp_path / 'missing.npz'}", "card")


class FirstLegal:
    """A policy of another format, brought by a factory: the first action the mask allows."""

    def act(self, observation: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> int:
        return int(np.flatnonzero(mask)[0])


def first_legal(game_id: str) -> FirstLegal:
    return FirstLegal()


def test_a_policy_factory_named_by_module_plays_a_whole_game_in_the_arena() -> None:
    state = get_game("slam").new_game(3)
    spec = "learned:tests.envs.test_learned_bot:first_legal"
    bots = {seat: bot_from_name(spec, "slam") for seat in state.seats}
    run_match(state, bots, random.Random(2))
    assert state.is_over


def test_an_unknown_policy_format_is_refused_with_the_forms_that_load(tmp_path: Path) -> None:
    with pytest.raises(SeatError, match=r"not a known policy format \(files: .npz"):
        bot_from_name(f"learned:{tmp_path / 'agent.pt'}", "card")
    with pytest.raises(SeatError, match="no policy factory there"):
        bot_from_name("learned:tests.envs.no_such_module:make", "card")
