"""Bots for every game, by level: easy (random), medium (heuristic), hard (ISMCTS or rollouts).

`make_bot(level, game_id)` is what a seat written ``bot:LEVEL`` gets (`hard`
is the bot the game's kit names); `bot_from_name(name, game_id)`
also reads the names the arena takes: ``random``, ``heuristic``, ``ismcts``,
``ismcts:800`` (iterations), ``ismcts:250ms`` (a time budget),
``ismcts:800:heuristic`` (heuristic rollouts), ``rollout[:N][:Nms][:game]``
(the board game's `hard`: rounds of rollouts valued by the chance of winning,
a time cap, whole-game rollouts; see `pickletable.games.board.bots.hard`),
``cardsearch[:N][:Nms]`` (the card game's `hard`: see
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
>>> study_bot("hard", "board").name  # in a study: the same rounds, no wall clock
'rollout(300)'
>>> study_bot("hard:250ms", "slam")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pickletable.core.errors.SeatError: bot 'hard:250ms': a time cap makes a study's numbers ...
>>> bot_from_name("clever", "card")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
pickletable.core.errors.SeatError: unknown bot 'clever': use easy, medium, hard, ...
"""

from __future__ import annotations

from collections.abc import Callable

from pickletable.bots.heuristic import HeuristicBot
from pickletable.bots.ismcts import ISMCTSBot
from pickletable.bots.omniscient import OmniscientBot
from pickletable.bots.random_bot import RandomBot
from pickletable.bots.settings import parse_settings
from pickletable.core.agents import Agent
from pickletable.core.errors import SeatError
from pickletable.core.kit import GameKit
from pickletable.core.registry import KITS, find_kit
from pickletable.core.seats import LEARNED

LEVELS = {"easy": "random", "medium": "heuristic", "hard": "ismcts"}
"""Each level and the bot that plays it (`hard`: unless the game's kit names another)."""
LearnedLoader = Callable[[str, str], Agent]
"""Loads a ``learned:PATH`` policy for a game: registered by `pickletable.envs`."""
_learned_loaders: list[LearnedLoader] = []


def register_learned(loader: LearnedLoader) -> None:
    """Let ``learned:PATH`` seats load policies with `loader` (the RL package registers one)."""
    if loader not in _learned_loaders:
        _learned_loaders.append(loader)


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
    kit = find_kit(game_id)
    text = name.strip().lower()
    kind, *settings = text.split(":")
    if kind == "hard" and len(settings) == 1:
        text = f"{_level_bot(kind, kit)}:{settings[0]}"
    elif text in LEVELS:
        text = _level_bot(text, kit)
    kind, *settings = text.split(":")
    if kind == "random" and not settings:
        return RandomBot()
    if kind == "heuristic" and not settings:
        return HeuristicBot()
    if kind == "ismcts" and len(settings) <= 2:
        return _ismcts(name, kit, settings)
    if kind == "omniscient" and len(settings) <= 2:
        return OmniscientBot(_ismcts(name, kit, settings))
    for owner in KITS:
        own = owner.bots.get(kind)
        if own is None or len(settings) > 2 + len(own.words):
            continue
        if owner is not kit:
            raise SeatError(f"bot {name!r}: {kind} plays {owner.wording.name} only")
        return own.build(parse_settings(name, settings, own.words))
    raise SeatError(
        f"unknown bot {name!r}: use easy, medium, hard, random, heuristic, "
        "hard[:N|:Nms], ismcts[:N|:Nms][:random|:heuristic], omniscient[...] (the same "
        "options), "
        + "".join(f"{_own_bots(owner)} ({owner.id}), " for owner in KITS)
        + "or learned:PATH"
    )


def study_bot(name: str, game_id: str) -> Agent:
    """The bot a study seats for `name`: the same as `bot_from_name`, on an iteration budget.

    The lab's numbers must not depend on the machine, its load or the number
    of workers, so a study's bots never look at a clock: a level or a bot
    whose default has a time cap (the `hard` level of the board game and of
    Slam) plays its iterations alone, and a name with a time cap (``Nms``) is
    refused.
    """
    text = name.strip().lower()
    if text.startswith(LEARNED):
        return bot_from_name(name, game_id)
    kit = find_kit(game_id)
    kind, *settings = text.split(":")
    if any(setting.endswith("ms") for setting in settings):
        raise SeatError(
            f"bot {name!r}: a time cap makes a study's numbers depend on the machine; "
            f"give iterations instead ({kind}:N)"
        )
    if kind in LEVELS and not settings:
        kind = _level_bot(kind, kit)
    elif kind == "hard" and kit is not None:
        kind = kit.bot_settings.hard
    own_hard = kit is not None and kind == kit.bot_settings.hard and kind in kit.bots
    if own_hard and kit is not None and not any(setting.isdigit() for setting in settings):
        # the game's own `hard` bot with no count: its iterations alone, no cap
        settings = [str(kit.bot_settings.hard_iterations), *settings]
    return bot_from_name(":".join([kind, *settings]), game_id)


def _own_bots(kit: GameKit) -> str:
    """A game's own bots with their settings, as the unknown-bot message lists them."""
    return ", ".join(own.usage(bot) for bot, own in kit.bots.items())


def _level_bot(level: str, kit: GameKit | None) -> str:
    """The bot name a level stands for in a game (`hard` as the game's kit says)."""
    if level == "hard" and kit is not None:
        return kit.bot_settings.hard
    return LEVELS[level]


def _learned(path: str, game_id: str) -> Agent:
    """A trained policy (``learned:PATH``), loaded by the loader the RL package registered."""
    if not _learned_loaders:
        raise SeatError(
            "learned bots need the rl extra (pip install 'pickletable[rl]'), "
            "imported first: import pickletable.envs"
        )
    return _learned_loaders[-1](path, game_id)


def _ismcts(name: str, kit: GameKit | None, settings: list[str]) -> ISMCTSBot:
    """``ismcts[:N][:Nms][:random|:heuristic]``, the budget and rollouts of the game's `hard`
    by default."""
    read = parse_settings(name, settings, words=("random", "heuristic"))
    if kit is not None:
        iterations, rollout = kit.bot_settings.hard_iterations, kit.bot_settings.hard_rollout
    else:
        iterations, rollout = 300, "random"
    if read.words:
        rollout = "heuristic" if "heuristic" in read.words else "random"
    milliseconds = read.milliseconds
    if read.count is not None:
        iterations = read.count
    elif milliseconds is not None:
        iterations = 1_000_000
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
    "bot_from_name",
    "make_bot",
    "register_learned",
    "study_bot",
]
