"""Bots for every game, by level: easy (random), medium (heuristic), hard (ISMCTS or rollouts).

`make_bot(level, game_id)` is what a seat written ``bot:LEVEL`` gets (`hard`
is the bot the game's registry entry names); `bot_from_name(name, game_id)`
also reads the names the arena takes: ``random``, ``heuristic``, ``ismcts``,
``ismcts:800`` (iterations), ``ismcts:250ms`` (a time budget),
``ismcts:800:heuristic`` (heuristic rollouts), ``rollout[:N][:Nms][:game]``
(the board game's `hard`: rounds of rollouts valued by the chance of winning,
a time cap, whole-game rollouts; see `pickletable.games.board.bots.hard`),
``cardsearch[:N|:Nms]`` (the card game's `hard`: see
`pickletable.games.card.bots.hard`), ``slamsearch[:N][:Nms]`` (Slam's `hard`: see
`pickletable.games.slam.bots.search`), as well as the three levels and ``hard:N``
or ``hard:Nms`` (the game's `hard` bot at another budget); and, for the
arena only,
``omniscient`` (the same search seeing every hand, a yardstick for what hidden
information is worth: see `pickletable.bots.omniscient`).

>>> make_bot("easy", "board").name
'random'
>>> bot_from_name("ismcts:300:heuristic", "card").name
'ismcts(300, heuristic)'
>>> make_bot("hard", "slam").name
'slamsearch(1500, 700ms)'
>>> make_bot("hard", "board").name
'rollout(300, 800ms)'
>>> bot_from_name("clever", "card")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pickletable.core.errors.SeatError: unknown bot 'clever': use easy, medium, hard, ...
"""

from __future__ import annotations

from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.ismcts import ISMCTSBot
from pickletable.bots.omniscient import OmniscientBot
from pickletable.bots.random_bot import RandomBot
from pickletable.core.agents import Agent
from pickletable.core.errors import SeatError, UnknownGameError
from pickletable.core.registry import entry
from pickletable.core.seats import LEARNED
from pickletable.games.slam.bots.search import DEFAULT_ITERATIONS as SLAM_ITERATIONS
from pickletable.games.slam.bots.search import DEFAULT_MILLISECONDS as SLAM_MILLISECONDS
from pickletable.games.slam.bots.search import SlamSearchBot

LEVELS = {"easy": "random", "medium": "heuristic", "hard": "ismcts"}
"""Each level and the bot that plays it (`hard`: unless the game's registry entry names another)."""


def make_bot(level: str, game_id: str) -> Agent:
    """The bot for a level (``easy``, ``medium`` or ``hard``, or ``learned:PATH``) in a game."""
    if level.lower().startswith(LEARNED):
        return bot_from_name(level, game_id)
    if level not in LEVELS:
        raise SeatError(f"bot level must be one of {', '.join(LEVELS)}, not {level!r}")
    return bot_from_name(level, game_id)


def bot_from_name(name: str, game_id: str) -> Agent:
    """A bot by level or by name (see the module docstring)."""
    if name.strip().lower().startswith(LEARNED):
        return _learned(name.strip()[len(LEARNED) :], game_id)
    text = name.strip().lower()
    kind, *settings = text.split(":")
    if kind == "hard" and len(settings) == 1:
        text = f"{_level_bot(kind, game_id)}:{settings[0]}"
    elif text in LEVELS:
        text = _level_bot(text, game_id)
    kind, *settings = text.split(":")
    if kind == "random" and not settings:
        return RandomBot()
    if kind == "heuristic" and not settings:
        return HeuristicBot()
    if kind == "ismcts" and len(settings) <= 2:
        return _ismcts(name, game_id, settings)
    if kind == "omniscient" and len(settings) <= 2:
        return OmniscientBot(_ismcts(name, game_id, settings))
    if kind == "slamsearch" and len(settings) <= 2:
        return _slam_search(name, game_id, settings)
    if kind == "cardsearch" and len(settings) <= 1:
        return _card_search(name, game_id, settings)
    if kind == "rollout" and len(settings) <= 3:
        return _rollout(name, game_id, settings)
    raise SeatError(
        f"unknown bot {name!r}: use easy, medium, hard, random, heuristic, "
        "hard[:N|:Nms], ismcts[:N|:Nms][:random|:heuristic], omniscient[...] (the same "
        "options), rollout[:N][:Nms][:game] (board), cardsearch[:N|:Nms] (card), "
        "slamsearch[:N][:Nms] (Slam) or learned:PATH"
    )


def _level_bot(level: str, game_id: str) -> str:
    """The bot name a level stands for in a game (`hard` as the registry entry says)."""
    if level == "hard":
        try:
            return entry(game_id).hard
        except UnknownGameError:
            pass
    return LEVELS[level]


def _slam_search(name: str, game_id: str, settings: list[str]) -> SlamSearchBot:
    """Slam's `hard` bot: ``slamsearch[:N][:Nms]``.

    Plain ``slamsearch`` is the `hard` level (its iterations and time cap);
    ``N`` alone sets the iterations with no cap (the same decision for the
    same seed), ``Nms`` a cap.
    """
    if game_id != "slam":
        raise SeatError(f"bot {name!r}: slamsearch plays Slam only")
    iterations = SLAM_ITERATIONS
    milliseconds: float | None = None if settings else SLAM_MILLISECONDS
    for setting in settings:
        if setting.endswith("ms") and setting[:-2].isdigit() and int(setting[:-2]) > 0:
            milliseconds = float(setting[:-2])
        elif setting.isdigit() and int(setting) > 0:
            iterations = int(setting)
        else:
            raise SeatError(f"bot {name!r}: {setting!r} is not N (iterations) or Nms")
    return SlamSearchBot(iterations, milliseconds)


def _rollout(name: str, game_id: str, settings: list[str]) -> Agent:
    """The board game's rollout bot: ``rollout[:N][:Nms][:game]``.

    Plain ``rollout`` is the `hard` level (its rounds and time cap); ``N``
    alone sets the rounds with no time cap (the same decision for the same
    seed), ``Nms`` a time cap, ``game`` whole-game rollouts everywhere.
    """
    if game_id != "board":
        raise SeatError(f"bot {name!r}: the rollout bot plays the board game only")
    from pickletable.games.board.bots.hard import (
        DEFAULT_MILLISECONDS,
        DEFAULT_ROLLOUTS,
        BoardRolloutBot,
    )

    rollouts = DEFAULT_ROLLOUTS
    milliseconds: float | None = None if settings else DEFAULT_MILLISECONDS
    whole_games = False
    for setting in settings:
        if setting == "game":
            whole_games = True
        elif setting.endswith("ms") and setting[:-2].isdigit() and int(setting[:-2]) > 0:
            milliseconds = float(setting[:-2])
        elif setting.isdigit() and int(setting) > 0:
            rollouts = int(setting)
        else:
            raise SeatError(f"bot {name!r}: {setting!r} is not N (rollouts), Nms or game")
    return BoardRolloutBot(rollouts, milliseconds, whole_games=whole_games)


def _learned(path: str, game_id: str) -> Agent:
    """A policy trained with `pickletable.envs` (``learned:PATH``), for the game it was made for."""
    try:
        from pickletable.envs.learning import load_agent
    except ImportError:
        raise SeatError("learned bots need the rl extra: pip install 'pickletable[rl]'") from None
    return load_agent(path, game_id)


def _card_search(name: str, game_id: str, settings: list[str]) -> Agent:
    """The card game's `hard`: ``cardsearch[:N|:Nms]`` (search with inferred hands)."""
    if game_id != "card":
        raise SeatError(f"bot {name!r}: cardsearch plays the card game only")
    from pickletable.games.card.bots.hard import make_hard

    iterations, milliseconds = entry(game_id).hard_iterations, None
    for setting in settings:
        if setting.endswith("ms") and setting[:-2].isdigit() and int(setting[:-2]) > 0:
            iterations, milliseconds = 1_000_000, float(setting[:-2])
        elif setting.isdigit() and int(setting) > 0:
            iterations = int(setting)
        else:
            raise SeatError(f"bot {name!r}: {setting!r} is not N or Nms")
    return make_hard(iterations, milliseconds)


def _ismcts(name: str, game_id: str, settings: list[str]) -> ISMCTSBot:
    try:
        game = entry(game_id)
        iterations, rollout = game.hard_iterations, game.hard_rollout
    except UnknownGameError:
        iterations, rollout = 300, "random"
    milliseconds: float | None = None
    for setting in settings:
        if setting in ("random", "heuristic"):
            rollout = setting
        elif setting.endswith("ms") and setting[:-2].isdigit():
            milliseconds = float(setting[:-2])
            iterations = 1_000_000
        elif setting.isdigit() and int(setting) > 0:
            iterations = int(setting)
        else:
            raise SeatError(f"bot {name!r}: {setting!r} is not N, Nms, random or heuristic")
    bot = ISMCTSBot(iterations, milliseconds, rollout=rollout)
    if milliseconds is not None:
        rollouts = "" if rollout == "random" else ", heuristic"
        bot.name = f"ismcts({milliseconds:g}ms{rollouts})"
    return bot


__all__ = [
    "LEVELS",
    "HeuristicBot",
    "ISMCTSBot",
    "OmniscientBot",
    "RandomBot",
    "SlamSearchBot",
    "bot_from_name",
    "make_bot",
]
