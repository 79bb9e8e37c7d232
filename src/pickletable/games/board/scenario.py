"""Setting up board game positions by hand, for tests, examples and bug reports.

`arrange` lays out a game at the start of a serve, as a chess position is
set up from a diagram: the characters and cards named are taken from their
piles (the rest stay face down), skill levels are put on the track, and
the server is to serve.

>>> from pickletable.games.board import GAME
>>> state = arrange(GAME.new_game(2, {"level": "beginner"}), skill=[4.5, 2.0], server=2)
>>> GAME.presenter.prompt(state)
'Yellow to serve'
>>> [state.level_of(seat) for seat in state.seats]
[4.5, 2.0]
"""

from __future__ import annotations

from collections.abc import Sequence

from pickletable.core.errors import PickletableError
from pickletable.games.board.points import start_serve
from pickletable.games.board.state import BoardState


class ScenarioError(PickletableError, ValueError):
    """A scenario the game cannot hold: a card its piles lack, a level off the track."""


def arrange(
    state: BoardState,
    *,
    characters: Sequence[str] | None = None,
    skill: Sequence[float] | None = None,
    skill_hands: Sequence[Sequence[str]] | None = None,
    strategy_hands: Sequence[Sequence[str]] | None = None,
    server: int | None = None,
) -> BoardState:
    """Lay out a fresh game at the start of a serve.

    Lists run over the seats in play, in seat order. `characters` (ids) default
    to the first of the character pile; `skill` levels (0.0 to the target,
    default 0.0) must be whole steps of the track; `skill_hands` and
    `strategy_hands` (advanced) replace the dealt cards (default: none).
    `server` (a seat, default the first) serves.
    """
    rules = state.rules
    seats = rules.seats
    piles = state.piles

    def take(pile: str, card: str) -> str:
        if piles[pile].unseen.get(card, 0) <= 0:
            raise ScenarioError(f"the {pile} pile has no (more) {card!r} for this scenario")
        piles[pile].take(card)
        return card

    def per_seat(values: Sequence[object] | None, what: str) -> None:
        if values is not None and len(values) != len(seats):
            raise ScenarioError(f"give {what} for each of the {len(seats)} seats")

    for values, what in (
        (characters, "a character"),
        (skill, "a skill level"),
        (skill_hands, "Skill Cards"),
        (strategy_hands, "Strategy Cards"),
    ):
        per_seat(values, what)
    if (skill_hands or strategy_hands) and not rules.advanced:
        raise ScenarioError("Skill and Strategy Cards are dealt in the advanced game only")
    state.deal_queue = []
    names = list(characters) if characters is not None else list(piles["character"].unseen)
    for position, seat in enumerate(seats):
        state.character[seat] = take("character", names[position])
        level = 0.0 if skill is None else float(skill[position])
        spaces = round(level / rules.step)
        if abs(spaces * rules.step - level) > 1e-9 or not 0 <= spaces <= rules.target_spaces:
            raise ScenarioError(f"{level} is not a level on the track (steps of {rules.step})")
        state.skill[seat] = spaces
        state.skill_hand[seat] = [take("skill", c) for c in (skill_hands or [()] * 4)[position]]
        state.strategy_hand[seat] = [
            take("strategy", c) for c in (strategy_hands or [()] * 4)[position]
        ]
    first = seats[0] if server is None else server
    if first not in seats:
        raise ScenarioError(f"seat {first} is not at this table (seats {list(seats)})")
    start_serve(state, first, [])
    return state
