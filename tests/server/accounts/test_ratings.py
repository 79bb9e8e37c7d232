"""Ratings: OpenSkill's own updates, once per rated table, bots fixed, leavers lose."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from pickletable.core.registry import kit_for
from pickletable.core.state import Outcome, Termination
from pickletable.server.accounts.rating_store import FinishedTable, Ratings, SeatAtEnd
from pickletable.server.accounts.ratings import BOT_RATINGS, mode_of
from pickletable.server.accounts.rows import RatingChangeRow, RatingRow
from pickletable.server.accounts.users import Users
from pickletable.server.storage import Storage

Database = sessionmaker[Session]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Database:
    url = (
        f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        if request.param == "sqlite"
        else request.getfixturevalue("postgres_url")
    )
    storage = Storage(url)
    request.addfinalizer(storage.close)
    return sessionmaker(storage.engine, expire_on_commit=False)


def seated(db: Database, table: str, count: int) -> list[int]:
    """`count` new accounts seated at `table` in seats 0, 1, ...: their ids."""
    users = Users(db)
    ids = []
    for seat in range(count):
        user = users.sign_up(f"{table}-p{seat}", "a long password")
        users.claim_seat(user.id, table, seat)
        ids.append(user.id)
    return ids


def people(count: int, left: tuple[int, ...] = ()) -> tuple[SeatAtEnd, ...]:
    return tuple(SeatAtEnd(seat, human=True, left=seat in left) for seat in range(count))


def rating_of(db: Database, user: int) -> RatingRow:
    with db() as session:
        row = session.scalar(select(RatingRow).where(RatingRow.user_id == user))
        assert isinstance(row, RatingRow)
        return row


def test_singles_the_winner_gains_what_openskill_says(database: Database) -> None:
    ratings = Ratings(database)
    ann, bob = seated(database, "t1", 2)
    ratings.ask("t1", "board", "singles")
    outcome = Outcome((1,), {0: 9, 1: 11}, Termination.TARGET)
    assert ratings.table_over(FinishedTable("t1", outcome, people(2)))
    model = PlackettLuce()
    [[won], [lost]] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    assert rating_of(database, bob).mu == pytest.approx(won.mu)
    assert rating_of(database, ann).mu == pytest.approx(lost.mu)
    assert rating_of(database, ann).sigma == pytest.approx(lost.sigma)


def test_doubles_rates_two_teams(database: Database) -> None:
    ratings = Ratings(database)
    players = seated(database, "t2", 4)
    ratings.ask("t2", "board", "doubles")
    outcome = Outcome((0, 2), {0: 11, 1: 7, 2: 11, 3: 7}, Termination.TARGET)
    ratings.table_over(FinishedTable("t2", outcome, people(4)))
    model = PlackettLuce()
    new = model.rate([[model.rating(), model.rating()], [model.rating(), model.rating()]])
    for seat, user in enumerate(players):
        expected = new[0][0] if seat in (0, 2) else new[1][0]
        assert rating_of(database, user).mu == pytest.approx(expected.mu)


def test_a_six_player_free_for_all_ranks_by_the_outcome(database: Database) -> None:
    ratings = Ratings(database)
    players = seated(database, "t3", 6)
    ratings.ask("t3", "slam", "6 players")
    scores: dict[int, float] = {
        0: 1,
        1: 3,
        2: 0,
        3: 2,
        4: 2,
        5: 1,
    }  # seat 1 wins; 3 and 4 tie, 0 and 5 tie
    ratings.table_over(FinishedTable("t3", Outcome((1,), scores, Termination.TOKENS), people(6)))
    model = PlackettLuce()
    order = [1, 3, 4, 0, 5, 2]
    places = [1, 2, 2, 4, 4, 6]
    new = model.rate([[model.rating()] for _ in order], ranks=[float(p) for p in places])
    for [rating], seat in zip(new, order, strict=True):
        assert rating_of(database, players[seat]).mu == pytest.approx(rating.mu)


def test_a_table_is_rated_once(database: Database) -> None:
    ratings = Ratings(database)
    ann, _bob = seated(database, "t4", 2)
    ratings.ask("t4", "card", "singles")
    finished = FinishedTable("t4", Outcome((0,), {0: 5, 1: 3}, Termination.TARGET), people(2))
    assert ratings.table_over(finished)
    assert not ratings.table_over(finished)
    assert rating_of(database, ann).games == 1


def test_two_workers_racing_to_rate_one_table_rate_it_once(database: Database) -> None:
    ann, _bob = seated(database, "t5", 2)
    Ratings(database).ask("t5", "card", "singles")
    finished = FinishedTable("t5", Outcome((0,), {0: 5, 1: 3}, Termination.TARGET), people(2))
    workers = [Ratings(database), Ratings(database)]
    barrier, results = threading.Barrier(2), []

    def finish(worker: Ratings) -> None:
        barrier.wait()
        results.append(worker.table_over(finished))

    threads = [threading.Thread(target=finish, args=(worker,)) for worker in workers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert rating_of(database, ann).games == 1
    with database() as session:
        assert len(session.scalars(select(RatingChangeRow)).all()) == 2


def test_a_table_not_asked_to_be_rated_changes_nothing(database: Database) -> None:
    ratings = Ratings(database)
    seated(database, "t6", 2)
    finished = FinishedTable("t6", Outcome((0,), {}, Termination.TARGET), people(2))
    assert not ratings.table_over(finished)


def test_a_guest_at_the_end_makes_the_table_count_for_nobody(database: Database) -> None:
    ratings = Ratings(database)
    [ann] = seated(database, "t7", 1)
    ratings.ask("t7", "card", "singles")
    outcome = Outcome((0,), {0: 5, 1: 3}, Termination.TARGET)
    ratings.table_over(FinishedTable("t7", outcome, people(2)))
    assert ratings.of_user(ann) == []


def test_a_player_who_left_loses_though_the_bot_won(database: Database) -> None:
    ratings = Ratings(database)
    ann, bob = seated(database, "t8", 2)
    ratings.ask("t8", "card", "singles")
    outcome = Outcome((0,), {0: 5, 1: 3}, Termination.TARGET)  # Ann's seat won, by a bot
    ratings.table_over(FinishedTable("t8", outcome, people(2, left=(0,))))
    assert rating_of(database, ann).mu < 25 < rating_of(database, bob).mu
    with database() as session:
        change = session.get(RatingChangeRow, ("t8", ann))
        assert change is not None and change.result == "left"


def test_a_bot_plays_at_its_levels_fixed_rating(database: Database) -> None:
    ratings = Ratings(database)
    [ann] = seated(database, "t9", 1)
    ratings.ask("t9", "card", "singles")
    seats = (
        SeatAtEnd(0, human=True, left=False),
        SeatAtEnd(1, human=False, left=False, level="hard"),
    )
    ratings.table_over(FinishedTable("t9", Outcome((0,), {0: 5, 1: 3}, Termination.TARGET), seats))
    model = PlackettLuce()
    mu, sigma = BOT_RATINGS["card"]["hard"]
    [[won], _] = model.rate([[model.rating()], [model.rating(mu=mu, sigma=sigma)]], ranks=[1, 2])
    assert rating_of(database, ann).mu == pytest.approx(won.mu)
    assert ratings.of_user(ann)[0]["provisional"] is True


def test_modes_come_from_the_kit() -> None:
    assert mode_of(kit_for("board"), 2, {}) == "singles"
    assert mode_of(kit_for("board"), 4, {}) == "doubles"
    assert mode_of(kit_for("card"), 3, {}) == "3 players"
    assert mode_of(kit_for("slam"), 4, {"doubles": True}) == "doubles"
    assert mode_of(kit_for("slam"), 4, {"doubles": False}) == "4 players"
    assert mode_of(kit_for("slam"), 6, {}) == "6 players"
