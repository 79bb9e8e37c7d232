"""CSRF protection: every state-changing request a cookie could vouch for carries a token.

Double submit: the server sets a random token in a cookie scripts may read
(``pickletable_csrf``), and the web client copies it into the
``X-CSRF-Token`` header of each POST, PUT, PATCH and DELETE. Another site
can make a browser send the cookie, not read it, so it cannot write the
header. The check applies to every such request that carries a session
cookie, and to all of ``/api/account`` (sign-up and sign-in included, so no
one is signed in to someone else's account). Guests' requests carry no cookie
that grants anything (a seat token is a header), so they pass as before.
A signed-in session has a token of its own, set at sign-in; the account
routes also check the header against it (`accounts.service`).
"""

from __future__ import annotations

import secrets
from http.cookies import SimpleCookie
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pickletable.server.accounts.sessions import SECURE_SESSION_COOKIE, SESSION_COOKIE

CSRF_COOKIE = "pickletable_csrf"
CSRF_HEADER = "x-csrf-token"
UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})
GUARDED_PREFIX = "/api/account"


def cookie_header(name: str, value: str, *, secure: bool, http_only: bool, max_age: int) -> str:
    """A Set-Cookie value: path /, SameSite=Lax, Secure when served over https."""
    parts = [f"{name}={value}", "Path=/", "SameSite=Lax", f"Max-Age={max_age}"]
    if http_only:
        parts.append("HttpOnly")
    if secure:
        parts.append("Secure")
    return "; ".join(parts)


def request_cookies(scope: Scope) -> dict[str, str]:
    """The cookies of a request."""
    jar: SimpleCookie = SimpleCookie()
    for key, value in scope.get("headers", []):
        if key == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header counts as none
                continue
    return {key: morsel.value for key, morsel in jar.items()}


class CsrfGuard:
    """ASGI middleware: refuse (403) an unsafe request without the token; hand out tokens."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = request_cookies(scope)
        token = cookies.get(CSRF_COOKIE, "")
        if scope["method"] in UNSAFE and self._guarded(scope, cookies):
            sent = _header(scope, CSRF_HEADER)
            if not token or not secrets.compare_digest(sent.encode(), token.encode()):
                await _refuse(send)
                return
        if token:
            await self.app(scope, receive, send)
            return
        fresh = cookie_header(
            CSRF_COOKIE,
            secrets.token_urlsafe(32),
            secure=scope.get("scheme") == "https",
            http_only=False,
            max_age=400 * 24 * 60 * 60,
        )

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                if not any(k == b"set-cookie" and CSRF_COOKIE.encode() in v for k, v in headers):
                    headers.append((b"set-cookie", fresh.encode("latin-1")))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_cookie)

    @staticmethod
    def _guarded(scope: Scope, cookies: dict[str, str]) -> bool:
        if SESSION_COOKIE in cookies or SECURE_SESSION_COOKIE in cookies:
            return True
        return str(scope.get("path", "")).startswith(GUARDED_PREFIX)


def _header(scope: Scope, name: str) -> str:
    wanted = name.encode()
    for key, value in scope.get("headers", []):
        if key == wanted:
            return str(value.decode("latin-1"))
    return ""


async def _refuse(send: Send) -> None:
    body = b'{"detail":"this request needs the X-CSRF-Token header (the pickletable_csrf cookie)"}'
    start: dict[str, Any] = {
        "type": "http.response.start",
        "status": 403,
        "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))],
    }
    await send(start)
    await send({"type": "http.response.body", "body": body})
