"""A scorekeeper for a real card-game table: type each rally's hands, it settles the score.

The cards stay on the table; after each rally the players say who laid down,
in order, and show their hands. `Scorekeeper.rally` checks the hands (seven
cards of the deck; a laid-down hand must be complete or hold a Dink Shot),
scores them exactly as the rules engine does (`games/card/scoring.py`),
passes the serve and tells when a team has won. `undo` takes a rally back.
`to_json` keeps a session as the table and the rallies typed; `from_json`
types them again, so a session saved at one sitting goes on at the next.

>>> keeper = Scorekeeper(players=2, server=0)
>>> result = keeper.rally(laid=["North"], hands={"North": "1 2 3 4 5 6 pickler"})
>>> keeper.scores, keeper.server_name
([2, 0], 'North')
>>> _ = keeper.rally(laid=["South"], hands={"South": "1 5 9 dink 2 4 8"})
>>> keeper.scores, keeper.server_name
([2, 1], 'South')
>>> keeper.undo()
>>> keeper.scores, keeper.server_name
([2, 0], 'North')
>>> again = Scorekeeper.from_json(keeper.to_json())
>>> again.scores, again.server_name, len(again.rallies)
([2, 0], 'North', 1)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pickletable.core.errors import PickletableError
from pickletable.games.card import GAME
from pickletable.games.card.cards import parse_hand
from pickletable.games.card.config import SEAT_NAMES, SEATS_BY_PLAYERS, TEAMS_BY_PLAYERS
from pickletable.games.card.content import CardDeck
from pickletable.games.card.scoring import RallyScore, score_rally, winning_team
from pickletable.games.card.solver import HandSolver, solver_for


class ScorekeepingError(PickletableError, ValueError):
    """A rally that cannot be scored as typed (the message says what to fix)."""


@dataclass
class _Snapshot:
    scores: list[int]
    server: int


@dataclass(frozen=True)
class TypedRally:
    """A rally as the table typed it: who laid down, first first, and the hands shown."""

    laid: list[str]
    hands: dict[str, str]


SESSION = "pickletable-scorekeeper"
"""The ``format`` of a saved scorekeeping session."""


@dataclass
class Scorekeeper:
    """Scores, serve and winner of one card game played with real cards."""

    players: int
    server: int
    """The seat serving now (North 0, East 1, South 2, West 3)."""
    target: int = 11
    win_by: int = 2
    names: Mapping[int, str] | None = None
    """Players' names by seat; the compass points if not given."""
    scores: list[int] = field(default_factory=lambda: [0, 0])
    history: list[_Snapshot] = field(default_factory=list)
    rallies: list[TypedRally] = field(default_factory=list)
    """The rallies scored, as typed (what `to_json` keeps)."""

    @classmethod
    def for_table(
        cls,
        players: int,
        names: Sequence[str],
        server: str | None,
        *,
        target: int = 11,
        win_by: int = 2,
    ) -> Scorekeeper:
        """A scorekeeper from what a table says: its size, names clockwise from North
        (or none), and who serves first (by name or compass point; North if not said)."""
        if players not in SEATS_BY_PLAYERS:
            raise ScorekeepingError(f"the card game is for 2, 3 or 4 players, not {players}")
        seats = SEATS_BY_PLAYERS[players]
        if names and len(names) != players:
            raise ScorekeepingError(f"give {players} names for {players} players, not {len(names)}")
        keeper = cls(
            players=players,
            server=seats[0],
            target=target,
            win_by=win_by,
            names=dict(zip(seats, names, strict=True)) if names else None,
        )
        if server is not None:
            keeper.server = keeper.seat_named(server)
        return keeper

    def __post_init__(self) -> None:
        if self.players not in SEATS_BY_PLAYERS:
            raise ScorekeepingError(f"the card game is for 2, 3 or 4 players, not {self.players}")
        self.seats = SEATS_BY_PLAYERS[self.players]
        self.team_of = TEAMS_BY_PLAYERS[self.players]
        if self.server not in self.seats:
            raise ScorekeepingError(f"seat {self.server} is not at a {self.players}-player table")
        self.deck = CardDeck.from_data(GAME.default_content().data)
        self.solver: HandSolver = solver_for(self.deck.lowest, self.deck.highest)
        given = dict(self.names or {})
        self.seat_names = {seat: given.get(seat, SEAT_NAMES[seat]) for seat in self.seats}

    # --- who is who -------------------------------------------------------------
    @property
    def server_name(self) -> str:
        """The name of the player serving now."""
        return self.seat_names[self.server]

    def team_name(self, team: int) -> str:
        """A team by its players' names ("Ann & Cy")."""
        return " & ".join(self.seat_names[s] for s in self.seats if self.team_of[s] == team)

    def seat_named(self, name: str) -> int:
        """The seat of a player, by name or compass point, any case."""
        wanted = name.strip().lower()
        for seat in self.seats:
            if wanted in (self.seat_names[seat].lower(), SEAT_NAMES[seat].lower()):
                return seat
        allowed = ", ".join(self.seat_names[seat] for seat in self.seats)
        raise ScorekeepingError(f"{name!r} is not at this table; the players are {allowed}")

    @property
    def winner(self) -> int | None:
        """The team that has won, if one has."""
        return winning_team(self.scores, self.target, self.win_by)

    # --- a rally ----------------------------------------------------------------
    def rally(self, laid: Sequence[str], hands: Mapping[str, str]) -> RallyScore:
        """Score a rally: who laid down (first first) and the hands worth typing.

        A hand left out scores nothing (say so only for a hand with no Dink
        Shot that is not a complete hand of the serving team). Nothing changes
        if the rally is refused.
        """
        if self.winner is not None:
            raise ScorekeepingError(f"the game is over: {self.team_name(self.winner)} won")
        order = [self.seat_named(name) for name in laid]
        if len(set(order)) != len(order):
            raise ScorekeepingError("a player can lay down only once in a rally")
        shown: dict[int, tuple[str, ...]] = {}
        for name, text in hands.items():
            seat = self.seat_named(name)
            others = {self.seat_names[s]: cards for s, cards in shown.items()}
            shown[seat] = self.check_hand(name, text, laid=seat in order, others=others)
        for seat in order:
            if seat not in shown:
                raise ScorekeepingError(
                    f"{self.seat_names[seat]} laid down: type that hand so it can be scored"
                )
        result = score_rally(self.solver, self.team_of, self.server, shown, order)
        self.history.append(_Snapshot(list(self.scores), self.server))
        self.rallies.append(TypedRally(list(laid), dict(hands)))
        for team in result.teams:
            self.scores[team.team] += team.points
        if result.serve_to is not None:
            self.server = result.serve_to
        return result

    def check_hand(
        self,
        name: str,
        text: str,
        *,
        laid: bool = False,
        others: Mapping[str, Sequence[str]] | None = None,
    ) -> tuple[str, ...]:
        """One player's hand as typed, sorted, checked on its own as soon as it is typed.

        Seven cards of the deck; with the hands typed before it (`others`, by
        name) no card more often than the deck holds it; and a hand laid down
        (`laid`) must be complete or hold a Dink Shot. Raises `ScorekeepingError`
        or the deck's `HandError`/`CardNameError`, whose message says what to fix.

        >>> keeper = Scorekeeper(players=2, server=0)
        >>> keeper.check_hand("North", "1 5 9 dink 2 4 8", laid=True)
        ('1', '2', '4', '5', '8', '9', 'dink')
        >>> keeper.check_hand("North", "1 2 3")
        Traceback (most recent call last):
        ...
        pickletable.games.card.cards.HandError: a hand has 7 cards; '1 2 3' has 3
        """
        player = self.seat_names[self.seat_named(name)]
        cards = self.solver.sort(parse_hand(text, self.deck))
        shown = [cards, *(tuple(hand) for other, hand in (others or {}).items() if other != player)]
        self._check_counts(shown)
        if laid:
            verdict = self.solver.verdict_sorted(cards)
            if not verdict.can_lay_down:
                raise ScorekeepingError(
                    f"{player} could not lay that hand down: it is "
                    f"{verdict.summary} and holds no Dink Shot"
                )
        return cards

    def _check_counts(self, shown: Sequence[Sequence[str]]) -> None:
        """No card is shown more often than the deck holds it."""
        counts: dict[str, int] = {}
        for cards in shown:
            for card in cards:
                counts[card] = counts.get(card, 0) + 1
        for card, count in counts.items():
            if count > self.deck.count(card):
                raise ScorekeepingError(
                    f"the hands show {count} × {self.deck.title(card)}, "
                    f"but the deck has {self.deck.count(card)}"
                )

    def undo(self) -> None:
        """Take back the last rally scored."""
        if not self.history:
            raise ScorekeepingError("there is no rally to take back")
        last = self.history.pop()
        self.rallies.pop()
        self.scores, self.server = last.scores, last.server

    # --- a session kept --------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The session: the table (players, names, first server, target) and its rallies."""
        first = self.history[0].server if self.history else self.server
        return {
            "format": SESSION,
            "version": 1,
            "players": self.players,
            "names": [self.seat_names[seat] for seat in self.seats],
            "first_server": first,
            "target": self.target,
            "win_by": self.win_by,
            "rallies": [{"laid": r.laid, "hands": r.hands} for r in self.rallies],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Scorekeeper:
        """A saved session, its rallies typed again (each checked as when first typed)."""
        if not isinstance(data, Mapping) or data.get("format") != SESSION:
            raise ScorekeepingError("not a saved scorekeeping session")
        try:
            keeper = cls(
                players=int(data["players"]),
                server=int(data["first_server"]),
                target=int(data["target"]),
                win_by=int(data["win_by"]),
                names=dict(zip(SEATS_BY_PLAYERS[int(data["players"])], data["names"], strict=True)),
            )
            rallies = [(list(r["laid"]), dict(r["hands"])) for r in data["rallies"]]
        except (KeyError, TypeError, ValueError) as error:
            raise ScorekeepingError(f"a saved session with a damaged entry ({error})") from None
        for number, (laid, hands) in enumerate(rallies, 1):
            try:
                keeper.rally(laid, hands)
            except PickletableError as error:
                raise ScorekeepingError(f"rally {number} of the session: {error}") from None
        return keeper
