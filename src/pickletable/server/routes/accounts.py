"""Accounts: sign up, sign in and out, who is signed in, change password, delete, claim seats.

Every route here changes state only with the CSRF header (`accounts.csrf`);
the session cookie is HttpOnly and SameSite=Lax; over https it is Secure and named
with the ``__Host-`` prefix (`sessions.session_cookie`), and only that name is read.
"""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response, status
from pydantic import BaseModel, Field

from pickletable.server.accounts.csrf import CSRF_COOKIE, CSRF_HEADER, cookie_header
from pickletable.server.accounts.service import Accounts, HeldSeat, SignedIn
from pickletable.server.accounts.sessions import SESSION_SECONDS, session_cookie
from pickletable.server.accounts.users import User
from pickletable.server.errors import NotYours
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/account", tags=["accounts"])


class SeatHeld(BaseModel):
    """A seat token the browser holds."""

    table: str = Field(max_length=16)
    token: str = Field(max_length=64)


class Credentials(BaseModel):
    """A name and a password, and the seats the browser holds as a guest."""

    name: str = Field(max_length=64)
    password: str = Field(max_length=256)
    seats: list[SeatHeld] = Field(default_factory=list, max_length=200)


class SeatsHeld(BaseModel):
    seats: list[SeatHeld] = Field(default_factory=list, max_length=200)


class PasswordChange(BaseModel):
    old: str = Field(max_length=256)
    new: str = Field(max_length=256)


class PasswordCheck(BaseModel):
    password: str = Field(max_length=256)


def get_accounts(request: Request) -> Accounts:
    """The app's accounts (set up by the app's lifespan)."""
    accounts: Accounts = request.app.state.accounts
    return accounts


AccountsDep = Annotated[Accounts, Depends(get_accounts)]


async def signed_in(request: Request, accounts: AccountsDep) -> SignedIn | None:
    """The request's session, if its cookie names a live one."""
    return await accounts.session(session_token(request))


MaybeSignedIn = Annotated[SignedIn | None, Depends(signed_in)]


async def session_required(request: Request, signed: MaybeSignedIn) -> SignedIn:
    """The request's session, whose own CSRF token the request must carry (403 otherwise)."""
    if signed is None:
        raise NotYours("sign in first")
    if request.method != "GET":
        sent = request.headers.get(CSRF_HEADER, "")
        if not secrets.compare_digest(sent.encode(), signed.csrf.encode()):
            raise NotYours("this request's CSRF token is not the session's: reload the page")
    return signed


Session = Annotated[SignedIn, Depends(session_required)]


@router.get("", responses=refusals(422))
async def who(request: Request, response: Response, signed: MaybeSignedIn) -> dict[str, Any]:
    """Who is signed in here (``user`` null for a guest), and the CSRF token to send."""
    csrf = request.cookies.get(CSRF_COOKIE, "")
    if signed is not None and csrf != signed.csrf:
        _set_csrf(request, response, signed.csrf)
        csrf = signed.csrf
    return {"user": None if signed is None else _public(signed.user), "csrf": csrf or None}


@router.post(
    "/sign-up", status_code=status.HTTP_201_CREATED, responses=refusals(403, 409, 422, 429, 503)
)
async def sign_up(
    body: Credentials, request: Request, response: Response, accounts: AccountsDep
) -> dict[str, Any]:
    """Make an account and sign in; the seats the browser holds become the account's."""
    user, token, csrf = await accounts.sign_up(body.name, body.password, _address(request))
    return await _signed_in(request, response, accounts, user, token, csrf, body.seats)


@router.post("/sign-in", responses=refusals(403, 422, 429, 503))
async def sign_in(
    body: Credentials, request: Request, response: Response, accounts: AccountsDep
) -> dict[str, Any]:
    """Sign in (a new session every time); failures are limited per name and per address."""
    user, token, csrf = await accounts.sign_in(body.name, body.password, _address(request))
    old = session_token(request)
    if old:
        signed = await accounts.session(old)
        if signed is not None:
            await accounts.sign_out(signed)
    return await _signed_in(request, response, accounts, user, token, csrf, body.seats)


@router.post("/sign-out", status_code=status.HTTP_204_NO_CONTENT, responses=refusals(403))
async def sign_out(
    request: Request, response: Response, signed: Session, accounts: AccountsDep
) -> None:
    """End this browser's session."""
    await accounts.sign_out(signed)
    _end_session_cookie(request, response)


@router.post(
    "/password", status_code=status.HTTP_204_NO_CONTENT, responses=refusals(403, 422, 429, 503)
)
async def change_password(
    body: PasswordChange, request: Request, signed: Session, accounts: AccountsDep
) -> None:
    """Change the password (the current one first); every other session ends."""
    await accounts.change_password(signed, body.old, body.new, _address(request))


@router.post("/delete", status_code=status.HTTP_204_NO_CONTENT, responses=refusals(403, 429, 503))
async def delete_account(
    body: PasswordCheck,
    request: Request,
    response: Response,
    signed: Session,
    accounts: AccountsDep,
) -> None:
    """Delete the account: its name and password go; its games stay, as "deleted player"."""
    await accounts.delete(signed, body.password, _address(request))
    _end_session_cookie(request, response)


@router.post("/seats", responses=refusals(403, 422))
async def claim_seats(body: SeatsHeld, signed: Session, accounts: AccountsDep) -> dict[str, int]:
    """Make the account's the seats whose tokens the browser holds (joined as a guest)."""
    held = [HeldSeat(item.table, item.token) for item in body.seats]
    return {"claimed": await accounts.claim(signed.user, held)}


async def keep_seat(request: Request, table_id: str, token: str | None) -> None:
    """A seat taken by a signed-in browser is its account's (create and join call this)."""
    if token is None:
        return
    accounts = get_accounts(request)
    signed = await accounts.session(session_token(request))
    if signed is not None:
        await accounts.claim(signed.user, [HeldSeat(table_id, token)])


async def _signed_in(
    request: Request,
    response: Response,
    accounts: Accounts,
    user: User,
    token: str,
    csrf: str,
    seats: list[SeatHeld],
) -> dict[str, Any]:
    claimed = await accounts.claim(user, [HeldSeat(item.table, item.token) for item in seats])
    secure = _secure(request)
    response.headers.append(
        "set-cookie",
        cookie_header(
            session_cookie(secure), token, secure=secure, http_only=True,
            max_age=int(SESSION_SECONDS),
        ),
    )  # fmt: skip
    _set_csrf(request, response, csrf)
    return {"user": _public(user), "csrf": csrf, "claimed": claimed}


def session_token(request: Request) -> str | None:
    """The session secret the request's cookie carries: over https only the ``__Host-``
    cookie counts (a plain one may have been set by a sibling subdomain or over http)."""
    return request.cookies.get(session_cookie(_secure(request)))


def _end_session_cookie(request: Request, response: Response) -> None:
    secure = _secure(request)
    response.delete_cookie(session_cookie(secure), path="/", secure=secure, httponly=True)


def _secure(request: Request) -> bool:
    """Whether the request came over https (a trusted proxy's X-Forwarded-Proto applied)."""
    return request.url.scheme == "https"


def _set_csrf(request: Request, response: Response, csrf: str) -> None:
    response.headers.append(
        "set-cookie",
        cookie_header(
            CSRF_COOKIE, csrf, secure=_secure(request), http_only=False, max_age=400 * 86400
        ),
    )


def _address(request: Request) -> str:
    """The client's address (a trusted proxy's X-Forwarded-For already applied)."""
    return request.client.host if request.client else "?"


def _public(user: User) -> dict[str, Any]:
    return {"id": user.id, "name": user.name}
