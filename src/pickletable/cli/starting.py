"""Where ``pickletable play --from FILE`` starts: a saved game, a position, or a layout.

Three kinds of file are read, told apart by their first bytes:

- a game record (JSON, as ``play --save`` writes): replayed and continued at its
  last step, with its seats and options;
- a position text (``pickletable position: GAME`` ..., as `GameDefinition.position_text`
  writes and a game saved from a position is written);
- a layout (TOML): a table and the keywords of the game's ``scenario.arrange``::

      players = 2
      [options]
      level = "beginner"
      [arrange]
      skill = [4.5, 2.0]
      server = 2
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pickletable.core.content import Content
from pickletable.core.errors import PickletableError
from pickletable.core.game import GameDefinition
from pickletable.core.position_text import HEADER
from pickletable.core.records import FORMAT, check_record, replay
from pickletable.core.state import GameState


class StartError(PickletableError, ValueError):
    """A ``--from`` file that cannot start a game: its path and what is wrong."""


@dataclass
class Start:
    """A game to continue: its state, its table and, for a record, what was played."""

    state: GameState
    players: int
    options: dict[str, Any]
    content: Content
    seats: str | None = None
    """The record's seats as a ``--seats`` list (a position names none)."""
    steps: list[dict[str, Any]] = field(default_factory=list)
    """The record's steps, which a save of the continued game starts with."""

    @property
    def from_record(self) -> bool:
        """Whether the game continues a record (it can be saved as one again)."""
        return self.seats is not None


def load_start(game: GameDefinition, path: Path) -> Start:
    """The game `path` holds for `game`; raises `StartError` naming the file."""
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise StartError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as error:
        raise StartError(f"{path}: cannot be read ({error})") from None
    try:
        if text.lstrip().startswith("{"):
            return _from_record(game, json.loads(text), path)
        if text.lstrip().startswith(HEADER.strip()):
            state = game.position_from_text(text)
            setup = game.setup_of(state)
            return Start(state, setup.players, dict(setup.options), _content(game, setup.options))
        return _from_layout(game, tomllib.loads(text))
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as error:
        raise StartError(f"{path}: neither a record, a position nor a layout ({error})") from None
    except TypeError as error:  # a layout keyword the game's arrange does not take
        raise StartError(f"{path}: {error}") from None
    except PickletableError as error:
        raise StartError(f"{path}: {error}") from None


def _from_record(game: GameDefinition, record: dict[str, Any], path: Path) -> Start:
    if record.get("format") != FORMAT:
        raise StartError("JSON, but not a pickletable record")
    check_record(record, str(path))
    if record["game"] != game.id:
        raise StartError(f"it is a record of {record['game']!r}: play {record['game']} --from it")
    state = replay(record)
    if state.is_over:
        raise StartError(f"that game is over; see it with pickletable replay {path}")
    content = game.content_from_record(record["content"]["data"], record["content"]["fingerprint"])
    seats = ",".join(str(row["player"]) for row in record["seats"])
    return Start(
        state, record["players"], dict(record["options"]), content, seats, list(record["steps"])
    )


def _from_layout(game: GameDefinition, layout: dict[str, Any]) -> Start:
    unknown = sorted(set(layout) - {"players", "options", "arrange"})
    if unknown:
        raise StartError(f"a layout holds players, [options] and [arrange], not {unknown[0]!r}")
    players = game.check_players(layout.get("players"))
    options = game.options.resolve(layout.get("options", {}))
    state = game.arrange(game.new_game(players, options), layout.get("arrange", {}))
    return Start(state, players, dict(options), _content(game, options))


def _content(game: GameDefinition, options: Any) -> Content:
    path = options.get("content")
    return game.load_content(str(path)) if path else game.default_content()
