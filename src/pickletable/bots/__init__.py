"""Bots for every game, by level: easy (random), medium (heuristic), hard (search).

Until the heuristic and search bots land, every level plays randomly; the
levels are already accepted everywhere a seat can be a bot.
"""

from __future__ import annotations

from pickletable.bots.random_bot import RandomBot
from pickletable.core.agents import Agent


def make_bot(level: str, game_id: str) -> Agent:
    """The bot for a level (``easy``, ``medium`` or ``hard``) in a game."""
    del level, game_id  # one bot for now; see the module docstring
    return RandomBot()


__all__ = ["RandomBot", "make_bot"]
