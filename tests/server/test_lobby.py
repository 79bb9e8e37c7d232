"""The lobby API: games, creating and joining tables, starting, refusals, the OpenAPI spec."""

from __future__ import annotations

from tests.server.conftest import Client, join, new_table, start


def test_the_games_are_listed_with_their_options_and_seats(client: Client) -> None:
    games = {game["id"]: game for game in client.get("/api/games").json()}
    assert {"board", "card", "slam"} <= set(games)
    board = games["board"]
    assert board["seat_names"]["2"] == ["Blue", "Yellow"]
    assert "target" in {option["name"] for option in board["options"]}
    assert "content" not in {option["name"] for option in board["options"]}
    assert board["default_bot_level"] in board["bot_levels"]
    # what an option needs to mean anything, for the lobby to offer it only then
    needs = {option["name"]: option["only_with"] for option in board["options"]}
    assert needs["starting_cards"] == {"level": "advanced"} and needs["target"] == {}
    slam = {option["name"]: option["only_with"] for option in games["slam"]["options"]}
    assert slam["doubles"] == {"players": 4}


def test_rules_pages_come_with_markdown(client: Client) -> None:
    rules = client.get("/api/games/card/rules").json()
    assert rules["title"] == "The Pickleball Card Game"
    assert rules["markdown"].startswith("#")


def test_the_creator_sits_in_the_first_human_seat_and_gets_an_invite_link(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"], options={"target": 1.5})
    table = made["table"]
    assert made["seat"] == 0 and made["token"]
    assert made["invite"].endswith(f"/table/{table['id']}")
    assert table["status"] == "waiting"
    assert table["free_seats"] == [2]
    assert table["seats"][0]["player"] == "Ann"
    assert table["options"]["target"] == 1.5
    assert "token_hash" not in table["seats"][0]


def test_a_friend_joins_a_free_seat_and_either_may_start(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"])
    table_id = made["table"]["id"]
    refused = client.post(
        f"/api/tables/{table_id}/start", json={}, headers={"X-Seat-Token": made["token"]}
    )
    assert refused.status_code == 409
    assert "waiting for players in Yellow" in refused.json()["detail"]
    joined = join(client, table_id)
    assert joined["seat"] == 2
    start(client, table_id, joined["token"])
    assert client.get(f"/api/tables/{table_id}").json()["status"] == "playing"


def test_a_second_player_may_not_take_a_name_already_at_the_table(client: Client) -> None:
    made = new_table(client, "slam", ["human", "human", "human"])
    table_id = made["table"]["id"]
    for taken in ("Ann", " ann ", "ANN"):
        answer = client.post(f"/api/tables/{table_id}/join", json={"name": taken})
        assert answer.status_code == 409
        assert (
            "Ann already plays Player 1 at this table: choose another name"
            in (answer.json()["detail"])
        )
    assert join(client, table_id, "Anna")["seat"] == 1
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["player"] for seat in seats][:2] == ["Ann", "Anna"]


def test_a_full_table_refuses_more_players(client: Client) -> None:
    made = new_table(client, "board", ["human", "bot:easy"])
    answer = client.post(f"/api/tables/{made['table']['id']}/join", json={"name": "Cy"})
    assert answer.status_code == 409
    assert "spectator" in answer.json()["detail"]


def test_free_seats_can_go_to_bots_at_the_start(client: Client) -> None:
    made = new_table(client, "slam", ["human", "human", "human"])
    table_id = made["table"]["id"]
    start(client, table_id, made["token"], fill=True)
    seats = client.get(f"/api/tables/{table_id}").json()["seats"]
    assert [seat["kind"] for seat in seats] == ["human", "bot", "bot"]


def test_only_a_seated_player_may_start(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"])
    answer = client.post(
        f"/api/tables/{made['table']['id']}/start", json={}, headers={"X-Seat-Token": "not-a-token"}
    )
    assert answer.status_code == 403
    assert "seat token" in answer.json()["detail"]


def test_bad_tables_are_refused_with_the_reason(client: Client) -> None:
    cases = [
        ({"game": "chess"}, "unknown game"),
        ({"game": "board", "options": {"level": "expert"}}, "not one of"),
        ({"game": "board", "options": {"colour": "red"}}, "unknown option"),
        ({"game": "board", "players": 3}, "played by 2, 4 players"),
        ({"game": "card", "seats": ["human", "robot"]}, "write human"),
        ({"game": "slam", "players": 3, "options": {"doubles": True}}, "doubles"),
        ({"game": "board", "options": {"content": "/etc/passwd"}}, "own content"),
    ]
    for body, words in cases:
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422, body
        assert words in answer.json()["detail"], (body, answer.json())


def test_open_tables_are_listed_newest_first(client: Client) -> None:
    first = new_table(client, "board", ["human", "human"])["table"]["id"]
    second = new_table(client, "card", ["human", "human"])["table"]["id"]
    listed = [table["id"] for table in client.get("/api/tables").json()]
    assert listed[:2] == [second, first]


def test_unknown_tables_are_not_found(client: Client) -> None:
    answer = client.get("/api/tables/nope")
    assert answer.status_code == 404
    assert "does not exist" in answer.json()["detail"]


def test_the_openapi_spec_lists_the_routes(client: Client) -> None:
    spec = client.get("/openapi.json").json()
    assert "/api/tables" in spec["paths"]
    assert "/api/tables/{table_id}/join" in spec["paths"]
    assert "post" in spec["paths"]["/api/tables/{table_id}/seats/{seat}/reclaim"]
    assert spec["info"]["title"] == "pickletable web table"


def test_the_pages_are_served(client: Client) -> None:
    made = new_table(client, "board", ["human", "human"])
    for path in [
        "/",
        f"/table/{made['table']['id']}",
        "/rules/board",
        f"/table/{made['table']['id']}/replay",
    ]:
        page = client.get(path)
        assert page.status_code == 200 and "<!doctype html>" in page.text, path
    assert client.get("/static/js/table.js").status_code == 200
    assert client.get("/static/js/games/slam.js").status_code == 200
