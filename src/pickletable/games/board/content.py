"""Board game content: dice, colours, characters and the three card decks.

`validate` checks a TOML document and returns it normalised; `BoardContent`
is the typed form the rules engine reads.

>>> from pickletable.games.board import GAME
>>> content = BoardContent.from_data(GAME.default_content().data)
>>> content.outcome_faces
('in', 'in', 'in', 'out', 'out', 'ace')
>>> content.skill_cards["ace"].label
'ACE'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable.core.content import Checker

OUTCOMES = ("in", "out", "ace")
EFFECTS = (
    "move_self",
    "move_opponent",
    "move_opponents",
    "move_others",
    "move_partner",
    "skill_card",
    "strategy_card",
    "none",
)
MOVE_EFFECTS = frozenset(e for e in EFFECTS if e.startswith("move_"))
ADVANCED_EFFECTS = frozenset({"skill_card", "strategy_card"})
"""Play Card effects that mention Skill or Strategy Cards (left out below advanced)."""


@dataclass(frozen=True)
class Character:
    """A character card: a name, a Nice Shot and a Bad Shot."""

    id: str
    name: str
    nice: str
    bad: str


@dataclass(frozen=True)
class SkillCard:
    """A Skill Card: the shot result it stands for (a HIT face is optional)."""

    id: str
    result: str
    shot: str | None
    count: int

    @property
    def label(self) -> str:
        """How the card reads, e.g. ``IN, Drop``."""
        return self.result.upper() + (f", {self.shot.capitalize()}" if self.shot else "")


@dataclass(frozen=True)
class PlayCard:
    """A Play Card: its text and one effect from the vocabulary."""

    id: str
    text: str
    effect: str
    amount: int
    count: int


@dataclass(frozen=True)
class BoardContent:
    """Typed, validated board game content."""

    outcome_faces: tuple[str, ...]
    hit_faces: tuple[str, ...]
    colours: tuple[str, ...]
    characters: dict[str, Character]
    skill_cards: dict[str, SkillCard]
    strategy_cards: dict[str, int]
    play_cards: dict[str, PlayCard]

    @staticmethod
    def from_data(data: dict[str, Any]) -> BoardContent:
        """Build from data that `validate` has accepted."""
        return BoardContent(
            outcome_faces=tuple(data["dice"]["outcome"]),
            hit_faces=tuple(data["dice"]["hit"]),
            colours=tuple(data["colours"]["seats"]),
            characters={
                c["id"]: Character(c["id"], c["name"], c["nice"], c["bad"])
                for c in data["characters"]
            },
            skill_cards={
                c["id"]: SkillCard(c["id"], c["result"], c.get("shot"), c["count"])
                for c in data["skill_cards"]
            },
            strategy_cards={c["shot"]: c["count"] for c in data["strategy_cards"]},
            play_cards={
                c["id"]: PlayCard(c["id"], c["text"], c["effect"], c.get("amount", 0), c["count"])
                for c in data["play_cards"]
            },
        )


def validate(data: dict[str, Any], check: Checker) -> dict[str, Any]:
    """Check board game content; raise `ContentError` naming the entry at fault."""
    dice = check.table(data, "dice")
    outcome = check.array(dice, "outcome", "dice")
    for face in outcome:
        check.one_of(face, OUTCOMES, "dice.outcome", "face")
    if "in" not in outcome:
        raise check.fail("dice.outcome", "needs at least one 'in' face, or no rally could go on")
    hit = [str(face) for face in check.array(dice, "hit", "dice", min_len=2)]
    if len(set(hit)) != len(hit):
        raise check.fail("dice.hit", "every HIT face must be different")
    for face in hit:
        if not face.isidentifier() or face != face.lower():
            raise check.fail("dice.hit", f"face {face!r} must be one lower-case word")
    colours = check.array(check.table(data, "colours"), "seats", "colours", min_len=4)
    if len(colours) != 4 or len({str(c) for c in colours}) != 4:
        raise check.fail("colours.seats", "needs four different colours, one per seat")

    characters = _entries(data, "characters", check, min_len=4)
    seen: set[str] = set()
    for index, card in enumerate(characters):
        entry = f"characters[{index}]"
        ident = _ident(card, check, entry, seen)
        check.text(card, "name", f"character {ident}")
        nice = check.one_of(card.get("nice"), hit, f"character {ident}", "nice shot")
        bad = check.one_of(card.get("bad"), hit, f"character {ident}", "bad shot")
        if nice == bad:
            raise check.fail(f"character {ident}", "Nice Shot and Bad Shot must differ")

    skills = _entries(data, "skill_cards", check, min_len=1)
    seen = set()
    for index, card in enumerate(skills):
        ident = _ident(card, check, f"skill_cards[{index}]", seen)
        check.one_of(card.get("result"), OUTCOMES, f"skill card {ident}", "result")
        if "shot" in card:
            check.one_of(card["shot"], hit, f"skill card {ident}", "shot")
        check.integer(card, "count", f"skill card {ident}", default=1, minimum=1)
        card.setdefault("count", 1)

    strategies = _entries(data, "strategy_cards", check, min_len=1)
    shots: set[str] = set()
    for index, card in enumerate(strategies):
        entry = f"strategy_cards[{index}]"
        shot = check.one_of(card.get("shot"), hit, entry, "shot")
        if shot in shots:
            raise check.fail(entry, f"shot {shot!r} is listed twice; give one entry a count")
        shots.add(shot)
        check.integer(card, "count", entry, default=1, minimum=1)
        card.setdefault("count", 1)

    plays = _entries(data, "play_cards", check, min_len=1)
    seen = set()
    for index, card in enumerate(plays):
        ident = _ident(card, check, f"play_cards[{index}]", seen)
        entry = f"play card {ident}"
        check.text(card, "text", entry)
        effect = check.one_of(card.get("effect"), EFFECTS, entry, "effect")
        if effect in MOVE_EFFECTS:
            if check.integer(card, "amount", entry) == 0:
                raise check.fail(entry, "'amount' of a move must not be 0")
        elif "amount" in card:
            raise check.fail(entry, f"effect {effect} takes no 'amount'")
        check.integer(card, "count", entry, default=1, minimum=1)
        card.setdefault("count", 1)
    return data


def _entries(data: dict[str, Any], key: str, check: Checker, min_len: int) -> list[Any]:
    entries = check.array(data, key, key, min_len=min_len)
    for index, entry in enumerate(entries):
        if not isinstance(entry, dict):
            raise check.fail(f"{key}[{index}]", "must be a table")
    return entries


def _ident(card: dict[str, Any], check: Checker, entry: str, seen: set[str]) -> str:
    ident = check.text(card, "id", entry)
    if ident != ident.lower() or " " in ident:
        raise check.fail(entry, f"id {ident!r} must be lower-case with no spaces")
    if ident in seen:
        raise check.fail(entry, f"id {ident!r} is used twice")
    seen.add(ident)
    return ident
