"""The seats of a web table: who sits where, and the secret token that proves it."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Any

from pickletable.core.seats import SeatSpec

HUMAN = "human"
BOT = "bot"


def new_token() -> str:
    """A fresh secret seat token (the browser keeps it; the server keeps only its hash)."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """The stored form of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    """One seat of a table: a person (once someone sits) or a bot at a level."""

    seat: int
    name: str
    """The game's name for the seat (Blue, North, Player 1)."""
    kind: str
    level: str = ""
    player: str = ""
    """The display name of whoever sits here ("" while a human seat is free)."""
    token_hash: str | None = None
    was_human: bool = False
    """True for a seat a person left and a bot took over."""
    rematch: bool = False
    """True once the seat's player accepts a rematch of the finished game."""

    @property
    def is_bot(self) -> bool:
        """True while a bot plays this seat."""
        return self.kind == BOT

    @property
    def is_free(self) -> bool:
        """A human seat nobody has taken yet."""
        return self.kind == HUMAN and self.token_hash is None

    def holds(self, token: str) -> bool:
        """Whether `token` is this seat's token."""
        return self.token_hash is not None and secrets.compare_digest(
            self.token_hash, hash_token(token)
        )

    def spec(self) -> SeatSpec:
        """The seat in the ``--seats`` convention, as records store it."""
        if self.is_bot:
            return SeatSpec(BOT, level=self.level)
        return SeatSpec(HUMAN, name=self.player)

    def label(self) -> str:
        """Who plays here, in words: ``Ann``, ``bot (medium)``, ``Ann's seat, now a bot``."""
        if self.is_bot and self.was_human:
            return f"{self.player or 'a player'} (left; bot {self.level} plays)"
        if self.is_bot:
            return f"bot ({self.level})"
        return self.player or "free seat"

    def public(self) -> dict[str, Any]:
        """What every visitor may know about the seat."""
        return {
            "seat": self.seat,
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "player": self.player,
            "label": self.label(),
            "free": self.is_free,
            "rematch": self.rematch,
        }

    def to_json(self) -> dict[str, Any]:
        """The stored form (with the token hash)."""
        return {**self.public(), "token_hash": self.token_hash, "was_human": self.was_human}

    @staticmethod
    def from_json(value: dict[str, Any]) -> Seat:
        """Read a stored seat back."""
        return Seat(
            seat=int(value["seat"]),
            name=str(value["name"]),
            kind=str(value["kind"]),
            level=str(value.get("level", "")),
            player=str(value.get("player", "")),
            token_hash=value.get("token_hash"),
            was_human=bool(value.get("was_human", False)),
            rematch=bool(value.get("rematch", False)),
        )
