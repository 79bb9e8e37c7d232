"""What each card does to the chance of winning: holders against everyone else, from play data.

A game's collector records *card trials*: one trial per seat and unit (a
Slam round, a card game rally, a whole game) or per draw (a board game's
Play, Skill and Strategy Cards, a character), a success when the holder's
side won that unit, and the cards of each pile the seat held at a stated
moment (`Collector.card_trial`). For each card the **effect** is

    effect = P(win | held the card) - P(win | held none of it)

over the trials of its pile: in Slam, the seats holding a SHAKE & BAKE at
the round's first PLAY phase against the seats holding none; on the board,
the drawers of one Play Card against the drawers of the other Play Cards
(the draw is random, so the comparison is one of cards, not of situations).
Its standard error is clustered by game (the linearised difference of two
ratio estimators, summed per game), and its 95% interval is the effect ±
1.96 of them. Every card row of one unit is one family: its p-values (two-
sided z tests of no effect) are adjusted by Holm's method, and only the
rows that survive at 5% are ranked as "cards that move the game most",
largest effect first, each with its share of the deck. Where a card also
ends rallies or rounds (Slam's SHAKE & BAKE), the share it ended is given.

`pickletable.analysis.counterfactual` estimates the same kind of effect the
other way, by paired studies that replace the card by a plain one.

>>> rows = [((6, 10), (10, 20))] * 30  # holders win 6 of 10, the rest 4 of 10
>>> effect = difference_of_rates(rows)
>>> round(effect.value, 3), round(effect.low, 3) <= 0.2 <= round(effect.high, 3)
(0.2, True)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pickletable.analysis.collectors import GameSummary
from pickletable.analysis.metrics import Estimate
from pickletable.analysis.statistics import holm, two_sided_p

ALPHA = 0.05
MIN_TRIALS = 20
"""A card held in fewer trials than this is listed but not tested (its interval is all noise)."""
UNIT_WORDS = {
    "game": ("game", "games"),
    "round": ("round", "rounds"),
    "rally": ("rally", "rallies"),
}

Row = tuple[tuple[int, int], tuple[int, int]]
"""One game's (holder wins, holder trials) and (all wins, all trials) of a card's pile."""


@dataclass(frozen=True)
class CardEffect:
    """One card's effect on its holder's chance to win one unit, with its test."""

    unit: str
    pile: str
    card: str
    effect: Estimate
    """P(win | held) - P(win | not held), with its 95% interval clustered by game."""
    held: float
    """P(win | held)."""
    others: float
    """P(win | not held), over the rest of the pile's trials."""
    trials: int
    """Trials in which the card was held."""
    share: float
    """The card's copies as a share of its pile or deck."""
    copies: float
    deck: float
    ended: float | None
    """The share of the units this card ended, where it ends some (else None)."""
    p_value: float
    drawn: bool = False
    """Whether a trial is one draw of the pile (compared with its other cards), not a seat
    holding the card or not."""
    adjusted_p: float = 1.0

    @property
    def key(self) -> str:
        """``pile: card``."""
        return f"{self.pile}: {self.card}"

    @property
    def found(self) -> bool:
        """Whether the effect survives Holm's correction over its unit's cards."""
        return self.adjusted_p <= ALPHA

    def sentence(self, rallies: str = "rallies") -> str:
        """The card's effect in plain words (`rallies`: what the game's rallies are called,
        for the share of them the card ends)."""
        many = UNIT_WORDS.get(self.unit, (self.unit, self.unit + "s"))[1]
        copies = f"{self.copies:g} of {self.deck:g} cards, {100 * self.share:.1f}%"
        ended = f"; it ends {100 * self.ended:.0f}% of {rallies}" if self.ended is not None else ""
        who, versus = (
            ("its drawers", f"drawers of the other {self.pile} cards")
            if self.drawn
            else ("holders", "seats without it")
        )
        points = 100 * self.effect.value
        return (
            f"{self.card} ({copies}): {who} win {100 * self.held:.0f}% of {many} against "
            f"{100 * self.others:.0f}% for {versus} ({points:+.1f} points, "
            f"{100 * self.effect.low:+.1f} to {100 * self.effect.high:+.1f}){ended}"
        )

    def to_json(self) -> dict[str, Any]:
        """The row as JSON."""
        return {
            "unit": self.unit,
            "pile": self.pile,
            "name": self.card,
            "effect": self.effect.to_json(),
            "held": self.held,
            "others": self.others,
            "trials": self.trials,
            "copies": self.copies,
            "deck": self.deck,
            "share": self.share,
            "ended": self.ended,
            "drawn": self.drawn,
            "p_value": self.p_value,
            "adjusted_p": self.adjusted_p,
            "control": "Holm",
            "found": self.found,
            "claim": self.sentence(),
        }


def difference_of_rates(rows: Sequence[Row]) -> Estimate:
    """P(win | held) - P(win | not held) over games, with a 95% interval clustered by game.

    Each row is one game: the holders' (wins, trials) and all the pile's
    (wins, trials), the holders included. The standard error is the
    cluster-robust one of the difference of two ratio estimators: each game's
    linearised contribution ``(a - p1 n) / N1 - (b - p0 m) / N0`` squared and
    summed, times G / (G - 1).
    """
    held_wins = sum(row[0][0] for row in rows)
    held_trials = sum(row[0][1] for row in rows)
    other_wins = sum(row[1][0] - row[0][0] for row in rows)
    other_trials = sum(row[1][1] - row[0][1] for row in rows)
    if not held_trials or not other_trials:
        return Estimate(0.0, 0.0, 0.0, held_trials)
    held = held_wins / held_trials
    others = other_wins / other_trials
    centre = held - others
    clusters = [row for row in rows if row[1][1]]
    if len(clusters) < 2:
        return Estimate(centre, centre, centre, held_trials)
    spread = 0.0
    for (a, n), (all_wins, all_trials) in clusters:
        b, m = all_wins - a, all_trials - n
        spread += ((a - held * n) / held_trials - (b - others * m) / other_trials) ** 2
    error = math.sqrt(spread * len(clusters) / (len(clusters) - 1))
    return Estimate(centre, centre - 1.96 * error, centre + 1.96 * error, held_trials)


def card_effects(games: Sequence[GameSummary]) -> list[CardEffect]:
    """Every card's effect at every unit its game's collector records, Holm-adjusted per unit,
    sorted by unit then by the size of the effect (largest first)."""
    cards = sorted(
        {
            tuple(key.split(":", 3)[1:])
            for game in games
            for key in game.tallies
            if key.startswith("effect:")
        }
    )
    rows: dict[tuple[str, ...], list[Row]] = {card: [] for card in cards}
    for game in games:
        tallies = game.tallies
        for unit, pile, card in cards:
            total = tallies.get(f"effect_all:{unit}:{pile}")
            if total is None:
                continue  # the pile had no trials in this game
            mine = tallies.get(f"effect:{unit}:{pile}:{card}", (0, 0))
            rows[(unit, pile, card)].append(((mine[0], mine[1]), (total[0], total[1])))
    played = max(1, len(games))
    copies = _per_game_counters(games, "copies", played)
    decks = _per_game_counters(games, "deck", played)
    drawn = {
        key.partition(":")[2]
        for game in games
        for key in game.counters
        if key.startswith("draw_pile:")
    }
    ends = _per_game_counters(games, "ended_by", played)
    rallies = sum(game.counts.get("rallies", 0.0) for game in games)
    effects: list[CardEffect] = []
    for (unit, pile, card), per_game in rows.items():
        estimate = difference_of_rates(per_game)
        held_trials = sum(row[0][1] for row in per_game)
        other_trials = sum(row[1][1] - row[0][1] for row in per_game)
        held = sum(row[0][0] for row in per_game) / held_trials if held_trials else 0.0
        others = (
            sum(row[1][0] - row[0][0] for row in per_game) / other_trials if other_trials else 0.0
        )
        error = (estimate.high - estimate.value) / 1.96
        tested = held_trials >= MIN_TRIALS and other_trials >= MIN_TRIALS and error > 0
        p_value = two_sided_p(estimate.value / error) if tested else 1.0
        count = copies.get(f"{pile}:{card}", 0.0)
        deck = decks.get(pile, 0.0)
        ended_count = ends.get(f"{pile}:{card}")
        ended = ended_count / rallies if ended_count is not None and rallies else None
        effects.append(
            CardEffect(
                unit,
                pile,
                card,
                estimate,
                held,
                others,
                held_trials,
                count / deck if deck else 0.0,
                count,
                deck,
                ended,
                p_value,
                pile in drawn,
            )
        )
    adjusted: list[CardEffect] = []
    for unit in sorted({effect.unit for effect in effects}, key=_unit_order):
        family = [effect for effect in effects if effect.unit == unit]
        for effect, value in zip(family, holm([e.p_value for e in family]), strict=True):
            adjusted.append(_with_adjusted(effect, value))
    return sorted(
        adjusted, key=lambda e: (_unit_order(e.unit), -abs(e.effect.value), e.pile, e.card)
    )


def _with_adjusted(effect: CardEffect, adjusted_p: float) -> CardEffect:
    return CardEffect(**{**effect.__dict__, "adjusted_p": adjusted_p})


def _unit_order(unit: str) -> tuple[int, str]:
    """The unit a game's cards act on first (round, rally), the whole game last."""
    return (unit == "game", unit)


def _per_game_counters(games: Sequence[GameSummary], prefix: str, played: int) -> dict[str, float]:
    """Counters under ``prefix:`` as means per game (copies, deck sizes) or totals (ends)."""
    totals: dict[str, float] = {}
    for game in games:
        for key, value in game.counters.items():
            if key.startswith(prefix + ":"):
                rest = key[len(prefix) + 1 :]
                totals[rest] = totals.get(rest, 0.0) + value
    if prefix in ("copies", "deck"):
        return {key: value / played for key, value in totals.items()}
    return totals


SETTLES = 0.10
"""A card that ends at least this share of the rallies or rounds settles the game's flow."""


def moving_most(effects: Sequence[CardEffect], count: int = 3) -> list[CardEffect]:
    """The cards that move the game most, at the first unit (the round or rally where the game
    has one, else the game): first those that end at least `SETTLES` of the rallies or
    rounds, most first; then those whose effect survives Holm's correction, largest first."""
    if not effects:
        return []
    unit = effects[0].unit
    mine = [effect for effect in effects if effect.unit == unit]
    settling = sorted(
        (e for e in mine if e.ended is not None and e.ended >= SETTLES),
        key=lambda e: -(e.ended or 0.0),
    )
    found = [e for e in mine if e.found and e not in settling]
    return (settling + found)[:count]


def summary_sentence(effects: Sequence[CardEffect], rallies: str = "rallies") -> str | None:
    """ "Cards that move the game most: ..." (or that none does detectably), or None without
    card trials."""
    if not effects:
        return None
    top = moving_most(effects)
    one = UNIT_WORDS.get(effects[0].unit, (effects[0].unit, ""))[0]
    if not top:
        return (
            f"Cards: no card changes its holder's chance to win a {one} detectably at this "
            "size (Holm over every card of the table)."
        )
    return "Cards that move the game most: " + "; ".join(e.sentence(rallies) for e in top) + "."
