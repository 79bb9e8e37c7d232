"""Words for a game made under other rules: who made it, under which rules, where it stops.

A record or a stored table names the pickletable version that made it and the
edition of its game's rules (`GameDefinition.rules_version`; a record or table
that does not say was made under rules 1). When one of its steps is refused,
or plays out differently, these sentences say why in terms a player can act on.

>>> from pickletable.games.slam import GAME
>>> made = Provenance(GAME, "0.1.0", 1)
>>> made.stops_at(37, "play poach-2", refused=True)
'made by pickletable 0.1.0 under Pickleball Slam rules 1; these are Pickleball Slam rules 2, which refuse its step 37 (play poach-2)'
>>> made.stops_at(37, "play poach-2", refused=False).split(", ")[-1]
'under which its step 37 (play poach-2) plays out differently'
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pickletable import __version__
from pickletable.core.game import GameDefinition

FIRST_RULES = 1
"""The rules edition of a record or table that does not name one (made before they were named)."""


@dataclass(frozen=True)
class Provenance:
    """Who made a game: a pickletable version (None: one too old to say) and a rules edition."""

    game: GameDefinition
    made_with: str | None
    rules: int = FIRST_RULES

    @staticmethod
    def of_record(game: GameDefinition, record: dict[str, Any]) -> Provenance:
        """The provenance a record's ``meta`` states (``pickletable`` and ``rules``)."""
        meta = record.get("meta")
        meta = meta if isinstance(meta, dict) else {}
        version = meta.get("pickletable")
        rules = meta.get("rules")
        return Provenance(
            game,
            version if isinstance(version, str) and version else None,
            rules if isinstance(rules, int) and not isinstance(rules, bool) else FIRST_RULES,
        )

    @property
    def rules_changed(self) -> bool:
        """Whether the game was made under another edition of the rules than this one's."""
        return self.rules != self.game.rules_version

    @property
    def changed(self) -> bool:
        """Whether another edition of the rules or another pickletable made the game."""
        return self.rules_changed or self.made_with != __version__

    def made(self) -> str:
        """``made by pickletable 0.1.0 under Pickleball Slam rules 1; these are ... rules 2``."""
        by = f"pickletable {self.made_with}" if self.made_with else "an older pickletable"
        name = self.game.title.removeprefix("The ")
        under = f"{name} rules {self.rules}"
        if self.rules_changed:
            return f"made by {by} under {under}; these are {name} rules {self.game.rules_version}"
        if self.made_with == __version__:
            return f"made by this pickletable ({__version__}) under {under}"
        return f"made by {by} under {under}, the rules of this pickletable ({__version__}) too"

    def stops_at(self, step: int, action: str, *, refused: bool) -> str:
        """Why the game stops replaying at `step` (counted from 1): `made` and what happens."""
        what = f"its step {step} ({action})"
        if self.rules_changed:
            return f"{self.made()}, " + (
                f"which refuse {what}" if refused else f"under which {what} plays out differently"
            )
        how = "is refused" if refused else "plays out differently"
        if self.made_with == __version__:
            return f"{self.made()}, yet {what} {how}: the stored game looks damaged"
        return f"{self.made()}, yet {what} {how} now"

    def note(self) -> str:
        """Words for a replay error: empty when this pickletable and these rules made the game."""
        if self.rules_changed:
            return f" ({self.made()})"
        if not self.made_with or self.made_with == __version__:
            return ""
        return f" (made with pickletable {self.made_with}; this is pickletable {__version__})"
