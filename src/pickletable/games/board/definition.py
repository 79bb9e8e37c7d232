"""The Pickleball Board Game as pickletable sees it: table sizes, seats and options."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pickletable.core.content import Content, Validator
from pickletable.core.errors import OptionError
from pickletable.core.game import GameDefinition
from pickletable.core.options import OptionSet, OptionSpec, OptionValue
from pickletable.core.position_text import Setup
from pickletable.core.state import GameState, Termination
from pickletable.games.board.codes import EventKind
from pickletable.games.board.config import BoardConfig
from pickletable.games.board.content import BoardContent, validate
from pickletable.games.board.presenter import BoardPresenter
from pickletable.games.board.state import BoardState

LEVELS = ("beginner", "intermediate", "advanced")

OPTIONS = OptionSet(
    [
        OptionSpec(
            "level",
            str,
            "advanced",
            "beginner: dice only; intermediate: adds Play Cards; advanced: adds Nice and "
            "Bad Shots, Skill and Strategy Cards",
            LEVELS,
        ),
        OptionSpec(
            "serve_after_point",
            str,
            "auto",
            "who serves after a point: rotate (next server), keep (same server), or auto "
            "(rotate at beginner and intermediate, keep at advanced)",
            ("auto", "rotate", "keep"),
        ),
        OptionSpec(
            "stanchion_rule",
            bool,
            False,
            "each serve needs the ball stanchion placed first; serving without it loses the "
            "serve (on by default in companion mode)",
        ),
        OptionSpec(
            "skill_counts_as_roll",
            bool,
            True,
            "a Skill Card's shot counts as a roll for the Nice Shot and Strategy Card rules",
            only_with=(("level", "advanced"),),
        ),
        OptionSpec(
            "step",
            float,
            0.5,
            "how far one space moves you on the skill track",
            minimum=0.1,
            maximum=5.0,
        ),
        OptionSpec("target", float, 5.0, "the skill level that wins", minimum=0.5, maximum=50.0),
        OptionSpec(
            "starting_cards",
            int,
            3,
            "Skill Cards and Strategy Cards each player draws at the advanced level",
            minimum=0,
            maximum=6,
            only_with=(("level", "advanced"),),
        ),
        OptionSpec(
            "content",
            str,
            "",
            "a TOML file with your own dice, characters and cards (empty: the built-in content)",
        ),
    ]
)


class BoardGame(GameDefinition):
    """The Pickleball Board Game (game id ``board``).

    >>> from pickletable.games.board import GAME
    >>> GAME.seats_for(2), GAME.seats_for(4)
    ((0, 2), (0, 1, 2, 3))
    >>> GAME.seat_names(2)
    ['Blue', 'Yellow']
    """

    id = "board"
    title = "The Pickleball Board Game"
    player_counts = (2, 4)
    default_players = 2
    options = OPTIONS
    rules_version = 2  # 2: a move-an-opponent card offers only opponents it would move
    content_package = "pickletable.games.board"
    hidden_information = False
    # A Play Card's move changes the track after the last point: the line stays true.
    result_events = frozenset({EventKind.POINT, EventKind.MOVE})
    terminations = frozenset({Termination.SKILL_TRACK_TOP})
    presenter = BoardPresenter()

    def setup_of(self, state: GameState) -> Setup:
        """The table of a BoardState state: its seats and the options it was made with."""
        assert isinstance(state, BoardState)
        return Setup(len(state.seats), dict(state.rules.options))

    def arrange(self, state: GameState, layout: Mapping[str, Any]) -> GameState:
        """`scenario.arrange` on a fresh game (see `GameDefinition.arrange`)."""
        from pickletable.games.board import scenario

        assert isinstance(state, BoardState)
        return scenario.arrange(state, **layout)

    def seats_for(self, players: int) -> tuple[int, ...]:
        """Singles plays seats 0 and 2 (one each side of the net); doubles all four."""
        return (0, 2) if players == 2 else (0, 1, 2, 3)

    def seat_names(self, players: int) -> list[str]:
        """Colours, from the default content."""
        colours = ("Blue", "Red", "Yellow", "Black")
        return [colours[seat] for seat in self.seats_for(players)]

    @property
    def validate_content(self) -> Validator:
        """The board content validator."""
        return validate

    def _new_state(
        self, players: int, options: dict[str, OptionValue], content: Content
    ) -> BoardState:
        step = float(options["step"])
        target = float(options["target"])
        spaces = target / step
        if abs(spaces - round(spaces)) > 1e-9:
            raise OptionError(f"option target: {target} is not a whole number of steps of {step}")
        seats = self.seats_for(players)

        def build() -> BoardConfig:
            return BoardConfig.build(BoardContent.from_data(content.data), options, seats)

        return BoardState.new(self.shared_rules(content, players, options, build))
