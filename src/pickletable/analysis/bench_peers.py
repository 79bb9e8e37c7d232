"""The peers `pickletable bench --peers` measures beside our engines (the ``peers`` extra).

Random play through each one's public step API, listing the legal actions at
every step, as a user of that library would drive it:

- RLCard (``rlcard``): ``gin-rummy`` and ``uno``, two players, through
  ``env.reset()`` / ``env.step(action)`` with ``state["legal_actions"]``;
- OpenSpiel (``open-spiel``, its C++ games driven from Python through
  ``pyspiel``): ``gin_rummy``, two players, through ``state.legal_actions()``
  and ``state.apply_action``, chance outcomes drawn with their probabilities.

Decisions are the players' choices (chance steps are not counted), as in ours.
A peer that is not installed is skipped with the reason (``pip install
'pickletable[peers]'``); nothing here is needed by anything else.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import io
import random
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from functools import partial
from typing import Any

from pickletable.analysis.bench_probes import CLOCK, Clock, Probe, Rates

INSTALL = "pip install 'pickletable[peers]'"


def rlcard_play(env: Any, seconds: float, clock: Clock = CLOCK) -> Rates:
    """Random RLCard games (whole ones) for at least `seconds`: decisions/s and games/s."""
    rng = random.Random(1)
    decisions = games = 0
    started = clock()
    end = started + seconds
    while games == 0 or clock() < end:
        state, _ = env.reset()
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[rng.randrange(len(legal))])
            decisions += 1
        games += 1
    spent = max(clock() - started, 1e-9)
    return {"decisions/s": decisions / spent, "games/s": games / spent}


def openspiel_play(game: Any, seconds: float, clock: Clock = CLOCK) -> Rates:
    """Random OpenSpiel games (whole ones) for at least `seconds`: decisions/s and games/s."""
    rng = random.Random(1)
    decisions = games = 0
    started = clock()
    end = started + seconds
    while games == 0 or clock() < end:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [action for action, _ in outcomes]
                weights = [probability for _, probability in outcomes]
                state.apply_action(rng.choices(actions, weights)[0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.randrange(len(legal))])
                decisions += 1
        games += 1
    spent = max(clock() - started, 1e-9)
    return {"decisions/s": decisions / spent, "games/s": games / spent}


def _quietly(load: Callable[[], Any]) -> Any:
    """Import or build a peer without its banners and warnings on our output."""
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        return load()


def _version(distribution: str) -> str:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "?"


def peer_probes(seconds: float) -> tuple[list[Probe], dict[str, str], dict[str, str]]:
    """The peers' probes, the ones skipped (with why) and the versions measured."""
    probes: list[Probe] = []
    skipped: dict[str, str] = {}
    versions: dict[str, str] = {}
    try:
        rlcard = _quietly(lambda: importlib.import_module("rlcard"))
    except ImportError as error:
        reason = f"rlcard is not installed ({error.name or error}); {INSTALL}"
        skipped["RLCard gin-rummy"] = skipped["RLCard UNO"] = reason
    else:
        for label, env_id in (("RLCard gin-rummy", "gin-rummy"), ("RLCard UNO", "uno")):
            try:
                env = _quietly(partial(rlcard.make, env_id, config={"seed": 1}))
            except Exception as error:  # a peer's own failure must not stop our bench
                skipped[label] = f"rlcard.make({env_id!r}) failed: {error}"
                continue
            versions[label] = _version("rlcard")
            probes.append(Probe(label, "peer", partial(rlcard_play, env, seconds)))
    label = "OpenSpiel gin_rummy"
    try:
        pyspiel = _quietly(lambda: importlib.import_module("pyspiel"))
        game = pyspiel.load_game("gin_rummy")
    except ImportError as error:
        skipped[label] = f"open-spiel is not installed ({error.name or error}); {INSTALL}"
    except Exception as error:
        skipped[label] = f"pyspiel.load_game('gin_rummy') failed: {error}"
    else:
        versions[label] = _version("open-spiel")
        probes.append(Probe(label, "peer", partial(openspiel_play, game, seconds)))
    return probes, skipped, versions
