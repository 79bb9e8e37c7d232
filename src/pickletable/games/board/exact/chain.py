"""The game between rallies: levels, who serves, and (intermediate) the Play pile.

A state of the chain is ``(levels, server, position)``: the levels of the four
seats in spaces of the track (seats not in play stay 0), the seat about to
serve, and how many Play Cards have been drawn so far modulo the deck size
(0 at beginner). Every rally ends in a point for the server (probability
``Rally.point``) or a side out; nothing else in the state matters below the
advanced level. These functions follow the engine's rules (see the board
``rules.md``): the clockwise rotation skipping players at the target, the
``serve_after_point`` option, doubles players at the target who never move
down, and the game ending the moment a side is all at the target, even
halfway through a Play Card.

Play Card choices (which opponent moves back) follow the engine's ``medium``
bot: the opponent furthest ahead, the lower seat on a tie.

>>> chain = Chain(seats=(0, 1, 2, 3), target=10, keep_serve=False)
>>> chain.next_server((10, 0, 0, 0), 3)
1
>>> chain.winner((10, 10, 3, 0))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pickletable.core.errors import PickletableError

Levels = tuple[int, int, int, int]

ADVANCED_EFFECTS = frozenset({"skill_card", "strategy_card"})
"""Play Cards left out of the deck below the advanced level."""

POLICY = "move_opponent picks the opponent furthest ahead (the lower seat on a tie)"


@dataclass(frozen=True)
class PlayCard:
    """A Play Card as the chain needs it: id, effect and amount (spaces)."""

    id: str
    effect: str
    amount: int


def play_deck(content_data: dict[str, Any]) -> dict[str, tuple[PlayCard, int]]:
    """The intermediate Play deck of some content: card id -> (card, copies)."""
    return {
        entry["id"]: (
            PlayCard(entry["id"], entry["effect"], int(entry.get("amount", 0))),
            int(entry.get("count", 1)),
        )
        for entry in content_data["play_cards"]
        if entry["effect"] not in ADVANCED_EFFECTS
    }


def team_of(seat: int) -> int:
    """Seats 0-1 against seats 2-3 (singles: 0 against 2)."""
    return seat // 2


@dataclass(frozen=True)
class Chain:
    """The rules between rallies for one table: seats, track length, serve after a point."""

    seats: tuple[int, ...]
    target: int
    keep_serve: bool
    deck: tuple[PlayCard, ...] = ()
    """The Play pile in the order it is drawn (empty at beginner)."""

    @property
    def doubles(self) -> bool:
        """Four players."""
        return len(self.seats) == 4

    def start(self) -> Levels:
        """Everybody on 0.0."""
        return (0, 0, 0, 0)

    def winner(self, levels: Sequence[int]) -> int | None:
        """The team with every member at the target, if any (team 0 looked at first)."""
        for team in (0, 1):
            if all(levels[s] >= self.target for s in self.seats if team_of(s) == team):
                return team
        return None

    def next_server(self, levels: Sequence[int], after: int) -> int:
        """Clockwise from the last server, skipping players at the target."""
        seats = self.seats
        index = seats.index(after)
        for step in range(1, len(seats) + 1):
            seat = seats[(index + step) % len(seats)]
            if levels[seat] < self.target:
                return seat
        return after

    def after_point(self, levels: Sequence[int], server: int) -> int:
        """Who serves after `server` earned a point (levels already updated)."""
        if self.keep_serve and levels[server] < self.target:
            return server
        return self.next_server(levels, server)

    def cycle(self, levels: Sequence[int], start: int) -> tuple[int, ...]:
        """The servers that side outs visit from `start` until it comes round again."""
        order = [start]
        seat = self.next_server(levels, start)
        while seat != start:
            order.append(seat)
            seat = self.next_server(levels, seat)
        return tuple(order)

    def point(self, levels: Levels, server: int, position: int) -> tuple[Levels, int, int]:
        """A point for `server`: (levels, next server, next pile position); -1 server = over."""
        moved = list(levels)
        moved[server] = min(moved[server] + 1, self.target)
        if self.winner(moved) is None and self.deck:
            self._carry_out(moved, server, self.deck[position % len(self.deck)])
            position = (position + 1) % len(self.deck)
        final = (moved[0], moved[1], moved[2], moved[3])
        if self.winner(final) is not None:
            return final, -1, position
        return final, self.after_point(final, server), position

    # --- Play Cards ---------------------------------------------------------
    def _protected(self, levels: Sequence[int], seat: int, amount: int) -> bool:
        return amount < 0 and self.doubles and levels[seat] >= self.target

    def _would_move(self, levels: Sequence[int], seat: int, amount: int) -> bool:
        if self._protected(levels, seat, amount):
            return False
        level = levels[seat]
        return level > 0 if amount < 0 else amount > 0 and level < self.target

    def _move(self, levels: list[int], seat: int, amount: int) -> bool:
        """Move one seat (clipped to the track); True when that ends the game."""
        if not self._protected(levels, seat, amount):
            levels[seat] = max(0, min(levels[seat] + amount, self.target))
        return self.winner(levels) is not None

    def _carry_out(self, levels: list[int], earner: int, card: PlayCard) -> None:
        effect, amount = card.effect, card.amount
        if effect == "move_self":
            self._move(levels, earner, amount)
        elif effect == "move_partner":
            if self.doubles:
                self._move(levels, earner ^ 1, amount)
        elif effect in ("move_opponents", "move_others"):
            for seat in self.seats:
                moves = effect == "move_others" or team_of(seat) != team_of(earner)
                if seat != earner and moves and self._move(levels, seat, amount):
                    break
        elif effect == "move_opponent":
            targets = [
                s
                for s in self.seats
                if team_of(s) != team_of(earner) and self._would_move(levels, s, amount)
            ]
            if targets:
                # The medium bot's rule: the opponent furthest ahead; max() keeps the first.
                self._move(levels, max(targets, key=lambda s: levels[s]), amount)
        elif effect not in ("none", *ADVANCED_EFFECTS):
            raise PickletableError(f"play card {card.id}: unknown effect {effect!r}")
