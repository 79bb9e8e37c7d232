"""Undo at a casual web table: a player asks to take back its last move, the other people
accept or refuse, bots accept; refused once a die or a card came up since and at rated
tables; the record keeps the undo and replays; the table survives a restart after one."""

from __future__ import annotations

import random
import secrets
import time
from typing import Any

from pickletable.core.actions import Action
from pickletable.core.records import replay
from pickletable.core.registry import get_game
from pickletable.core.state import CHANCE
from pickletable.server.live import PLAYING, LiveTable
from pickletable.server.seats import Seat, hash_token, new_token
from pickletable.server.storage import Storage
from tests.server.accounts.test_rated_table import post, rated_slam
from tests.server.conftest import Client, Player, TurnTimer, manager_of, wait_for

BLUE, YELLOW = 0, 2  # the board game's singles seats
TO_BLUES_THIRD_SHOT = [
    "draw big-banger-bo",
    "draw spin-doctor-sid",
    *(f"draw {card}" for card in ["in-drop", "in-lob", "in-volley", "drive", "volley", "dink"]),
    *(f"draw {card}" for card in ["in-drop", "in-dink", "ace", "drive", "volley", "lob"]),
    "roll blue",
    *("serve", "roll in"),  # Blue serves in
    *("roll", "roll in", "roll volley"),  # Yellow returns with a Volley
]
"""An advanced board game where Blue may answer with a Skill Card: no die follows one."""


def staged_board(
    database_url: str, yellow: str = "human:Bob", turn_seconds: int = 0
) -> tuple[str, dict[int, str]]:
    """Store an advanced board game at Blue's third shot (Blue is Ann); the server, once
    started, plays on from there. Returns the table's id and each person's seat token."""
    return stage(database_url, "board", ["human:Ann", yellow], TO_BLUES_THIRD_SHOT, turn_seconds)


def stage(
    database_url: str,
    game_id: str,
    seats: list[str],
    moves: list[str] | None,
    turn_seconds: int = 0,
) -> tuple[str, dict[int, str]]:
    """Store a table of `game_id` that has played `moves` (None: the deal, drawn with a
    seeded generator, up to the first player's move) with a turn clock of `turn_seconds`
    (0: none); returns its id and the tokens."""
    game = get_game(game_id)
    table = LiveTable(
        id=secrets.token_urlsafe(6),
        game=game,
        players=len(seats),
        options=game.options.resolve({"level": "advanced"} if game_id == "board" else {}),
        content=game.default_content(),
        seats=[],
        seed=0,
        status=PLAYING,
        active=time.time(),
        turn_seconds=turn_seconds,
        chance=random.Random(4),
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
    if moves is None:
        table.chance_steps()
    for move in moves or []:
        player = table.state.current_player
        assert player is not None
        table.apply(player, Action.from_text(move))
    storage = Storage(database_url)
    try:
        storage.create_table({**table.row(), "created": f"{time.time():.6f}"})
        storage.append_steps(table.id, table.steps)
    finally:
        storage.close()
    return table.id, tokens


def blue_plays_a_skill_card(ann: Player) -> None:
    """Ann (Blue) answers Yellow's Volley with the Skill Card IN, Drop."""
    wait_for(ann, lambda view: any(c["action"] == "skill in-drop" for c in view["legal"]))
    ann.act("skill in-drop")
    wait_for(ann, lambda view: view["to_act"] == YELLOW)


def ask(client: Client, table_id: str, token: str) -> Any:
    return client.post(f"/api/tables/{table_id}/undo", headers={"X-Seat-Token": token})


def answer(client: Client, table_id: str, token: str, accept: bool) -> Any:
    return client.post(
        f"/api/tables/{table_id}/undo/answer",
        json={"accept": accept},
        headers={"X-Seat-Token": token},
    )


def test_the_other_person_accepts_and_the_move_goes_from_the_table_the_record_and_the_database(
    serve: Any, database_url: str
) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card(ann)
        before = len(manager_of(client).tables[table_id].steps) - 1  # the Skill Card's step
        assert ann.view["undo"]["may_ask"] == [BLUE]  # the page offers Ann the button
        asked = ask(client, table_id, tokens[BLUE])
        assert asked.status_code == 200, asked.text
        assert asked.json() == {"granted": False, "waiting": [YELLOW]}
        view = wait_for(ann, lambda view: view["undo"]["request"] is not None)
        assert view["undo"]["request"] == {"seat": BLUE, "moves": 1, "waiting": [YELLOW]}
        assert "Blue (Ann) asks to take back their last move." in ann.log

        accepted = answer(client, table_id, tokens[YELLOW], accept=True)
        assert accepted.json() == {"granted": True, "waiting": []}
        view = wait_for(ann, lambda view: view["step"] == before)
        assert view["to_act"] == BLUE
        assert view["undo"] == {"request": None, "granted": 1, "may_ask": []}
        assert any(choice["action"] == "skill in-drop" for choice in view["legal"])
        assert ann.log[-1] == "Blue (Ann) took back: skill in-drop (Yellow (Bob) agreed)."
        assert "Blue plays the Skill Card IN, Drop." not in ann.log
        record = manager_of(client).tables[table_id].record()
    assert record["meta"]["undone"] == [{"seat": BLUE, "at": before, "moves": ["skill in-drop"]}]
    assert len(record["steps"]) == before
    replay(record)  # the record still replays
    stored = Storage(database_url)
    try:
        (table,) = stored.load(table_id=table_id)
    finally:
        stored.close()
    assert [step.index for step in table.steps] == list(range(before))
    assert table.row["undone"] == record["meta"]["undone"]


def test_after_an_undo_the_table_s_row_says_whose_move_it_is_and_their_clock_is_their_own(
    serve: Any, database_url: str
) -> None:
    day, now = 86400, [1_800_000_000.0]  # a long clock: "My tables" reads the row's turn
    table_id, tokens = staged_board(database_url, turn_seconds=day)
    with (
        serve(turn_wait=TurnTimer(), now=lambda: now[0]) as client,
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card(ann)
        bobs = wait_for(ann, lambda view: view["clock"] is not None)["clock"]
        assert bobs["seat"] == YELLOW
        now[0] += 3600
        ask(client, table_id, tokens[BLUE])
        assert answer(client, table_id, tokens[YELLOW], accept=True).json()["granted"]
        clock = wait_for(ann, lambda view: (view["clock"] or {}).get("seat") == BLUE)["clock"]
        assert clock["deadline"] == now[0] + day  # not what was left of Bob's
    row = stored_row(database_url, table_id)  # read once the server is done with the file
    assert (row["to_move"], row["turn_deadline"]) == (BLUE, now[0] + day)


def stored_row(database_url: str, table_id: str) -> dict[str, Any]:
    """The table's row as the database holds it."""
    stored = Storage(database_url)
    try:
        (table,) = stored.load(table_id=table_id)
    finally:
        stored.close()
    return table.row


def test_after_an_undo_a_restarted_server_rebuilds_the_table_where_the_undo_left_it(
    serve: Any, database_url: str
) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        blue_plays_a_skill_card(Player(socket, tokens[BLUE]))
        ask(client, table_id, tokens[BLUE])
        assert answer(client, table_id, tokens[YELLOW], accept=True).json()["granted"]
        before = manager_of(client).tables[table_id].record()
    with serve() as client:
        table = manager_of(client).tables[table_id]
        assert table.read_only is None and table.state.current_player == BLUE
        assert table.logs[None][-1] == "Blue (Ann) took back: skill in-drop (Yellow (Bob) agreed)."
        after = manager_of(client).tables[table_id].record()
        assert after["steps"] == before["steps"]
        assert after["meta"]["undone"] == before["meta"]["undone"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            ann = Player(socket, tokens[BLUE])
            wait_for(ann, lambda view: view["legal"] != [])
            ann.act("skill in-lob")  # play goes on, from the position before the Skill Card
            wait_for(ann, lambda view: view["to_act"] == YELLOW)
            assert "Blue plays the Skill Card IN, Lob." in ann.log


def test_one_refusal_and_the_move_stands(serve: Any, database_url: str) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card(ann)
        step = ann.view["step"]
        ask(client, table_id, tokens[BLUE])
        refused = answer(client, table_id, tokens[YELLOW], accept=False)
        assert refused.json() == {"granted": False, "waiting": []}
        view = wait_for(ann, lambda view: view["undo"]["request"] is None)
        assert view["step"] == step and view["undo"]["granted"] == 0
        assert ann.log[-1] == "Yellow (Bob) refuses: Blue (Ann)'s move stands."
        again = answer(client, table_id, tokens[YELLOW], accept=True)
        assert again.status_code == 409 and "no undo request is waiting" in again.json()["detail"]
        own = ask(client, table_id, tokens[YELLOW])
        assert own.status_code == 409  # Yellow has no move since the last die


def test_the_asker_cannot_answer_its_own_request(serve: Any, database_url: str) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        blue_plays_a_skill_card(Player(socket, tokens[BLUE]))
        ask(client, table_id, tokens[BLUE])
        assert answer(client, table_id, tokens[BLUE], accept=True).status_code == 403
        assert ask(client, table_id, tokens[BLUE]).status_code == 409  # one request at a time


def test_refused_once_a_die_has_been_rolled_since(serve: Any, database_url: str) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client:  # Blue's last move was the serve, and a die rolled IN after it
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            assert Player(socket, tokens[BLUE]).current()["undo"]["may_ask"] == []
        refused = ask(client, table_id, tokens[BLUE])
        assert refused.status_code == 409
        assert refused.json()["detail"] == (
            "too late to take that back: a card or a die was revealed since"
        )
        assert manager_of(client).tables[table_id].undone == []


def test_a_bot_accepts_at_once_and_its_move_in_the_making_is_dropped(
    serve: Any, database_url: str
) -> None:
    table_id, tokens = staged_board(database_url, yellow="bot:easy")
    held = TurnTimer()  # the bot's move waits for its release time until the test says so
    with (
        serve(bot_delay=0.5, bot_wait=held) as client,
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card_before_the_bot(ann, held)
        asked = ask(client, table_id, tokens[BLUE])
        assert asked.json() == {"granted": True, "waiting": []}
        view = wait_for(ann, lambda view: view["undo"]["granted"] == 1 and view["legal"] != [])
        assert view["to_act"] == BLUE and ann.log[-1] == "Blue (Ann) took back: skill in-drop."
        ann.act("skill in-lob")  # the same step again, another position
        wait_for(ann, lambda view: view["to_act"] == YELLOW)
        held.run_out()  # the bot's answer to the Drop is due now: it is dropped, not played
        table = manager_of(client).tables[table_id]
        deadline = time.monotonic() + 30
        while len(held.asked) < 2:  # it thinks again, about the Lob
            assert time.monotonic() < deadline, "the bot did not think again"
            ann.current()
        assert str(table.state.history[-1]) == "skill in-lob"


def test_after_an_undo_the_asker_s_turn_clock_runs_again(serve: Any, database_url: str) -> None:
    table_id, tokens = staged_board(database_url, yellow="bot:easy", turn_seconds=30)
    held, clocks = TurnTimer(), TurnTimer()
    with (
        serve(bot_delay=0.5, bot_wait=held, turn_wait=clocks) as client,
        client.websocket_connect(f"/ws/tables/{table_id}") as socket,
    ):
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card_before_the_bot(ann, held)
        assert ask(client, table_id, tokens[BLUE]).json()["granted"]
        wait_for(ann, lambda view: view["undo"]["granted"] == 1 and view["legal"] != [])
        held.run_out()  # the bot's dropped move: the driver looks at the table again
        deadline = time.monotonic() + 30
        while len(clocks.asked) < 2:  # Blue's turn again: a clock of its own
            assert time.monotonic() < deadline, "Blue's turn has no clock"
            ann.current()
        clocks.run_out()
        ran_out = "Blue's clock ran out:"
        wait_for(ann, lambda view: any(line.startswith(ran_out) for line in ann.log))


def blue_plays_a_skill_card_before_the_bot(ann: Player, held: TurnTimer) -> None:
    """Ann plays the Skill Card; the bot's answer is chosen and waits for its release."""
    wait_for(ann, lambda view: any(c["action"] == "skill in-drop" for c in view["legal"]))
    ann.act("skill in-drop")
    deadline = time.monotonic() + 30
    while not held.asked:  # the bot has chosen and waits to be released
        assert time.monotonic() < deadline, "the bot did not choose"
        ann.current()


def test_undo_is_refused_at_a_rated_table(client: Client) -> None:
    _, table, made, _ = rated_slam(client)
    assert post(client, f"/api/tables/{table}/rated", made["token"]).status_code == 204
    assert post(client, f"/api/tables/{table}/start", made["token"]).status_code == 204
    for refused in (
        post(client, f"/api/tables/{table}/undo", made["token"]),
        post(client, f"/api/tables/{table}/undo/answer", made["token"], accept=True),
    ):
        assert refused.status_code == 409
        assert "no win chance, hints or undo at a rated table" in refused.json()["detail"]


def test_a_spectator_cannot_ask(serve: Any, database_url: str) -> None:
    table_id, _ = staged_board(database_url)
    with serve() as client:
        refused = client.post(f"/api/tables/{table_id}/undo")
        assert refused.status_code == 403


def test_in_the_card_game_a_take_goes_back_but_not_once_the_other_player_has_moved(
    serve: Any, database_url: str
) -> None:
    table_id, tokens = stage(database_url, "card", ["human:Ann", "human:Bob"], None)
    url = f"/ws/tables/{table_id}"
    with (
        serve() as client,
        client.websocket_connect(url) as one,
        client.websocket_connect(url) as two,
    ):
        players = {
            seat: Player(socket, tokens[seat])
            for seat, socket in zip(tokens, (one, two), strict=True)
        }
        first = manager_of(client).tables[table_id].state.current_player
        assert first is not None
        mover, other = players[first], players[next(s for s in tokens if s != first)]
        take = next(c["action"] for c in mover.current()["legal"] if c["action"].startswith("take"))
        mover.act(take)  # the card taken was face up: nothing is revealed
        wait_for(mover, lambda view: view["step"] > 0 and view["legal"] != [])
        assert ask(client, table_id, mover.token or "").json()["granted"] is False
        assert answer(client, table_id, other.token or "", accept=True).json()["granted"]
        view = wait_for(mover, lambda view: view["undo"]["granted"] == 1)
        assert any(choice["action"] == take for choice in view["legal"])

        mover.act(take)
        wait_for(mover, lambda view: view["legal"] and view["legal"][0]["action"] != take)
        mover.act(
            next(c["action"] for c in mover.view["legal"] if c["action"].startswith("discard"))
        )
        reply = wait_for(other, lambda view: view["legal"] != [])
        other.act(next(c["action"] for c in reply["legal"] if c["action"].startswith("take")))
        wait_for(other, lambda view: view["step"] > reply["step"])
        refused = ask(client, table_id, mover.token or "")
        assert refused.status_code == 409
        assert refused.json()["detail"] == (
            "too late to take that back: another player has moved since "
            "(a move shows what they hold)"
        )


def test_the_asker_may_withdraw_its_request_and_ask_again(serve: Any, database_url: str) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card(ann)
        ask(client, table_id, tokens[BLUE])
        headers = {"X-Seat-Token": tokens[YELLOW]}
        assert client.delete(f"/api/tables/{table_id}/undo", headers=headers).status_code == 409
        headers = {"X-Seat-Token": tokens[BLUE]}
        assert client.delete(f"/api/tables/{table_id}/undo", headers=headers).status_code == 204
        view = wait_for(ann, lambda view: view["undo"]["request"] is None)
        assert ann.log[-1] == "Blue (Ann) withdraws the undo request."
        assert view["undo"]["may_ask"] == [BLUE]  # and may ask again


def test_a_request_lapses_when_everyone_asked_has_left_for_a_bot(
    serve: Any, database_url: str
) -> None:
    table_id, tokens = staged_board(database_url)
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        ann = Player(socket, tokens[BLUE])
        blue_plays_a_skill_card(ann)
        ask(client, table_id, tokens[BLUE])
        step = ann.view["step"]
        left = client.post(
            f"/api/tables/{table_id}/seats/{YELLOW}/bot",
            json={"level": "easy"},
            headers={"X-Seat-Token": tokens[YELLOW]},
        )
        assert left.status_code == 204, left.text
        view = wait_for(ann, lambda view: view["step"] > step)  # the bot played on
        assert view["undo"]["request"] is None


def test_a_card_discarded_face_down_stays_hidden_when_the_discard_is_taken_back(
    serve: Any, database_url: str
) -> None:
    moves, mover = a_face_down_discard_before_a_decision()
    seats = ["human:Ann", "human:Bob", "human:Cy"]
    table_id, tokens = stage(database_url, "slam", seats, moves)
    others = [seat for seat in tokens if seat != mover]
    with serve() as client, client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        watcher = Player(socket, tokens[others[0]])
        assert ask(client, table_id, tokens[mover]).json()["granted"] is False
        for seat in others:
            answer(client, table_id, tokens[seat], accept=True)
        wait_for(watcher, lambda view: view["undo"]["granted"] == 1)
    line = watcher.log[-1]
    assert " took back: " in line
    assert moves[-1] not in line  # "discard 7": the card only its player saw


def a_face_down_discard_before_a_decision() -> tuple[list[str], int]:
    """The steps of a seeded random 3-player Slam game up to a card discarded face down
    that another player's decision follows (no card drawn since: it may be taken back),
    and the seat that discarded it."""
    game = get_game("slam")
    rng = random.Random(3)
    state = game.new_game(3)
    moves: list[str] = []
    while state.current_player is not None:
        player = state.current_player
        legal = state.legal_actions()
        action = state.sample_chance(rng) if player == CHANCE else rng.choice(legal)
        secret = any(event.secret for event in state.apply(action))
        moves.append(str(action))
        if player != CHANCE and secret and state.current_player not in (None, CHANCE, player):
            return moves, player
    raise AssertionError("no face-down discard before another player's decision")
