"""Live play over the WebSocket: turns, refusals, hidden hands, bots, the clock, rematches."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from pickletable.core.actions import Action
from pickletable.core.records import replay
from tests.server.conftest import (
    Client,
    Player,
    TurnTimer,
    join,
    manager_of,
    new_table,
    play_until,
    start,
    wait_for,
)

QUICK: dict[str, tuple[list[str], dict[str, Any]]] = {
    "board": (["human", "human"], {"target": 1.5}),
    "card": (["human", "human"], {"target_score": 2, "win_by": 1}),
    "slam": (["human", "human", "bot:easy"], {"tokens_to_win": 1}),
}


def seated_pair(
    client: Client, game: str, options: dict[str, Any] | None = None
) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A started table of two people (`QUICK`'s short game unless `options` are given)."""
    seats, quick = QUICK[game]
    options = quick if options is None else options
    made = new_table(client, game, seats, options=options)
    table_id = made["table"]["id"]
    joined = join(client, table_id)
    start(client, table_id, made["token"])
    return table_id, made, joined


@pytest.mark.parametrize("game", sorted(QUICK))
def test_two_people_play_a_whole_game_and_its_record_replays(client: Client, game: str) -> None:
    table_id, made, joined = seated_pair(client, game)
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        players = [Player(first, made["token"]), Player(second, joined["token"])]
        moves = play_until(players)
        assert moves > 0
        final = players[0].current()
    assert final["status"] == "over"
    assert final["observation"]["outcome"] is not None
    assert not players[0].refusals and not players[1].refusals
    record = client.get(f"/api/tables/{table_id}/record").json()
    assert replay(record).is_over
    assert record["seats"][0]["player"] == "human:Ann"
    frames = client.get(f"/api/tables/{table_id}/replay").json()["frames"]
    assert len(frames) == len(record["steps"]) + 1


def test_a_move_out_of_turn_is_refused_with_whose_turn_it_is(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "board")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        blue = Player(socket, made["token"])
        view = blue.current()
        yellow_token = joined["token"]
        waiting = view["to_act"]
        assert waiting in (0, 2)
        wrong = yellow_token if waiting == 0 else made["token"]
        blue.token = wrong
        blue.act("serve")
        blue.current()
    assert blue.refusals and "turn" in blue.refusals[0]


def test_an_illegal_move_is_refused_with_the_legal_ones(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "board")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as one,
        client.websocket_connect(f"/ws/tables/{table_id}") as two,
    ):
        players = [Player(one, made["token"]), Player(two, joined["token"])]
        mover = next(p for p in players if p.current()["legal"])
        mover.act("discard 7")
        mover.act("")
        mover.current()
    assert "illegal action 'discard 7'" in mover.refusals[0]
    assert "legal now:" in mover.refusals[0]
    assert "empty action" in mover.refusals[1]


def test_a_spectator_may_watch_but_not_act(client: Client) -> None:
    table_id, _made, _joined = seated_pair(client, "card")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        watcher = Player(socket, None)
        view = watcher.current()
        assert view["you"] is None and view["legal"] == []
        watcher.act("draw")
        watcher.current()
    assert "spectators can only watch" in watcher.refusals[0]


def test_each_seat_sees_its_own_hand_and_never_the_others(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "card")
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url) as one,
        client.websocket_connect(url) as two,
        client.websocket_connect(url) as three,
    ):
        north, south = Player(one, made["token"]), Player(two, joined["token"])
        spectator = Player(three, None)
        play_until([north, south], stop=lambda moves: moves >= 3)
        views = [north.current(), south.current(), spectator.current()]
    north_view, south_view, watcher_view = (view["observation"] for view in views)
    assert north_view["hand"] and south_view["hand"]
    assert watcher_view["hand"] is None
    for view, other in ((north_view, 2), (south_view, 0)):
        seat = next(s for s in view["seats"] if s["seat"] == other)
        if not seat["laid_down"]:
            assert seat["hand"] is None
    record = client.get(f"/api/tables/{table_id}").json()
    assert "token_hash" not in json.dumps(record)


def test_a_card_only_one_seat_may_see_is_named_in_its_log_alone(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "slam")
    url = f"/ws/tables/{table_id}"
    with (
        client.websocket_connect(url) as one,
        client.websocket_connect(url) as two,
        client.websocket_connect(url) as three,
    ):
        first, second = Player(one, made["token"]), Player(two, joined["token"])
        spectator = Player(three, None)
        table = manager_of(client).tables[table_id]

        def saw_a_secret() -> bool:  # cheap: replay only once there is something to find
            return any(
                event.get("visible_to") == [0] for step in table.steps for event in step.events
            )

        def secret_lines(steps: list[Any]) -> set[str]:
            """Player 1's log lines over `steps` that name a card the others may not see."""
            state = table.game.new_game(table.players, table.options, table.content)
            lines = set()
            for step in list(steps):
                for event in state.apply(Action.from_text(step.action)):
                    if event.secret is not None and event.visible_to == (0,):
                        line = table.game.presenter.describe(state, event.for_seat(0))
                        if line != table.game.presenter.describe(state, event.for_seat(None)):
                            lines.add(line)
            return lines

        # Play on until Player 1 has drawn or discarded a card face down (a secret whose
        # line for them says more than the others' line does).
        play_until(
            [first, second],
            stop=lambda moves: moves >= 6 and saw_a_secret() and bool(secret_lines(table.steps)),
        )
        # The bot plays on meanwhile (and after the sockets close): judge the steps
        # every socket has been sent, not the table's steps at some later moment.
        steps = steps_every_socket_saw(table, [first, second, spectator])
    secret = secret_lines(steps)
    assert secret and secret <= set(first.log)
    assert not secret & (set(second.log) | set(spectator.log))


def test_bots_only_play_on_their_own_once_someone_watches(client: Client) -> None:
    made = new_table(
        client, "slam", ["bot:easy", "bot:easy", "bot:easy"], options={"tokens_to_win": 1}
    )
    table_id = made["table"]["id"]
    assert made["token"] is None and made["table"]["status"] == "waiting"
    with client.websocket_connect(f"/ws/tables/{table_id}") as watcher:
        Player(watcher, None).current()  # someone watching starts a table of bots only
    for _ in range(200):
        if client.get(f"/api/tables/{table_id}").json()["status"] == "over":
            break
        time.sleep(0.02)
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "over"


def test_a_seat_can_be_handed_to_a_bot_and_the_game_finishes(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "board")
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        blue = Player(socket, made["token"])
        blue.current()
        answer = client.post(
            f"/api/tables/{table_id}/seats/2/bot",
            json={"level": "easy"},
            headers={"X-Seat-Token": made["token"]},
        )
        assert answer.status_code == 409  # Yellow has not left: only Yellow may hand it over
        answer = client.post(
            f"/api/tables/{table_id}/seats/2/bot",
            json={"level": "easy"},
            headers={"X-Seat-Token": joined["token"]},
        )
        assert answer.status_code == 204
        play_until([blue])
        final = blue.current()
    assert final["status"] == "over"
    assert "A bot (easy) now plays Yellow." in blue.log
    yellow = final["table"]["seats"][1]
    assert yellow["kind"] == "bot" and "left" in yellow["label"]


def test_a_player_who_left_takes_the_seat_back_with_their_token(client: Client) -> None:
    # A whole game to 5.0: the bot (at no delay) must not finish the game on its own
    # before its player takes the seat back (to 1.5 it once did, and the game was over).
    table_id, made, joined = seated_pair(client, "board", options={})
    url = f"/api/tables/{table_id}/seats/2/reclaim"
    yellow = {"X-Seat-Token": joined["token"]}
    assert client.post(url, headers=yellow).status_code == 409  # nobody left: nothing to take
    left = client.post(f"/api/tables/{table_id}/seats/2/bot", json={}, headers=yellow)
    assert left.status_code == 204
    with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
        player = Player(socket, joined["token"])
        view = player.current()
        assert view["you"] == 2 and view["table"]["seats"][1]["kind"] == "bot"
        assert view["legal"] == []  # the bot plays the seat: its player is offered nothing
        refused = client.post(url, headers={"X-Seat-Token": made["token"]})
        assert refused.status_code == 403 and "only the player who left" in refused.text
        assert client.post(url).status_code == 403
        assert client.post(url, headers=yellow).status_code == 204
        view = wait_for(player, lambda v: v["table"]["seats"][1]["kind"] == "human")
    assert view["table"]["seats"][1]["label"] == "Bob"
    assert "Bob takes Yellow back from the bot." in player.log
    assert client.post(url, headers=yellow).status_code == 409


def test_a_seat_gone_past_the_grace_time_can_be_handed_over_by_another(
    serve: Any,
) -> None:
    with serve(grace_seconds=0) as client:
        table_id, made, _joined = seated_pair(client, "board")
        answer = client.post(
            f"/api/tables/{table_id}/seats/2/bot", json={}, headers={"X-Seat-Token": made["token"]}
        )
        assert answer.status_code == 204


def test_an_away_seat_says_how_long_until_it_may_be_handed_over(serve: Any) -> None:
    with serve(grace_seconds=0.8) as client:
        table_id, made, joined = seated_pair(client, "board")
        bob = joined["seat"]

        def wait() -> float:
            seats = client.get(f"/api/tables/{table_id}").json()["seats"]
            return float(next(seat for seat in seats if seat["seat"] == bob)["hand_over_in"])

        left = wait()
        assert 0 < left <= 0.8
        early = client.post(
            f"/api/tables/{table_id}/seats/{bob}/bot",
            json={},
            headers={"X-Seat-Token": made["token"]},
        )
        assert early.status_code == 409
        assert "possible in" in early.json()["detail"]
        time.sleep(left + 0.05)
        assert wait() == 0
        answer = client.post(
            f"/api/tables/{table_id}/seats/{bob}/bot",
            json={},
            headers={"X-Seat-Token": made["token"]},
        )
        assert answer.status_code == 204


def test_the_turn_clock_plays_for_a_seat_that_does_not_move(serve: Any) -> None:
    # The full track: Yellow cannot win before Blue is ever asked to move. The clock
    # runs out when the test says so, not after real seconds.
    timer = TurnTimer()
    now = 1_800_000_000.0
    with serve(turn_wait=timer, now=lambda: now) as client:
        made = new_table(client, "board", ["human", "bot:easy"], turn_seconds=30)
        table_id = made["table"]["id"]
        start(client, table_id, made["token"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as socket:
            blue = Player(socket, made["token"])
            view = wait_for(blue, lambda view: view["clock"] is not None)
            assert view["clock"] == {"seat": 0, "deadline": now + 30}
            assert view["legal"] and view["status"] == "playing"
            assert timer.asked == [30]
            assert not any("clock ran out" in line for line in blue.log)
            steps = len(blue.log)
            assert timer.run_out() == 1
            wait_for(blue, lambda view: any("clock ran out" in line for line in blue.log))
    ran_out = [line for line in blue.log[steps:] if "clock ran out" in line]
    assert ran_out and ran_out[0].startswith("Blue's clock ran out")


def test_a_rematch_keeps_the_people_and_their_tokens(client: Client) -> None:
    table_id, made, joined = seated_pair(client, "board")
    url = f"/ws/tables/{table_id}"
    with client.websocket_connect(url) as one, client.websocket_connect(url) as two:
        play_until([Player(one, made["token"]), Player(two, joined["token"])])
    too_soon = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": "x"})
    assert too_soon.status_code == 403
    for token in (joined["token"], made["token"]):
        answer = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": token})
        assert answer.status_code == 200, answer.text
    new_id = answer.json()["table"]
    again = client.get(f"/api/tables/{new_id}", headers={"X-Seat-Token": joined["token"]}).json()
    assert again["rematch_of"] == table_id and again["status"] == "playing"
    assert again["you"] == 2
    mine = client.get(f"/api/tables/{new_id}", headers={"X-Seat-Token": made["token"]}).json()
    assert mine["you"] == 0 and not any(seat["rematch"] for seat in mine["seats"])
    same = client.post(f"/api/tables/{table_id}/rematch", headers={"X-Seat-Token": made["token"]})
    assert same.json()["table"] == new_id


def test_the_record_waits_for_the_end_of_the_game(client: Client) -> None:
    table_id, _made, _joined = seated_pair(client, "card")
    answer = client.get(f"/api/tables/{table_id}/record")
    assert answer.status_code == 409
    assert "once the game is over" in answer.json()["detail"]


def steps_every_socket_saw(table: Any, players: list[Player], seconds: float = 30.0) -> list[Any]:
    """The table's steps up to one that every player's latest view shows (its log with it).

    Waiting for the table to look quiet for a while is not enough: a bot thinking
    on a loaded machine looks the same as a table waiting for a person.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        shown = {player.current().get("step") for player in players}
        steps = list(table.steps)
        if shown == {len(steps)}:
            return steps
        time.sleep(0.01)
    raise AssertionError(f"the sockets' views did not catch up within {seconds} s")
