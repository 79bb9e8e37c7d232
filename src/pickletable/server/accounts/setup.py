"""Accounts and ratings set up beside a running table manager (the app's lifespan)."""

from __future__ import annotations

from typing import Any

from sqlalchemy.orm import sessionmaker

from pickletable.server.accounts.attempts import attempts_for
from pickletable.server.accounts.queue import Queue
from pickletable.server.accounts.rating_store import Ratings
from pickletable.server.accounts.service import Accounts
from pickletable.server.accounts.table_end import RateWhenOver
from pickletable.server.accounts.users import Users
from pickletable.server.manager import TableManager


def open_accounts(state: Any, manager: TableManager) -> RateWhenOver:
    """Put the accounts and ratings on the app's state; finished tables get rated."""
    assert manager.storage is not None
    sessions = sessionmaker(manager.storage.engine, expire_on_commit=False)
    users = Users(sessions, manager.settings.password_hasher)
    state.accounts = Accounts(sessions, attempts_for(manager), users)
    state.ratings = Ratings(sessions)
    state.queue = Queue(sessions, state.accounts.users, state.ratings)
    rate = RateWhenOver(state.ratings)
    manager.when_over.append(rate)
    state.rate_when_over = rate
    return rate
