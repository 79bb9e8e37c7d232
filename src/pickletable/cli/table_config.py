"""Turn command-line choices (game, players, level, options, seats) into a checked table."""

from __future__ import annotations

from dataclasses import dataclass

from pickletable.cli.common import enable_learned_bots
from pickletable.core.content import Content
from pickletable.core.errors import OptionError
from pickletable.core.game import GameDefinition
from pickletable.core.options import OptionValue
from pickletable.core.registry import get_game, kit_for
from pickletable.core.seats import SeatSpec, parse_seats
from pickletable.core.state import GameState


@dataclass
class TableConfig:
    """A game ready to start: definition, player count, options and who sits where."""

    game: GameDefinition
    players: int
    options: dict[str, OptionValue]
    seats: list[SeatSpec]
    content: Content

    def new_state(self) -> GameState:
        """A fresh game with these settings."""
        return self.game.new_game(self.players, self.options, self.content)

    def seat_rows(self, state: GameState) -> list[dict[str, object]]:
        """The seats as stored in a game record."""
        return [
            {"seat": seat, "name": state.seat_name(seat), "player": str(spec)}
            for seat, spec in zip(state.seats, self.seats, strict=True)
        ]


def doubles_options(game_id: str) -> dict[str, str]:
    """Options that ``--doubles`` sets besides four players (a game may play teams by option)."""
    return dict(kit_for(game_id).doubles_options)


def build_table(
    game_id: str,
    *,
    players: int | None = None,
    doubles: bool = False,
    level: str | None = None,
    options: list[str] | None = None,
    seats: str | None = None,
    default_humans: int = 1,
    extra_options: dict[str, str] | None = None,
) -> TableConfig:
    """Check every choice and build a `TableConfig`; errors say what is allowed."""
    game = get_game(game_id)
    if doubles:
        if players not in (None, 4):
            raise OptionError("--doubles means four players; leave out --players")
        players = 4
    count = game.check_players(players)
    pairs = list(options or [])
    given = {pair.partition("=")[0].strip() for pair in pairs}
    if doubles:
        pairs += [f"{k}={v}" for k, v in doubles_options(game_id).items() if k not in given]
    if level is not None:
        if "level" not in game.options.specs:
            raise OptionError(f"{game.title} has no levels; leave out --level")
        pairs.append(f"level={level}")
    for name, value in (extra_options or {}).items():
        if name not in given and name in game.options.specs:
            pairs.insert(0, f"{name}={value}")
    values = game.options.parse(pairs)
    path = values.get("content")
    content = game.load_content(str(path)) if path else game.default_content()
    specs = parse_seats(seats, count, default_humans, learned=True)
    enable_learned_bots(spec.level or "" for spec in specs)
    return TableConfig(game, count, values, specs, content)
