"""The Pickleball Card Game as pickletable sees it: table sizes, seats and options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickletable.core.content import Content, Validator
from pickletable.core.game import GameDefinition
from pickletable.core.options import OptionSet, OptionSpec, OptionValue
from pickletable.core.position_text import Setup
from pickletable.core.state import GameState, Termination
from pickletable.games.card.config import SEAT_NAMES, SEATS_BY_PLAYERS, CardConfig
from pickletable.games.card.content import CardDeck, validate
from pickletable.games.card.presenter import CardPresenter
from pickletable.games.card.state import CardState

OPTIONS = OptionSet(
    [
        OptionSpec(
            "no_discard_taken_card",
            bool,
            True,
            "a card just taken from the discard pile may not be discarded in the same turn "
            "(an identical card already held may)",
        ),
        OptionSpec(
            "target_score",
            int,
            11,
            "the score that wins, with the lead set by win by",
            minimum=1,
            maximum=99,
        ),
        OptionSpec(
            "win_by",
            int,
            2,
            "the lead a team needs at or past the target score to win",
            minimum=1,
            maximum=10,
        ),
        OptionSpec(
            "reshuffle_limit",
            int,
            1,
            "how often in one rally the discard pile (less its top card) becomes a new draw "
            "pile; when the draw pile runs out once more, the rally ends after that turn",
            minimum=0,
            maximum=20,
        ),
        OptionSpec(
            "rally_turn_limit",
            int,
            0,
            "a house rule for bot matches: a rally ends, scored as if the draw pile had run out, "
            "after this many turns (0: no limit, as in the rulebook)",
            minimum=0,
            maximum=100_000,
        ),
        OptionSpec(
            "content",
            str,
            "",
            "a TOML file describing your own deck (empty: the built-in 52-card deck)",
        ),
    ]
)


class CardGame(GameDefinition):
    """The Pickleball Card Game (game id ``card``).

    >>> from pickletable.games.card import GAME
    >>> GAME.seats_for(3), GAME.seat_names(3)
    ((0, 1, 3), ['North', 'East', 'West'])
    >>> state = GAME.new_game(4, {"target_score": 5})
    >>> state.current_player, state.rules.target
    (-1, 5)
    """

    id = "card"
    title = "The Pickleball Card Game"
    player_counts = (2, 3, 4)
    default_players = 2
    terminations = frozenset({Termination.TARGET_SCORE})
    options = OPTIONS
    content_package = "pickletable.games.card"
    presenter = CardPresenter()

    def setup_of(self, state: GameState) -> Setup:
        """The table of a CardState state: its seats and the options it was made with."""
        assert isinstance(state, CardState)
        return Setup(len(state.seats), dict(state.rules.options))

    def arrange(self, state: GameState, layout: Mapping[str, Any]) -> GameState:
        """`scenario.arrange` on a fresh game (see `GameDefinition.arrange`)."""
        from pickletable.games.card import scenario

        assert isinstance(state, CardState)
        return scenario.arrange(state, **layout)

    def seats_for(self, players: int) -> tuple[int, ...]:
        """Compass seats: 2 players North v South, 3 North v East and West, 4 all round."""
        return SEATS_BY_PLAYERS[players]

    def seat_names(self, players: int) -> list[str]:
        """North, East, South and West, as far as the table goes."""
        return [SEAT_NAMES[seat] for seat in self.seats_for(players)]

    @property
    def validate_content(self) -> Validator:
        """The card content validator."""
        return validate

    def _new_state(
        self, players: int, options: dict[str, OptionValue], content: Content
    ) -> CardState:
        def build() -> CardConfig:
            return CardConfig.build(CardDeck.from_data(content.data), options, players)

        return CardState.new(self.shared_rules(content, players, options, build))
