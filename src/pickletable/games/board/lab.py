"""The board game in the lab: its collector, its recap figures and its study tables.

The collector counts characters, cards and their effect on the lead, and how
rallies end by hit number; the recap adds serves, shots and cards per seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from pickletable.analysis import metrics
from pickletable.analysis.collectors import Collector, GameSummary
from pickletable.analysis.metrics import Estimate
from pickletable.analysis.recap_figures import Figures
from pickletable.analysis.study import Breakdown
from pickletable.core.errors import OptionError
from pickletable.core.events import Event
from pickletable.core.kit import Lab
from pickletable.core.state import GameState


class BoardCollector(Collector):
    """Characters, cards and their effect on the lead, how rallies end by hit number."""

    score_kinds = frozenset({"point", "move"})
    endings = {  # noqa: RUF012 (read only)
        "ace": "ace",
        "out": "out",
        "bad shot": "Bad Shot",
        "strategy card": "Strategy Card",
        "fault": "fault",
    }

    def __init__(self, state: GameState) -> None:
        super().__init__(state)
        self.characters: dict[int, str] = {}
        self.last_shot: dict[str, Any] | None = None
        self.rally_cards: list[tuple[str, int, float]] = []
        self.play_card: tuple[str, int, float] | None = None
        self.rally_ended = False
        self.play_done = False
        self.skill_shot: str | None = None
        self._count_deck(state)
        self.handlers = {
            "first_server": self._first,
            "character": self._character,
            "card": self._card,
            "play_card": self._play_card,
            "skill_card": self._rally_card,
            "strategy_card": self._rally_card,
            "shot": self._shot,
            "rally_over": self._rally_over,
            "fault": self._fault,
            "to_serve": self._serve_passes,
            "game_over": self._serve_passes,
        }

    def _count_deck(self, state: GameState) -> None:
        """Each card's copies in its pile at the start (its share of the pile)."""
        piles = getattr(state, "piles", {})
        for pile, cards in piles.items():
            copies: dict[str, int] = {}
            for card in cards.cards():
                copies[card] = copies.get(card, 0) + 1
            if copies:
                self.deck(pile, copies)

    def _first(self, state: GameState, event: Event) -> None:
        self.first = event.data["seat"]

    def _character(self, state: GameState, event: Event) -> None:
        seat, card = event.data["seat"], event.data["card"]
        self.characters[seat] = card
        self.game_trial("character", frozenset({card}), seat, drawn=True)

    def _card(self, state: GameState, event: Event) -> None:
        self.count(f"drawn:{event.data['pile']}:{event.data['card']}")
        pile, card, seat = event.data["pile"], event.data["card"], event.data["seat"]
        self.game_trial(pile, frozenset({card}), seat, drawn=True)

    def _play_card(self, state: GameState, event: Event) -> None:
        card, seat = event.data["card"], event.data["seat"]
        self.count(f"drawn:play:{card}")
        self.game_trial("play", frozenset({card}), seat, drawn=True)
        self.count(f"used:play:{card}")
        self.play_card = (f"play:{card}", seat, self.lead[seat])

    def _rally_card(self, state: GameState, event: Event) -> None:
        pile = "skill" if event.kind == "skill_card" else "strategy"
        key = f"{pile}:{event.data['card']}"
        self.count(f"used:{key}")
        if pile == "skill":
            self.skill_shot = event.data["card"]
        seat = event.data["seat"]
        self.rally_cards.append((key, seat, self.lead[seat]))

    def _shot(self, state: GameState, event: Event) -> None:
        self.turns += 1
        self.last_shot = event.data
        if event.data.get("via") != "skill":
            self.skill_shot = None

    def _rally_over(self, state: GameState, event: Event) -> None:
        shot = self.last_shot or {}
        hit = int(shot.get("hit", 0))
        if event.data["end"] == "strategy":
            end, hit = "strategy card", hit + 1
            strategy = [key for key, _, _ in self.rally_cards if key.startswith("strategy:")]
            if strategy:
                self.count(f"ended_by:{strategy[-1]}")
        elif shot.get("bad_shot"):
            end = "bad shot"
        else:
            end = str(shot.get("result", "out"))
            if self.skill_shot is not None:  # the rally's last shot was a Skill Card's
                self.count(f"ended_by:skill:{self.skill_shot}")
        self._rally_end(end, hit, event.data["end"] == "point")

    def _fault(self, state: GameState, event: Event) -> None:
        self._rally_end("fault", 1, False)

    def _rally_end(self, end: str, hit: int, point: bool) -> None:
        self.rallies += 1
        self.count(f"rally_end:{end}:{min(hit, 12)}")
        self.tally("serve_won", point)
        self.rally_ended = True
        self.settle = True
        self.last_shot = None
        self.skill_shot = None

    def _serve_passes(self, state: GameState, event: Event) -> None:
        self.play_done = True
        self.settle = True

    def after_step(self, state: GameState) -> None:
        if self.rally_ended:
            for key, seat, before in self.rally_cards:
                self.sample(f"lead_change:{key}", self.lead[seat] - before)
            self.rally_cards = []
            self.rally_ended = False
        if self.play_done:
            if self.play_card is not None:
                key, seat, before = self.play_card
                self.sample(f"lead_change:{key}", self.lead[seat] - before)
                self.play_card = None
            self.play_done = False

    def finish_game(self, state: GameState, winners: tuple[int, ...]) -> None:
        characters = _board_characters(state)
        for seat, card in self.characters.items():
            won = seat in winners
            self.tally(f"character:{card}", won)
            pair = characters.get(card)
            if pair is not None:
                self.tally(f"shot_pair:{pair[0]}/{pair[1]}", won)


def _board_characters(state: GameState) -> dict[str, tuple[str, str]]:
    """Each character's Nice and Bad Shot, from the game's content (empty if unreadable)."""
    try:
        characters = state.rules.content.characters  # type: ignore[attr-defined]
        return {key: (str(card.nice), str(card.bad)) for key, card in characters.items()}
    except AttributeError:
        return {}


class BoardFigures(Figures):
    """Serves, points won on serve, shots and aces, cards played; each seat's skill level."""

    score_word = "Level"
    digits = 1
    labels = (
        ("serves", "Serves"),
        ("points_on_serve", "Points won on serve"),
        ("shots", "Shots hit"),
        ("aces", "Aces"),
        ("skill_cards", "Skill Cards played"),
        ("strategy_cards", "Strategy Cards played"),
        ("play_cards", "Play Cards drawn"),
    )

    def scores(self, state: GameState) -> list[float]:
        level_of = state.level_of  # type: ignore[attr-defined]
        return [float(level_of(side[0])) for side in self.sides(state)]

    def watch(self, state: GameState, event: Event) -> None:
        data = event.data
        kind = event.kind
        if kind in ("first_server", "to_serve"):
            self.opener = data["seat"]
        elif kind == "serve":
            self.add(data["seat"], "serves")
        elif kind == "point":
            self.add(data["seat"], "points_on_serve")
        elif kind == "shot":
            self.add(data["seat"], "shots")
            if data.get("result") == "ace":
                self.add(data["seat"], "aces")
        elif kind == "skill_card":
            self.add(data["seat"], "skill_cards")
        elif kind == "strategy_card":
            self.add(data["seat"], "strategy_cards")
        elif kind == "play_card":
            self.add(data["seat"], "play_cards")


def breakdowns(games: Sequence[GameSummary]) -> list[Breakdown]:
    """The study report's tables of this game's own figures."""
    played = max(1, len(games))
    drawn = metrics.counters(games, "drawn")
    used = metrics.counters(games, "used")
    effect = metrics.samples(games, "lead_change")
    cards = sorted(set(drawn) | set(used) | set(effect))
    extra = {
        card: {
            "drawn_per_game": drawn.get(card, 0) / played,
            "used_per_game": used.get(card, 0) / played,
        }
        for card in cards
    }
    effects = {card: effect.get(card, Estimate(0.0, 0.0, 0.0, 0)) for card in cards}
    return [
        Breakdown(
            "characters",
            "Win rate by character",
            "share of the games a seat with this character won",
            metrics.tallies(games, "character"),
        ),
        Breakdown(
            "shot_pairs",
            "Win rate by Nice/Bad Shot pair",
            "share of the games won by a seat whose character has this Nice Shot/Bad Shot",
            metrics.tallies(games, "shot_pair"),
        ),
        Breakdown(
            "cards",
            "Cards: draws, uses and mean change in lead",
            "change in the holder's side's lead (spaces) from the card's play to the end of "
            "its effect: a Play Card's moves; a Skill or Strategy Card's rally (its point "
            "included, any Play Card after it not); draws and uses per game in extra columns",
            effects,
            extra,
        ),
        Breakdown(
            "rally_ends",
            "How rallies end, by hit number",
            "share of all rallies ending this way (ace, out, bad shot, strategy card, fault) "
            "at this hit (1 = the serve; 12 = 12 or later)",
            metrics.counter_shares(games, "rally_end", lambda key: key.replace(":", " @ hit ")),
        ),
        Breakdown(
            "serve",
            "Rallies won on serve",
            "share of rallies that end in a point (only the serving side scores)",
            {"point on serve": metrics._tally("serve_won")(games)},
        ),
    ]


def plain_play_card(data: Mapping[str, Any], card: str) -> dict[str, Any]:
    """Board content with one Play Card made plain: effect ``none``, its name and copies kept."""
    copied: dict[str, Any] = json.loads(json.dumps(data))
    for entry in copied.get("play_cards", []):
        if entry.get("id") == card:
            entry["effect"] = "none"
            entry.pop("amount", None)
            return copied
    known = ", ".join(entry.get("id", "?") for entry in copied.get("play_cards", []))
    raise OptionError(f"no Play Card {card!r} in this content; the Play Cards are {known}")


LAB = Lab(BoardCollector, BoardFigures, breakdowns)
"""The board game's part in the lab."""
