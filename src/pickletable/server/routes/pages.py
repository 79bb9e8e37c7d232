"""The browser pages: lobby, table, replay, rules, account, player and leaderboard, served as
static HTML."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

router = APIRouter(include_in_schema=False)


def web_root() -> Path:
    """The folder of the browser UI (``pickletable/web``)."""
    return Path(str(resources.files("pickletable").joinpath("web")))


def _page(name: str) -> FileResponse:
    return FileResponse(web_root() / name, headers={"Cache-Control": "no-cache"})


@router.get("/")
def lobby_page() -> FileResponse:
    """Create a table, see open tables."""
    return _page("lobby.html")


@router.get("/table/{table_id}")
def table_page(table_id: str) -> FileResponse:
    """A table: join, play, watch."""
    del table_id  # the page reads it from its address
    return _page("table.html")


@router.get("/table/{table_id}/replay")
def replay_page(table_id: str) -> FileResponse:
    """Step through a finished game."""
    del table_id
    return _page("replay.html")


@router.get("/rules/{game_id}")
def rules_page(game_id: str) -> FileResponse:
    """A game's rules."""
    del game_id
    return _page("rules.html")


@router.get("/account")
def account_page() -> FileResponse:
    """Sign in, sign up, change password, delete the account."""
    return _page("account.html")


@router.get("/player/{user_id}")
def player_page(user_id: int) -> FileResponse:
    """A player's ratings and tables."""
    del user_id
    return _page("player.html")


@router.get("/leaderboard")
def leaderboard_page() -> FileResponse:
    """The best ratings per game and mode."""
    return _page("leaderboard.html")
