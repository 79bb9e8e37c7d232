"""Accounts: sign up, sign in and out, the session cookie, CSRF, change password, delete."""

from __future__ import annotations

from typing import Any

from argon2 import PasswordHasher
from sqlalchemy import create_engine, text

from tests.server.conftest import Client, join, new_table

CSRF = "pickletable_csrf"
SESSION = "pickletable_session"
HOST = "testserver.local"
"""The domain the test client files the server's cookies under."""


def another_browser(client: Client) -> Client:
    """A second browser (its own cookies) on the same running app and event loop."""
    other = Client(client.app)
    other.portal = client.portal
    return other


def csrf(client: Client) -> dict[str, str]:
    """The header the web client sends: the CSRF cookie copied (a GET hands one out)."""
    if CSRF not in client.cookies:
        client.get("/api/account")
    return {"X-CSRF-Token": client.cookies[CSRF]}


def sign_up(
    client: Client, name: str = "Ann", password: str = "correct horse", **extra: Any
) -> Any:
    body = {"name": name, "password": password, **extra}
    return client.post("/api/account/sign-up", json=body, headers=csrf(client))


def sign_in(client: Client, name: str = "Ann", password: str = "correct horse") -> Any:
    body = {"name": name, "password": password}
    return client.post("/api/account/sign-in", json=body, headers=csrf(client))


def test_a_guest_is_nobody_and_gets_a_csrf_cookie(client: Client) -> None:
    answer = client.get("/api/account")
    assert answer.json() == {"user": None, "csrf": None}
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{CSRF}=") and "SameSite=Lax" in cookie and "HttpOnly" not in cookie


def test_sign_up_signs_in_with_an_httponly_lax_cookie(client: Client) -> None:
    answer = sign_up(client)
    assert answer.status_code == 201, answer.text
    assert answer.json()["user"]["name"] == "Ann"
    cookies = answer.headers.get_list("set-cookie")
    session = next(c for c in cookies if c.startswith(f"{SESSION}="))
    assert "HttpOnly" in session and "SameSite=Lax" in session and "Secure" not in session
    assert client.get("/api/account").json()["user"]["name"] == "Ann"


def test_over_https_the_session_cookie_is_secure_and_host_only(client: Client) -> None:
    """The ``__Host-`` prefix: browsers keep it only Secure, for path /, with no Domain."""
    client.base_url = client.base_url.copy_with(scheme="https")
    client.get("/api/account")
    answer = sign_up(client)
    session = next(c for c in answer.headers.get_list("set-cookie") if SESSION in c)
    assert session.startswith(f"__Host-{SESSION}=")
    assert "Secure" in session and "Path=/" in session and "Domain" not in session
    assert client.get("/api/account").json()["user"]["name"] == "Ann"
    signed_out = client.post("/api/account/sign-out", headers=csrf(client))
    assert signed_out.status_code == 204
    ended = signed_out.headers["set-cookie"]
    assert ended.startswith(f"__Host-{SESSION}=") and "Secure" in ended


def test_over_https_a_cookie_without_the_prefix_signs_nobody_in(client: Client) -> None:
    """A sibling subdomain, or a page over http, can plant ``pickletable_session``, never
    the ``__Host-`` cookie: over https the plain one is not read."""
    secret = sign_up(client).cookies[SESSION]
    client.cookies.clear()
    client.base_url = client.base_url.copy_with(scheme="https")
    client.cookies.set(SESSION, secret, domain=HOST)
    assert client.get("/api/account").json()["user"] is None


def test_a_name_is_taken_whatever_its_case(client: Client) -> None:
    sign_up(client)
    client.cookies.clear()
    answer = sign_up(client, "aNN")
    assert answer.status_code == 409
    assert "taken" in answer.json()["detail"]


def test_a_short_password_is_refused(client: Client) -> None:
    assert sign_up(client, password="short").status_code == 422


def test_sign_in_wrong_password_and_unknown_name_answer_alike(client: Client) -> None:
    sign_up(client)
    client.cookies.clear()
    wrong, unknown = sign_in(client, password="wrong password"), sign_in(client, name="Zed")
    assert wrong.status_code == unknown.status_code == 403
    assert wrong.json() == unknown.json()
    assert sign_in(client).status_code == 200


def test_sign_in_makes_a_new_session_so_a_planted_one_is_never_signed_in(client: Client) -> None:
    sign_up(client)
    planted = "a-session-id-an-attacker-chose"
    client.cookies.set(SESSION, planted, domain=HOST)
    answer = sign_in(client)
    assert answer.status_code == 200
    assert client.cookies[SESSION] != planted
    other = another_browser(client)
    other.cookies.set(SESSION, planted)
    assert other.get("/api/account").json()["user"] is None


def test_sign_out_ends_the_session(client: Client) -> None:
    sign_up(client)
    token = client.cookies[SESSION]
    assert client.post("/api/account/sign-out", headers=csrf(client)).status_code == 204
    stale = another_browser(client)
    stale.cookies.set(SESSION, token)
    assert stale.get("/api/account").json()["user"] is None


def test_state_changing_requests_without_the_csrf_header_are_refused(client: Client) -> None:
    sign_up(client)
    assert client.post("/api/account/sign-out").status_code == 403
    wrong = {"X-CSRF-Token": "guessed"}
    assert client.post("/api/account/sign-out", headers=wrong).status_code == 403
    # a signed-in browser's table requests need it too: a cookie now vouches for them
    body = {"game": "card", "players": 2, "seats": ["human", "bot:easy"], "name": "Ann"}
    assert client.post("/api/tables", json=body).status_code == 403
    assert client.post("/api/tables", json=body, headers=csrf(client)).status_code == 201
    assert client.get("/api/account").json()["user"]["name"] == "Ann"


def test_sign_up_and_sign_in_need_the_csrf_header_too(client: Client) -> None:
    body = {"name": "Ann", "password": "correct horse"}
    assert client.post("/api/account/sign-up", json=body).status_code == 403


def test_a_guest_without_cookies_plays_as_before(client: Client) -> None:
    table = new_table(client, "card", ["human", "human"])
    assert join(client, table["table"]["id"])["token"]


def test_the_cookie_token_must_be_the_sessions_own(client: Client) -> None:
    sign_up(client)
    client.cookies.set(CSRF, "another", domain=HOST)
    answer = client.post("/api/account/sign-out", headers={"X-CSRF-Token": "another"})
    assert answer.status_code == 403


def test_change_password_ends_other_sessions(client: Client) -> None:
    sign_up(client)
    other = another_browser(client)
    assert sign_in(other).status_code == 200
    change = {"old": "correct horse", "new": "battery staple"}
    wrong = {"old": "not it at all", "new": "battery staple"}
    headers = csrf(client)
    assert client.post("/api/account/password", json=wrong, headers=headers).status_code == 403
    assert client.post("/api/account/password", json=change, headers=headers).status_code == 204
    assert client.get("/api/account").json()["user"]["name"] == "Ann"
    assert other.get("/api/account").json()["user"] is None
    other.cookies.clear()
    assert sign_in(other).status_code == 403
    assert sign_in(other, password="battery staple").status_code == 200


def test_delete_frees_the_name_and_ends_sessions(client: Client) -> None:
    sign_up(client)
    headers = csrf(client)
    refused = client.post("/api/account/delete", json={"password": "no"}, headers=headers)
    assert refused.status_code == 403
    gone = client.post("/api/account/delete", json={"password": "correct horse"}, headers=headers)
    assert gone.status_code == 204
    assert client.get("/api/account").json()["user"] is None
    client.cookies.clear()
    assert sign_in(client).status_code == 403
    assert sign_up(client).status_code == 201


def test_a_guest_who_signs_up_keeps_its_seats(client: Client) -> None:
    table = new_table(client, "card", ["human", "bot:easy"])
    held = {"table": table["table"]["id"], "token": table["token"]}
    stranger = {"table": table["table"]["id"], "token": "not-the-token"}
    answer = sign_up(client, seats=[held, stranger])
    assert answer.json()["claimed"] == 1
    accounts = client.app.state.accounts  # type: ignore[attr-defined]
    user = answer.json()["user"]["id"]
    assert accounts.users.seats_of(table["table"]["id"]) == {0: user}


def test_a_seat_is_one_accounts_only(client: Client) -> None:
    table = new_table(client, "card", ["human", "bot:easy"])
    held = [{"table": table["table"]["id"], "token": table["token"]}]
    assert sign_up(client, seats=held).json()["claimed"] == 1
    other = another_browser(client)
    assert sign_up(other, "Bob", seats=held).json()["claimed"] == 0


def test_the_account_pages_are_served(client: Client) -> None:
    for path in ("/account", "/player/1", "/leaderboard"):
        answer = client.get(path)
        assert answer.status_code == 200 and "<main" in answer.text


def test_a_server_of_default_settings_hashes_with_argon2id_at_its_default_cost(
    serve: Any, database_url: str
) -> None:
    # The other tests sign up with a light hasher; the product's own is argon2-cffi's.
    with serve(password_hasher=None) as client:
        assert sign_up(client).status_code == 201
        assert sign_in(client).status_code == 200
    engine = create_engine(database_url)
    with engine.connect() as connection:
        (stored,) = connection.execute(text("SELECT password_hash FROM users")).scalars()
    engine.dispose()
    default = PasswordHasher()
    assert stored.startswith(
        f"$argon2id$v=19$m={default.memory_cost},t={default.time_cost},p={default.parallelism}$"
    )
    assert (default.time_cost, default.memory_cost) >= (
        3,
        65536,
    )  # argon2-cffi's RFC 9106 low-memory profile
