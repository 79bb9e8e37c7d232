"""What each board game card does, in one line (``help CARD``, the web table's notes)."""

from __future__ import annotations

SHOTS = ("dink", "drop", "drive", "volley", "smash", "lob")

MOVE_HELP: dict[str, str] = {
    **{
        f"in-{shot}": (
            f"Skill Card: counts as a roll of IN and {shot.title()}; your Bad and Nice Shots "
            "still apply (from the third shot on)."
        )
        for shot in SHOTS
    },
    "ace": "Skill Card: counts as an ACE roll, no HIT face (from the third shot on).",
    "skill": "Skill Card: a fixed result played instead of rolling both dice.",
    "strategy": (
        "Strategy Card: after an IN shot with its face, ends the rally with no point "
        "and you pick who serves next."
    ),
    "roll": "Roll the dice: IN sends the ball on, OUT or your Bad Shot loses the rally.",
    "serve": "Roll the IN/OUT/ACE die alone to serve.",
}
"""Keyed by the notation's card name: ``skill in-lob`` is ``in-lob``, ``strategy drive`` is
``strategy``."""
