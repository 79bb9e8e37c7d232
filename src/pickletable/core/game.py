"""What a game offers the rest of pickletable: its table sizes, options, content and states."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pickletable.core.content import Content, Validator, content_from_record, load_content
from pickletable.core.errors import OptionError
from pickletable.core.options import OptionSet, OptionValue
from pickletable.core.position_text import Setup, position_text, read_position
from pickletable.core.presenter import Presenter
from pickletable.core.state import GameState, Termination

RulesT = TypeVar("RulesT")
RULES_MEMO = 64
"""Rules tables a game definition keeps (by content, table size and options) before it
starts again, so a server trying many variants does not grow without bound."""


class GameDefinition(ABC):
    """One game: id, title, player counts, options, content and a factory for states."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    default_players: int
    options: OptionSet
    content_package: str
    """Package holding ``content/default.toml`` and ``rules.md``."""
    presenter: Presenter
    """The game's words and client views (see `pickletable.core.presenter`)."""
    hidden_information = True
    """Whether seats hold things others may not see (hot-seat play hides the screen)."""
    rules_version = 1
    """Which edition of this game's rules the engine plays: raised whenever a change makes
    some recorded game refuse a move or replay differently (records and tables keep the
    edition they were made under, so such a game can say why it stops)."""
    terminations: frozenset[Termination] = frozenset()
    """Every way this game can end (`Outcome.termination`): the lab counts each, zeros too."""
    result_events: frozenset[str] = frozenset()
    """Events that settle a stretch of play (a point, a round): a table shows the latest
    until the next one. Games whose observation carries its own summary leave it empty."""

    @abstractmethod
    def seat_names(self, players: int) -> list[str]:
        """The people-facing names of the seats of a table of `players`."""

    @abstractmethod
    def seats_for(self, players: int) -> tuple[int, ...]:
        """The seat numbers in play for a table of `players`."""

    @property
    @abstractmethod
    def validate_content(self) -> Validator:
        """The content validator of this game."""

    @abstractmethod
    def setup_of(self, state: GameState) -> Setup:
        """The table `state` is played at: its player count and options."""

    @abstractmethod
    def arrange(self, state: GameState, layout: Mapping[str, Any]) -> GameState:
        """Lay out a position on a fresh game by hand: `layout` holds the game's own
        builder's keywords (its ``scenario.arrange``: hands, scores, whose turn...)."""

    @abstractmethod
    def _new_state(
        self, players: int, options: dict[str, OptionValue], content: Content
    ) -> GameState:
        """Build the initial state from checked arguments."""

    # --- shared behaviour -------------------------------------------------
    def check_players(self, players: int | None) -> int:
        """The player count, defaulted and checked."""
        count = self.default_players if players is None else players
        if count not in self.player_counts:
            allowed = ", ".join(str(n) for n in self.player_counts)
            raise OptionError(f"{self.title} is played by {allowed} players, not {count}")
        return count

    def default_content(self) -> Content:
        """The content shipped with the game, read and checked once (new games are made often)."""
        cached: Content | None = self.__dict__.get("_default_content")
        if cached is None:
            package = resources.files(self.content_package)
            path = Path(str(package.joinpath("content/default.toml")))
            content = load_content(path, self.validate_content)
            cached = Content(content.data, "built-in", content.fingerprint)
            self.__dict__["_default_content"] = cached
        return cached

    def load_content(self, path: str | Path) -> Content:
        """Content from a user's TOML file, validated."""
        return load_content(Path(path), self.validate_content)

    def content_from_record(self, data: dict[str, Any], fingerprint: str) -> Content:
        """Content embedded in a record, checked against its fingerprint."""
        return content_from_record(data, fingerprint, self.validate_content)

    def new_game(
        self,
        players: int | None = None,
        options: Mapping[str, object] | None = None,
        content: Content | None = None,
    ) -> GameState:
        """A new game at its first step (usually a chance step of the setup)."""
        count = self.check_players(players)
        values = self.options.resolve(options or {})
        if content is None:
            path = values.get("content")
            content = self.load_content(str(path)) if path else self.default_content()
        return self._new_state(count, values, content)

    def position_text(self, state: GameState) -> str:
        """The whole position as text, exact: `position_from_text` gives it back.

        >>> from pickletable.games.slam import GAME
        >>> text = GAME.position_text(GAME.new_game(3))
        >>> GAME.position_from_text(text).legal_actions() == GAME.new_game(3).legal_actions()
        True
        """
        return position_text(state, self.setup_of(state))

    def position_from_text(self, text: str) -> GameState:
        """The position a `position_text` gives (`PositionTextError` if it cannot be read)."""
        return read_position(self, text)

    def shared_rules(
        self,
        content: Content,
        players: int,
        options: Mapping[str, OptionValue],
        build: Callable[[], RulesT],
    ) -> RulesT:
        """The fixed tables `build` derives, made once per content, table size and options.

        Every game made with the same ones shares them (they never change during a
        game), so a new game costs little: simulations start thousands.
        """
        key = (content.fingerprint, players, tuple(sorted(options.items())))
        memo: dict[Any, Any] = self.__dict__.setdefault("_rules_memo", {})
        found = memo.get(key)
        if found is None:
            if len(memo) >= RULES_MEMO:
                memo.clear()
            found = memo[key] = build()
        return found

    def rules_text(self) -> str:
        """The rules page in the project's own words (Markdown)."""
        return resources.files(self.content_package).joinpath("rules.md").read_text()
