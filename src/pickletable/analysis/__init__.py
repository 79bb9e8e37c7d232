"""Measuring bots and games: the arena (seat-rotated matches) and its statistics."""

from pickletable.analysis.arena import ArenaResult, BotResult, run_arena
from pickletable.analysis.statistics import percentile, wilson_interval

__all__ = ["ArenaResult", "BotResult", "percentile", "run_arena", "wilson_interval"]
