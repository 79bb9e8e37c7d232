"""The OpenSpiel bridge's plain-Python API, kept here for older imports: it lives in
`pickletable.openspiel` (which also registers the games with OpenSpiel itself)."""

from __future__ import annotations

from pickletable.openspiel.game import CHANCE_PLAYER, TERMINAL, OpenSpielGame, OpenSpielState

__all__ = ["CHANCE_PLAYER", "TERMINAL", "OpenSpielGame", "OpenSpielState"]
