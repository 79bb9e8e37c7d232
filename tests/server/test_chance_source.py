"""Dice and cards come from the kernel's CSPRNG through one pool: no byte is handed out twice."""

from __future__ import annotations

import os
import secrets

from pickletable.games.card import GAME as CARD
from pickletable.games.slam import GAME as SLAM
from pickletable.server.chance_source import PooledSystemRandom


def test_draws_never_repeat_bytes_across_tables() -> None:
    one, two = PooledSystemRandom(), PooledSystemRandom()
    draws = [rng.randbytes(16) for _ in range(500) for rng in (one, two)]
    assert len(set(draws)) == len(draws)
    assert isinstance(one, secrets.SystemRandom)


def test_a_forked_child_does_not_repeat_its_parents_bytes() -> None:
    rng = PooledSystemRandom()
    rng.random()  # the pool holds bytes the child must not reuse
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover - the child process
        os.write(writer, rng.randbytes(16))
        os._exit(0)
    os.close(writer)
    theirs = os.read(reader, 16)
    os.close(reader)
    os.waitpid(child, 0)
    assert len(theirs) == 16 and theirs != rng.randbytes(16)


def test_a_view_may_be_changed_without_changing_the_next_one() -> None:
    # What never changes in a game (a deck's cards) is made once per deck; each
    # view gets its own copy.
    card = CARD.new_game(2)
    first = CARD.presenter.view(card, 0)
    first["deck"]["dink"]["title"] = "changed"
    first["titles"]["dink"] = "changed"
    again = CARD.presenter.view(card, 0)
    assert again["deck"]["dink"]["title"] == again["titles"]["dink"] == "Dink Shot"
    slam = SLAM.new_game(3)
    seen = SLAM.presenter.view(slam, 0)
    seen["cards"]["switch-4"]["label"] = seen["labels"]["switch-4"] = "changed"
    again = SLAM.presenter.view(slam, 0)
    assert again["cards"]["switch-4"]["label"] == again["labels"]["switch-4"] == "4 (SWITCH)"
