"""Checks on what a client sends a table: names, moves and the step they answer."""

from __future__ import annotations

from pickletable.core.actions import Action
from pickletable.core.errors import InvalidActionError
from pickletable.server.config import Limits
from pickletable.server.errors import BadRequest, Refused, TooMany, Unavailable
from pickletable.server.live import OVER, LiveTable
from pickletable.server.names import clean_name, same_name
from pickletable.server.seats import BOT, HUMAN


def checked_name(name: str) -> str:
    """A display name through the one name check (`names.clean_name`), or `BadRequest`."""
    try:
        return clean_name(name)
    except ValueError as error:
        raise BadRequest(str(error)) from None


def refuse_a_name_in_use(table: LiveTable, name: str) -> None:
    """`Refused` when a person already at the table goes by `name` (case and accents
    aside): two players of one name could not tell whose turn it is."""
    for seat in table.seats:
        if name and seat.kind == HUMAN and not seat.is_free and same_name(seat.player, name):
            raise Refused(
                f"{seat.player} already plays {seat.name} at this table: choose another name "
                "(your initial, a nickname) so everyone can tell you apart"
            )


def only_bots(table: LiveTable) -> bool:
    """A table where no person sits or may sit."""
    return all(seat.kind == BOT for seat in table.seats)


def repeated_move(table: LiveTable, seat: int, text: str, step: int | None) -> bool:
    """Whether a move for `step` is the seat's last accepted move, sent again."""
    if step is None or not 0 <= step < len(table.steps):
        return False
    done = table.steps[step]
    later = any(s.by == seat for s in table.steps[step + 1 :])
    try:
        same = done.action == str(Action.from_text(text))
    except InvalidActionError:
        return False
    return same and done.by == seat and not later


def check_step(table: LiveTable, step: int | None, required: bool) -> None:
    """Refuse a move that answers another step than the table's current one."""
    now = len(table.steps)
    if step is None:
        if required:
            raise Refused(
                f'a move says the step of the view it answers ("step": {now} now)', step=now
            )
        return
    if step != now:
        raise Refused(
            f"that move answers step {step}, but the table is at step {now}: "
            "choose again from the new view",
            step=now,
        )


def check_room(limits: Limits, tables: list[LiveTable], *, bots_only: bool) -> None:
    """Refuse a new table past the live-table or bot-only-table limit.

    `bots_only`: the table to come has bots only, however it got them (made so,
    started with bots in every free seat, its last person's seat handed to a bot,
    or a rematch with bots for everyone).
    """
    live = [t for t in tables if t.status != OVER]
    if len(live) >= limits.live_tables:
        raise Unavailable(
            f"the server has {len(live)} open tables, its limit: try again when some have finished"
        )
    if bots_only and sum(1 for t in live if only_bots(t)) >= limits.bot_tables:
        raise TooMany(
            f"there are {limits.bot_tables} tables of bots only, the limit, and this would "
            "be one more: keep one seat for a person, or watch one of those"
        )
