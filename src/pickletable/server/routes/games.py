"""The games the server can host, their options, seats and rules pages."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from pickletable.core.game import GameDefinition
from pickletable.core.registry import available_games, get_game, kit_for
from pickletable.core.seats import BOT_LEVELS, DEFAULT_BOT_LEVEL
from pickletable.server.errors import NotFound
from pickletable.server.schemas import refusals

router = APIRouter(prefix="/api/games", tags=["games"])


@router.get("")
def list_games() -> list[dict[str, Any]]:
    """Every installed game with its table sizes, seat names and options."""
    return [describe_game(get_game(game_id)) for game_id in available_games()]


@router.get("/{game_id}/rules", responses=refusals(404, 422))
def rules(game_id: str) -> dict[str, Any]:
    """A game's rules page (Markdown) and its options."""
    game = _game(game_id)
    return {
        "game": game.id,
        "title": game.title,
        "markdown": game.rules_text(),
        "options": describe_game(game)["options"],
    }


def describe_game(game: GameDefinition) -> dict[str, Any]:
    """The facts a lobby needs to offer a game."""
    options = []
    for spec in game.options:
        if spec.name == "content":
            continue  # the web table plays the built-in content only
        options.append(
            {
                "name": spec.name,
                "type": {bool: "bool", int: "int", float: "float", str: "str"}[spec.kind],
                "default": spec.default,
                "help": spec.help,
                "choices": list(spec.choices) if spec.choices else None,
                "minimum": spec.minimum,
                "maximum": spec.maximum,
                "only_with": dict(spec.only_with),
            }
        )
    return {
        "id": game.id,
        "title": game.title,
        "player_counts": list(game.player_counts),
        "default_players": game.default_players,
        "seat_names": {str(n): game.seat_names(n) for n in game.player_counts},
        "hidden_information": game.hidden_information,
        "bot_levels": list(BOT_LEVELS),
        "default_bot_level": DEFAULT_BOT_LEVEL,
        "options": options,
    }


def _game(game_id: str) -> GameDefinition:
    if game_id not in available_games():
        raise NotFound(f"no game {game_id!r}; the games are " + ", ".join(available_games()))
    return get_game(game_id)


@router.get("/{game_id}/move-help", responses=refusals(404, 422))
def move_help(game_id: str) -> dict[str, str]:
    """What each card or twist of the game does, in one line, by its name in the notation
    (``target``, ``in-lob``, ``number`` for any number card): the lines the web table shows
    on a card (hover, focus, long press) and the terminal's ``help CARD`` prints."""
    return dict(kit_for(_game(game_id).id).move_help)
