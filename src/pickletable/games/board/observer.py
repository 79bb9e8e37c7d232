"""What a seat knows of a board game: the whole table, as a lean typed value.

The board game hides nothing: characters and cards lie face up, and a
face-down pile shows only its size (the order of its unseen cards is not
even stored). So every seat, and a spectator, gets the same observation.
It holds no text: `BoardPresenter` adds names, labels and the prompt.

>>> import random
>>> from pickletable.games.board import GAME
>>> state = GAME.new_game(2, {"level": "advanced"})
>>> for text in ["draw dinkin-dana", "draw lobster-lou"]:
...     _ = state.apply_text(text)
>>> seen = state.observe(0)
>>> seen.step, seen.seats[0].character.nice, seen.to_answer
(<Step.DEAL: 'deal'>, 'dink', None)
>>> seen == state.observe(None) == state.resample(2, random.Random(0)).observe(2)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pickletable.core.state import Outcome
from pickletable.games.board.codes import Step
from pickletable.games.board.config import team_of
from pickletable.games.board.content import Character, SkillCard
from pickletable.games.board.position import BoardPosition, LastShot


@dataclass(frozen=True, slots=True)
class SeatObservation:
    """One seat at the table: its side, character, skill level and face-up cards."""

    seat: int
    colour: str
    team: int
    character: Character | None
    skill: float
    """Its level on the skill track (0.0 to the target)."""
    serves: bool
    """False once a doubles player at the target no longer serves."""
    skill_cards: tuple[SkillCard, ...]
    """Its Skill Cards, each with the result and shot it stands for."""
    strategy_cards: tuple[str, ...]
    """Its Strategy Cards, by the HIT face each answers (a Strategy Card is named by its face)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form."""
        character = self.character
        return {
            "seat": self.seat,
            "colour": self.colour,
            "team": self.team,
            "character": None
            if character is None
            else {"id": character.id, "nice": character.nice, "bad": character.bad},
            "skill": self.skill,
            "serves": self.serves,
            "skill_cards": [
                {"id": card.id, "result": card.result, "shot": card.shot}
                for card in self.skill_cards
            ],
            "strategy_cards": [{"id": face, "face": face} for face in self.strategy_cards],
        }


@dataclass(frozen=True, slots=True)
class BoardObservation:
    """The table as any seat sees it."""

    game: ClassVar[str] = "board"
    level: str
    step: Step
    to_act: int | None
    """The seat asked now, `CHANCE` (-1), or None once the game is over."""
    target: float
    """The skill level that wins."""
    space: float
    """How far one space of the skill track moves a player."""
    seats: tuple[SeatObservation, ...]
    server: int | None
    stanchion_rule: bool
    stanchion_placed: bool
    hit: int
    """The number of the hit in the rally: 1 the serve, 2 the return of serve..."""
    hitter: int | None
    """Who is to hit the ball now (None outside a rally)."""
    order: tuple[int, ...]
    """The hitting order of the rally, server first."""
    serving_team: int | None
    to_answer: LastShot | None
    """The IN shot the hitter answers (from the dice or a Skill Card); None at a serve."""
    outcome_die: str | None
    """The last IN/OUT/ACE face rolled."""
    hit_die: str | None
    """The last HIT face rolled (None until the HIT die of a hit is rolled)."""
    play_card: str | None
    """The last Play Card drawn."""
    pile_sizes: Mapping[str, int]
    outcome: Outcome | None

    def seat_of(self, seat: int) -> SeatObservation:
        """The entry of one seat."""
        return next(entry for entry in self.seats if entry.seat == seat)

    def to_json(self) -> dict[str, Any]:
        """JSON-safe form: the base of every seat's client view."""
        answer = self.to_answer
        return {
            "game": self.game,
            "level": self.level,
            "step": str(self.step),
            "to_act": self.to_act,
            "target": self.target,
            "space": self.space,
            "seats": [seat.to_json() for seat in self.seats],
            "server": self.server,
            "stanchion_rule": self.stanchion_rule,
            "stanchion_placed": self.stanchion_placed,
            "rally": {
                "hit": self.hit,
                "hitter": self.hitter,
                "order": list(self.order),
                "serving_team": self.serving_team,
                "to_answer": None
                if answer is None
                else {
                    "by": answer.hitter,
                    "face": answer.face,
                    "via": str(answer.via),
                    "nice_shot": answer.nice,
                    "counts_as_roll": answer.counts,
                },
            },
            "dice": {"outcome": self.outcome_die, "hit": self.hit_die},
            "play_card": self.play_card,
            "piles": dict(self.pile_sizes),
            "outcome": None if self.outcome is None else self.outcome.to_json(),
        }


def observe(position: BoardPosition, seat: int | None) -> BoardObservation:
    """The observation of `seat` (None: a spectator); every seat sees the same table."""
    del seat  # the board game hides nothing
    rules = position.rules
    content = rules.content
    skill_cards = content.skill_cards
    seats = tuple(
        SeatObservation(
            seat=s,
            colour=rules.colour_of[s],
            team=team_of(s),
            character=content.characters.get(position.character[s] or ""),
            skill=position.level_of(s),
            serves=position.may_serve(s),
            skill_cards=tuple(skill_cards[card] for card in position.skill_hand[s]),
            strategy_cards=tuple(position.strategy_hand[s]),
        )
        for s in rules.seats
    )
    server = position.server
    return BoardObservation(
        level=rules.level,
        step=position.step,
        to_act=position.current_player,
        target=rules.target_spaces * rules.step,
        space=rules.step,
        seats=seats,
        server=server,
        stanchion_rule=rules.stanchion_rule,
        stanchion_placed=position.stanchion,
        hit=position.hit_number,
        hitter=position.hitter(),
        order=position.order,
        serving_team=None if server is None else team_of(server),
        to_answer=position.shot_to_answer(),
        outcome_die=position.last_dice["outcome"],
        hit_die=position.last_dice["hit"],
        play_card=position.last_play_card,
        pile_sizes={name: len(pile) for name, pile in position.piles.items()},
        outcome=position.outcome,
    )
