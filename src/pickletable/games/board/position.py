"""What lies on a board game's table, and the questions the rules ask about it.

`BoardPosition` holds every stored field of a game in progress (skill
track, characters, hands, piles, the rally); the rules modules change it and
`BoardState` (in ``state.py``) adds the state API and the step dispatch.
"""

from __future__ import annotations

from typing import NamedTuple, Self

from pickletable.core.piles import Pile
from pickletable.core.state import GameState, Outcome
from pickletable.games.board.codes import ANSWERING_STEPS, HITTING_STEPS, Step, Via
from pickletable.games.board.config import BoardConfig, team_of
from pickletable.games.board.content import Character
from pickletable.games.board.text import position_summary


class LastShot(NamedTuple):
    """The last IN shot of the rally: the one the next hitter answers."""

    hitter: int
    face: str | None
    """Its HIT face (``None`` for a serve, or a Skill Card that names none)."""
    via: Via
    nice: bool
    """Whether it was its hitter's Nice Shot."""
    counts: bool
    """Whether it counts as rolled (for Nice Shots and Strategy Cards)."""

    @property
    def rolled_face(self) -> str | None:
        """The HIT face a Strategy Card may answer: the face, if the shot counts as rolled."""
        return self.face if self.counts else None


class BoardPosition(GameState):
    """The stored fields of one board game position, its copy, and rule questions."""

    position_types = (Step, Via, LastShot)

    __slots__ = (
        "_outcome",
        "character",
        "chooser",
        "deal_queue",
        "draw_pile",
        "earner",
        "hit_index",
        "hit_number",
        "last_dice",
        "last_play_card",
        "order",
        "piles",
        "play_card",
        "previous",
        "rules",
        "server",
        "skill",
        "skill_hand",
        "stanchion",
        "step",
        "strategy_hand",
        "targets",
    )

    def __init__(self, rules: BoardConfig) -> None:
        self.rules = rules
        self.history = []
        self.skill = [0, 0, 0, 0]
        """Each seat's skill level, in whole spaces of the track."""
        self.character: list[str | None] = [None, None, None, None]
        self.skill_hand: list[list[str]] = [[], [], [], []]
        self.strategy_hand: list[list[str]] = [[], [], [], []]
        self.piles: dict[str, Pile] = {}
        self.step = Step.DEAL
        self.deal_queue: list[tuple[int, str]] = []
        self.server: int | None = None
        self.stanchion = False
        self.order: tuple[int, ...] = ()
        self.hit_index = 0
        self.hit_number = 0
        self.previous: LastShot | None = None
        self.last_dice: dict[str, str | None] = {"outcome": None, "hit": None}
        self.earner: int | None = None
        self.play_card: str | None = None
        self.last_play_card: str | None = None
        self.chooser: int | None = None
        self.targets: tuple[int, ...] = ()
        self.draw_pile = ""
        self._outcome: Outcome | None = None

    def clone(self) -> Self:
        other = self.__class__.__new__(self.__class__)
        other.rules = self.rules
        other.history = []
        other.skill = self.skill.copy()
        other.character = self.character.copy()
        other.skill_hand = [hand.copy() for hand in self.skill_hand]
        other.strategy_hand = [hand.copy() for hand in self.strategy_hand]
        other.piles = {name: pile.copy() for name, pile in self.piles.items()}
        other.step = self.step
        other.deal_queue = self.deal_queue.copy()
        other.server = self.server
        other.stanchion = self.stanchion
        other.order = self.order
        other.hit_index = self.hit_index
        other.hit_number = self.hit_number
        other.previous = self.previous
        other.last_dice = dict(self.last_dice)
        other.earner = self.earner
        other.play_card = self.play_card
        other.last_play_card = self.last_play_card
        other.chooser = self.chooser
        other.targets = self.targets
        other.draw_pile = self.draw_pile
        other._outcome = self._outcome
        return other

    # --- the state API it can answer ----------------------------------------
    @property
    def seats(self) -> tuple[int, ...]:
        return self.rules.seats

    @property
    def outcome(self) -> Outcome | None:
        return self._outcome

    def seat_name(self, seat: int) -> str:
        return self.rules.colour_of[seat].capitalize()

    def __str__(self) -> str:
        """The whole position in a few readable lines (`text.position_summary`)."""
        return position_summary(self)

    def lead(self) -> dict[int, float]:
        """Mean skill of one side minus the other's, in spaces of the track."""
        totals = [0.0, 0.0]
        counts = [0, 0]
        for seat in self.seats:
            totals[team_of(seat)] += self.skill[seat]
            counts[team_of(seat)] += 1
        means = [totals[team] / max(1, counts[team]) for team in (0, 1)]
        return {seat: means[team_of(seat)] - means[1 - team_of(seat)] for seat in self.seats}

    def finish(self, outcome: Outcome) -> None:
        """End the game with `outcome`."""
        self._outcome = outcome
        self.step = Step.OVER

    # --- questions the rules ask -------------------------------------------
    def hitter(self) -> int | None:
        """Who is to hit the ball now (serve or later hit)."""
        return self.order[self.hit_index] if self.step in HITTING_STEPS else None

    def shot_to_answer(self) -> LastShot | None:
        """The IN shot the hitter answers now (``None`` before a serve or outside a rally)."""
        if self.step in ANSWERING_STEPS:
            return self.previous
        return None

    def character_of(self, seat: int) -> Character:
        """The character card in front of a seat."""
        return self.rules.content.characters[self.character[seat] or ""]

    def at_target(self, seat: int) -> bool:
        """Whether a seat has reached the winning skill level."""
        return self.skill[seat] >= self.rules.target_spaces

    def may_serve(self, seat: int) -> bool:
        """Players at the target level no longer serve (doubles)."""
        return not self.at_target(seat)

    def level_of(self, seat: int) -> float:
        """A seat's skill level on the track (0.0 to the target)."""
        return round(self.skill[seat] * self.rules.step, 6)

    def skill_card_allowed(self) -> bool:
        """Skill Cards: advanced, hit 3 on, and not after another player's IN Nice Shot."""
        if not self.rules.advanced or self.hit_number < 3:
            return False
        hitter = self.order[self.hit_index]
        previous = self.previous
        if previous is not None and previous.nice:
            nice = self.character_of(previous.hitter).nice
            return self.character_of(hitter).nice == nice
        return True

    def strategy_faces_allowed(self) -> list[str]:
        """The Strategy Cards the hitter may play now (by HIT face)."""
        if not self.rules.advanced or self.hit_number < 3 or self.previous is None:
            return []
        face = self.previous.rolled_face
        hitter = self.order[self.hit_index]
        if face is None or face == self.character_of(hitter).bad:
            return []
        return [face] if face in self.strategy_hand[hitter] else []
