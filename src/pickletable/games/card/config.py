"""What stays fixed through one card game: the seats, the teams, and `CardConfig`.

Seat numbers are compass points: singles sit North v South; three players
North (alone) v East and West; doubles North-South v East-West. Teammates
sit across from each other.

>>> from pickletable.games.card import GAME
>>> rules = GAME.new_game(3).rules
>>> rules.seats, rules.teams, rules.next_seat[3]
((0, 1, 3), ((0,), (1, 3)), 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from pickletable.core.actions import Action
from pickletable.core.options import OptionValue
from pickletable.games.card.content import HAND_SIZE, CardDeck
from pickletable.games.card.solver import HandSolver, solver_for

SEAT_NAMES = ("North", "East", "South", "West")
SEATS_BY_PLAYERS = {2: (0, 2), 3: (0, 1, 3), 4: (0, 1, 2, 3)}
"""The seats in play for each table size, clockwise from North."""
TEAMS_BY_PLAYERS = {2: {0: 0, 2: 1}, 3: {0: 0, 1: 1, 3: 1}, 4: {0: 0, 1: 1, 2: 0, 3: 1}}
"""Team 0 (A) and team 1 (B) of every seat."""

LAY = "lay"
"""The second argument of a discard that also lays the hand down (``discard 7 lay``)."""
CHANCE_VERBS = ("show", "deal", "flip", "draw")


@dataclass(frozen=True)
class CardConfig:
    """Everything fixed for one game: deck, options and derived tables (shared by clones)."""

    deck: CardDeck
    options: dict[str, OptionValue]
    seats: tuple[int, ...]
    team_of: dict[int, int]
    teams: tuple[tuple[int, ...], tuple[int, ...]]
    next_seat: dict[int, int]
    target: int
    win_by: int
    no_discard_taken_card: bool
    reshuffle_limit: int
    rally_turn_limit: int
    solver: HandSolver
    order: dict[str, int]
    order_key: Callable[[str], int]
    """``order.__getitem__``: a card's sort position, as a sort key."""
    take: dict[str, Action]
    discard: dict[str, Action]
    discard_lay: dict[str, Action]
    chance: dict[str, dict[str, Action]]
    deck_counts: dict[str, int]
    """Copies of each card in the deck (cards it has), in deck order: a fresh draw pile."""
    deal_seats: dict[int, tuple[int, ...]]
    """By the seat dealt to first: the seat each card of the deal goes to, in order."""
    discard_menus: dict[tuple[tuple[str, ...], str | None], tuple[Action, ...]] = field(
        default_factory=dict, compare=False, repr=False
    )
    """Memoised discard menus by (hand, card that may not be discarded)."""

    @staticmethod
    def build(deck: CardDeck, options: dict[str, OptionValue], players: int) -> CardConfig:
        """Derive the rules tables from the deck and checked options."""
        seats = SEATS_BY_PLAYERS[players]
        team_of = dict(TEAMS_BY_PLAYERS[players])
        teams = (
            tuple(s for s in seats if team_of[s] == 0),
            tuple(s for s in seats if team_of[s] == 1),
        )
        solver = solver_for(deck.lowest, deck.highest)
        names = deck.names
        return CardConfig(
            deck=deck,
            options=dict(options),
            seats=seats,
            team_of=team_of,
            teams=teams,
            next_seat={seat: seats[(i + 1) % len(seats)] for i, seat in enumerate(seats)},
            target=int(options["target_score"]),
            win_by=int(options["win_by"]),
            no_discard_taken_card=bool(options["no_discard_taken_card"]),
            reshuffle_limit=int(options["reshuffle_limit"]),
            rally_turn_limit=int(options["rally_turn_limit"]),
            solver=solver,
            order=solver.order,
            order_key=solver.order.__getitem__,
            take={c: Action("take", (c,)) for c in names},
            discard={c: Action("discard", (c,)) for c in names},
            discard_lay={c: Action("discard", (c, LAY)) for c in names},
            chance={verb: {c: Action(verb, (c,)) for c in names} for verb in CHANCE_VERBS},
            deck_counts={card: n for card, n in deck.counts.items() if n},
            deal_seats={
                first: tuple(
                    seats[(seats.index(first) + dealt) % len(seats)]
                    for dealt in range(HAND_SIZE * len(seats))
                )
                for first in seats
            },
        )
