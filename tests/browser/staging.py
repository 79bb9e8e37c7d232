"""Tables staged in a chosen position, for browser tests that need exact cards or dice.

A server rebuilds a table it does not hold from its stored steps when the table
is first asked for. So a test writes a table whose steps are a script of moves
(chance outcomes included, in the games' own notation) into the running server's
database, and the first page that opens it finds the table exactly where the
script left it (no restart: a start costs the suite about two processor-seconds).
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Page, expect

from pickletable.core.actions import Action
from pickletable.core.chance import sample_outcome
from pickletable.core.events import Event
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE, GameState
from pickletable.server.live import PLAYING, LiveTable
from pickletable.server.seats import Seat, hash_token, new_token
from pickletable.server.storage import Storage
from tests.browser.conftest import Server

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


@dataclass
class StagedTable:
    """A table in play on the server, and the secret token of each human seat."""

    id: str
    tokens: dict[int, str]


def stage_table(
    server: Server,
    game_id: str,
    seats: list[str],
    moves: list[str],
    options: dict[str, Any] | None = None,
) -> StagedTable:
    """Store a table that has played `moves` in `server`'s database; it plays on once asked for.

    `seats` has one entry per seat: ``human:NAME`` or ``bot:LEVEL``.
    """
    game = get_game(game_id)
    table = LiveTable(
        id=secrets.token_urlsafe(6),
        game=game,
        players=len(seats),
        options=game.options.resolve(options or {}),
        content=game.default_content(),
        seats=[],
        seed=1,
        status=PLAYING,
        active=time.time(),
    )
    tokens: dict[int, str] = {}
    for number, entry in zip(table.state.seats, seats, strict=True):
        kind, _, detail = entry.partition(":")
        seat = Seat(number, table.state.seat_name(number), kind)
        if kind == "bot":
            seat.level = detail
        else:
            tokens[number] = new_token()
            seat.player, seat.token_hash = detail, hash_token(tokens[number])
        table.seats.append(seat)
    for move in moves:
        player = table.state.current_player
        assert player is not None, "a move after the end of the game"
        table.apply(player, Action.from_text(move))
    storage = Storage(server.database_url)
    try:
        storage.create_table({**table.row(), "created": f"{time.time():.6f}"})
        storage.append_steps(table.id, table.steps)
    finally:
        storage.close()
    return StagedTable(table.id, tokens)


def random_moves(
    game_id: str,
    players: int,
    until: Callable[[GameState, list[Event]], bool],
    seed: int = 1,
    options: dict[str, Any] | None = None,
) -> tuple[list[str], GameState, list[Event]]:
    """Random legal moves from a new game (with `options`) until `until(state, events so far)`.

    Returns the moves, the state they lead to and the events they caused.
    """
    state = get_game(game_id).new_game(players, options)
    rng = random.Random(seed)
    moves: list[str] = []
    events: list[Event] = []
    while not until(state, events):
        assert not state.is_over, "the game ended first"
        if state.current_player == CHANCE:
            action = sample_outcome(state, rng)
        else:
            action = rng.choice(state.legal_actions())
        moves.append(str(action))
        events += state.apply(action)
    return moves, state, events


def open_seat(
    browser: Any,
    server: Server,
    table_id: str,
    token: str | None,
    viewport: dict[str, int] | None = None,
    script: str | None = None,
) -> Page:
    """The table page in a browser of its own (desktop size unless told), holding `token`.

    `token` None opens it as a visitor; `script` runs in the page before its own.
    """
    context = browser.new_context(viewport=viewport or DESKTOP)
    if token:
        context.add_init_script(f"localStorage.setItem('pickletable:seat:{table_id}', '{token}')")
    if script:
        context.add_init_script(script)
    page: Page = context.new_page()
    page.goto(f"{server.url}/table/{table_id}")
    expect(page.locator("body")).to_have_attribute("data-status", "playing")
    return page
