"""Pickleball Slam as pickletable sees it: table sizes, seats and options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickletable.core.content import Content, Validator
from pickletable.core.errors import OptionError
from pickletable.core.game import GameDefinition
from pickletable.core.options import OptionSet, OptionSpec, OptionValue
from pickletable.core.position_text import PositionTextError, Setup
from pickletable.core.state import GameState, Termination
from pickletable.games.slam import content as slam_content
from pickletable.games.slam.codes import EventKind
from pickletable.games.slam.config import SlamConfig
from pickletable.games.slam.presenter import SlamPresenter
from pickletable.games.slam.state import SlamState

OPTIONS = OptionSet(
    [
        OptionSpec(
            "doubles",
            bool,
            False,
            "two teams of two (4 players only): seats 1-2 against seats 3-4, one card per "
            "team per turn",
            only_with=(("players", 4),),
        ),
        OptionSpec(
            "tokens_to_win", int, 3, "tokens (won rounds) that win the game", minimum=1, maximum=20
        ),
        OptionSpec(
            "must_play",
            bool,
            True,
            "a player (or team) that can play must play; off: passing is always allowed",
        ),
        OptionSpec(
            "draw_phase_lap_limit",
            int,
            5,
            "full laps a DRAW phase may last before the PLAY phase starts by itself",
            minimum=1,
            maximum=100,
        ),
        OptionSpec(
            "refill_short_hands",
            bool,
            False,
            "in the DRAW phase, a player holding fewer than five keeps the drawn card, "
            "discards nothing and ends its turn",
        ),
        OptionSpec(
            "twists_target_opponents",
            bool,
            True,
            "doubles: SWITCH, SHAKE & BAKE and TARGET & RESET may pick opponents only",
            only_with=(("doubles", True),),
        ),
        OptionSpec("content", str, "", "a TOML file with your own deck (empty: the built-in deck)"),
    ]
)


class SlamGame(GameDefinition):
    """Pickleball Slam (game id ``slam``).

    >>> from pickletable.games.slam import GAME
    >>> GAME.seats_for(3), GAME.seat_names(3)
    ((0, 1, 2), ['Player 1', 'Player 2', 'Player 3'])
    >>> GAME.new_game(4, {"doubles": "on"}).rules.doubles
    True
    """

    id = "slam"
    title = "Pickleball Slam"
    player_counts = (3, 4, 5, 6)
    default_players = 4
    options = OPTIONS
    rules_version = 2  # 2: a duellist's POACH ends the duel; it is no plain number there
    content_package = "pickletable.games.slam"
    hidden_information = True
    result_events: frozenset[str] = frozenset({EventKind.ROUND_WON})
    terminations = frozenset({Termination.TOKENS})
    presenter = SlamPresenter()

    def setup_of(self, state: GameState) -> Setup:
        """The table of a Slam state: its seats and the options its rules were built from.

        Raises `PositionTextError` for a game on content other than the built-in deck
        (its rules keep the deck, not the file it came from).
        """
        assert isinstance(state, SlamState)
        rules = state.rules
        if rules.deck != slam_content.SlamContent.from_data(self.default_content().data):
            raise PositionTextError("a Slam position on custom content has no text form")
        options = {
            "doubles": rules.doubles,
            "tokens_to_win": rules.tokens_to_win,
            "must_play": rules.must_play,
            "draw_phase_lap_limit": rules.lap_limit,
            "refill_short_hands": rules.refill_short_hands,
            "twists_target_opponents": rules.opponents_only,
        }
        return Setup(rules.players, self.options.resolve(options))

    def arrange(self, state: GameState, layout: Mapping[str, Any]) -> GameState:
        """`scenario.arrange` on a fresh game (see `GameDefinition.arrange`)."""
        from pickletable.games.slam import scenario

        assert isinstance(state, SlamState)
        return scenario.arrange(state, **layout)

    def seats_for(self, players: int) -> tuple[int, ...]:
        """Every seat plays, clockwise from Player 1."""
        return tuple(range(players))

    def seat_names(self, players: int) -> list[str]:
        """Player 1 .. Player N."""
        return [f"Player {seat + 1}" for seat in range(players)]

    @property
    def validate_content(self) -> Validator:
        """The Slam deck validator."""
        return slam_content.validate

    def _new_state(
        self, players: int, options: dict[str, OptionValue], content: Content
    ) -> SlamState:
        doubles = bool(options["doubles"])
        if doubles and players != 4:
            raise OptionError(f"doubles is played by 4 players, not {players}")

        def build() -> SlamConfig:
            return SlamConfig(
                players=players,
                doubles=doubles,
                tokens_to_win=int(options["tokens_to_win"]),
                must_play=bool(options["must_play"]),
                lap_limit=int(options["draw_phase_lap_limit"]),
                refill_short_hands=bool(options["refill_short_hands"]),
                opponents_only=bool(options["twists_target_opponents"]),
                deck=slam_content.SlamContent.from_data(content.data),
            )

        return SlamState.new(self.shared_rules(content, players, options, build))
